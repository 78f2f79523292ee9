// A run's games judged against perfect play, after they are played: every position of every finished game solved
// on the pool (within a review's budget: a position the solver cannot settle in it leaves its moves unjudged), each
// solve asked once however many games reach the position, and each move set against the game's value before and
// after it. A move keeps the value when the result under perfect play is unchanged (a win stays a win, a draw a
// draw); one that changes it is a mistake (a win to a draw, a draw to a loss) or a blunder (a win to a loss).

import { shareInterval } from '../arena/accuracy';
import type { GameRecord } from '../arena/play-out';
import type { Schedule } from '../arena/schedule';
import type { AnyGame } from '../contracts/game';
import type { WorkerPool } from './pool';
import { requestSolve } from './requests';
import { REVIEW_BUDGET } from './review';

/** One bot's moves as judged: how many could be, how many kept the value, and the mistakes and blunders. */
export interface BotJudgement {
  readonly bot: string;
  readonly games: number;
  readonly judged: number;
  readonly kept: number;
  /** kept / judged, and its 95% interval (null when no move could be judged). */
  readonly accuracy: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
  readonly mistakes: number;
  readonly blunders: number;
}

/** The result a value means for the first seat: 1 a win, 0 a draw, -1 a loss. */
const result = (value: number) => Math.sign(value) + 0;

export class Judge {
  private readonly values = new Map<string, Promise<number | null>>();

  constructor(
    private readonly pool: WorkerPool,
    private readonly game: AnyGame,
  ) {
    if (!game.solver?.firstSeatValue) throw new Error(`${game.rules.title} has no solver to judge its games`);
  }

  /** The first seat's result of a position under perfect play (a finished game's own), null past the budget. */
  private value(position: unknown): Promise<number | null> {
    const { rules, solver } = this.game;
    const over = rules.outcome(position);
    if (over) return Promise.resolve(over.winner === null ? Math.sign(over.margin ?? 0) + 0 : over.winner === 0 ? 1 : -1);
    const line = rules.format(position);
    let value = this.values.get(line);
    if (!value) {
      value = requestSolve(this.pool, rules.id, line, {}, REVIEW_BUDGET).promise.then((answer) =>
        'error' in answer ? null : result(solver!.firstSeatValue!(answer, position)),
      );
      this.values.set(line, value);
    }
    return value;
  }

  /** How much of the result each move of a game gave away (0 kept, 1 a mistake, 2 a blunder; null: unknown), and its mover. */
  async moves(record: GameRecord): Promise<{ seat: 0 | 1; drop: number | null }[]> {
    const { rules } = this.game;
    const positions = [rules.parse(record.start)];
    for (const move of record.moves) positions.push(rules.play(positions.at(-1)!, rules.parseMove(move.move)));
    const values = await Promise.all(positions.map((position) => this.value(position)));
    return record.moves.map((_, k) => {
      const seat = rules.seatToMove(positions[k]);
      const [before, after] = [values[k], values[k + 1]];
      if (before === null || after === null) return { seat, drop: null };
      const sign = seat === 0 ? 1 : -1;
      return { seat, drop: Math.max(0, sign * before - sign * after) };
    });
  }

  /** Every bot's judgement over the finished games of a run (a forfeited game's moves are judged too). */
  async run(schedule: Schedule, records: readonly (GameRecord | undefined)[]): Promise<BotJudgement[]> {
    const tallies = new Map(schedule.bots.map((bot) => [bot, { games: 0, judged: 0, kept: 0, mistakes: 0, blunders: 0 }]));
    const judged = await Promise.all(records.map((record) => (record ? this.moves(record) : null)));
    judged.forEach((moves, i) => {
      if (!moves) return;
      const seats = schedule.games[i].seats;
      for (const bot of new Set(seats)) tallies.get(bot)!.games++;
      for (const { seat, drop } of moves) {
        if (drop === null) continue;
        const tally = tallies.get(seats[seat])!;
        tally.judged++;
        if (drop === 0) tally.kept++;
        else if (drop === 1) tally.mistakes++;
        else tally.blunders++;
      }
    });
    return [...tallies].map(([bot, tally]) => {
      const interval = tally.judged ? shareInterval(tally.kept, tally.judged) : null;
      return {
        bot,
        ...tally,
        accuracy: tally.judged ? tally.kept / tally.judged : null,
        lo: interval?.lo ?? null,
        hi: interval?.hi ?? null,
      };
    });
  }
}
