// A run's games judged against perfect play, after they are played: every position of a finished game solved on
// the pool (within a review's budget: a position the solver cannot settle in it leaves the moves around it
// unjudged), each solve asked once however many games reach the position, and each move set against the game's
// value before and after it (MoveRecord.drop). A move keeps the value when the result under perfect play is
// unchanged (a win stays a win, a draw a draw); one that changes it is a mistake (a win to a draw, a draw to a
// loss) or a blunder (a win to a loss). arena/accuracy.ts counts the judged moves per bot.

import { isJudgedGame } from '../arena/accuracy';
import type { GameRecord } from '../arena/play-out';
import type { AnyGame, SolveOptions } from '../contracts/game';
import { isSolitaire, judging, powerOf } from '../contracts/powers';
import type { Job, WorkerPool } from './pool';
import { requestSolve } from './requests';
import { REVIEW_BUDGET } from './review';

/** The result a value means for the first seat: 1 a win, 0 a draw, -1 a loss. */
const result = (value: number) => Math.sign(value) + 0;

/** Whether a run of this game and size is judged once played: its solver settles the game's positions quickly. */
export function judgesRuns(game: AnyGame, size: number | undefined): boolean {
  return !!game.solver?.firstSeatValue && !isSolitaire(game) && (powerOf(game, judging)?.judging(size).quick ?? false);
}

export class Judge {
  private readonly values = new Map<string, Promise<number | null>>();
  private readonly jobs = new Set<Job<unknown>>();
  /** Whether stop() was called: the records then judged are partly unknown. */
  stopped = false;

  private readonly options: SolveOptions;

  constructor(
    private readonly pool: WorkerPool,
    private readonly game: AnyGame,
    size: number | undefined,
  ) {
    if (!game.solver?.firstSeatValue) throw new Error(`${game.rules.title} has no solver to judge its games`);
    this.options = powerOf(game, judging)?.judging(size).options ?? {};
  }

  /** The first seat's result of a position under perfect play (a finished game's own), null past the budget. */
  private value(position: unknown): Promise<number | null> {
    const { rules } = this.game;
    const over = rules.outcome(position);
    if (over) return Promise.resolve(over.winner === null ? result(over.margin ?? 0) : over.winner === 0 ? 1 : -1);
    const line = rules.format(position);
    let value = this.values.get(line);
    if (!value) {
      if (this.stopped) return Promise.resolve(null);
      const job = requestSolve(this.pool, rules.id, line, this.options, REVIEW_BUDGET);
      this.jobs.add(job);
      value = job.promise.then(
        (answer) => {
          this.jobs.delete(job);
          return 'error' in answer ? null : result(this.game.solver!.firstSeatValue!(answer, position));
        },
        () => {
          this.jobs.delete(job);
          this.values.delete(line); // cancelled: asked again by a later judge of this position
          return null;
        },
      );
      this.values.set(line, value);
    }
    return value;
  }

  /** The game with each move's drop: 0 kept, 1 a mistake, 2 a blunder, null unknown (a forfeited game's moves too). */
  async record(record: GameRecord): Promise<GameRecord> {
    const { rules } = this.game;
    const positions = [rules.parse(record.start)];
    for (const move of record.moves) positions.push(rules.play(positions.at(-1)!, rules.parseMove(move.move)));
    const values = await Promise.all(positions.map((position) => this.value(position)));
    const moves = record.moves.map((move, k) => {
      const [before, after] = [values[k], values[k + 1]];
      if (before === null || after === null) return { ...move, drop: null };
      const sign = rules.seatToMove(positions[k]) === 0 ? 1 : -1;
      return { ...move, drop: Math.max(0, sign * before - sign * after) as 0 | 1 | 2 };
    });
    return { ...record, moves };
  }

  /** Every finished game of a run judged (those not yet), `progress` told of each game done. */
  async records<R extends GameRecord | null | undefined>(records: readonly R[], progress: (done: number, of: number) => void = () => {}): Promise<R[]> {
    const todo = records.filter((record) => record && !isJudgedGame(record)).length;
    let done = 0;
    progress(0, todo);
    return Promise.all(
      records.map(async (record) => {
        if (!record || isJudgedGame(record)) return record;
        const judged = (await this.record(record)) as R;
        progress(++done, todo);
        return judged;
      }),
    );
  }

  /** Stops the solves under way and asks no more: the moves still waiting stay unknown. */
  stop(): void {
    this.stopped = true;
    for (const job of this.jobs) job.cancel();
  }
}
