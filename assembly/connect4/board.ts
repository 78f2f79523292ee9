// The board's shape and masks: columns of cells plus a sentinel row, bit column * (height + 1) + row.
// One source, two builds: build/connect4.wasm plays 7x6 only, its shape a constant folded into every shift and
// mask; build/connect4-sizes.wasm (compiled with `--use CONNECT4_ANY_SIZE=1`) plays any size set at run time by
// setSize, from 4x4 to every width x height with (height + 1) x width <= 64 (8x7, 9x6, 10x5, 4x15, ...).

// @ts-ignore: a name only the any-size build defines
export const ANY_SIZE: bool = isDefined(CONNECT4_ANY_SIZE);

/** The most columns and cells of any size (12x4, 4x15): the thread memory's lists are this long. */
export const MOST_COLUMNS: i32 = ANY_SIZE ? 12 : 7;
export const MOST_CELLS: i32 = ANY_SIZE ? 60 : 42;

let width: i32 = 7;
let height: i32 = 6;
let bottom: u64 = 0x0040810204081;
let board: u64 = 0xfdfbf7efdfbf;
/** The shift from a cell to the next above it (a vertical four); horizontal(), falling() and rising() below. */
export const VERTICAL: i32 = 1;
// The any-size build's edge and short cells of each direction (see edgeCells, shortCells), set with the size.
let edges = new StaticArray<u64>(4);
let shorts = new StaticArray<u64>(4);

/** Sets the board's size (the any-size build; the 7x6 build answers false to any other). */
export function setSize(columns: i32, rows: i32): bool {
  if (!ANY_SIZE) return columns == 7 && rows == 6;
  if (columns < 4 || rows < 4 || (rows + 1) * columns > 64) return false;
  width = columns;
  height = rows;
  bottom = 0;
  for (let column = 0; column < columns; column++) bottom |= <u64>1 << (column * (rows + 1));
  board = bottom * ((<u64>1 << rows) - 1);
  for (let direction = 0; direction < 4; direction++) {
    edges[direction] = edgeOf(direction);
    shorts[direction] = shortOf(direction);
  }
  return true;
}
if (ANY_SIZE) setSize(7, 6);

@inline
export function boardWidth(): i32 {
  return ANY_SIZE ? width : 7;
}

@inline
export function boardHeight(): i32 {
  return ANY_SIZE ? height : 6;
}

@inline
export function boardCells(): i32 {
  return boardWidth() * boardHeight();
}

/** The bottom cell of every column. */
@inline
export function bottomMask(): u64 {
  return ANY_SIZE ? bottom : 0x0040810204081;
}

/** Every cell of the board (not the sentinel row). */
@inline
export function boardMask(): u64 {
  return ANY_SIZE ? board : 0xfdfbf7efdfbf;
}

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

@inline
function edgeOf(direction: i32): u64 {
  const shift = directionShift(direction);
  return boardMask() & ~((boardMask() << shift) & (boardMask() >> shift));
}

@inline
function shortOf(direction: i32): u64 {
  const shift = directionShift(direction);
  const starts = boardMask() & (boardMask() >> shift) & (boardMask() >> (2 * shift)) & (boardMask() >> (3 * shift));
  const halves = starts | (starts << shift);
  return boardMask() & ~(halves | (halves << (2 * shift)));
}

/** The cells with no neighbour on one side in the direction: at the board's edge. */
@inline
export function edgeCells(direction: i32): u64 {
  return ANY_SIZE ? unchecked(edges[direction]) : edgeOf(direction);
}

/** The cells no four in the direction passes through (the diagonals' corners). */
@inline
export function shortCells(direction: i32): u64 {
  return ANY_SIZE ? unchecked(shorts[direction]) : shortOf(direction);
}
