// The lab's HTTP API under /api/lab (the lab: src/lab/). Accounts sign up and in with a name and a password; a
// session is an HttpOnly, SameSite=Strict cookie, and every request that changes something with it carries the
// session's CSRF token in `x-csrf-token` (the CLI sends `authorization: Bearer <token>` instead). Reading runs is
// open to anyone unless LAB_READ=accounts; importing needs an account; deleting a run, its owner or an admin
// (LAB_ADMINS). A run submitted (`POST submit`: a spec, as the arena page plans it) or rerun is played by the
// server itself (lab/runner.ts), which starts with the database. Every answer is JSON; every refusal says why ({"error": …}) with its status; a database that does
// not answer is a 503, and the server carries on.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { type LabDatabase, type LabLocation, openLabDatabase } from '../lab/database';
import { QuotaExceeded } from '../lab/quota';
import { type LabRun, LabRuns, MAX_PAGE, type RunFilter, type RunPlan, RunTaken } from '../lab/runs';
import { LAB_RUN_KINDS, RUN_STATES } from '../lab/tables';
import type { FailureLog } from './failures';
import { type Caller, HttpError, readBody, readForm, readJson, reply, signedIn } from './http-json';
import { LadderApi, type LadderOptions } from './ladder-api';
import { AnswerSlots, sendPieces } from './large-answers';

const COOKIE = 'lab_session';

/** What a request is answered with: a JSON value, or a large document sent in pieces (holding one of its slots). */
type Answer =
  | { readonly status: number; readonly body: unknown }
  | { readonly pieces: AsyncIterable<string>; readonly headers: Readonly<Record<string, string>>; readonly release: () => void };
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
/** What makes a run of each kind smaller. */
const FEWER = { tournament: 'fewer starts or bots', sweep: 'fewer starts, grid points or opponents', match: 'fewer games' } as const;

export class LabApi {
  /** Opened at the first request (a server whose lab nobody uses pays nothing for it), again after a failure. */
  private database?: Promise<LabDatabase>;
  /** The runs, once the database is open (one for the server: it keeps the schedules of runs being recorded). */
  private runs?: LabRuns;
  /** Plays the runs submitted to the server, from the moment the database opens. */
  private runner?: LabRunner;
  /** Plays the ladder, and answers its requests. */
  private ladderPlayer?: LadderPlayer;
  private ladder?: LadderApi;
  private pool?: WorkerPool;
  /** Runs being exported: two at once for an address, eight in all. */
  private readonly exports = new AnswerSlots('exports', 2, 8);
  /** Each address's accounts made today (UTC). */
  private signUps = { day: '', counts: new Map<string, number>() };
  /** Each address's sign-ups and sign-ins in the last minute (their times): guessing passwords is slow. */
  private readonly signIns = new Map<string, number[]>();

  constructor(
    private readonly options: LabOptions,
    private readonly logFailure: FailureLog,
  ) {}

  /** The database, opened (and the runs left playing carried on) at the first call, again after a failure. */
  open(): Promise<LabDatabase> {
    this.database ??= openLabDatabase(this.options.location).then(
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
        this.ladderPlayer = new LadderPlayer(store, { ...ladder, pool, startModule, startEngine, redis: player.redis, logFailure: this.logFailure });
        this.ladder = new LadderApi(store, this.ladderPlayer, startModule, { ...ladder, admins: this.options.admins });
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

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const answer = await this.route(request, response);
      if ('pieces' in answer) {
        try {
          await sendPieces(response, 200, answer.headers, answer.pieces);
        } finally {
          answer.release();
        }
      } else reply(response, answer.status, answer.body);
    } catch (error) {
      if (error instanceof HttpError) return reply(response, error.status, { error: error.message });
      if (error instanceof AccountError) return reply(response, 400, { error: error.message });
      if (error instanceof RunTaken) return reply(response, 409, { error: error.message });
      if (error instanceof QuotaExceeded) return reply(response, 429, { error: error.message });
      // PostgreSQL's refusal of text it cannot keep (a NUL character): the request's fault, not the database's.
      if (['22021', '22P05'].includes((error as { code?: string }).code ?? ''))
        return reply(response, 400, { error: 'the request holds text the lab cannot keep (a NUL character?)' });
      this.logFailure('a lab request', error);
      reply(response, 503, { error: 'the lab is unreachable for now: try again in a moment' });
    }
  }

  /** Stops playing (the runs under way are carried on at the next start), then closes the database. */
  async close(): Promise<void> {
    const db = await this.database?.catch(() => undefined);
    await this.runner?.close();
    await this.ladderPlayer?.close();
    await this.pool?.close();
    await db?.destroy();
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<Answer> {
    const url = new URL(request.url ?? '/', 'http://lab');
    const path = url.pathname.slice('/api/lab/'.length).split('/');
    const method = request.method ?? 'GET';
    // Whether anybody is signed in, asked by every page with no session or token, is answered without the
    // database: opening the embedded one the first time costs seconds and hundreds of megabytes.
    if (method === 'GET' && url.pathname === '/api/lab/me' && !cookieOf(request) && !request.headers.authorization)
      return { status: 200, body: { account: null } };
    const db = await this.open();
    const accounts = new LabAccounts(db);
    const runs = this.runs!;
    const caller = await this.caller(request, accounts);
    const changes = method !== 'GET' && method !== 'HEAD';
    // A change made with a session's cookie must carry its CSRF token: a page of another site cannot read it.
    if (changes && caller.account && !caller.byToken && request.headers['x-csrf-token'] !== caller.csrf)
      throw new HttpError(403, "this request lacks its session's CSRF token (x-csrf-token)");
    if (path[0] === 'ladder') {
      this.mayRead(caller);
      return this.ladder!.route(method, path.slice(1), url, request, caller);
    }
    const route = `${method} ${path[0]}${path.length > 1 ? '/:id' : ''}${path.length > 2 ? `/${path[2]}` : ''}`;
    switch (route) {
      case 'GET me':
        return { status: 200, body: { account: caller.account ?? null, ...(caller.csrf ? { csrf: caller.csrf } : {}) } };
      case 'POST signup': {
        this.countSignIn(request);
        const { name, password, adminKey } = await readForm(request, MAX_FORM_BYTES);
        // An administrator's name is taken only with the server's admin key (LAB_ADMIN_KEY): else the first
        // stranger to sign up under it would be one.
        if (this.isAdmin(name) && !keyMatches(adminKey, this.options.adminKey))
          throw new HttpError(403, `the name ${name} is kept for the lab's administrators (signing up under it takes the server's admin key)`);
        const made = this.signUpsFrom(request);
        await accounts.signUp(name, password);
        made();
        return this.signIn(accounts, name, password, response, 201);
      }
      case 'POST signin': {
        this.countSignIn(request);
        const { name, password } = await readForm(request, MAX_FORM_BYTES);
        return this.signIn(accounts, name, password, response, 200);
      }
      case 'POST signout': {
        const cookie = cookieOf(request);
        if (cookie) await accounts.signOut(cookie);
        response.setHeader('set-cookie', `${COOKIE}=; ${this.cookieAttributes()}; Max-Age=0`);
        return { status: 200, body: { account: null } };
      }
      case 'GET tokens':
        return { status: 200, body: { tokens: await accounts.tokens(signedIn(caller)) } };
      case 'POST tokens': {
        // Only a person signed in makes tokens: a token that made others would outlive its own revocation in them.
        if (caller.byToken) throw new HttpError(403, 'tokens are made on the lab page, signed in, not with a token');
        const { label } = await readForm(request, MAX_FORM_BYTES);
        return { status: 201, body: await accounts.createToken(signedIn(caller), String(label ?? '')) };
      }
      case 'DELETE tokens/:id':
        if (!(await accounts.revokeToken(signedIn(caller), path[1]))) throw new HttpError(404, 'you have no token of that id');
        return { status: 200, body: { revoked: path[1] } };
      case 'GET runs': {
        this.mayRead(caller);
        const limit = Number(url.searchParams.get('limit') ?? 50);
        const after = url.searchParams.get('after');
        const cursor = after ? parseCursor(after) : undefined;
        const page = await runs.list(runFilter(url.searchParams), Number.isFinite(limit) ? limit : 50, cursor);
        const last = page.at(-1);
        return { status: 200, body: { runs: page, ...(last && page.length === Math.min(MAX_PAGE, limit) ? { next: `${last.created},${last.id}` } : {}) } };
      }
      case 'GET runs/:id': {
        this.mayRead(caller);
        const run = await runs.run(path[1]);
        if (!run) throw new HttpError(404, `the lab has no run ${path[1]}`);
        return { status: 200, body: run };
      }
      case 'GET runs/:id/export': {
        this.mayRead(caller);
        // A run of up to 64 MB is sent as it is read, a few at once (large-answers.ts).
        const release = this.exports.take(request.socket.remoteAddress ?? '');
        try {
          const pieces = await runs.exportText(path[1]);
          if (!pieces) throw new HttpError(404, `the lab has no run ${path[1]}`);
          const headers = { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-disposition': `attachment; filename="${path[1]}.json"` };
          return { pieces, headers, release };
        } catch (error) {
          release();
          throw error;
        }
      }
      case 'POST runs': {
        const account = signedIn(caller);
        const text = await readBody(request, MAX_IMPORT_BYTES);
        let kept: KeptRun;
        try {
          kept = checkKept(JSON.parse(text));
        } catch (error) {
          throw new HttpError(400, `it cannot be imported: ${(error as Error).message}`);
        }
        const recording = url.searchParams.get('state') === 'running';
        return { status: 201, body: await runs.importRun(kept, { owner: account, build: this.options.build }, recording, Buffer.byteLength(text)) };
      }
      case 'POST submit': {
        const account = signedIn(caller);
        const form = v.safeParse(SubmitSchema, await readJson(request, MAX_FORM_BYTES));
        if (!form.success) throw new HttpError(400, `this run cannot be played: ${form.issues[0].message}`);
        const { spec, time } = form.output;
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
        return { status: 201, body: await this.submit(runs, plan, account) };
      }
      case 'POST runs/:id/rerun': {
        const account = signedIn(caller);
        let plan: RunPlan | undefined;
        try {
          plan = await runs.plan(path[1]);
        } catch (error) {
          throw new HttpError(400, (error as Error).message);
        }
        if (!plan) throw new HttpError(404, `the lab has no run ${path[1]}`);
        // A run recorded from the CLI may name engines the server does not have: each bot must be the game's own.
        const game = findGame(plan.schedule.game);
        try {
          if (!game) throw new Error(`there is no game ${plan.schedule.game}`);
          for (const bot of plan.schedule.bots) parseBotConfig(game.bots, bot);
        } catch (error) {
          throw new HttpError(400, `the server cannot play this run again: ${(error as Error).message}`);
        }
        return { status: 201, body: await this.submit(runs, plan, account) };
      }
      case 'POST runs/:id/games': {
        await this.ownRun(runs, path[1], caller, false);
        const form = await readJson(request, MAX_IMPORT_BYTES);
        const games = (form as { games?: unknown }).games;
        if (!Array.isArray(games)) throw new HttpError(400, 'the request is {"games": [{"index", "record"}, …]}');
        try {
          return { status: 200, body: await runs.recordGames(path[1], games as { index: number; record: unknown }[]) };
        } catch (error) {
          throw new HttpError(400, `these games cannot be recorded: ${(error as Error).message}`);
        }
      }
      case 'POST runs/:id/end': {
        await this.ownRun(runs, path[1], caller, false);
        const { finished, elapsedMs } = (await readJson(request, MAX_FORM_BYTES)) as { finished?: unknown; elapsedMs?: unknown };
        if (typeof finished !== 'boolean' || typeof elapsedMs !== 'number' || !(elapsedMs >= 0))
          throw new HttpError(400, 'the request is {"finished": true or false, "elapsedMs": N}');
        return { status: 200, body: await runs.end(path[1], { finished, elapsedMs }) };
      }
      case 'POST runs/:id/cancel': {
        const run = await this.ownRun(runs, path[1], caller, true);
        if (!(await runs.cancel(run.id))) throw new HttpError(409, `run ${run.id} is not playing (it is ${run.state})`);
        return { status: 200, body: await runs.run(run.id) };
      }
      case 'DELETE runs/:id': {
        const run = await this.ownRun(runs, path[1], caller, true);
        await runs.delete(run.id);
        return { status: 200, body: { deleted: run.id } };
      }
      default:
        throw new HttpError(404, `the lab has no ${method} ${url.pathname}`);
    }
  }

  /** Queues a run for the server to play, within the account's quotas (checked by the runs as they store it). */
  private async submit(runs: LabRuns, plan: RunPlan, account: string): Promise<LabRun> {
    const run = await runs.submit(plan, { owner: account, build: this.options.build });
    this.runner?.wake();
    return run;
  }

  private async signIn(accounts: LabAccounts, name: string, password: string, response: ServerResponse, status: number) {
    const { cookie, session } = await accounts.signIn(name, password);
    response.setHeader('set-cookie', `${COOKIE}=${cookie}; ${this.cookieAttributes()}; Max-Age=${SESSION_DAYS * 86_400}`);
    return { status, body: { account: session.account, csrf: session.csrf } };
  }

  private async caller(request: IncomingMessage, accounts: LabAccounts): Promise<Caller> {
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      const account = await accounts.tokenAccount(bearer);
      if (!account) throw new HttpError(401, "that token is not one of the lab's (revoked?)");
      return { account, byToken: true };
    }
    const cookie = cookieOf(request);
    const session = cookie ? await accounts.session(cookie) : undefined;
    return session ? { account: session.account, csrf: session.csrf } : {};
  }

  /** The run, when the caller owns it (or is an admin, where `admins` may). */
  private async ownRun(runs: LabRuns, id: string, caller: Caller, admins: boolean): Promise<LabRun> {
    const account = signedIn(caller);
    const run = await runs.run(id);
    if (!run) throw new HttpError(404, `the lab has no run ${id}`);
    if (run.owner !== account && !(admins && this.isAdmin(account))) throw new HttpError(403, `run ${run.id} is not yours`);
    return run;
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
  private signUpsFrom(request: IncomingMessage): () => void {
    const address = request.socket.remoteAddress ?? '';
    const day = new Date().toISOString().slice(0, 10);
    if (this.signUps.day !== day) this.signUps = { day, counts: new Map() };
    const { counts } = this.signUps;
    const most = this.options.signUpsADay ?? 20;
    if ((counts.get(address) ?? 0) >= most)
      throw new HttpError(429, `${most} accounts were made from this address today, the most a day: carry on tomorrow (UTC)`);
    return () => counts.set(address, (counts.get(address) ?? 0) + 1);
  }

  private countSignIn(request: IncomingMessage): void {
    const address = request.socket.remoteAddress ?? '';
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

function cookieOf(request: IncomingMessage): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

function runFilter(params: URLSearchParams): RunFilter {
  const text = (name: string) => {
    const value = params.get(name);
    if (value !== null && value.length > 200) throw new HttpError(400, `the filter ${name} is over 200 characters`);
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
