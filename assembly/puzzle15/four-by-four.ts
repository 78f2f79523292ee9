// The 4x4 board's geometry as constants, for the 15-puzzle's own heuristics (walking distance, the 6-6-3 and 7-8
// databases), which are compiled for it: shifts and masks where the board of any width (board.ts) looks tables up.

import { regionWithin } from "./blank-regions";

export const SIZE: i32 = 4;
export const CELLS: i32 = 16;

@inline
export function goalRow(tile: i32): i32 {
  return (tile - 1) >> 2;
}

@inline
export function goalColumn(tile: i32): i32 {
  return (tile - 1) & 3;
}

/** The cell reflected about the main diagonal. */
@inline
export function mirrorCell(cell: i32): i32 {
  return (cell & 3) * 4 + (cell >> 2);
}

/** The tile whose home is the mirror of this tile's home. */
@inline
export function mirrorTile(tile: i32): i32 {
  return mirrorCell(tile - 1) + 1;
}

/** The free cells (a bit per cell) connected to `start` (one of them). */
@inline
export function regionOf(start: i32, free: i32): i32 {
  return <i32>regionWithin(start, <u32>free, SIZE, 0xeeee, 0x7777);
}
