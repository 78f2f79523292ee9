// The board's shape and masks: columns of cells plus a sentinel row, bit column * (height + 1) + row.
// One source, a build per size: the shape is a compile-time constant folded into every shift and mask (as in
// Steininger's c4, where the size is a compile-time setting: measured here, 1.25x the speed of a build that reads
// the shape from memory). build/connect4.wasm plays 7x6; build/connect4-WxH.wasm (compiled with
// `--use CONNECT4_WIDTH=W --use CONNECT4_HEIGHT=H`, scripts/build-cores.mjs) every other size from 4x4 to every
// width x height with (height + 1) x width <= 64 (8x7, 9x6, 10x5, 4x15, ...).

// @ts-ignore: names only the other sizes' builds define
const WIDTH: i32 = isDefined(CONNECT4_WIDTH) ? CONNECT4_WIDTH : 7;
// @ts-ignore
const HEIGHT: i32 = isDefined(CONNECT4_HEIGHT) ? CONNECT4_HEIGHT : 6;
/** The board's bits, the sentinel row's included: all 64 on 8x7, 4x15 ... */
export const BOARD_BITS: i32 = WIDTH * (HEIGHT + 1);

/** The thread memory's lists are this long. */
export const MOST_COLUMNS: i32 = WIDTH;
export const MOST_CELLS: i32 = WIDTH * HEIGHT;

/** Whether this build plays this size (each build plays one). */
export function setSize(columns: i32, rows: i32): bool {
  return columns == WIDTH && rows == HEIGHT;
}

@inline
export function boardWidth(): i32 {
  return WIDTH;
}

@inline
export function boardHeight(): i32 {
  return HEIGHT;
}

@inline
export function boardCells(): i32 {
  return WIDTH * HEIGHT;
}

/** The bottom cell of every column: the board's bits over a column's (2^64 - 1 is a multiple of 2^(height+1) - 1 when they fill 64). */
@inline
export function bottomMask(): u64 {
  return (BOARD_BITS == 64 ? <u64>-1 : (<u64>1 << BOARD_BITS) - 1) / ((<u64>1 << (HEIGHT + 1)) - 1);
}

/** Every cell of the board (not the sentinel row). */
@inline
export function boardMask(): u64 {
  return bottomMask() * ((<u64>1 << HEIGHT) - 1);
}

/** The shift from a cell to the next above it (a vertical four); horizontal(), falling() and rising() below. */
export const VERTICAL: i32 = 1;

/** The shifts from a cell to the next in the other directions of a four: right, down-right (\), up-right (/). */
@inline
export function horizontal(): i32 {
  return boardHeight() + 1;
}

@inline
export function falling(): i32 {
  return boardHeight();
}

@inline
export function rising(): i32 {
  return boardHeight() + 2;
}

/** The shift of direction 0 to 3: vertical, horizontal, falling, rising (edgeCells' and shortCells' order). */
@inline
export function directionShift(direction: i32): i32 {
  return direction == 0 ? VERTICAL : direction == 1 ? horizontal() : direction == 2 ? falling() : rising();
}

/** The cells with no neighbour on one side in the direction: at the board's edge. */
@inline
export function edgeCells(direction: i32): u64 {
  const shift = directionShift(direction);
  return boardMask() & ~((boardMask() << shift) & (boardMask() >> shift));
}

/** The cells no four in the direction passes through (the diagonals' corners). */
@inline
export function shortCells(direction: i32): u64 {
  const shift = directionShift(direction);
  const starts = boardMask() & (boardMask() >> shift) & (boardMask() >> (2 * shift)) & (boardMask() >> (3 * shift));
  const halves = starts | (starts << shift);
  return boardMask() & ~(halves | (halves << (2 * shift)));
}

