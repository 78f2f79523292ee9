// A board set up by hand (the analysis board's editor) as a game: the checks that it can arise in play (stone
// counts, no stone over an empty cell, no fours for both players) and an order of moves that reaches it, found by
// taking stones back from the top of the columns, the last mover's first, never leaving a four on the board
// before its last stone is taken back (a game ends at its first four).

import { makesFour, parse, type Position } from './rules';
import { columnSymbol } from './sizes';

/** board[column][row], row 0 at the bottom: 0 empty, 1 the first player's stone, 2 the second's. */
export type Board = readonly (readonly number[])[];

/** The position the board is, reached by some order of moves; throws saying why no game reaches it. */
export function positionOf(board: Board): Position {
  const width = board.length;
  const height = board[0]?.length ?? 0;
  const stones = board.map((column) => column.filter(Boolean).length);
  for (const [column, cells] of board.entries()) {
    const floating = cells.findIndex((stone, row) => stone !== 0 && row > 0 && cells[row - 1] === 0);
    if (floating !== -1) throw new Error(`the stone in column ${columnSymbol(column)}, row ${floating + 1}, has nothing under it`);
  }
  const count = (stone: number) => board.reduce((sum, column) => sum + column.filter((cell) => cell === stone).length, 0);
  const [first, second] = [count(1), count(2)];
  if (first !== second && first !== second + 1)
    throw new Error(`red has ${first} stones and yellow ${second}: red moves first, so it has as many as yellow or one more`);
  const fours = [1, 2].filter((stone) => hasFour(board, stone));
  if (fours.length === 2) throw new Error('both players have four in a row: a game ends at the first');
  if (fours.length === 1 && (fours[0] === 1) !== first > second)
    throw new Error(`${fours[0] === 1 ? 'red' : 'yellow'} has four in a row, but the other player moved last`);
  const order = takeBack(
    board.map((column) => column.slice()),
    stones,
    first + second,
  );
  if (order === null)
    throw new Error(
      fours.length > 0
        ? 'no game reaches it: every order of its moves makes four in a row before its last stone'
        : 'no game reaches it: no order of its stones alternates the players, red first, each on the stone below it',
    );
  const moves = order.map(columnSymbol).join('');
  return parse(moves, { width, height });
}

function hasFour(board: Board, stone: number): boolean {
  return board.some((cells, column) => cells.some((cell, row) => cell === stone && makesFour(board, column, row)));
}

/**
 * The columns of the moves that build the board, first to last, or null. The last move taken back first must leave
 * no four (a four may only be the game's last move); the board is four-free after it, and taking stones away makes
 * none, so the rest only has to alternate the players: depth first over the stones taken back (the last mover's,
 * from a column's top), each state (the columns' heights) tried once.
 */
function takeBack(board: number[][], heights: number[], total: number): number[] | null {
  const failed = new Set<string>();
  const taken: number[] = [];
  const search = (left: number): boolean => {
    if (left === 0) return true;
    const key = heights.join(',');
    if (failed.has(key)) return false;
    const stone = left % 2 === 1 ? 1 : 2; // the stone of the player who made move `left`
    for (let column = 0; column < board.length; column++) {
      const row = heights[column] - 1;
      if (row < 0 || board[column][row] !== stone) continue;
      board[column][row] = 0;
      heights[column]--;
      taken.push(column);
      if ((left < total || !hasFour(board, stone)) && search(left - 1)) return true;
      taken.pop();
      heights[column]++;
      board[column][row] = stone;
    }
    failed.add(key);
    return false;
  };
  return search(total) ? taken.reverse() : null;
}
