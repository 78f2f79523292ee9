// The board: its width (4 for the 15-puzzle, 5 for the 24-puzzle, 3 to check the tables against brute force), its
// tiles at a fixed address, each tile's cell, and the board's symmetries. The goal is 1 … N then the blank
// (bottom right): tile t belongs on cell t - 1. The 15-puzzle's own heuristics read the 4x4 board through
// four-by-four.ts, its geometry as constants.

import { columnCells } from "./blank-regions";

export const MAX_CELLS: i32 = 25;

let width: i32 = 5;
let cells: i32 = 25;
/** The tile on every cell (0 the blank), at a fixed address: no pointer to load before each access. */
export const TILES: usize = memory.data(32);
/** The cell of every tile (the blank's too). */
export const cellOf = new StaticArray<u8>(32);

// Looked up in the search rather than computed (the width is not a constant): each tile's Manhattan distance from
// every cell, the mirror of every cell and tile, the cells not in the first column and not in the last.
const manhattanTable = new StaticArray<u8>(32 * 32);
const mirrorCells = new StaticArray<u8>(32);
const mirrorTiles = new StaticArray<u8>(32);
let notFirstColumn: u32 = 0;
let notLastColumn: u32 = 0;

/** Sets the board's width (3 to 5); false for another. */
export function setWidth(w: i32): bool {
  if (w < 3 || w > 5) return false;
  width = w;
  cells = w * w;
  notFirstColumn = allCells() & ~columnCells(w, 0);
  notLastColumn = allCells() & ~columnCells(w, w - 1);
  for (let cell = 0; cell < cells; cell++) {
    const mirrored = (cell % w) * w + cell / w;
    mirrorCells[cell] = <u8>mirrored;
    mirrorTiles[cell + 1] = <u8>(mirrored + 1);
    for (let tile = 1; tile < cells; tile++) {
      const home = tile - 1;
      manhattanTable[(tile << 5) | cell] = <u8>(abs(home / w - cell / w) + abs((home % w) - (cell % w)));
    }
  }
  mirrorTiles[0] = 0;
  // The blank's home is the last cell, its own mirror: tile `cells` does not exist.
  mirrorTiles[cells] = 0;
  return true;
}

@inline
export function boardWidth(): i32 {
  return width;
}

@inline
export function boardCells(): i32 {
  return cells;
}

export function setTile(cell: i32, tile: i32): void {
  store<u8>(TILES + <usize>cell, <u8>tile);
  cellOf[tile] = <u8>cell;
}

/** The blank's cell on the board as set (the searches keep their own as they move it). */
@inline
export function blankCell(): i32 {
  return <i32>cellOf[0];
}

@inline
export function tileOn(cell: i32): i32 {
  return <i32>load<u8>(TILES + <usize>cell);
}

/** Every cell as a bit. */
@inline
export function allCells(): u32 {
  return <u32>((<u64>1 << cells) - 1);
}

/** The tile's Manhattan distance from `cell` to its home. */
@inline
export function manhattanFrom(tile: i32, cell: i32): i32 {
  return <i32>unchecked(manhattanTable[(tile << 5) | cell]);
}

/** The cells not in the first column (a tile there may move left), and not in the last (right). */
@inline
export function notFirst(): u32 {
  return notFirstColumn;
}

@inline
export function notLast(): u32 {
  return notLastColumn;
}

// ---- Symmetries ------------------------------------------------------------------------------------------------
// The eight symmetries of the square, by number: bit 0 transposes (row and column swap), bit 1 turns the rows
// upside down, bit 2 the columns. Transposing (0b001) is the reflection about the main diagonal: it keeps the
// goal's blank in its corner, so a board and its transposed board (tiles renamed) need the same moves.

/** The image of a cell under a symmetry. */
export function symmetricCell(symmetry: i32, cell: i32): i32 {
  let row = cell / width;
  let column = cell % width;
  if (symmetry & 1) {
    const swap = row;
    row = column;
    column = swap;
  }
  if (symmetry & 2) row = width - 1 - row;
  if (symmetry & 4) column = width - 1 - column;
  return row * width + column;
}

/** The cell reflected about the main diagonal. */
@inline
export function mirrorCell(cell: i32): i32 {
  return <i32>unchecked(mirrorCells[cell]);
}

/** The tile whose home is the mirror of this tile's home (the blank stays the blank). */
@inline
export function mirrorTile(tile: i32): i32 {
  return <i32>unchecked(mirrorTiles[tile]);
}

setWidth(5);
