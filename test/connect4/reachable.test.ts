// A board set up by hand: played games' boards come back as positions with the same stones (by some order of
// moves the rules accept), and boards no game reaches are refused, each with its reason.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { positionOf } from '../../src/games/connect4/reachable';
import { legalMoves, newGame, outcome, parse, play } from '../../src/games/connect4/rules';

/** board[column][row] from rows written top first, `.` empty, `x` red, `o` yellow. */
function board(...rows: string[]): number[][] {
  const width = rows[0].length;
  return Array.from({ length: width }, (_, column) => rows.map((row) => '.xo'.indexOf(row[column])).reverse());
}

describe('a position set up by hand', () => {
  it('is the board of every position of 300 random games, finished ones too (7x6, 5x4, 9x6)', () => {
    const rng = new Rng(9);
    for (let game = 0; game < 300; game++) {
      const size = [
        { width: 7, height: 6 },
        { width: 5, height: 4 },
        { width: 9, height: 6 },
      ][game % 3];
      let position = newGame(size);
      const stop = rng.below(size.width * size.height + 1);
      while (!outcome(position) && position.moves.length < stop) position = play(position, rng.pick(legalMoves(position)));
      const found = positionOf(position.board);
      expect(found.board, position.moves).toEqual(position.board);
      expect(found.winner).toBe(position.winner);
      expect([found.width, found.height]).toEqual([size.width, size.height]);
    }
  });

  it.each([
    [['.......', '.......', '.......', '.......', '...x...', '.......'], 'has nothing under it'],
    [['.......', '.......', '.......', '.......', '.......', '..xx...'], 'red has 2 stones and yellow 0'],
    [['.......', '.......', '.......', '.......', '.......', '...o...'], 'red has 0 stones and yellow 1'],
    [['.......', '.......', 'o......', 'o......', 'ox.....', 'oxxxx..'], 'both players have four in a row'],
    [['.......', '.......', 'o......', 'o......', 'o......', 'oxxx.xx'], 'yellow has four in a row, but the other player moved last'],
    // Red's two fours share no stone: no last move makes both.
    [['.......', '.......', 'x......', 'xoo....', 'xooo...', 'xooxxxx'], 'no game reaches it'],
  ])('refuses %j: %s', (rows, reason) => {
    expect(() => positionOf(board(...rows))).toThrow(reason);
  });

  it('finds an order of moves for a board whose four came last', () => {
    const rows = ['.......', '.......', '.......', 'o......', 'o......', 'oxxxx..'];
    const found = positionOf(board(...rows));
    expect(found.winner).toBe(0);
    expect(parse(found.moves).board).toEqual(board(...rows));
  });
});
