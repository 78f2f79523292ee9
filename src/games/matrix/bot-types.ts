// What a bot module gets from plus-minus (src/contracts/game.ts botTypes): its position and move, as types.

export const botTypes = `/** A plus-minus position: an N x N board of values; rows (seat 0) take cells in a row, columns in a column. */
interface Position {
  /** N, the board's side. */
  readonly size: number;
  /** The N * N values, -9 to 9, row by row: the cell in row r, column c is values[r * size + c]. */
  readonly values: readonly number[];
  /** The row the first move is taken in. */
  readonly startRow: number;
  /** The moves played so far, each a Move. */
  readonly moves: readonly number[];
  /** Whether each cell is taken, row by row. */
  readonly used: readonly boolean[];
  /** The points of rows (seat 0) and of columns (seat 1). */
  readonly points: readonly [number, number];
  /** The line of the player to move: a row when rows move, a column when columns move. */
  readonly line: number;
}
/**
 * A cell of the mover's line, 0 to N - 1: rows take the cell of that column in row \`line\`, columns the cell of
 * that row in column \`line\` (the page numbers them from 1).
 */
type Move = number;`;
