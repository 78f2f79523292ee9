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

export function runOnCluster(
  {
    redis,
    owner,
    runId,
    engines = [],
    modules,
    queue: queueName = QUEUE_NAME,
    offered,
    onMove,
    fresh = true,
    resumed = false,
    onRemoteCancel = () => {},
    log = () => {},
    ready,
  }: ClusterRun,
  schedule: Schedule,
  time: TimeControl,
  onGame: (index: number, record: GameRecord, progress: RunProgress) => void = () => {},
  indices: readonly number[] = schedule.games.map((_, i) => i),
  onBatch: () => void = () => {},
): Run {
  const connection = redisConnection(redis);
  const queue = clusterQueue<GameTask, TaskResult>(redis, connection, queueName);
  const events = new QueueEvents(queueName, { connection });
  // Each task waited for listens on the queue until it ends.
  queue.setMaxListeners(0);
  // As the queue's: a lost connection comes back by itself.
  events.on('error', () => {});
  const records: (GameRecord | undefined)[] = Array(schedule.games.length).fill(undefined);
  /** The tasks in Redis by their job's id: a move reported is of one of their games... */
  const byJob = new Map<string, readonly number[]>();
  /** ...whose moves so far are kept here until its record comes (a game played again, its task retried, starts again). */
  const liveMoves = new Map<number, MoveRecord[]>();
  if (onMove)
    events.on('progress', ({ jobId, data }) => {
      const taskIndices = byJob.get(jobId);
      const { index, ply, move } = data as { index?: unknown; ply?: unknown; move?: MoveRecord };
      if (!taskIndices || typeof index !== 'number' || typeof ply !== 'number' || typeof move?.move !== 'string') return;
      const game = taskIndices[index];
      if (game === undefined || records[game]) return;
      const moves = ply === 0 ? [] : (liveMoves.get(game) ?? []);
      if (ply !== moves.length) return;
      moves.push(move);
      liveMoves.set(game, moves);
      onMove(game, moves);
    });
  const started = performance.now();
  let done = 0;
  let cancelled = false;
  const wanted = new Set(indices);
  const take = (taskIndices: readonly number[], played: TaskResult) => {
    // A worker is any process that reaches Redis: nothing it sends counts before it is checked (records.ts).
    const fault = taskFault(schedule, taskIndices, played, {
      engines: new Set([...engines, ...Object.keys(modules ?? {}), ...Object.keys(offered ?? {})]),
      time,
    });
    if (fault) return lose(new Error(`a worker's results were refused, and the run stopped (the finished games are kept): ${fault}`));
    for (const [i, index] of taskIndices.entries()) {
      const record = played[i];
      if (!record || records[index] || !wanted.has(index)) continue;
      records[index] = record;
      liveMoves.delete(index);
      done++;
      onGame(index, record, { done, total: indices.length, elapsedMs: performance.now() - started });
    }
  };
  let stop = () => {};
  let lose: (error: Error) => void = () => {};
  const stopped = new Promise<'stopped'>((resolve, reject) => {
    stop = () => resolve('stopped');
    lose = reject;
  });
  stopped.catch(() => {});
  /** The run's tasks (their games' indices), queued a window at a time: those in Redis now are `inRedis`. */
  let tasks: number[][] = [];
  const inRedis = new Set<readonly number[]>();
  /** Their ends, heard or looked at. */
  const waits = new JobWaits<TaskResult>();
  let ending = false;
  const stopWatching = watchRedis(redis, look, log, 'the finished games');
  /** `playground runs --cancel` leaves a key; the tasks still to come must be there (and their ends are looked at). */
  async function look(): Promise<void> {
    const client = await queue.client;
    if ((await client.get(cancelKey(owner))) !== null && !cancelled) {
      onRemoteCancel();
      cancelled = true;
      stop();
    }
    if (cancelled) return;
    const gone = await waits.look(queue);
    if (gone.length > 0)
      lose(
        new Error(
          `${gone.length} of the run's tasks are gone from Redis at ${redis} (restarted without persistence?): the finished games are kept, carry on with --resume`,
        ),
      );
  }
  const play = async (): Promise<(GameRecord | undefined)[]> => {
    await events.waitUntilReady();
    if (fresh) await (await queue.client).del(cancelKey(owner));
    // Results this run's tasks left in Redis (its command died, or was stopped, after they were queued).
    if (resumed) {
      for (const job of await queue.getJobs('completed', 0, JOBS_READ - 1)) {
        if (job?.data?.run === runId && job.data.build === buildId() && job.returnvalue) take(job.data.indices, job.returnvalue);
      }
      if (done > 0) log(`${done} games already played on the cluster taken from Redis`);
      onBatch();
    }
    tasks = cut(indices.filter((index) => !records[index]));
    // Tasks are queued as earlier ones finish, at most QUEUED_TASKS at once: what a run holds in Redis (and here)
    // stays bounded however many games it has, and runs queued together take turns.
    let next = 0;
    const lane = async () => {
      while (next < tasks.length && !cancelled && !ending) {
        if (ready) await Promise.race([ready(), stopped]);
        if (next < tasks.length && !cancelled && !ending) await playTask(tasks[next++]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(QUEUED_TASKS, tasks.length) }, lane));
    return records;
  };
  async function playTask(taskIndices: readonly number[]): Promise<void> {
    const task = gameTask(taskIndices);
    const job = await queue.add('games', task, {
      jobId: taskId(runId, taskIndices),
      attempts: 3,
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 24 * 3600 },
    });
    if (ending) return void (await queue.remove(job.id!).catch(() => {}));
    inRedis.add(taskIndices);
    byJob.set(job.id!, taskIndices);
    let played: TaskResult | 'stopped';
    try {
      played = await Promise.race([waits.wait(job, events).ended, stopped]);
    } catch (error) {
      inRedis.delete(taskIndices);
      byJob.delete(job.id!);
      if (cancelled) return;
      throw new Error(`a cluster task failed: ${(error as Error).message}`);
    }
    // Stopped: the task stays listed, for the clean-up to remove it.
    if (played === 'stopped') return;
    inRedis.delete(taskIndices);
    byJob.delete(job.id!);
    if (cancelled) return;
    take(taskIndices, played);
    onBatch();
  }
  const finished = (async () => {
    // Stopped (Ctrl-C, `runs --cancel`) while Redis is out of reach, the run ends at once with what was played;
    // tasks lost from Redis end it with the reason.
    const playing = play();
    playing.catch(() => {});
    try {
      return await Promise.race([playing, stopped.then(() => records)]);
    } finally {
      stopWatching();
      ending = true;
      // A run that ends before its last game (stopped, failed) removes its tasks not taken yet (those whose games
      // came back stay, for `playground runs`); those being played finish on their worker and are not counted.
      // Bounded: a Redis out of reach does not keep a stopped run from ending (its connections are dropped, as
      // they would go on trying and keep the command from ending).
      await closeWithin([queue, events], CLEAN_UP_MS, () => Promise.allSettled([...inRedis].map((taskIndices) => queue.remove(taskId(runId, taskIndices)))));
    }
  })();

  /** The games to play as tasks of whole pairs (a pair's two games are adjacent in a schedule). */
  function cut(todo: readonly number[]): number[][] {
    const size = 2 * pairsPerTask(Math.ceil(todo.length / 2));
    const cutTasks: number[][] = [];
    for (let first = 0; first < todo.length; first += size) cutTasks.push(todo.slice(first, first + size));
    return cutTasks;
  }

  function gameTask(taskIndices: readonly number[]): GameTask {
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
      time,
      engines: engines.filter((name) => seated.has(name)),
      ...(taskModules && Object.keys(taskModules).length > 0 ? { modules: taskModules } : {}),
      ...(offered ? { offered } : {}),
      ...(onMove ? { live: true } : {}),
      build: buildId(),
    };
  }

  return {
    finished,
    cancel() {
      cancelled = true;
      stop();
    },
  };
}
