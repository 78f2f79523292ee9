// What a bot module gets from Connect 4 (src/contracts/game.ts botTypes): its position and move, as types.

export const botTypes = `/** A Connect 4 position: 7 columns of 6. */
interface Position {
  /** The columns played from the empty board, digits 1-7 ("4453"). */
  readonly moves: string;
  /** board[column][row], column 0 left, row 0 at the bottom: 0 empty, 1 the first player's stone (red), 2 the second's. */
  readonly board: readonly (readonly (0 | 1 | 2)[])[];
  /** The seat that made four in a row (0 moves first), or null. */
  readonly winner: 0 | 1 | null;
}
/** A column, 0-6 from the left (the page and the notation number them 1-7). */
type Move = number;`;
