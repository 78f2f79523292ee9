// What a bot module gets from tic-tac-toe (src/contracts/game.ts botTypes): its position and move, as types.

export const botTypes = `/** A tic-tac-toe position. */
interface Position {
  /** The 9 cells row by row, 0 top left: 0 empty, 1 X (moves first), 2 O. */
  readonly board: readonly (0 | 1 | 2)[];
  /** The mark with three in a row: 1 X, 2 O, 0 none yet. */
  readonly winner: 0 | 1 | 2;
}
/** A cell, 0-8 row by row (the page numbers them 1-9). */
type Move = number;`;
