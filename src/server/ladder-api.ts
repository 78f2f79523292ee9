// The ladder's HTTP API, under /api/lab/ladder (the lab's accounts, sessions, CSRF tokens and CLI tokens: lab-api.ts
// checks them before a request comes here). Anyone who may read the lab reads the leaderboards, the bots and their
// games (a seat's log only its bot's owner); an account submits bot modules (checked in the sandbox before they are
// taken), and only a bot's owner (or an admin) retires its versions, renames it or reads its code. Every refusal
// says why.

import { isSolitaire } from '../contracts/powers';
import type { IncomingMessage } from 'node:http';
import type { AnyGame } from '../contracts/game';
import { type Engine, EngineFault, type EngineIdentity } from '../engines/engine';
import { findGame } from '../games';
import { ensureFixedPoints, type LadderPlayer } from '../ladder/player';
import type { LadderStore, LadderVersion } from '../ladder/store';
import { type Caller, HttpError, readJson, signedIn } from './http-json';

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
/** Games of a version listed on its bot's page, and points of its skill's history. */
const RECENT_GAMES = 30;
const HISTORY_POINTS = 500;

export class LadderApi {
  constructor(
    private readonly store: LadderStore,
    private readonly player: LadderPlayer,
    private readonly startModule: (code: string, game: string) => Promise<{ engine: Engine; identity: EngineIdentity }>,
    private readonly options: LadderOptions,
  ) {}

  async route(method: string, path: readonly string[], url: URL, request: IncomingMessage, caller: Caller): Promise<{ status: number; body: unknown }> {
    const route = `${method} ${path[0] ?? ''}${path.length > 1 ? '/:id' : ''}${path.length > 2 ? `/${path[2]}` : ''}`;
    switch (route) {
      case 'GET ': {
        const game = this.ladderGame(url.searchParams.get('game') ?? '');
        const entries = (await this.store.leaderboard(game.rules.id)).map((entry) => ({ ...entry, offline: !this.player.canPlay(entry) }));
        const problem = this.player.problem(game.rules.id);
        return { status: 200, body: { game: game.rules.id, entries, ...(problem ? { problem } : {}) } };
      }
      case 'POST submit':
        return { status: 201, body: await this.submit(signedIn(caller), await readJson(request, (this.options.codeBytes ?? 256 << 10) + (16 << 10))) };
      case 'GET bots/:id': {
        const bot = await this.store.bot(path[1]);
        if (!bot) throw new HttpError(404, `the ladder has no bot ${path[1]}`);
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
        return { status: 200, body: { ...bot, versions, games, names: await this.store.names(games.flatMap((game) => game.seats)) } };
      }
      case 'GET games': {
        const game = this.ladderGame(url.searchParams.get('game') ?? '');
        const limit = Math.max(1, Math.min(1000, Number(url.searchParams.get('limit')) || 50));
        const games = await this.store.recentGames({ game: game.rules.id }, limit);
        return { status: 200, body: { games, names: await this.store.names(games.flatMap((one) => one.seats)) } };
      }
      case 'GET mine': {
        // The caller's own versions of a game, whatever their state (My bots shows their validation and retires them).
        const game = this.ladderGame(url.searchParams.get('game') ?? '');
        return { status: 200, body: { versions: await this.store.ownedVersions(signedIn(caller), game.rules.id) } };
      }
      case 'GET live': {
        // The games being played now (or just ended): any reader may watch them, as their replays after.
        const game = this.ladderGame(url.searchParams.get('game') ?? '');
        const games = this.player.live(game.rules.id);
        return { status: 200, body: { games, names: await this.store.names(games.flatMap((one) => one.seats)) } };
      }
      case 'GET live/:id': {
        const live = this.player.liveGame(path[1]);
        if (!live) throw new HttpError(404, `no game ${path[1]} is being played now (an ended game is among its bots' games)`);
        return { status: 200, body: { ...live, names: await this.store.names(live.seats) } };
      }
      case 'GET games/:id': {
        const game = await this.store.gameRecord(path[1]);
        if (!game) throw new HttpError(404, `the ladder has no game ${path[1]}`);
        // What a bot wrote during the game is its owner's alone: no bot learns another's logs.
        const versions = await Promise.all(game.seats.map((id) => this.store.version(id)));
        const owners = versions.map((version) => version?.owner ?? null);
        const { logs, ...record } = game.record;
        const ownLogs = logs?.map((log, seat) => (owners[seat] !== null && owners[seat] === caller.account ? log : ''));
        // Each seat as the ladder names it, and as a page can play it on (our bots' configurations; a module or an
        // engine has none a page can have).
        const names = await this.store.names(game.seats);
        const players = versions.map((version, seat) => ({
          name: names[game.seats[seat]] ?? game.seats[seat],
          config: version?.kind === 'builtin' ? version.config : null,
        }));
        return { status: 200, body: { ...game, record: ownLogs?.some(Boolean) ? { ...record, logs: ownLogs } : record, names, players } };
      }
      case 'GET versions/:id/code': {
        const version = await this.owned(path[1], caller, false);
        return { status: 200, body: { code: (await this.store.code(version.id)) ?? null } };
      }
      case 'POST versions/:id/retire': {
        const version = await this.owned(path[1], caller, true);
        if (!(await this.store.retire(version.id, `retired by ${signedIn(caller)}`)))
          throw new HttpError(409, `version ${version.id} is ${version.state} already`);
        return { status: 200, body: (await this.store.version(version.id))! };
      }
      case 'POST bots/:id/rename': {
        const bot = await this.store.bot(path[1]);
        if (!bot) throw new HttpError(404, `the ladder has no bot ${path[1]}`);
        if (bot.owner !== signedIn(caller)) throw new HttpError(403, `bot ${bot.name} is not yours`);
        const { name } = (await readJson(request, 4096)) as { name?: unknown };
        if (typeof name !== 'string' || !NAME.test(name)) throw new HttpError(400, 'a name is 1 to 40 letters, digits, spaces, ".", "_" or "-"');
        await this.store.rename(bot.id, name).catch((error: unknown) => {
          // PostgreSQL's unique violation: the owner's bots of a game have names of their own.
          if ((error as { code?: string }).code === '23505') throw new HttpError(409, `you have a bot named ${name} for this game already`);
          throw error;
        });
        return { status: 200, body: await this.store.bot(bot.id) };
      }
      default:
        throw new HttpError(404, `the ladder has no ${method} ${url.pathname}`);
    }
  }

  /** A game with a ladder: one of the arena's (two players). */
  private ladderGame(id: string): AnyGame {
    const game = findGame(id);
    if (!game || isSolitaire(game)) throw new HttpError(400, `game is one of the arena's games (connect4, tictactoe, …), got "${id.slice(0, 40)}"`);
    return game;
  }

  /** A module submitted: checked (its name, size, the account's quotas, and in the sandbox its shape), then queued for its validation. */
  private async submit(owner: string, form: object): Promise<LadderVersion> {
    const { game: gameId, name, code } = form as { game?: unknown; name?: unknown; code?: unknown };
    const game = this.ladderGame(typeof gameId === 'string' ? gameId : '');
    if (typeof name !== 'string' || !NAME.test(name)) throw new HttpError(400, 'a name is 1 to 40 letters, digits, spaces, ".", "_" or "-"');
    if (typeof code !== 'string' || code.length === 0) throw new HttpError(400, "code is the module's JavaScript");
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
