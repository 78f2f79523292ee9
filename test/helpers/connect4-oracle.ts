// An independent answer key for Connect 4 positions near the end: plain negamax with alpha-beta over the
// TypeScript rules, in Pascal Pons' score convention (22 - k for a win with the mover's k-th stone, 0 a draw).

import { legalMoves, outcome, play, rules, type Position } from '../../src/games/connect4/rules';

const memo = new Map<string, number>();

/** The exact score of the position for the side to move; keep it to positions with a dozen empty cells or fewer. */
export function exactScore(position: Position): number {
  const key = rules.format(position);
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = -Infinity;
  const moves = legalMoves(position);
  // The mover's stones once it has moved: a win with it scores 22 minus that.
  const stones = Math.floor(position.moves.length / 2) + 1;
  for (const column of moves) {
    const next = play(position, column);
    const end = outcome(next);
    const score = end ? (end.winner === null ? 0 : 22 - stones) : 0 - exactScore(next); // never -0 for a draw
    best = Math.max(best, score);
  }
  const score = moves.length === 0 ? 0 : best;
  memo.set(key, score);
  return score;
}
