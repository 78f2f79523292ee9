// The ladder's HTTP API, under /api/lab/ladder (the lab's accounts, sessions, CSRF tokens and CLI tokens: lab-api.ts
// checks them before a request comes here). Anyone who may read the lab reads the leaderboards, the bots and their
// games (a seat's log only its bot's owner); an account submits bot modules (checked in the sandbox before they are
// taken), and only a bot's owner (or an admin) retires its versions, renames it or reads its code. Every refusal
// says why.

import { isSolitaire } from '../contracts/powers';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AnyGame } from '../contracts/game';
import { type Engine, EngineFault, type EngineIdentity } from '../engines/engine';
import { findGame } from '../games';
import { ensureFixedPoints, type LadderPlayer } from '../ladder/player';
import type { LadderStore, LadderVersion } from '../ladder/store';
import { accountNeeded, type ApiEnv, type Caller, HttpError, ID, jsonBody, signedIn } from './http-json';

export interface LadderOptions {
  /** Versions an account may submit in a day (default 20). */
  readonly versionsADay?: number;
  /** The longest module's code, in bytes (default 256 KB). */
  readonly codeBytes?: number;
  /** Entries (versions playing or waiting for their validation) an account may have in a game (default 5). */
  readonly entriesPerGame?: number;
  /** Accounts that may retire any version. */
  readonly admins?: readonly string[];
}

/** A bot's name: 1 to 40 letters, digits, spaces, `.`, `_` or `-`. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u;
const NAME_RULE = 'a name is 1 to 40 letters, digits, spaces, ".", "_" or "-"';
const BotName = v.pipe(v.string(NAME_RULE), v.regex(NAME, NAME_RULE));
/** A module submitted: its game (checked as the ladder's), its bot's name and its code. */
const SubmitSchema = v.object({
  game: v.pipe(
    v.unknown(),
    v.transform((id) => (typeof id === 'string' ? id : '')),
    v.check(
      (id) => ladderGame(id) !== undefined,
      (issue) => ladderGameRule(issue.input),
    ),
  ),
  name: BotName,
  code: v.pipe(v.string("code is the module's JavaScript"), v.minLength(1, "code is the module's JavaScript")),
});
const RenameSchema = v.object({ name: BotName });
/** Games of a version listed on its bot's page, and points of its skill's history. */
const RECENT_GAMES = 30;
const HISTORY_POINTS = 500;

/** A game with a ladder: one of the arena's (two players). */
function ladderGame(id: string): AnyGame | undefined {
  const game = findGame(id);
  return game && !isSolitaire(game) ? game : undefined;
}

function ladderGameRule(id: string): string {
  return `game is one of the arena's games (connect4, tictactoe, …), got "${id.slice(0, 40)}"`;
}

export class LadderApi {
  /** `ladder` gives the store and the player once the lab's database is open (before any route runs). */
  constructor(
    private readonly ladder: () => { readonly store: LadderStore; readonly player: LadderPlayer },
    private readonly startModule: (code: string, game: string) => Promise<{ engine: Engine; identity: EngineIdentity }>,
    private readonly options: LadderOptions,
  ) {}

  private get store(): LadderStore {
    return this.ladder().store;
  }

  private get player(): LadderPlayer {
    return this.ladder().player;
  }

  /** The ladder's routes, under /api/lab/ladder (the lab has checked the caller and that it may read). */
  routes(): Hono<ApiEnv> {
    return new Hono<ApiEnv>()
      .get('/', async (c) => {
        const game = this.ladderGame(c.req.query('game'));
        const entries = (await this.store.leaderboard(game.rules.id)).map((entry) => ({ ...entry, offline: !this.player.canPlay(entry) }));
        const problem = this.player.problem(game.rules.id);
        return c.json({ game: game.rules.id, entries, ...(problem ? { problem } : {}) });
      })
      .post('/submit', accountNeeded, jsonBody((this.options.codeBytes ?? 256 << 10) + (16 << 10), SubmitSchema), async (c) =>
        c.json(await this.submit(signedIn(c.var.caller), c.var.body), 201),
      )
      .get(`/bots/${ID}`, async (c) => {
        const bot = await this.store.bot(c.req.param('id'));
        if (!bot) throw new HttpError(404, `the ladder has no bot ${c.req.param('id')}`);
        const versions = await Promise.all(
          bot.versions.map(async (version) => ({
            ...version,
            offline: !this.player.canPlay(version),
            match: (await this.store.match(version.id)) ?? null,
            history: (await this.store.recentGames({ version: version.id }, HISTORY_POINTS))
              .filter((game) => game.skills)
              .reverse()
              .map((game) => ({ played: game.played, ...game.skills![game.seats.indexOf(version.id)] })),
          })),
        );
        const games = bot.versions.length ? await this.store.recentGames({ version: bot.versions[0].id }, RECENT_GAMES) : [];
        return c.json({ ...bot, versions, games, names: await this.store.names(games.flatMap((game) => game.seats)) });
      })
      .get('/games', async (c) => {
        const game = this.ladderGame(c.req.query('game'));
        const limit = Math.max(1, Math.min(1000, Number(c.req.query('limit')) || 50));
        const games = await this.store.recentGames({ game: game.rules.id }, limit);
        return c.json({ games, names: await this.store.names(games.flatMap((one) => one.seats)) });
      })
      .get('/mine', async (c) => {
        // The caller's own versions of a game, whatever their state (My bots shows their validation and retires them).
        const game = this.ladderGame(c.req.query('game'));
        return c.json({ versions: await this.store.ownedVersions(signedIn(c.var.caller), game.rules.id) });
      })
      .get('/live', async (c) => {
        // The games being played now (or just ended): any reader may watch them, as their replays after.
        const game = this.ladderGame(c.req.query('game'));
        const games = this.player.live(game.rules.id);
        return c.json({ games, names: await this.store.names(games.flatMap((one) => one.seats)) });
      })
      .get(`/live/${ID}`, async (c) => {
        const live = this.player.liveGame(c.req.param('id'));
        if (!live) throw new HttpError(404, `no game ${c.req.param('id')} is being played now (an ended game is among its bots' games)`);
        return c.json({ ...live, names: await this.store.names(live.seats) });
      })
      .get(`/games/${ID}`, async (c) => {
        const game = await this.store.gameRecord(c.req.param('id'));
        if (!game) throw new HttpError(404, `the ladder has no game ${c.req.param('id')}`);
        // What a bot wrote during the game is its owner's alone: no bot learns another's logs.
        const versions = await Promise.all(game.seats.map((id) => this.store.version(id)));
        const owners = versions.map((version) => version?.owner ?? null);
        const { logs, ...record } = game.record;
        const ownLogs = logs?.map((log, seat) => (owners[seat] !== null && owners[seat] === c.var.caller.account ? log : ''));
        // Each seat as the ladder names it, and as a page can play it on (our bots' configurations; a module or an
        // engine has none a page can have).
        const names = await this.store.names(game.seats);
        const players = versions.map((version, seat) => ({
          name: names[game.seats[seat]] ?? game.seats[seat],
          config: version?.kind === 'builtin' ? version.config : null,
        }));
        return c.json({ ...game, record: ownLogs?.some(Boolean) ? { ...record, logs: ownLogs } : record, names, players });
      })
      .get(`/versions/${ID}/code`, async (c) => {
        const version = await this.owned(c.req.param('id'), c.var.caller, false);
        return c.json({ code: (await this.store.code(version.id)) ?? null });
      })
      .post(`/versions/${ID}/retire`, async (c) => {
        const version = await this.owned(c.req.param('id'), c.var.caller, true);
        if (!(await this.store.retire(version.id, `retired by ${signedIn(c.var.caller)}`)))
          throw new HttpError(409, `version ${version.id} is ${version.state} already`);
        return c.json((await this.store.version(version.id))!);
      })
      .post(
        `/bots/${ID}/rename`,
        jsonBody(4096, RenameSchema, () => NAME_RULE),
        async (c) => {
          const bot = await this.store.bot(c.req.param('id'));
          if (!bot) throw new HttpError(404, `the ladder has no bot ${c.req.param('id')}`);
          if (bot.owner !== signedIn(c.var.caller)) throw new HttpError(403, `bot ${bot.name} is not yours`);
          const { name } = c.var.body;
          await this.store.rename(bot.id, name).catch((error: unknown) => {
            // PostgreSQL's unique violation: the owner's bots of a game have names of their own.
            if ((error as { code?: string }).code === '23505') throw new HttpError(409, `you have a bot named ${name} for this game already`);
            throw error;
          });
          return c.json(await this.store.bot(bot.id));
        },
      )
      .all('*', (c) => {
        throw new HttpError(404, `the ladder has no ${c.req.method} ${c.req.path}`);
      });
  }

  /** A game with a ladder named by a query's `game`. */
  private ladderGame(id = ''): AnyGame {
    const game = ladderGame(id);
    if (!game) throw new HttpError(400, ladderGameRule(id));
    return game;
  }

  /** A module submitted: checked (its name, size, the account's quotas, and in the sandbox its shape), then queued for its validation. */
  private async submit(owner: string, form: v.InferOutput<typeof SubmitSchema>): Promise<LadderVersion> {
    const { name, code } = form;
    const game = this.ladderGame(form.game);
    const most = this.options.codeBytes ?? 256 << 10;
    if (Buffer.byteLength(code) > most) throw new HttpError(413, `a module's code is at most ${most >> 10} KB`);
    // The quotas are looked at before the module is loaded (seconds in the sandbox), and checked again where the
    // version is added: submissions at once would all pass the first look.
    const quota = { perDay: this.options.versionsADay ?? 20, perGame: this.options.entriesPerGame ?? 5 };
    await this.store.checkQuota(owner, game.rules.id, quota);
    let identity: EngineIdentity;
    try {
      const started = await this.startModule(code, game.rules.id);
      started.engine.stop();
      identity = started.identity;
    } catch (error) {
      throw new HttpError(400, `the module cannot be played: ${error instanceof EngineFault ? error.detail : (error as Error).message}`);
    }
    await ensureFixedPoints(this.store, game);
    const version = await this.store.addVersion(
      { game: game.rules.id, name, owner, kind: 'module', code, identity: { name: identity.name, params: identity.params } },
      quota,
    );
    this.player.wake();
    return version;
  }

  /** The version, when the caller owns its bot (or is an admin, where `admins` may). */
  private async owned(id: string, caller: Caller, admins: boolean): Promise<LadderVersion> {
    const account = signedIn(caller);
    const version = await this.store.version(id);
    if (!version) throw new HttpError(404, `the ladder has no version ${id}`);
    if (version.owner !== account && !(admins && this.options.admins?.includes(account))) throw new HttpError(403, `version ${id} is not yours`);
    return version;
  }
}
