// The lab's runs and their games in its database (database.ts): a run kept as it plays (its games added in
// batches, each stored once however often it is sent), listed newest first with filters and pages, imported from
// a saved run or tuning file unchanged, and exported as one; a run the server plays itself (runner.ts) submitted,
// queued and rerun. Each account's games are counted by the day, against its quota. Every value reaches SQL as a
// bound parameter.

import { type Kysely, type Selectable, sql } from 'kysely';
import { matchReport } from '../arena/match';
import { sweepReport, tournamentReport } from '../arena/report';
import type { GameRecord } from '../arena/play-out';
import { isTuning } from '../arena/kept-run';
import { checkGames, newRunId, type SavedRun } from '../arena/saved-run';
import type { Schedule } from '../arena/schedule';
import type { TimeControl } from '../arena/time-control';
import type { SavedTune } from '../arena/saved-tune';
import type { LabRunKind, LabTables, RunState, RunsTable } from './tables';
import { lockAccount, QuotaExceeded } from './quota';

/** A run as the lab lists it. */
export interface LabRun {
  readonly id: string;
  readonly kind: LabRunKind;
  readonly game: string;
  readonly bots: readonly string[];
  readonly owner: string | null;
  readonly build: string;
  readonly created: string;
  readonly updated: string;
  readonly state: RunState;
  readonly reason: string | null;
  readonly finished: boolean;
  readonly elapsedMs: number;
  /** Whether the server plays it (submitted from the arena page, or rerun), or it was played elsewhere. */
  readonly onServer: boolean;
  /** Imported from a file: its figures are the file's. */
  readonly imported: boolean;
  readonly summary: RunSummary;
}

/** What the server plays: a schedule and its settings, as a saved run holds them. */
export interface RunPlan {
  readonly kind: SavedRun['kind'];
  readonly schedule: Schedule;
  readonly sweep?: SavedRun['sweep'];
  readonly sprt?: SavedRun['sprt'];
  readonly time?: TimeControl;
}

/** The figures of a run the list shows: games played of those planned, a match's test, a tournament's leader. */
export interface RunSummary {
  readonly played: number;
  readonly scheduled: number;
  /** The best-rated bot of a tournament, its Elo and 95% interval, and its W/D/L. */
  readonly leader?: {
    readonly bot: string;
    readonly rating: number;
    readonly lo: number | null;
    readonly hi: number | null;
    readonly wdl: readonly [number, number, number];
  };
  /** A sweep's best point so far by its score (wins and half the draws), its 95% interval and its W/D/L. */
  readonly best?: {
    readonly bot: string;
    readonly score: number;
    readonly lo: number;
    readonly hi: number;
    readonly wdl: readonly [number, number, number];
  };
  readonly match?: {
    readonly result: string;
    readonly llr: number;
    readonly lower: number;
    readonly upper: number;
    readonly elo: number;
    readonly elo_lo: number | null;
    readonly elo_hi: number | null;
  };
}

export interface RunFilter {
  readonly game?: string;
  readonly bot?: string;
  readonly kind?: LabRunKind;
  readonly state?: RunState;
  readonly owner?: string;
}

/** Where a page of the list starts: after the last run of the page before (newest first). */
export interface RunCursor {
  readonly created: string;
  readonly id: string;
}

/** A run of that id is in the lab already. */
export class RunTaken extends Error {
  constructor(id: string) {
    super(`the lab already has a run ${id}`);
  }
}

/** The most runs a page of the list holds. */
export const MAX_PAGE = 200;
/**
 * Games stored by one statement (three parameters each: well under PostgreSQL's 65,535). The embedded database
 * runs on this thread, which also hands the workers their games: a statement of 100 short games holds it for a few
 * milliseconds, and the thread turns to its other tasks between statements.
 */
const GAMES_A_STATEMENT = 100;
/**
 * How often a run being recorded has its figures computed again from all its games (between, its count moves):
 * every 5 s, and at most a twentieth of the time (reading a long run's games back costs more as it grows).
 */
const SUMMARY_MS = 5000;
const SUMMARY_SHARE = 20;

/** A run's games stored: how many were new, and the run's state after them (`cancelled`: stop playing it). */
export interface Stored {
  readonly stored: number;
  readonly state: RunState;
}

export interface LabLimits {
  /** The games an account's runs may store in a day (UTC), imported ones too; past them its runs are stopped. */
  readonly gamesADay?: number;
  /** The runs an account may have queued or playing at once (the server's and those it records). */
  readonly runsAtOnce?: number;
  /** The bytes of run and tuning files an account may import in a day (UTC). */
  readonly importBytesADay?: number;
}

/** What a run coming in spends of its owner's quotas: a run at once (one that plays), its games, its file's bytes. */
interface Spending {
  readonly playing: boolean;
  readonly games: number;
  readonly bytes: number;
}

/** Runs being recorded whose schedule and figures' cost are kept in memory. */
const RUNS_KEPT = 64;

/** A map that forgets its oldest entry past RUNS_KEPT. */
function keep<T>(map: Map<string, T>, id: string, value: T): void {
  map.delete(id);
  if (map.size >= RUNS_KEPT) map.delete(map.keys().next().value!);
  map.set(id, value);
}

export class LabRuns {
  /**
   * The schedules of runs recorded lately, by id, with the run's creation time: a run's plan never changes, and
   * an id used again (deleted, then imported anew) comes with its own creation time. Read from the database, a
   * plan (megabytes for a long run) cost more than the games of a batch.
   */
  private readonly schedules = new Map<string, { readonly created: number; readonly schedule: Schedule }>();
  /** What computing each recorded run's figures from all its games took the last time, in ms. */
  private readonly summaryMs = new Map<string, number>();

  constructor(
    private readonly db: Kysely<LabTables>,
    private readonly limits: LabLimits = {},
  ) {}

  /** Keeps a saved run (its games too) or a tuning as the lab's; refused when a run of its id is already there. */
  async importRun(
    kept: SavedRun | SavedTune,
    who: { readonly owner: string | null; readonly build: string },
    /** `running`: a run being recorded as it plays (its games come with addGames, its end with end). */
    recording = false,
    /** The file's size, counted against the owner's imports of the day. */
    bytes = 0,
  ): Promise<LabRun> {
    const tuning = isTuning(kept);
    // Listed by when it came in (a file says what it likes of its own time); its file keeps its own, for its export.
    const created = new Date();
    const { id } = kept;
    const row = tuning
      ? {
          kind: 'tuning' as const,
          game: kept.game,
          bots: [kept.settings.bot, ...kept.settings.vs],
          finished: true,
          elapsed_ms: 0,
          plan: {
            created: kept.created,
            settings: kept.settings,
            results: kept.results,
            verification: kept.verification,
            ...(kept.time ? { time: kept.time } : {}),
          },
          summary: { played: 4 * kept.results.length, scheduled: 4 * Math.max(1, Math.floor(kept.settings.games / 4)) },
        }
      : {
          kind: kept.kind,
          game: kept.schedule.game,
          bots: [...kept.schedule.bots],
          finished: kept.finished ?? true,
          elapsed_ms: kept.elapsedMs,
          plan: {
            created: kept.created,
            schedule: kept.schedule,
            ...(kept.sweep ? { sweep: kept.sweep } : {}),
            ...(kept.sprt ? { sprt: kept.sprt } : {}),
            ...(kept.time ? { time: kept.time } : {}),
          },
          summary: runSummary(kept),
        };
    if (recording && tuning) throw new Error('a tuning is kept when it ends, not as it plays');
    const state = recording ? 'running' : tuning ? 'finished' : importedState(kept, row.summary);
    const games = tuning ? 0 : kept.records.filter(Boolean).length;
    await this.db.transaction().execute(async (trx) => {
      if (who.owner !== null) await this.spend(trx, who.owner, { playing: recording, games, bytes });
      const inserted = await trx
        .insertInto('runs')
        .values({
          id,
          ...row,
          plan: JSON.stringify(row.plan),
          summary: JSON.stringify(row.summary),
          owner: who.owner,
          build: who.build,
          created,
          updated: created,
          state,
          reason: null,
          imported: !recording,
        })
        // Two imports of one id at once: the second finds the first's row.
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw new RunTaken(id);
      if (!tuning)
        await insertGames(
          trx,
          id,
          kept.records.flatMap((record, index) => (record ? [{ index, record }] : [])),
        );
    });
    return (await this.run(id))!;
  }

  /** Stores games of a run; a game already stored is left as it was. Says how many were new. */
  async addGames(runId: string, games: readonly { readonly index: number; readonly record: GameRecord }[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('runs').select('id').where('id', '=', runId).forUpdate().execute();
      return insertGames(trx, runId, games);
    });
  }

  /**
   * Games of a run being recorded, from outside: each checked against the run's schedule (its bots, its start,
   * every move legal by the rules) before any is stored; an Error says what is wrong. The run's state comes back
   * (`cancelled`: the lab was asked to stop it).
   */
  async recordGames(runId: string, games: readonly { readonly index: number; readonly record: unknown }[]): Promise<Stored> {
    const row = await this.db.selectFrom('runs').select(['kind', 'state', 'created', 'player', 'imported']).where('id', '=', runId).executeTakeFirst();
    if (!row) throw new Error(`the lab has no run ${runId}`);
    if (row.kind === 'tuning') throw new Error('a tuning has no games to record');
    if (row.player === 'server') throw new Error('the server plays this run: its games are its own, none are taken from outside');
    if (row.imported) throw new Error('an imported run is kept as it came: its games are not added to');
    if (row.state !== 'running') return { stored: 0, state: row.state };
    // Each game checked against the run's schedule alone (checked when the run came in): a batch costs its own games.
    return this.storeGames(runId, checkGames(await this.schedule(runId, row.created.getTime()), games));
  }

  /** The schedule of the run `id` created at `created`, kept for its next batches. */
  private async schedule(id: string, created: number): Promise<Schedule> {
    const kept = this.schedules.get(id);
    if (kept?.created === created) return kept.schedule;
    const row = await this.db.selectFrom('runs').select('plan').where('id', '=', id).executeTakeFirstOrThrow();
    const { schedule } = row.plan as { schedule: Schedule };
    keep(this.schedules, id, { created, schedule });
    return schedule;
  }

  /**
   * Stores games of a run that plays (checked, or played by the server itself), counts them in its owner's day,
   * and follows them with its figures: all of them computed again every few seconds, the count in between. A run
   * whose owner is past the games of a day is stopped (cancelled, with the reason).
   */
  async storeGames(runId: string, games: readonly { readonly index: number; readonly record: GameRecord }[], elapsedMs?: number): Promise<Stored> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('runs').select(['state', 'owner', 'updated', 'summary']).where('id', '=', runId).forUpdate().executeTakeFirst();
      if (!row) throw new Error(`the lab has no run ${runId}`);
      if (row.state !== 'running') return { stored: 0, state: row.state };
      const stored = await insertGames(trx, runId, games);
      const before = row.summary as unknown as RunSummary;
      const whole = Date.now() - row.updated.getTime() >= Math.max(SUMMARY_MS, SUMMARY_SHARE * (this.summaryMs.get(runId) ?? 0));
      const started = performance.now();
      const summary = whole ? runSummary((await this.stored(runId, trx)) as SavedRun) : { ...before, played: before.played + stored };
      if (whole) keep(this.summaryMs, runId, performance.now() - started);
      const today = row.owner && stored > 0 ? await countUsage(trx, row.owner, stored, 0) : 0;
      const most = this.limits.gamesADay;
      const over = most !== undefined && today >= most;
      await trx
        .updateTable('runs')
        .set({
          ...(whole || over ? { updated: new Date() } : {}),
          ...(elapsedMs === undefined ? {} : { elapsed_ms: Math.round(elapsedMs) }),
          ...(over ? { state: 'cancelled', reason: `${row.owner} has played ${most!.toLocaleString('en')} games today, the most a day` } : {}),
          summary: JSON.stringify(summary),
        })
        .where('id', '=', runId)
        .execute();
      return { stored, state: over ? 'cancelled' : 'running' };
    });
  }

  /** Puts back a running run's games once judged against perfect play (runtime/judge.ts): the same games, each move judged. */
  async storeJudged(runId: string, games: readonly { readonly index: number; readonly record: GameRecord }[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [k, { index, record }] of games.entries()) {
        if (k > 0 && k % GAMES_A_STATEMENT === 0) await new Promise((resolve) => setImmediate(resolve));
        await trx
          .updateTable('games')
          .set({ record: JSON.stringify(record) })
          .where('run_id', '=', runId)
          .where('index', '=', index)
          .execute();
      }
    });
  }

  /**
   * Checks a run coming in against its owner's quotas and counts what it spends, in the transaction that stores it,
   * holding the account's lock until that transaction ends: two requests at once cannot both pass a check that only
   * one of them fits. Throws QuotaExceeded with what the account is past.
   */
  private async spend(trx: Kysely<LabTables>, account: string, spending: Spending): Promise<void> {
    await lockAccount(trx, 'lab runs', account);
    const { runsAtOnce, gamesADay, importBytesADay } = this.limits;
    if (spending.playing && runsAtOnce !== undefined) {
      const row = await trx
        .selectFrom('runs')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('owner', '=', account)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      if (Number(row.count) >= runsAtOnce)
        throw new QuotaExceeded(`you have ${runsAtOnce} runs playing or queued, the most at once: wait for one to end, or cancel one`);
    }
    const today = await trx
      .selectFrom('usage')
      .select(['games', 'bytes'])
      .where('account', '=', account)
      .where('day', '=', sql<Date>`${utcDay()}::date`)
      .executeTakeFirst();
    const [games, bytes] = [today?.games ?? 0, Number(today?.bytes ?? 0)];
    if (gamesADay !== undefined && (games >= gamesADay || games + spending.games > gamesADay))
      throw new QuotaExceeded(
        games >= gamesADay
          ? `you have played ${gamesADay.toLocaleString('en')} games today, the most a day: carry on tomorrow (UTC)`
          : `this run's ${spending.games.toLocaleString('en')} games would pass the ${gamesADay.toLocaleString('en')} you may keep a day (${games.toLocaleString('en')} today)`,
      );
    if (importBytesADay !== undefined && bytes + spending.bytes > importBytesADay)
      throw new QuotaExceeded(`you may import ${sizeText(importBytesADay)} a day: ${sizeText(bytes + spending.bytes)} with this file (carry on tomorrow, UTC)`);
    if (spending.games > 0 || spending.bytes > 0) await countUsage(trx, account, spending.games, spending.bytes);
  }

  /** A run for the server to play (runner.ts), queued behind those before it, within its owner's quotas. */
  async submit(plan: RunPlan, who: { readonly owner: string; readonly build: string }): Promise<LabRun> {
    const created = new Date();
    const id = newRunId(created);
    await this.db.transaction().execute(async (trx) => {
      await this.spend(trx, who.owner, { playing: true, games: 0, bytes: 0 });
      await trx
        .insertInto('runs')
        .values({
          id,
          kind: plan.kind,
          game: plan.schedule.game,
          bots: [...plan.schedule.bots],
          owner: who.owner,
          build: who.build,
          created,
          updated: created,
          state: 'queued',
          reason: null,
          finished: false,
          elapsed_ms: 0,
          player: 'server',
          plan: JSON.stringify({
            schedule: plan.schedule,
            ...(plan.sweep ? { sweep: plan.sweep } : {}),
            ...(plan.sprt ? { sprt: plan.sprt } : {}),
            ...(plan.time?.moveMs || plan.time?.clockMs ? { time: plan.time } : {}),
          }),
          summary: JSON.stringify({ played: 0, scheduled: plan.schedule.games.length }),
        })
        .execute();
    });
    return (await this.run(id))!;
  }

  /** What a run plays, for a rerun of it: undefined when there is no such run, an Error for a tuning. */
  async plan(id: string): Promise<RunPlan | undefined> {
    const row = await this.db.selectFrom('runs').select(['kind', 'plan']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    if (row.kind === 'tuning') throw new Error('a tuning is carried on or tuned again from the CLI (tune --resume), not rerun here');
    return { kind: row.kind, ...(row.plan as Omit<RunPlan, 'kind'>) };
  }

  /** The server's runs still to play or to carry on, oldest first. */
  async toPlay(): Promise<{ id: string; owner: string | null }[]> {
    return this.db
      .selectFrom('runs')
      .select(['id', 'owner'])
      .where('player', '=', 'server')
      .where('state', 'in', ['queued', 'running'])
      .orderBy('created')
      .orderBy('id')
      .execute();
  }

  /** A queued run starts playing; false when it is not queued (cancelled meanwhile). */
  async start(id: string): Promise<boolean> {
    const { numUpdatedRows } = await this.db
      .updateTable('runs')
      .set({ state: 'running', updated: new Date() })
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  }

  /** A run that could not be played: failed, with the reason. */
  async fail(id: string, reason: string): Promise<void> {
    await this.db
      .updateTable('runs')
      .set({ state: 'failed', reason: reason.slice(0, 1000), updated: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** A recorded run ends: finished when every game was played or its match decided, else cancelled (as asked, or interrupted). */
  async end(runId: string, ended: { readonly finished: boolean; readonly elapsedMs: number }): Promise<LabRun | undefined> {
    const run = (await this.stored(runId)) as SavedRun | SavedTune | undefined;
    const row = await this.run(runId);
    if (!run || !row || isTuning(run)) return row;
    const whole = { ...run, finished: ended.finished, elapsedMs: Math.max(0, Math.round(ended.elapsedMs)) };
    const summary = runSummary(whole);
    await this.db
      .updateTable('runs')
      .set({
        updated: new Date(),
        finished: whole.finished,
        elapsed_ms: whole.elapsedMs,
        summary: JSON.stringify(summary),
        state: row.state === 'cancelled' ? 'cancelled' : importedState(whole, summary),
      })
      .where('id', '=', runId)
      .execute();
    return this.run(runId);
  }

  /** Asks a run being played to stop (whoever plays it learns it with its next games); false when it is not playing. */
  async cancel(runId: string, reason: string | null = null): Promise<boolean> {
    const { numUpdatedRows } = await this.db
      .updateTable('runs')
      .set({ state: 'cancelled', reason, updated: new Date() })
      .where('id', '=', runId)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  }

  async run(id: string): Promise<LabRun | undefined> {
    const row = await this.db.selectFrom('runs').select(LISTED).where('id', '=', id).executeTakeFirst();
    return row && labRun(row);
  }

  /** A page of the runs, newest first, that pass the filter. */
  async list(filter: RunFilter = {}, limit = 50, after?: RunCursor): Promise<LabRun[]> {
    let query = this.db.selectFrom('runs').select(LISTED);
    if (filter.game !== undefined) query = query.where('game', '=', filter.game);
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    if (filter.state !== undefined) query = query.where('state', '=', filter.state);
    if (filter.owner !== undefined) query = query.where('owner', '=', filter.owner);
    if (filter.bot !== undefined) query = query.where(sql<boolean>`bots @> array[${filter.bot}]::text[]`);
    if (after) {
      const created = new Date(after.created);
      query = query.where((eb) => eb.or([eb('created', '<', created), eb.and([eb('created', '=', created), eb('id', '<', after.id)])]));
    }
    const rows = await query
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.max(1, Math.min(MAX_PAGE, Math.floor(limit))))
      .execute();
    return rows.map(labRun);
  }

  /**
   * The run as a saved run or tuning file (the one imported, as it was), as pieces of its JSON text: its games are
   * read EXPORT_BATCH at a time as the pieces are taken, so that a long run is never whole in memory, and a reader
   * that stops taking them (a client that does not read) holds one batch. Undefined when there is no such run.
   */
  async exportText(id: string): Promise<AsyncIterable<string> | undefined> {
    const row = await this.db.selectFrom('runs').select(['kind', 'game', 'created', 'plan', 'elapsed_ms', 'finished']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    // A file imported keeps its own time (the run is listed by when it came in).
    const { created = row.created.toISOString(), ...plan } = row.plan as Record<string, unknown>;
    if (row.kind === 'tuning')
      return (async function* () {
        yield JSON.stringify({ format: 'ai-playground-tune', version: 1, id, created, game: row.game, ...plan });
      })();
    const schedule = plan.schedule as SavedRun['schedule'];
    const head = { format: 'ai-playground-run', version: 1, id, kind: row.kind, created, schedule };
    const tail = {
      ...(plan.sweep ? { sweep: plan.sweep } : {}),
      ...(plan.sprt ? { sprt: plan.sprt } : {}),
      ...(plan.time ? { time: plan.time } : {}),
      elapsedMs: row.elapsed_ms,
      finished: row.finished,
    };
    const db = this.db;
    const count = schedule.games.length;
    return (async function* () {
      yield `${JSON.stringify(head).slice(0, -1)},"records":[`;
      for (let from = 0; from < count; from += EXPORT_BATCH) {
        const to = Math.min(count, from + EXPORT_BATCH);
        const games = await db
          .selectFrom('games')
          .select(['index', 'record'])
          .where('run_id', '=', id)
          .where('index', '>=', from)
          .where('index', '<', to)
          .execute();
        const records: unknown[] = Array(to - from).fill(null);
        for (const game of games) records[game.index - from] = game.record;
        yield `${from > 0 ? ',' : ''}${records.map((record) => JSON.stringify(record)).join(',')}`;
      }
      yield `],${JSON.stringify(tail).slice(1)}`;
    })();
  }

  /** A run the server plays, with its games so far, as a saved run (not checked again: the server planned it). */
  async playing(id: string): Promise<SavedRun | undefined> {
    const run = await this.stored(id);
    return run?.format === 'ai-playground-run' ? (run as SavedRun) : undefined;
  }

  /** The run's document as stored, not checked again (each part was when it came in): for the lab's own figures. */
  private async stored(id: string, db: Kysely<LabTables> = this.db): Promise<{ readonly format: string; readonly [field: string]: unknown } | undefined> {
    const row = await db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const plan = row.plan as Record<string, unknown>;
    const created = row.created.toISOString();
    if (row.kind === 'tuning') return { format: 'ai-playground-tune', version: 1, id, created, game: row.game, ...plan };
    const games = await db.selectFrom('games').select(['index', 'record']).where('run_id', '=', id).orderBy('index').execute();
    const schedule = plan.schedule as SavedRun['schedule'];
    const records: (unknown | null)[] = Array(schedule.games.length).fill(null);
    for (const game of games) records[game.index] = game.record;
    return {
      format: 'ai-playground-run',
      version: 1,
      id,
      kind: row.kind,
      created,
      schedule,
      records,
      ...(plan.sweep ? { sweep: plan.sweep } : {}),
      ...(plan.sprt ? { sprt: plan.sprt } : {}),
      ...(plan.time ? { time: plan.time } : {}),
      elapsedMs: row.elapsed_ms,
      finished: row.finished,
    };
  }

  async delete(id: string): Promise<boolean> {
    const { numDeletedRows } = await this.db.deleteFrom('runs').where('id', '=', id).executeTakeFirst();
    return numDeletedRows > 0n;
  }
}

/** Games an export reads at once: a game is at most a few hundred kilobytes (its moves and its logs). */
const EXPORT_BATCH = 50;

/** Bytes as a person reads them: KB below a megabyte, else MB. */
function sizeText(bytes: number): string {
  return bytes < 2 ** 20 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

/** Today (UTC) as PostgreSQL's date. */
function utcDay(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Counts `games` and imported `bytes` more in the account's day; its games today come back. */
async function countUsage(db: Kysely<LabTables>, account: string, games: number, bytes: number): Promise<number> {
  const row = await db
    .insertInto('usage')
    .values({ account, day: utcDay(), games, bytes })
    .onConflict((conflict) =>
      conflict.columns(['account', 'day']).doUpdateSet({ games: sql<number>`usage.games + excluded.games`, bytes: sql<number>`usage.bytes + excluded.bytes` }),
    )
    .returning('games')
    .executeTakeFirstOrThrow();
  return row.games;
}

/**
 * Stores the games of a run that are not stored yet (each once, however often it is sent); how many were new. The
 * caller holds the run's row (a run's games are stored one transaction at a time): the games already there are
 * looked up and left out, a cheaper way than an insert that skips conflicts row by row.
 */
async function insertGames(db: Kysely<LabTables>, runId: string, games: readonly { readonly index: number; readonly record: unknown }[]): Promise<number> {
  let stored = 0;
  for (let from = 0; from < games.length; from += GAMES_A_STATEMENT) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    const slice = games.slice(from, from + GAMES_A_STATEMENT);
    const there = await db
      .selectFrom('games')
      .select('index')
      .where('run_id', '=', runId)
      .where(
        'index',
        'in',
        slice.map(({ index }) => index),
      )
      .execute();
    const known = new Set(there.map((row) => row.index));
    const rows = slice.flatMap(({ index, record }) => {
      if (known.has(index)) return [];
      known.add(index);
      return [{ run_id: runId, index, record: JSON.stringify(record) }];
    });
    if (rows.length > 0) await db.insertInto('games').values(rows).execute();
    stored += rows.length;
  }
  return stored;
}

/**
 * A saved run's state: finished when every game was played or its match decided, else cancelled (with
 * `finished` false it was interrupted, and can be carried on).
 */
function importedState(run: SavedRun, summary: RunSummary): RunState {
  if (run.finished === false) return 'cancelled';
  return summary.played === summary.scheduled || (summary.match && summary.match.result !== 'inconclusive') ? 'finished' : 'cancelled';
}

/** What the list shows of a saved run. */
export function runSummary(run: SavedRun): RunSummary {
  const played = run.records.filter(Boolean).length;
  if (run.sweep && played > 0) {
    const { points } = sweepReport(
      run.schedule,
      run.sweep.bot,
      run.sweep.grid,
      run.sweep.vs,
      run.records.map((record) => record ?? undefined),
    );
    const score = (point: (typeof points)[number]) => (point.wins + point.draws / 2) / Math.max(1, point.wins + point.draws + point.losses);
    const best = points.filter((point) => point.wins + point.draws + point.losses > 0).reduce((a, b) => (score(b) > score(a) ? b : a));
    const round = (value: number) => Math.round(value * 1000) / 1000;
    return {
      played,
      scheduled: run.records.length,
      best: { bot: best.bot, score: round(score(best)), lo: best.score_lo, hi: best.score_hi, wdl: [best.wins, best.draws, best.losses] },
    };
  }
  if (!run.sprt && !run.sweep && played > 0) {
    const report = tournamentReport(
      run.schedule,
      run.records.map((record) => record ?? undefined),
    );
    const best = report.ratings.reduce((a, b) => (b.rating > a.rating ? b : a));
    const totals = report.totals.find((total) => total.bot === best.bot)!;
    const leader = { bot: best.bot, rating: best.rating, lo: best.lo, hi: best.hi, wdl: [totals.wins, totals.draws, totals.losses] as const };
    return { played, scheduled: run.records.length, leader };
  }
  if (!run.sprt) return { played, scheduled: run.records.length };
  const report = matchReport(run.schedule, run.records, run.sprt);
  const { result, llr, lower, upper, elo, elo_lo, elo_hi } = report;
  return { played, scheduled: run.records.length, match: { result, llr, lower, upper, elo, elo_lo, elo_hi } };
}

/** What a run is listed with: all but its plan (megabytes for a long run). */
const LISTED = [
  'id',
  'kind',
  'game',
  'bots',
  'owner',
  'build',
  'created',
  'updated',
  'state',
  'reason',
  'finished',
  'elapsed_ms',
  'player',
  'summary',
  'imported',
] as const;

function labRun(row: Pick<Selectable<RunsTable>, (typeof LISTED)[number]>): LabRun {
  return {
    id: row.id,
    kind: row.kind,
    game: row.game,
    bots: row.bots,
    owner: row.owner,
    build: row.build,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
    state: row.state,
    reason: row.reason,
    finished: row.finished,
    elapsedMs: row.elapsed_ms,
    onServer: row.player === 'server',
    imported: row.imported,
    summary: row.summary as unknown as RunSummary,
  };
}
