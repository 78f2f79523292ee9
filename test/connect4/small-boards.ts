// What the tests of the learned player's searches share: a blind evaluator (no opinion at all, so that a search
// stands on its own and on the rules), random positions of small boards, and every column's exact score by minimax.

import type { Rng } from '../../src/contracts/rng';
import type { Evaluation, Evaluator } from '../../src/games/connect4/neural';
import { legalMoves, newGame, play, type Position } from '../../src/games/connect4/rules';
import type { bruteForce } from './brute-force';

/** Every legal column alike, and no opinion on who wins. */
export const blind: Evaluator & { calls: number } = {
  calls: 0,
  async evaluate(positions: readonly Position[]): Promise<Evaluation[]> {
    this.calls += positions.length;
    return positions.map((position) => {
      const legal = legalMoves(position);
      return { policy: Array.from({ length: position.width }, (_, column) => (legal.includes(column) ? 1 / legal.length : 0)), value: 0 };
    });
  },
};

/** A random position `plies` into a game that is not over. */
export function randomPosition(width: number, height: number, plies: number, rng: Rng): Position {
  let position = newGame({ width, height });
  for (let i = 0; i < plies; i++) {
    const next = play(position, rng.pick(legalMoves(position)));
    if (next.winner !== null || legalMoves(next).length === 0) break;
    position = next;
  }
  return position;
}

/** Each legal column's exact score, by minimax over the rules. */
export function columnScores(position: Position, oracle: ReturnType<typeof bruteForce>): Map<number, number> {
  return new Map(
    legalMoves(position).map((column) => {
      const child = play(position, column);
      const score = child.winner !== null ? Math.floor((position.width * position.height + 2 - child.moves.length) / 2) : 0 - oracle.score(child);
      return [column, score];
    }),
  );
}
