// Running a schedule on the worker pool: each game whole in one worker, progress per game, and cancel, which
// keeps the games already finished.

import type { TimeControl } from '../arena/time-control';
import { CancelledError, type WorkerPool } from './pool';
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
  const jobs = batches.map((batch) =>
    pool.run((api) =>
      api.playGames(
        schedule.game,
        batch.map((index) => schedule.games[index]),
        time,
      ),
    ),
  );
  const settled = jobs.map((job, b) =>
    job.promise.then(
      (played) => {
        played.forEach((record, i) => {
          records[batches[b][i]] = record;
          done++;
          onGame(batches[b][i], record, { done, total: indices.length, elapsedMs: performance.now() - started });
        });
        onBatch();
      },
      (error: unknown) => {
        if (!(error instanceof CancelledError)) throw error;
      },
    ),
  );
  let failure: unknown;
  const finished = Promise.all(
    settled.map((promise) =>
      promise.catch((error: unknown) => {
        // The first real failure cancels the rest and is reported.
        failure ??= error;
        for (const job of jobs) job.cancel();
      }),
    ),
  ).then(() => {
    if (failure) throw failure;
    return records;
  });
  return {
    finished,
    cancel: () => {
      for (const job of jobs) job.cancel();
    },
  };
}
