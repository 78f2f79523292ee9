// Moves judged against perfect play on Pascal Pons' 7x6 test sets (`moves score` a line), as `bench strength` and
// `bench neural` judge them: a move keeps its position's value when a won position stays won and a drawn one drawn
// (a lost position keeps its value whatever is played). Each child position is solved weakly once, spread over the
// pool's workers; a child that ends the game is judged by the rules.

import { outcome, parse } from '../src/games/connect4/rules';
import type { WorkerPool } from '../src/runtime/pool';
import { solveSet } from './harness';

/** Pons' six sets, from the end game to the hardest openings (test/data/connect4/). */
export const PONS_SETS = ['Test_L3_R1', 'Test_L2_R1', 'Test_L2_R2', 'Test_L1_R1', 'Test_L1_R2', 'Test_L1_R3'];

/** A position of Pons' sets: its moves and its published score for the side to move. */
export interface PonsPosition {
  readonly moves: string;
  readonly score: number;
}

export class MoveJudge {
  /** Each child's weak value (1 won, 0 drawn, -1 lost for its side to move), by its moves. */
  private readonly values = new Map<string, number>();

  constructor(private readonly pool: WorkerPool) {}

  /** Whether each position's move (its column, 0-based) keeps its value. */
  async keeps(positions: readonly PonsPosition[], columns: readonly number[]): Promise<boolean[]> {
    const children = positions.map(({ moves }, i) => moves + (columns[i] + 1));
    const unknown = [...new Set(children.filter((line) => !this.values.has(line) && !outcome(parse(line))))];
    if (unknown.length > 0) {
      const { answers } = await solveSet(this.pool, 'connect4', 'children', unknown, { weak: true });
      for (const [i, line] of unknown.entries()) this.values.set(line, Math.sign(answers[i].score as number));
    }
    return children.map((line, i) => {
      const end = outcome(parse(line));
      const after = end ? (end.winner === null ? 0 : 1) : -this.values.get(line)!;
      return after >= Math.sign(positions[i].score);
    });
  }
}

/** The positions of one of Pons' sets (test/data/connect4/Test_…). */
export function readPonsSet(text: string): PonsPosition[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [moves, score] = line.split(' ');
      return { moves, score: Number(score) };
    });
}
