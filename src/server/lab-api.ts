// The lab's HTTP API under /api/lab (the lab: src/lab/). Accounts sign up and in with a name and a password; a
// session is an HttpOnly, SameSite=Strict cookie, and every request that changes something with it carries the
// session's CSRF token in `x-csrf-token` (the CLI sends `authorization: Bearer <token>` instead). Reading runs is
// open to anyone unless LAB_READ=accounts; importing needs an account; deleting a run, its owner or an admin
// (LAB_ADMINS). A run submitted (`POST submit`: a spec, as the arena page plans it) or rerun is played by the
// server itself (lab/runner.ts), which starts with the database. Every answer is JSON; every refusal says why ({"error": …}) with its status; a database that does
// not answer is a 503, and the server carries on.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { checkKept, type KeptRun } from '../arena/kept-run';
import { plannedGames, planRun, RunSpecSchema, RunTimeSchema, sweepGrid } from '../arena/run-spec';
import { parseBotConfig } from '../contracts/bot-config';
import { findGame } from '../games';
import { LabRunner } from '../lab/runner';
import { ModuleEngine } from '../engines/module-engine';
import { startEngine } from '../engines/start-engine';
import { spawnSandboxBotWorker } from '../engines/node-bot-worker';
import { LadderPlayer, type LadderPlayerOptions } from '../ladder/player';
import { LadderStore } from '../ladder/store';
import { createNodePool } from '../runtime/node-pool';
import type { WorkerPool } from '../runtime/pool';
import { MAX_RUN_CHARS } from '../arena/saved-run';
import { AccountError, LabAccounts, SESSION_DAYS } from '../lab/accounts';
import type { LabDatabase, LabLocation } from '../lab/database';
import { QuotaExceeded } from '../lab/quota';
import { type LabRun, LabRuns, MAX_PAGE, type RunFilter, type RunPlan, RunTaken } from '../lab/runs';
import { LAB_RUN_KINDS, RUN_STATES } from '../lab/tables';
import type { FailureLog } from './failures';
import { accountNeeded, type ApiEnv, type Caller, HttpError, ID, jsonBody, readBody, signedIn, TextFields } from './http-json';
import { LadderApi, type LadderOptions } from './ladder-api';
import { AnswerSlots, pieceStream } from './large-answers';

const COOKIE = 'lab_session';

/** The largest request body: an account's form, or a run file to import. */
const MAX_FORM_BYTES = 64 << 10;
const MAX_IMPORT_BYTES = Math.min(MAX_RUN_CHARS, 64 << 20);

export interface LabOptions {
  readonly location: LabLocation;
  /** Runs an account may be recording at once (default 4). */
  readonly runsAtOnce?: number;
  /** Sign-ups and sign-ins from one address in a minute (default 10). */
  readonly signInsPerMinute?: number;
  /** Accounts made from one address in a day (default 20). */
  readonly signUpsADay?: number;
  /** The key that signing up under an administrator's name takes (none: no such sign-up). */
  readonly adminKey?: string;
  /** Whether the session cookie is `Secure` (the server is reached over TLS, behind a proxy). */
  readonly secureCookie?: boolean;
  /** Whether reading the runs needs an account. */
  readonly readNeedsAccount?: boolean;
  /** Accounts that may delete any run. */
  readonly admins?: readonly string[];
  /** The games an account's runs may store in a day, imported ones too (default 1,000,000). */
  readonly gamesADay?: number;
  /** The bytes of files an account may import in a day (default 256 MB). */
  readonly importBytesADay?: number;
  /** The most games of a run the server plays (default 100,000). */
  readonly maxGames?: number;
  /** The runs the server plays: how many at once (default 2), on how many workers, or on the cluster of `redis`. */
  readonly player?: { readonly playing?: number; readonly workers?: number; readonly redis?: string; readonly workerFile?: string };
  /** The build the server runs, recorded with the runs it keeps. */
  readonly build: string;
  /** The ladder: its play (its seed, each move's time, its pace) and its quotas; the sandbox's worker file. */
  readonly ladder?: LadderOptions & Omit<LadderPlayerOptions, 'pool' | 'startModule' | 'logFailure'> & { readonly sandboxWorkerFile?: string };
}

const SubmitSchema = v.object({ spec: RunSpecSchema, time: v.optional(RunTimeSchema, {}) });
const RecordGamesSchema = v.object({ games: v.array(v.object({ index: v.number(), record: v.unknown() })) });
const EndSchema = v.object({ finished: v.boolean(), elapsedMs: v.pipe(v.number(), v.minValue(0)) });
/** What makes a run of each kind smaller. */
const FEWER = { tournament: 'fewer starts or bots', sweep: 'fewer starts, grid points or opponents', match: 'fewer games' } as const;

/** What the lab's routes are given beyond the caller: the run the route is about, once its owner is checked. */
type LabEnv = ApiEnv & { Variables: { accounts: LabAccounts; run: LabRun } };

export class LabApi {
  /** Opened at the first request (a server whose lab nobody uses pays nothing for it), again after a failure. */
  private database?: Promise<LabDatabase>;
  /** The runs, once the database is open (one for the server: it keeps the schedules of runs being recorded). */
  private runs?: LabRuns;
  /** Plays the runs submitted to the server, from the moment the database opens. */
  private runner?: LabRunner;
  /** Plays the ladder once the database is open. */
  private ladder?: { readonly store: LadderStore; readonly player: LadderPlayer };
  private pool?: WorkerPool;
  /** Runs being exported: two at once for an address, eight in all. */
  private readonly exports = new AnswerSlots('exports', 2, 8);
  /** Each address's accounts made today (UTC). */
  private signUps = { day: '', counts: new Map<string, number>() };
  /** Each address's sign-ups and sign-ins in the last minute (their times): guessing passwords is slow. */
  private readonly signIns = new Map<string, number[]>();
  private readonly app: Hono<LabEnv>;

  /** `openDatabase`: the server's one database (the rooms' too), opened once for all. */
  constructor(
    private readonly options: LabOptions,
    private readonly logFailure: FailureLog,
    private readonly openDatabase: () => Promise<LabDatabase>,
  ) {
    const ladder = options.ladder ?? {};
    const startModule = (code: string, game: string) => ModuleEngine.start('bot.mjs', code, game, () => spawnSandboxBotWorker(ladder.sandboxWorkerFile));
    const ladderApi = new LadderApi(() => this.ladder!, startModule, { ...ladder, admins: options.admins });
    this.app = this.routes()
      .use('/ladder/*', async (c, next) => {
        this.mayRead(c.var.caller);
        await next();
      })
      .route('/ladder', ladderApi.routes())
      .all('*', (c) => {
        throw new HttpError(404, `the lab has no ${c.req.method} ${c.req.path}`);
      });
  }

  /** The database, opened (and the runs left playing carried on) at the first call, again after a failure. */
  open(): Promise<LabDatabase> {
    this.database ??= this.openDatabase().then(
      (db) => {
        const player = this.options.player ?? {};
        this.runs = new LabRuns(db, {
          gamesADay: this.options.gamesADay ?? 1_000_000,
          runsAtOnce: this.options.runsAtOnce ?? 4,
          importBytesADay: this.options.importBytesADay ?? 256 << 20,
        });
        const pool = () => (this.pool ??= createNodePool(player.workers, player.workerFile));
        this.runner = new LabRunner(this.runs, {
          pool,
          redis: player.redis,
          playing: player.playing,
          logFailure: this.logFailure,
        });
        const ladder = this.options.ladder ?? {};
        const startModule = (code: string, game: string) => ModuleEngine.start('bot.mjs', code, game, () => spawnSandboxBotWorker(ladder.sandboxWorkerFile));
        const store = new LadderStore(db);
        this.ladder = {
          store,
          player: new LadderPlayer(store, { ...ladder, pool, startModule, startEngine, redis: player.redis, logFailure: this.logFailure }),
        };
        return db;
      },
      (error: Error) => {
        this.database = undefined;
        this.logFailure('opening the lab', error);
        throw new HttpError(503, `the lab is unreachable: ${error.message}`);
      },
    );
    return this.database;
  }

  /** Answers a request under /api/lab/ (Node's request and response beside it, as @hono/node-server gives them). */
  fetch(request: Request, bindings: HttpBindings): Response | Promise<Response> {
    return this.app.fetch(request, bindings);
  }

  /** Stops playing (the runs under way are carried on at the next start); the server closes the database. */
  async close(): Promise<void> {
    await this.database?.catch(() => undefined);
    await this.runner?.close();
    await this.ladder?.player.close();
    await this.pool?.close();
  }

  /** The lab's routes: who sent the request first (and its CSRF token checked), then its accounts' and its runs'. */
  private routes() {
    return new Hono<LabEnv>()
      .basePath('/api/lab')
      .onError((error, c) => this.refusal(error, c))
      .use(async (c, next) => {
        c.header('cache-control', 'no-store');
        // Whether anybody is signed in, asked by every page with no session or token, is answered without the
        // database: the lab's code and its runner start at the first request that needs them.
        if (c.req.method === 'GET' && c.req.path === '/api/lab/me' && !getCookie(c, COOKIE) && !c.req.header('authorization')) return c.json({ account: null });
        const accounts = new LabAccounts(await this.open());
        const caller = await this.caller(c, accounts);
        // A change made with a session's cookie must carry its CSRF token: a page of another site cannot read it.
        const changes = c.req.method !== 'GET' && c.req.method !== 'HEAD';
        if (changes && caller.account && !caller.byToken && c.req.header('x-csrf-token') !== caller.csrf)
          throw new HttpError(403, "this request lacks its session's CSRF token (x-csrf-token)");
        c.set('caller', caller);
        c.set('accounts', accounts);
        await next();
      })
      .route('/', this.accountRoutes())
      .route('/', this.runRoutes());
  }

  /** Signing up, in and out, and the CLI's tokens. */
  private accountRoutes() {
    const signInLimit = createMiddleware<LabEnv>(async (c, next) => {
      this.countSignIn(addressOf(c));
      await next();
    });
    return new Hono<LabEnv>()
      .get('/me', (c) => c.json({ account: c.var.caller.account ?? null, ...(c.var.caller.csrf ? { csrf: c.var.caller.csrf } : {}) }))
      .post('/signup', signInLimit, jsonBody(MAX_FORM_BYTES, TextFields), async (c) => {
        const { name, password, adminKey } = c.var.body;
        // An administrator's name is taken only with the server's admin key (LAB_ADMIN_KEY): else the first
        // stranger to sign up under it would be one.
        if (this.isAdmin(name) && !keyMatches(adminKey, this.options.adminKey))
          throw new HttpError(403, `the name ${name} is kept for the lab's administrators (signing up under it takes the server's admin key)`);
        const made = this.signUpsFrom(addressOf(c));
        await c.var.accounts.signUp(name, password);
        made();
        return this.signIn(c, name, password, 201);
      })
      .post('/signin', signInLimit, jsonBody(MAX_FORM_BYTES, TextFields), (c) => this.signIn(c, c.var.body.name, c.var.body.password, 200))
      .post('/signout', async (c) => {
        const cookie = getCookie(c, COOKIE);
        if (cookie) await c.var.accounts.signOut(cookie);
        c.header('set-cookie', `${COOKIE}=; ${this.cookieAttributes()}; Max-Age=0`);
        return c.json({ account: null });
      })
      .get('/tokens', async (c) => c.json({ tokens: await c.var.accounts.tokens(signedIn(c.var.caller)) }))
      .post('/tokens', jsonBody(MAX_FORM_BYTES, TextFields), async (c) => {
        // Only a person signed in makes tokens: a token that made others would outlive its own revocation in them.
        if (c.var.caller.byToken) throw new HttpError(403, 'tokens are made on the lab page, signed in, not with a token');
        return c.json(await c.var.accounts.createToken(signedIn(c.var.caller), c.var.body.label ?? ''), 201);
      })
      .delete(`/tokens/${ID}`, async (c) => {
        const id = c.req.param('id');
        if (!(await c.var.accounts.revokeToken(signedIn(c.var.caller), id))) throw new HttpError(404, 'you have no token of that id');
        return c.json({ revoked: id });
      });
  }

  /** The runs: listed, read, exported, imported, submitted for the server to play, recorded from the CLI, ended, cancelled, deleted. */
  private runRoutes() {
    return new Hono<LabEnv>()
      .get('/runs', async (c) => {
        this.mayRead(c.var.caller);
        const limit = Number(c.req.query('limit') ?? 50);
        const after = c.req.query('after');
        const cursor = after ? parseCursor(after) : undefined;
        const page = await this.runs!.list(runFilter(c.req.query()), Number.isFinite(limit) ? limit : 50, cursor);
        const last = page.at(-1);
        return c.json({ runs: page, ...(last && page.length === Math.min(MAX_PAGE, limit) ? { next: `${last.created},${last.id}` } : {}) });
      })
      .get(`/runs/${ID}`, async (c) => {
        this.mayRead(c.var.caller);
        const run = await this.runs!.run(c.req.param('id'));
        if (!run) throw new HttpError(404, `the lab has no run ${c.req.param('id')}`);
        return c.json(run);
      })
      .get(`/runs/${ID}/export`, async (c) => {
        this.mayRead(c.var.caller);
        const id = c.req.param('id');
        // A run of up to 64 MB is sent as it is read, a few at once (large-answers.ts).
        const release = this.exports.take(addressOf(c));
        try {
          const pieces = await this.runs!.exportText(id);
          if (!pieces) throw new HttpError(404, `the lab has no run ${id}`);
          // Chunked: its pieces are written as they come (without it @hono/node-server waits a tick for a length).
          const headers = { 'content-type': 'application/json', 'content-disposition': `attachment; filename="${id}.json"`, 'transfer-encoding': 'chunked' };
          if (c.req.method === 'HEAD') {
            release();
            return c.body(null, 200, headers);
          }
          return c.body(
            pieceStream(pieces, release, () => c.env.outgoing.destroy()),
            200,
            headers,
          );
        } catch (error) {
          release();
          throw error;
        }
      })
      .post('/runs', accountNeeded, async (c) => {
        const text = await readBody(c.req.raw, MAX_IMPORT_BYTES);
        let kept: KeptRun;
        try {
          kept = checkKept(JSON.parse(text));
        } catch (error) {
          throw new HttpError(400, `it cannot be imported: ${(error as Error).message}`);
        }
        const recording = c.req.query('state') === 'running';
        const owner = signedIn(c.var.caller);
        return c.json(await this.runs!.importRun(kept, { owner, build: this.options.build }, recording, Buffer.byteLength(text)), 201);
      })
      .post(
        '/submit',
        accountNeeded,
        jsonBody(MAX_FORM_BYTES, SubmitSchema, (issue) => `this run cannot be played: ${issue}`),
        async (c) => {
          return c.json(await this.submit(this.planOf(c.var.body), signedIn(c.var.caller)), 201);
        },
      )
      .post(`/runs/${ID}/rerun`, accountNeeded, async (c) => {
        return c.json(await this.submit(await this.playedAgain(c.req.param('id')), signedIn(c.var.caller)), 201);
      })
      .post(
        `/runs/${ID}/games`,
        this.ownRun(false),
        jsonBody(MAX_IMPORT_BYTES, RecordGamesSchema, () => 'the request is {"games": [{"index", "record"}, …]}'),
        async (c) => {
          try {
            return c.json(await this.runs!.recordGames(c.var.run.id, c.var.body.games));
          } catch (error) {
            throw new HttpError(400, `these games cannot be recorded: ${(error as Error).message}`);
          }
        },
      )
      .post(
        `/runs/${ID}/end`,
        this.ownRun(false),
        jsonBody(MAX_FORM_BYTES, EndSchema, () => 'the request is {"finished": true or false, "elapsedMs": N}'),
        async (c) => c.json(await this.runs!.end(c.var.run.id, c.var.body)),
      )
      .post(`/runs/${ID}/cancel`, this.ownRun(true), async (c) => {
        const { run } = c.var;
        if (!(await this.runs!.cancel(run.id))) throw new HttpError(409, `run ${run.id} is not playing (it is ${run.state})`);
        this.runner?.cancelled(run.id);
        return c.json(await this.runs!.run(run.id));
      })
      .delete(`/runs/${ID}`, this.ownRun(true), async (c) => {
        await this.runs!.delete(c.var.run.id);
        this.runner?.cancelled(c.var.run.id);
        return c.json({ deleted: c.var.run.id });
      });
  }

  /** A run submitted, as the server plays it: within the most games a run, its schedule planned. */
  private planOf({ spec, time }: v.InferOutput<typeof SubmitSchema>): RunPlan {
    const games = plannedGames(spec);
    const most = this.options.maxGames ?? 100_000;
    if (games > most)
      throw new HttpError(
        400,
        `the server plays at most ${most.toLocaleString('en')} games a run: this one has ${games.toLocaleString('en')} (${FEWER[spec.kind]})`,
      );
    let plan: RunPlan;
    try {
      const schedule = planRun(spec);
      plan = {
        kind: spec.kind,
        schedule,
        ...('sprt' in spec ? { sprt: spec.sprt } : {}),
        time,
        ...(spec.kind === 'sweep' ? { sweep: sweepOf(spec) } : {}),
      };
    } catch (error) {
      throw new HttpError(400, `this run cannot be played: ${(error as Error).message}`);
    }
    return plan;
  }

  /** A stored run's plan, to be played again by the server: each of its bots one of the game's. */
  private async playedAgain(id: string): Promise<RunPlan> {
    let plan: RunPlan | undefined;
    try {
      plan = await this.runs!.plan(id);
    } catch (error) {
      throw new HttpError(400, (error as Error).message);
    }
    if (!plan) throw new HttpError(404, `the lab has no run ${id}`);
    // A run recorded from the CLI may name engines the server does not have: each bot must be the game's own.
    const game = findGame(plan.schedule.game);
    try {
      if (!game) throw new Error(`there is no game ${plan.schedule.game}`);
      for (const bot of plan.schedule.bots) parseBotConfig(game.bots, bot);
    } catch (error) {
      throw new HttpError(400, `the server cannot play this run again: ${(error as Error).message}`);
    }
    return plan;
  }

  /** A refusal as JSON with its status: the request's fault (4xx), or the database's (503, logged). */
  private refusal(error: Error, c: Context<LabEnv>): Response {
    const refuse = (status: number, message: string) => c.json({ error: message }, status as ContentfulStatusCode);
    if (error instanceof HttpError) return refuse(error.status, error.message);
    if (error instanceof AccountError) return refuse(400, error.message);
    if (error instanceof RunTaken) return refuse(409, error.message);
    if (error instanceof QuotaExceeded) return refuse(429, error.message);
    // PostgreSQL's refusal of text it cannot keep (a NUL character): the request's fault, not the database's.
    if (['22021', '22P05'].includes((error as { code?: string }).code ?? ''))
      return refuse(400, 'the request holds text the lab cannot keep (a NUL character?)');
    this.logFailure('a lab request', error);
    return refuse(503, 'the lab is unreachable for now: try again in a moment');
  }

  /** Queues a run for the server to play, within the account's quotas (checked by the runs as they store it). */
  private async submit(plan: RunPlan, account: string): Promise<LabRun> {
    const run = await this.runs!.submit(plan, { owner: account, build: this.options.build });
    this.runner?.wake();
    return run;
  }

  private async signIn<E extends LabEnv>(c: Context<E>, name: string, password: string, status: 200 | 201): Promise<Response> {
    const { cookie, session } = await c.var.accounts.signIn(name, password);
    c.header('set-cookie', `${COOKIE}=${cookie}; ${this.cookieAttributes()}; Max-Age=${SESSION_DAYS * 86_400}`);
    return c.json({ account: session.account, csrf: session.csrf }, status);
  }

  private async caller(c: Context<LabEnv>, accounts: LabAccounts): Promise<Caller> {
    const bearer = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (bearer) {
      const account = await accounts.tokenAccount(bearer);
      if (!account) throw new HttpError(401, "that token is not one of the lab's (revoked?)");
      return { account, byToken: true };
    }
    const cookie = getCookie(c, COOKIE);
    const session = cookie ? await accounts.session(cookie) : undefined;
    return session ? { account: session.account, csrf: session.csrf } : {};
  }

  /** The route's run (`c.var.run`), when the caller owns it (or is an admin, where `admins` may). */
  private ownRun(admins: boolean) {
    return createMiddleware<LabEnv>(async (c, next) => {
      const account = signedIn(c.var.caller);
      const id = c.req.param('id') ?? '';
      const run = await this.runs!.run(id);
      if (!run) throw new HttpError(404, `the lab has no run ${id}`);
      if (run.owner !== account && !(admins && this.isAdmin(account))) throw new HttpError(403, `run ${run.id} is not yours`);
      c.set('run', run);
      await next();
    });
  }

  /** Whether a name is one of LAB_ADMINS (names are one account whatever their case). */
  private isAdmin(name: string): boolean {
    return this.options.admins?.some((admin) => admin.toLowerCase() === name.toLowerCase()) ?? false;
  }

  /** The session cookie's attributes: `Secure` behind TLS (LAB_SECURE_COOKIE). */
  private cookieAttributes(): string {
    return `Path=/api/lab; HttpOnly; SameSite=Strict${this.options.secureCookie ? '; Secure' : ''}`;
  }

  /**
   * Accounts made from one address in a day (they are not made by the thousand): refused past the most, else what
   * counts one more once it is made.
   */
  private signUpsFrom(address: string): () => void {
    const day = new Date().toISOString().slice(0, 10);
    if (this.signUps.day !== day) this.signUps = { day, counts: new Map() };
    const { counts } = this.signUps;
    const most = this.options.signUpsADay ?? 20;
    if ((counts.get(address) ?? 0) >= most)
      throw new HttpError(429, `${most} accounts were made from this address today, the most a day: carry on tomorrow (UTC)`);
    return () => counts.set(address, (counts.get(address) ?? 0) + 1);
  }

  private countSignIn(address: string): void {
    const now = Date.now();
    const recent = (this.signIns.get(address) ?? []).filter((time) => now - time < 60_000);
    if (recent.length >= (this.options.signInsPerMinute ?? 10)) throw new HttpError(429, 'too many sign-ins from this address: wait a minute');
    recent.push(now);
    this.signIns.set(address, recent);
    // Addresses not seen for a minute are forgotten (the map stays as small as the minute's traffic).
    if (this.signIns.size > 10_000) for (const [key, times] of this.signIns) if (now - times.at(-1)! >= 60_000) this.signIns.delete(key);
  }

  private mayRead(caller: Caller): void {
    if (this.options.readNeedsAccount && !caller.account) throw new HttpError(401, 'sign in to read the lab');
  }
}

/** A sweep spec's settings as its saved run keeps them. */
function sweepOf(spec: Extract<v.InferOutput<typeof RunSpecSchema>, { kind: 'sweep' }>): NonNullable<RunPlan['sweep']> {
  return { bot: spec.bot, grid: sweepGrid(spec.grid), vs: spec.vs };
}

/** Whether a key sent is the server's, compared in the same time whatever it is. */
function keyMatches(sent: string | undefined, key: string | undefined): boolean {
  if (!key || !sent) return false;
  const [a, b] = [createHash('sha256').update(sent).digest(), createHash('sha256').update(key).digest()];
  return timingSafeEqual(a, b);
}

/** The address a request comes from (its connection's). */
function addressOf(c: { env: HttpBindings }): string {
  return c.env.incoming.socket.remoteAddress ?? '';
}

function runFilter(params: Record<string, string>): RunFilter {
  const text = (name: string) => {
    const value = params[name];
    if (value !== undefined && value.length > 200) throw new HttpError(400, `the filter ${name} is over 200 characters`);
    return value || undefined;
  };
  const kind = text('kind');
  const state = text('state');
  if (kind && !(LAB_RUN_KINDS as readonly string[]).includes(kind)) throw new HttpError(400, `kind is one of ${LAB_RUN_KINDS.join(', ')}`);
  if (state && !(RUN_STATES as readonly string[]).includes(state)) throw new HttpError(400, `state is one of ${RUN_STATES.join(', ')}`);
  return { game: text('game'), bot: text('bot'), owner: text('owner'), kind: kind as RunFilter['kind'], state: state as RunFilter['state'] };
}

function parseCursor(text: string): { created: string; id: string } {
  const [created, id] = text.split(',');
  if (!id || Number.isNaN(Date.parse(created))) throw new HttpError(400, "after is the next page's mark: CREATED,ID");
  return { created, id };
}
