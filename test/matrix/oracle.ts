// An independent answer key: plain negamax on the final score difference, memoised on what is left of the game
// (the free cells, the line to play in, who plays it): the points already won do not change the best play.
// Fast enough for every position of a 5 x 5 board.

import { seatToMove, type Position } from '../../src/games/matrix/rules';

/** What the player to move can still gain over the other under perfect play (points won so far left out). */
export function moverValue(position: Position): number {
  const { size, values } = position;
  const memo = new Map<number, number>();
  // The free cells as bits of a number (at most 25 cells), the line, and whether rows are to move.
  const search = (free: number, line: number, rows: boolean): number => {
    const key = (free * size + line) * 2 + (rows ? 1 : 0);
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = -Infinity;
    for (let k = 0; k < size; k++) {
      const cell = rows ? line * size + k : k * size + line;
      if (!(free & (2 ** cell))) continue;
      best = Math.max(best, values[cell] - search(free - 2 ** cell, k, !rows));
    }
    const value = best === -Infinity ? 0 : best;
    memo.set(key, value);
    return value;
  };
  let free = 0;
  for (const [cell, used] of position.used.entries()) if (!used) free += 2 ** cell;
  return search(free, position.line, seatToMove(position) === 0);
}

/** The first player's points minus the second's at the end of perfect play. */
export function perfectMargin(position: Position): number {
  const margin = position.points[0] - position.points[1];
  return seatToMove(position) === 0 ? margin + moverValue(position) : margin - moverValue(position);
}
