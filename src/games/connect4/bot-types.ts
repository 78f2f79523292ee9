// What a bot module gets from Connect 4 (src/contracts/game.ts botTypes): its position and move, as types.

export const botTypes = `/** A Connect 4 position: 7 columns of 6 by default, or another size (4x4 up to 12x4, 8x7, 4x15). */
interface Position {
  /** The columns played from the empty board, 1-9 then a-c for columns 10-12 ("4453"). */
  readonly moves: string;
  /** The board's columns and rows. */
  readonly width: number;
  readonly height: number;
  /** board[column][row], column 0 left, row 0 at the bottom: 0 empty, 1 the first player's stone (red), 2 the second's. */
  readonly board: readonly (readonly (0 | 1 | 2)[])[];
  /** The seat that made four in a row (0 moves first), or null. */
  readonly winner: 0 | 1 | null;
}
/** A column from 0 on the left (the page and the notation number them from 1). */
type Move = number;`;
