// Running a schedule on the worker pool: each game whole in one worker, progress per game, and cancel, which
// keeps the games already finished.

import type { TimeControl } from '../arena/time-control';
import { CancelledError, type Job, type WorkerPool } from './pool';
import type { GameRecord } from '../arena/play-out';
import type { Schedule } from '../arena/schedule';

export interface RunProgress {
  readonly done: number;
  readonly total: number;
  readonly elapsedMs: number;
}

export interface Run {
  /** The records by schedule index, undefined for games not played (cancelled). */
  readonly finished: Promise<(GameRecord | undefined)[]>;
  cancel(): void;
}

/**
 * Games go to the workers in batches: short games (a few milliseconds) would otherwise spend a good part of
 * their time in messages, and the main thread that handles them competes with the workers for the cores.
 * A batch is small enough that progress and cancel stay prompt.
 */
function batchSize(games: number, workers: number): number {
  return Math.max(1, Math.min(8, Math.floor(games / (workers * 16))));
}

/** Batches of a run in the pool's queue at once, for each of its workers. */
const LANES_A_WORKER = 2;

/**
 * Plays the schedule's games (or only those at `indices`, to carry on a run) on the pool. `onBatch` is told when
 * each batch of games has come back (its games already given to `onGame`).
 */
export function runSchedule(
  pool: WorkerPool,
  schedule: Schedule,
  time: TimeControl,
  onGame: (index: number, record: GameRecord, progress: RunProgress) => void = () => {},
  indices: readonly number[] = schedule.games.map((_, i) => i),
  onBatch: () => void = () => {},
): Run {
  const started = performance.now();
  const records: (GameRecord | undefined)[] = Array(schedule.games.length).fill(undefined);
  let done = 0;
  const size = batchSize(indices.length, pool.size);
  const batches: (readonly number[])[] = [];
  for (let first = 0; first < indices.length; first += size) batches.push(indices.slice(first, first + size));
  // A few batches a worker in the pool's queue at a time, the next given as one comes back: runs sharing the pool
  // (the lab's, the ladder's) take turns on it, instead of each waiting behind the whole of the runs before it.
  const inFlight = new Set<Job<GameRecord[]>>();
  let next = 0;
  let stopped = false;
  const lane = async () => {
    while (next < batches.length && !stopped) {
      const batch = batches[next++];
      const job = pool.run((api) =>
        api.playGames(
          schedule.game,
          batch.map((index) => schedule.games[index]),
          time,
        ),
      );
      inFlight.add(job);
      let played: GameRecord[];
      try {
        played = await job.promise;
      } catch (error) {
        if (error instanceof CancelledError) return;
        // The first real failure stops the rest and is reported.
        stop();
        throw error;
      } finally {
        inFlight.delete(job);
      }
      played.forEach((record, i) => {
        records[batch[i]] = record;
        done++;
        onGame(batch[i], record, { done, total: indices.length, elapsedMs: performance.now() - started });
      });
      onBatch();
    }
  };
  const stop = () => {
    stopped = true;
    for (const job of inFlight) job.cancel();
  };
  const lanes = Array.from({ length: Math.min(batches.length, LANES_A_WORKER * pool.size) }, lane);
  const finished = Promise.allSettled(lanes).then((ended) => {
    const failed = ended.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return records;
  });
  return { finished, cancel: stop };
}
