// Running a schedule on the worker pool: one job per game, each game whole in one worker, progress per game,
// and cancel, which keeps the games already finished.

import type { Budget } from '../engine/game';
import { CancelledError, type WorkerPool } from '../engine/pool';
import type { GameRecord } from './play-out';
import type { Schedule } from './schedule';

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

export function runSchedule(pool: WorkerPool, schedule: Schedule, budget: Budget, onGame: (index: number, record: GameRecord, progress: RunProgress) => void = () => {}): Run {
  const started = performance.now();
  const records: (GameRecord | undefined)[] = Array(schedule.games.length).fill(undefined);
  let done = 0;
  const jobs = schedule.games.map((game) =>
    pool.run((api) => api.playGame(schedule.game, game.seats, game.start, game.seed, budget)),
  );
  const settled = jobs.map((job, index) =>
    job.promise.then(
      (record) => {
        records[index] = record;
        done++;
        onGame(index, record, { done, total: jobs.length, elapsedMs: performance.now() - started });
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
        jobs.forEach((job) => job.cancel());
      }),
    ),
  ).then(() => {
    if (failure) throw failure;
    return records;
  });
  return { finished, cancel: () => jobs.forEach((job) => job.cancel()) };
}

