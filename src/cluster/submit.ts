// A run played by the cluster's workers: its games are queued as tasks of whole pairs, a bounded window of them at
// a time (the next as one finishes), and gathered here as the workers finish them, each game's record given to
// onGame as a local run gives it. The same schedule gives the same records whatever the number of machines: a game's record depends only on the game and its seed. A run
// carried on (--resume) first takes the results its tasks left in Redis, and queues only the games still missing.
// Every second the run looks at Redis: for a `playground runs --cancel`, for its tasks still to come (a Redis that
// lost them, restarted without persistence, ends the run with the reason instead of a wait for ever), and for
// Redis itself (out of reach, the run says so and waits; Ctrl-C still stops it at once).

import { QueueEvents } from 'bullmq';
import type { GameRecord, MoveRecord } from '../arena/play-out';
import type { Schedule } from '../arena/schedule';
import type { TimeControl } from '../arena/time-control';
import type { Run, RunProgress } from '../runtime/run-schedule';
import {
  buildId,
  cancelKey,
  closeWithin,
  clusterQueue,
  type GameTask,
  JOBS_READ,
  type OfferedVersion,
  pairsPerTask,
  QUEUE_NAME,
  redisConnection,
  taskId,
} from './tasks';
import { JobWaits } from './job-waits';
import { taskFault } from './records';
import { watchRedis } from './redis-watch';

type TaskResult = (GameRecord | null)[];

/** How long a stopped run waits to tidy up. */
const CLEAN_UP_MS = 3000;
/** The most tasks of a run in Redis at once. */
export const QUEUED_TASKS = 128;

/** Where and as what a schedule is played on the cluster. */
export interface ClusterRun {
  readonly redis: string;
  /** The command's run (what `playground runs` lists and `--cancel` names), and this schedule's id in it. */
  readonly owner: string;
  readonly runId: string;
  /** The engines the schedule's configurations name: each worker must have been started with them... */
  readonly engines?: readonly string[];
  /** ...but for submitted bot modules, whose code goes with the tasks (each worker plays them in its sandbox). */
  readonly modules?: Readonly<Record<string, string>>;
  /** A worker's own queue (the ladder's games of engines only it offers), and those engines' versions. */
  readonly queue?: string;
  readonly offered?: Readonly<Record<string, OfferedVersion>>;
  /** Each move of a game as its worker plays it (the games so far of the schedule's game `index`). */
  onMove?(index: number, moves: readonly MoveRecord[]): void;
  /** The command's first schedule: an earlier `--cancel` of the run (now carried on) is forgotten. */
  readonly fresh?: boolean;
  /** A run carried on (--resume): the results its tasks left in Redis are looked for before anything is queued. */
  readonly resumed?: boolean;
  onRemoteCancel?(): void;
  log?(line: string): void;
  /** Waited for before each task is queued: a reader that has not kept up with the games holds the run back. */
  ready?(): Promise<void>;
}

/** A schedule played on the cluster: `finished` resolves with its records (those played, when it is stopped). */
export class ClusterSubmission implements Run {
  readonly finished: Promise<(GameRecord | undefined)[]>;
  private readonly queue: ReturnType<typeof clusterQueue<GameTask, TaskResult>>;
  private readonly events: QueueEvents;
  private readonly records: (GameRecord | undefined)[];
  /** The games to play (a run carried on plays only those it misses). */
  private readonly wanted: Set<number>;
  /** The tasks in Redis by their job's id: a move reported is of one of their games... */
  private readonly byJob = new Map<string, readonly number[]>();
  /** ...whose moves so far are kept here until its record comes (a game played again, its task retried, starts again). */
  private readonly liveMoves = new Map<number, MoveRecord[]>();
  /** The tasks in Redis now (their games' indices), for the clean-up to remove. */
  private readonly inRedis = new Set<readonly number[]>();
  /** The tasks' ends, heard or looked at. */
  private readonly waits = new JobWaits<TaskResult>();
  private readonly started = performance.now();
  private done = 0;
  private cancelled = false;
  /** Set once the run ends: no task is queued after it. */
  private ending = false;
  private readonly stopped: Promise<'stopped'>;
  private stop = () => {};
  private lose: (error: Error) => void = () => {};

  constructor(
    private readonly run: ClusterRun,
    private readonly schedule: Schedule,
    private readonly time: TimeControl,
    private readonly onGame: (index: number, record: GameRecord, progress: RunProgress) => void = () => {},
    private readonly indices: readonly number[] = schedule.games.map((_, i) => i),
    private readonly onBatch: () => void = () => {},
  ) {
    const connection = redisConnection(run.redis);
    const queueName = run.queue ?? QUEUE_NAME;
    this.queue = clusterQueue<GameTask, TaskResult>(run.redis, connection, queueName);
    this.events = new QueueEvents(queueName, { connection });
    // Each task waited for listens on the queue until it ends.
    this.queue.setMaxListeners(0);
    // As the queue's: a lost connection comes back by itself.
    this.events.on('error', () => {});
    if (run.onMove) this.events.on('progress', ({ jobId, data }) => this.moved(jobId, data));
    this.records = Array(schedule.games.length).fill(undefined);
    this.wanted = new Set(indices);
    this.stopped = new Promise<'stopped'>((resolve, reject) => {
      this.stop = () => resolve('stopped');
      this.lose = reject;
    });
    this.stopped.catch(() => {});
    this.finished = this.playAll();
  }

  cancel(): void {
    this.cancelled = true;
    this.stop();
  }

  private async playAll(): Promise<(GameRecord | undefined)[]> {
    const { redis, log = () => {} } = this.run;
    const stopWatching = watchRedis(redis, () => this.look(), log, 'the finished games');
    // Stopped (Ctrl-C, `runs --cancel`) while Redis is out of reach, the run ends at once with what was played;
    // tasks lost from Redis end it with the reason.
    const playing = this.play();
    playing.catch(() => {});
    try {
      return await Promise.race([playing, this.stopped.then(() => this.records)]);
    } finally {
      stopWatching();
      this.ending = true;
      // A run that ends before its last game (stopped, failed) removes its tasks not taken yet (those whose games
      // came back stay, for `playground runs`); those being played finish on their worker and are not counted.
      // Bounded: a Redis out of reach does not keep a stopped run from ending (its connections are dropped, as
      // they would go on trying and keep the command from ending).
      await closeWithin([this.queue, this.events], CLEAN_UP_MS, () =>
        Promise.allSettled([...this.inRedis].map((taskIndices) => this.queue.remove(taskId(this.run.runId, taskIndices)))),
      );
    }
  }

  private async play(): Promise<(GameRecord | undefined)[]> {
    const { owner, runId, fresh = true, resumed = false, log = () => {}, ready } = this.run;
    await this.events.waitUntilReady();
    if (fresh) await (await this.queue.client).del(cancelKey(owner));
    // Results this run's tasks left in Redis (its command died, or was stopped, after they were queued).
    if (resumed) {
      for (const job of await this.queue.getJobs('completed', 0, JOBS_READ - 1)) {
        if (job?.data?.run === runId && job.data.build === buildId() && job.returnvalue) this.take(job.data.indices, job.returnvalue);
      }
      if (this.done > 0) log(`${this.done} games already played on the cluster taken from Redis`);
      this.onBatch();
    }
    const tasks = this.cut(this.indices.filter((index) => !this.records[index]));
    // Tasks are queued as earlier ones finish, at most QUEUED_TASKS at once: what a run holds in Redis (and here)
    // stays bounded however many games it has, and runs queued together take turns.
    let next = 0;
    const going = () => next < tasks.length && !this.cancelled && !this.ending;
    const lane = async () => {
      while (going()) {
        if (ready) await Promise.race([ready(), this.stopped]);
        if (going()) await this.playTask(tasks[next++]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(QUEUED_TASKS, tasks.length) }, lane));
    return this.records;
  }

  private async playTask(taskIndices: readonly number[]): Promise<void> {
    const job = await this.queue.add('games', this.gameTask(taskIndices), {
      jobId: taskId(this.run.runId, taskIndices),
      attempts: 3,
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 24 * 3600 },
    });
    if (this.ending) return void (await this.queue.remove(job.id!).catch(() => {}));
    this.inRedis.add(taskIndices);
    this.byJob.set(job.id!, taskIndices);
    let played: TaskResult | 'stopped';
    try {
      played = await Promise.race([this.waits.wait(job, this.queue, this.events).ended, this.stopped]);
    } catch (error) {
      this.inRedis.delete(taskIndices);
      this.byJob.delete(job.id!);
      if (this.cancelled) return;
      throw new Error(`a cluster task failed: ${(error as Error).message}`);
    }
    // Stopped: the task stays listed, for the clean-up to remove it.
    if (played === 'stopped') return;
    this.inRedis.delete(taskIndices);
    this.byJob.delete(job.id!);
    if (this.cancelled) return;
    this.take(taskIndices, played);
    this.onBatch();
  }

  /** A task's records, once checked. */
  private take(taskIndices: readonly number[], played: TaskResult): void {
    const { engines = [], modules, offered } = this.run;
    // A worker is any process that reaches Redis: nothing it sends counts before it is checked (records.ts).
    const fault = taskFault(this.schedule, taskIndices, played, {
      engines: new Set([...engines, ...Object.keys(modules ?? {}), ...Object.keys(offered ?? {})]),
      time: this.time,
    });
    if (fault) return this.lose(new Error(`a worker's results were refused, and the run stopped (the finished games are kept): ${fault}`));
    for (const [i, index] of taskIndices.entries()) {
      const record = played[i];
      if (!record || this.records[index] || !this.wanted.has(index)) continue;
      this.records[index] = record;
      this.liveMoves.delete(index);
      this.done++;
      this.onGame(index, record, { done: this.done, total: this.indices.length, elapsedMs: performance.now() - this.started });
    }
  }

  /** A move a worker reported, of a game of a task in Redis: the game's moves so far go to onMove. */
  private moved(jobId: string, data: unknown): void {
    const taskIndices = this.byJob.get(jobId);
    const { index, ply, move } = data as { index?: unknown; ply?: unknown; move?: MoveRecord };
    if (!taskIndices || typeof index !== 'number' || typeof ply !== 'number' || typeof move?.move !== 'string') return;
    const game = taskIndices[index];
    if (game === undefined || this.records[game]) return;
    const moves = ply === 0 ? [] : (this.liveMoves.get(game) ?? []);
    if (ply !== moves.length) return;
    moves.push(move);
    this.liveMoves.set(game, moves);
    this.run.onMove!(game, moves);
  }

  /** `playground runs --cancel` leaves a key; the tasks still to come must be there (and their ends are looked at). */
  private async look(): Promise<void> {
    const client = await this.queue.client;
    if ((await client.get(cancelKey(this.run.owner))) !== null && !this.cancelled) {
      this.run.onRemoteCancel?.();
      this.cancel();
    }
    if (this.cancelled) return;
    const gone = await this.waits.look(this.queue);
    if (gone.length > 0)
      this.lose(
        new Error(
          `${gone.length} of the run's tasks are gone from Redis at ${this.run.redis} (restarted without persistence?): the finished games are kept, carry on with --resume`,
        ),
      );
  }

  /** The games to play as tasks of whole pairs (a pair's two games are adjacent in a schedule). */
  private cut(todo: readonly number[]): number[][] {
    const size = 2 * pairsPerTask(Math.ceil(todo.length / 2));
    const tasks: number[][] = [];
    for (let first = 0; first < todo.length; first += size) tasks.push(todo.slice(first, first + size));
    return tasks;
  }

  private gameTask(taskIndices: readonly number[]): GameTask {
    const { owner, runId, engines = [], modules, offered, onMove } = this.run;
    const { schedule } = this;
    // A worker is asked only for the engines of the task's games, and a submitted module's code goes only to the
    // tasks whose games it plays (a seat is `name` or `name:param=value`).
    const seated = new Set(taskIndices.flatMap((index) => schedule.games[index].seats.map((seat) => seat.split(':')[0])));
    const taskModules = modules && Object.fromEntries(Object.entries(modules).filter(([name]) => seated.has(name)));
    return {
      owner,
      run: runId,
      game: schedule.game,
      ...(schedule.size === undefined ? {} : { size: schedule.size }),
      indices: taskIndices,
      games: taskIndices.map((index) => schedule.games[index]),
      time: this.time,
      engines: engines.filter((name) => seated.has(name)),
      ...(taskModules && Object.keys(taskModules).length > 0 ? { modules: taskModules } : {}),
      ...(offered ? { offered } : {}),
      ...(onMove ? { live: true } : {}),
      build: buildId(),
    };
  }
}
