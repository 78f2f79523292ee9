// Playing a schedule the way its bots need: whole games in the workers, or, when an engine or a bot module sits
// in it, on this thread with the engines as child processes (runtime/engine-games.ts). The arena's commands, the
// tuner and the match's verification all go through here.

import type { AnyGame } from '../contracts/game';
import { type MatchReport, MatchTally, matchReport } from '../arena/match';
import type { GameRecord, MoveRecord } from '../arena/play-out';
import type { Schedule } from '../arena/schedule';
import type { SprtSettings } from '../arena/sprt';
import type { TimeControl } from '../arena/time-control';
import { type EngineSpec, type EngineStarter, EngineScheduleRun } from './engine-games';
import type { WorkerPool } from './pool';
import { type Run, type RunProgress, runSchedule } from './run-schedule';

export interface PlaySettings {
  readonly engines: readonly EngineSpec[];
  readonly startEngine: EngineStarter;
  readonly time: TimeControl;
  /** Each move as it is played (then every game is played move by move on this thread, as engines' games are). */
  readonly onMove?: (index: number, moves: readonly MoveRecord[]) => void;
  /** Plays the games elsewhere instead (the cluster's workers): the same records, by the same code. */
  readonly remote?: (
    schedule: Schedule,
    onGame?: (index: number, record: GameRecord, progress: RunProgress) => void,
    indices?: readonly number[],
    onBatch?: () => void,
  ) => Run;
}

export function playSchedule(
  pool: WorkerPool,
  game: AnyGame,
  schedule: Schedule,
  { engines, startEngine, time, onMove, remote }: PlaySettings,
  onGame?: (index: number, record: GameRecord, progress: RunProgress) => void,
  indices?: readonly number[],
  onBatch?: () => void,
): Run {
  if (remote) return remote(schedule, onGame, indices, onBatch);
  return engines.length > 0 || onMove
    ? new EngineScheduleRun(pool, game, schedule, engines, startEngine, time, onGame, indices, onBatch, onMove)
    : runSchedule(pool, schedule, time, onGame, indices, onBatch);
}

/** Plays a match's schedule until its SPRT decides, or `stopped()` says so (the games still being played are cancelled). */
export async function playMatch(
  pool: WorkerPool,
  game: AnyGame,
  schedule: Schedule,
  sprt: SprtSettings,
  settings: PlaySettings,
  stopped: () => boolean = () => false,
): Promise<MatchReport> {
  const records: (GameRecord | undefined)[] = Array(schedule.games.length).fill(undefined);
  const tally = new MatchTally(schedule, sprt);
  const run = playSchedule(pool, game, schedule, settings, (index, record) => {
    records[index] = record;
    if (stopped() || tally.advance(records)) run.cancel();
  });
  await run.finished;
  return matchReport(schedule, records, sprt);
}
