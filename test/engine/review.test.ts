// A game's review against perfect play: every position's value as the first seat's, and each move's class, checked
// with a brute-force minimax over the tic-tac-toe rules (the oracle) and on plus-minus by the exact solver's
// definition of a move's loss; a class from the values alone by the definition (best, inaccuracy, mistake, blunder).

import { afterAll, describe, expect, it } from 'vitest';
import { classifyMoves, reviewGame } from '../../src/runtime/review';
import { createNodePool } from '../../src/runtime/node-pool';
import { gameById } from '../../src/games';
import { legalMoves, newGame, outcome, play, type Position } from '../../src/games/tictactoe/rules';

const pool = createNodePool(2, 'dist-node/worker.mjs');
afterAll(() => pool.close());

/** The value for X (+1 win, 0 draw, -1 loss) under perfect play, by trying every line. */
function minimax(position: Position): number {
  const result = outcome(position);
  if (result) return result.winner === null ? 0 : result.winner === 0 ? 1 : -1;
  const values = legalMoves(position).map((move) => minimax(play(position, move)));
  return position.board.filter((mark) => mark !== 0).length % 2 === 0 ? Math.max(...values) : Math.min(...values);
}

describe('review', () => {
  it('classifies a move by what it gave away, from the values before and after it', () => {
    // First seat's values: 5 → 5 (best), 5 → 3 (inaccuracy: still a win), 3 → 0 (mistake), 0 → 0, 0 → -2 for the first seat
    // by the second seat's move (best for it), -2 → 4 by the second seat (a win to a loss for it: a blunder).
    expect(classifyMoves([5, 5, 3, 0, -2, 4], [0, 0, 0, 1, 1])).toEqual(['best', 'inaccuracy', 'mistake', 'best', 'blunder']);
    expect(classifyMoves([1, null, 1], [0, 1])).toEqual([null, null]);
  });

  it('reviews a tic-tac-toe game as a brute-force minimax values it', async () => {
    const game = gameById('tictactoe');
    // X centre, O edge (a loss for O), X corner, O blocks, X the other corner (a win thrown into a draw? the oracle says).
    const moves = [4, 1, 0, 8, 2, 6, 3, 5, 7];
    const positions = [newGame()];
    for (const move of moves) {
      if (outcome(positions.at(-1)!)) break;
      positions.push(play(positions.at(-1)!, move));
    }
    const values = await reviewGame(pool, game, positions).promise;
    expect(values).toEqual(positions.map(minimax));
    const movers = positions.slice(0, -1).map((_, k) => (k % 2) as 0 | 1);
    const classes = classifyMoves(values, movers);
    expect(classes[1]).toBe('mistake'); // O's edge answer to the centre turns the draw into a loss
    expect(classes[0]).toBe('best');
  });
});
