// The runs the server plays itself (submitted from the arena page, or rerun): a few at a time (the rest wait,
// queued), each played on the server's worker pool or, with REDIS_URL, on the cluster, its games stored after every
// batch. The playing slots are shared between accounts: the next run is the oldest of the account playing fewest,
// an account holding more than its share gives one back when another's run waits, and when more accounts wait than
// there are slots a run that has played its turn (TURN_MS) gives its slot to a run of an account not playing (a run
// that gives its slot back stays `running` and is carried on later from its stored games, as after a restart). Whatever stops the server (a restart, a crash, kill -9), a run
// left running is carried on at the next start from the games it stored: a game's record depends only on the
// game and its seed, so the results are an uninterrupted run's. A database that does not answer holds the
// games played meanwhile here, and they are stored once it answers again; each game is stored once.
// Nothing polls: the runner looks for runs to play when one is submitted or ends, when a run's turn is up, and
// again a moment after the database failed to answer; a run cancelled or deleted is stopped when the lab says so.

import { MatchTally } from '../arena/match';
import type { GameRecord } from '../arena/play-out';
import { ClusterSubmission } from '../cluster/submit';
import { gameById } from '../games';
import { Judge, judgesRuns } from '../runtime/judge';
import type { WorkerPool } from '../runtime/pool';
import { type Run, runSchedule } from '../runtime/run-schedule';
import type { LabRuns } from './runs';

export interface RunnerOptions {
  /** The pool the runs play on (made at the first run). */
  readonly pool: () => WorkerPool;
  /** The cluster's Redis: the games go to its workers instead. */
  readonly redis?: string;
  /** Runs played at once (default 2); the others wait their turn. */
  readonly playing?: number;
  readonly logFailure?: (what: string, error: unknown) => void;
}

/** How long to wait before looking for runs, or storing games, again when the database did not answer. */
const RETRY_MS = 1000;
/**
 * Games are stored together: at most this long after the first of them came back, or once this many wait. Each
 * store is a transaction on the server's main thread (PGlite's runs there), which also hears the workers: one a
 * batch of short games held them idle most of the time. Games not stored yet when the server dies are played
 * again when it carries the run on, to the same records.
 */
const STORE_MS = 500;
const STORE_GAMES = 2000;
/** How long a run plays before it gives its slot to a waiting account's run, when accounts outnumber the slots. */
const TURN_MS = 120_000;

/**
 * A run being played: its owner, since when, how to stop what it is doing (its games, or their judging) to carry
 * it on later, how to stop it for good (cancelled), and whether it was asked to give its slot back.
 */
interface Playing {
  readonly owner: string | null;
  readonly since: number;
  stop?: () => void;
  cancel?: () => void;
  yielding: boolean;
}

export class LabRunner {
  /** The runs being played, by id. */
  private readonly playing = new Map<string, Playing>();
  /** The next look planned (a run's turn ending, or a retry), and when. */
  private timer?: ReturnType<typeof setTimeout>;
  private timerAt = 0;
  private looking = false;
  /** Woken while looking: looks again once the look is done. */
  private lookAgain = false;
  private closed = false;
  private readonly ended = new Set<Promise<void>>();

  constructor(
    private readonly runs: LabRuns,
    private readonly options: RunnerOptions,
  ) {
    this.wake();
  }

  /** Looks for runs to start (a run was submitted, or one ended); a look under way looks again once it is done. */
  wake(): void {
    if (this.closed) return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    this.looking = true;
    this.lookAgain = false;
    this.next()
      .catch((error: unknown) => {
        this.options.logFailure?.('looking for runs to play', error);
        this.wakeIn(RETRY_MS);
      })
      .finally(() => {
        this.looking = false;
        if (this.lookAgain) this.wake();
      });
  }

  /** The lab cancelled or deleted a run: if it is playing here, it stops. */
  cancelled(id: string): void {
    this.playing.get(id)?.cancel?.();
  }

  /** Stops playing: the runs under way keep their state, and are carried on at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (const playing of this.playing.values()) playing.stop?.();
    await Promise.all(this.ended);
  }

  /** Starts waiting runs in the free slots, each of the account playing fewest; asks for a slot back where one is owed. */
  private async next(): Promise<void> {
    const most = this.options.playing ?? 2;
    const waiting = (await this.runs.toPlay()).filter((run) => !this.playing.has(run.id));
    const slotsOf = (owner: string | null) => [...this.playing.values()].filter((playing) => playing.owner === owner && !playing.yielding).length;
    while (!this.closed && waiting.length > 0 && this.playing.size < most) {
      const chosen = waiting.reduce((best, run) => (slotsOf(run.owner) < slotsOf(best.owner) ? run : best));
      waiting.splice(waiting.indexOf(chosen), 1);
      this.start(chosen.id, chosen.owner);
    }
    if (this.closed || waiting.length === 0) return;
    // Full: a waiting account with fewer slots than its share gets one from an account with more, or, once
    // accounts outnumber the slots, from a run that has had its turn.
    const owners = new Set([...[...this.playing.values()].map((playing) => playing.owner), ...waiting.map((run) => run.owner)]);
    const share = Math.max(1, Math.floor(most / owners.size));
    const starved = waiting.find((run) => slotsOf(run.owner) === 0);
    if (!starved) return;
    const holders = [...this.playing.values()].filter((playing) => !playing.yielding);
    const giving =
      holders.filter((playing) => slotsOf(playing.owner) > share).sort((a, b) => b.since - a.since)[0] ??
      holders.filter((playing) => performance.now() - playing.since >= TURN_MS).sort((a, b) => a.since - b.since)[0];
    if (giving) {
      giving.yielding = true;
      giving.stop?.();
    } else if (holders.length > 0) {
      // Nobody has had its turn yet: looked at again when the first turn is up.
      this.wakeIn(Math.min(...holders.map((playing) => playing.since)) + TURN_MS - performance.now());
    }
  }

  /** Looks again in `ms` (the earlier of two plans). */
  private wakeIn(ms: number): void {
    const at = performance.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.wake();
      },
      Math.max(0, ms),
    );
    this.timer.unref();
  }

  private start(id: string, owner: string | null): void {
    const playing: Playing = { owner, since: performance.now(), yielding: false };
    this.playing.set(id, playing);
    // A database that does not answer is only logged: the run is taken again at a later look.
    const ended = this.play(id, playing)
      .catch((error: unknown) => this.options.logFailure?.(`playing run ${id}`, error))
      .finally(() => {
        this.playing.delete(id);
        this.ended.delete(ended);
        this.wake();
      });
    this.ended.add(ended);
  }

  private async play(id: string, playing: Playing): Promise<void> {
    const saved = await this.runs.playing(id);
    const row = await this.runs.run(id);
    if (!saved || !row) return;
    const resumed = row.state === 'running';
    if (!resumed && !(await this.runs.start(id))) return;
    const { schedule, sprt } = saved;
    const records: (GameRecord | undefined)[] = saved.records.map((record) => record ?? undefined);
    const todo = records.flatMap((record, index) => (record ? [] : [index]));
    const tally = sprt && new MatchTally(schedule, sprt);
    const decided = () => tally?.advance(records) ?? false;
    const started = performance.now();
    const elapsed = () => saved.elapsedMs + performance.now() - started;
    let stopped = false;
    let run: Run | undefined;
    const stop = () => {
      stopped = true;
      run?.cancel();
    };
    const batches = new GameBatches(this.runs, id, elapsed, stop, this.options.logFailure);
    let failure: Error | undefined;
    if (todo.length > 0 && !decided() && !this.closed && !playing.yielding) {
      const onGame = (index: number, record: GameRecord) => {
        records[index] = record;
        batches.add(index, record);
        if (decided()) run?.cancel();
      };
      run = this.options.redis
        ? new ClusterSubmission(
            { redis: this.options.redis, owner: id, runId: id, fresh: !resumed, resumed, onRemoteCancel: () => void this.runs.cancel(id).then(stop, () => {}) },
            schedule,
            saved.time ?? {},
            onGame,
            todo,
            () => batches.storeSoon(),
          )
        : runSchedule(this.options.pool(), schedule, saved.time ?? {}, onGame, todo, () => batches.storeSoon());
      playing.stop = () => run?.cancel();
      playing.cancel = stop;
      try {
        await run.finished;
      } catch (error) {
        failure = error as Error;
      }
    }
    await batches.flush(() => this.closed);
    if (failure) return this.runs.fail(id, `the run failed: ${failure.message}`);
    // Stopped by a close or to give its slot back (not by its owner): carried on later.
    if ((this.closed || playing.yielding) && !stopped) return;
    const finished = records.every(Boolean) || decided();
    const game = gameById(schedule.game);
    if (finished && !stopped && saved.kind !== 'sweep' && judgesRuns(game, schedule.size)) {
      // Judged before it ends (a close meanwhile leaves it running, judged again at the next start).
      const judge = new Judge(this.options.pool(), game, schedule.size);
      playing.stop = () => judge.stop();
      const judged = await judge.records(records);
      if (this.closed || playing.yielding) return;
      await this.runs.storeJudged(
        id,
        judged.flatMap((record, index) => (record && record !== records[index] ? [{ index, record }] : [])),
      );
    }
    for (;;) {
      try {
        await this.runs.end(id, { finished, elapsedMs: elapsed() });
        return;
      } catch {
        if (this.closed) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }
}

/**
 * A run's games as they are played, stored in batches (at STORE_GAMES games, else STORE_MS after the first), one
 * storing at a time taking all that wait; kept here while the database does not answer, and tried again.
 */
class GameBatches {
  private unsent: { index: number; record: GameRecord }[] = [];
  private storing: Promise<void> = Promise.resolve();
  private pending = false;
  /** The database failed to store them once (said once a run). */
  private unstored = false;
  private soon?: ReturnType<typeof setTimeout>;
  private retry?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly runs: LabRuns,
    private readonly id: string,
    private readonly elapsed: () => number,
    /** Told when the run is no longer running in the lab (cancelled, deleted). */
    private readonly stop: () => void,
    private readonly logFailure?: (what: string, error: unknown) => void,
  ) {}

  add(index: number, record: GameRecord): void {
    this.unsent.push({ index, record });
  }

  /** The games played and not stored yet. */
  get waiting(): number {
    return this.unsent.length;
  }

  store(): void {
    if (this.pending) return;
    this.pending = true;
    this.storing = this.storing.then(async () => {
      this.pending = false;
      const games = this.unsent;
      this.unsent = [];
      if (games.length === 0) return;
      try {
        const { state } = await this.runs.storeGames(this.id, games, this.elapsed());
        if (state !== 'running') this.stop();
      } catch (error) {
        // The database does not answer: the games wait here, and are tried again in a moment.
        this.unsent = [...games, ...this.unsent];
        if (!this.unstored) this.logFailure?.(`storing games of run ${this.id} (they are kept here, and stored once the lab answers)`, error);
        this.unstored = true;
        this.retry ??= setTimeout(() => {
          this.retry = undefined;
          this.store();
        }, RETRY_MS).unref();
      }
    });
  }

  /** After a batch of games: stored now when many wait, else in a moment. */
  storeSoon(): void {
    if (this.unsent.length >= STORE_GAMES) return this.store();
    this.soon ??= setTimeout(() => {
      this.soon = undefined;
      this.store();
    }, STORE_MS);
  }

  /** Stores every game played, however long the database takes to answer (unless `closed` says the server stops). */
  async flush(closed: () => boolean): Promise<void> {
    clearTimeout(this.soon);
    this.soon = undefined;
    for (;;) {
      this.store();
      await this.storing;
      clearTimeout(this.retry);
      this.retry = undefined;
      if (this.unsent.length === 0 || closed()) return;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
