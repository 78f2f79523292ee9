// The board of the 15-puzzle core: its tiles at a fixed address, the blank's cell, and where each tile belongs
// (goal 1 … 15, the blank bottom right).

export const SIZE: i32 = 4;
export const CELLS: i32 = 16;

/** The tile of every cell (0 the blank), at a fixed address: no pointer to load before each access. */
export const TILES: usize = memory.data(CELLS);
let blank: i32 = 0;

export function setTile(cell: i32, tile: i32): void {
  store<u8>(TILES + <usize>(cell), <u8>tile);
  if (tile == 0) blank = cell;
}

@inline
export function blankCell(): i32 {
  return blank;
}

@inline
export function goalRow(tile: i32): i32 {
  return (tile - 1) >> 2;
}

@inline
export function goalColumn(tile: i32): i32 {
  return (tile - 1) & 3;
}

/** The free cells (a bit per cell) connected to `start` (one of them), grown a step in every direction at a time. */
export function regionOf(start: i32, free: i32): i32 {
  let region = 0;
  let grown = 1 << start;
  while (grown != region) {
    region = grown;
    // One step in each direction, not across the board's left and right edges.
    grown = (region | (region << 4) | (region >> 4) | ((region << 1) & 0xeeee) | ((region >> 1) & 0x7777)) & free;
  }
  return region;
}
