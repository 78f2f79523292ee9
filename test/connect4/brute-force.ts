// The oracle for small boards: every position's score by plain minimax over the rules (their four-in-a-row
// check, Pons' score of a win by the p-th stone: (cells + 2 - p) / 2 rounded down), no pruning and no bounds,
// each position searched once (a memo by its cells).

import { makesFour, type Position } from '../../src/games/connect4/rules';
import { symbolColumn } from '../../src/games/connect4/sizes';

export interface BruteForce {
  /** The score of a position of the board's size, for the side to move (0 for a finished game's tie, the loss for a won one). */
  score(position: Position): number;
  /** How many positions it searched. */
  readonly positions: number;
}

export function bruteForce(width: number, height: number): BruteForce {
  const cells = width * height;
  const memo = new Map<number, number>();
  const board = Array.from({ length: width }, () => Array<number>(height).fill(0));
  const heights = Array<number>(width).fill(0);
  const power = Array.from({ length: cells }, (_, i) => 3 ** i);
  const win = (stones: number) => Math.floor((cells + 2 - stones) / 2);

  /** The side to move's score; `key` the cells in base 3, `stones` on the board. */
  function value(key: number, stones: number): number {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const stone = (stones % 2) + 1;
    let best = Number.NEGATIVE_INFINITY;
    for (let column = 0; column < width; column++) {
      const row = heights[column];
      if (row === height) continue;
      board[column][row] = stone;
      heights[column]++;
      let score: number;
      if (makesFour(board, column, row)) score = win(stones + 1);
      else if (stones + 1 === cells) score = 0;
      else score = 0 - value(key + stone * power[column * height + row], stones + 1); // not -0 for a draw
      heights[column]--;
      board[column][row] = 0;
      if (score > best) best = score;
    }
    memo.set(key, best);
    return best;
  }

  return {
    score(position) {
      if (position.width !== width || position.height !== height) throw new Error('another size');
      if (position.winner !== null) return -win(position.moves.length);
      if (position.moves.length === cells) return 0;
      for (const column of board) column.fill(0);
      heights.fill(0);
      let key = 0;
      [...position.moves].forEach((symbol, ply) => {
        const column = symbolColumn(symbol);
        board[column][heights[column]] = (ply % 2) + 1;
        key += ((ply % 2) + 1) * power[column * height + heights[column]++];
      });
      return value(key, position.moves.length);
    },
    get positions() {
      return memo.size;
    },
  };
}
