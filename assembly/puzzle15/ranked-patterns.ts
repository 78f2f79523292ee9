// Compact additive pattern databases, for the 7-8 partition (Korf and Felner's, turned for our goal: tiles 1-8,
// the top two rows, and 9-15). A group of k tiles is indexed by the rank of its tiles' cells as an arrangement of
// k of the 16 cells (16 · 15 · … · (17 - k) entries: 518,918,400 for 8 tiles, 57,657,600 for 7), and an entry keeps
// in 4 bits half the moves its tiles need beyond their Manhattan distance (the two differ by an even number:
// each move changes the distance by one): 259.5 MB and 28.8 MB.
//
// A table is built by the breadth-first search of pattern-build.ts (the 7-8 databases' and the tables of any width).
//
// The search looks each group up for the board and for the board mirrored about the main diagonal (relabelled,
// as patterns.ts does); the Manhattan distance is the same for both, so h = MD + 2 · max(extras, mirror extras).
// It may also look them up for the dual board (below).

import { startTableBuild, stepTableBuild, tableBuildDone } from "./pattern-build";
import { TILES, cellOf } from "./board";
import { CELLS, SIZE, goalColumn, goalRow, mirrorCell, mirrorTile, regionOf } from "./four-by-four";

const MAX_GROUPS: i32 = 2;
const MAX_TILES: i32 = 8;

const groupTiles = new StaticArray<u8>(MAX_GROUPS * MAX_TILES);
const groupSize = new StaticArray<i32>(MAX_GROUPS);
/** The weight of each tile's digit in the rank: the product of the radixes after it (16 - i for the i-th tile). */
const digitWeight = new StaticArray<u32>(MAX_GROUPS * MAX_TILES);
const rankedTable = new StaticArray<usize>(MAX_GROUPS);
let groups: i32 = 0;
/** Each tile's group, and its place in the group. */
const groupOf = new StaticArray<u8>(CELLS);
const placeOf = new StaticArray<u8>(CELLS);
/** The cells the blank reaches when the group's tiles are home and the blank is on the last cell. */
const goalRegion = new StaticArray<i32>(MAX_GROUPS);

/** Adds a group of tiles (at least 3, at most 8) without a table yet; returns its index. */
export function addRankedGroup(tilesMask: i32): i32 {
  let size = 0;
  for (let tile = 1; tile < CELLS; tile++) {
    if (tilesMask & (1 << tile)) {
      groupOf[tile] = <u8>groups;
      placeOf[tile] = <u8>size;
      groupTiles[groups * MAX_TILES + size++] = <u8>tile;
    }
  }
  groupSize[groups] = size;
  goalRegion[groups] = regionOf(CELLS - 1, 0xffff & ~(tilesMask >> 1));
  let weight: u32 = 1;
  for (let i = size - 1; i >= 0; i--) {
    digitWeight[groups * MAX_TILES + i] = weight;
    weight *= <u32>(16 - i);
  }
  return groups++;
}

export function rankedGroupCount(): i32 {
  return groups;
}

/** Forgets every group and frees their tables. */
export function freeRankedGroups(): void {
  for (let g = 0; g < groups; g++) {
    if (rankedTable[g]) heap.free(rankedTable[g]);
    rankedTable[g] = 0;
  }
  groups = 0;
}

/** The arrangements of the group's tiles: its entries. */
function entriesOf(g: i32): u32 {
  return digitWeight[g * MAX_TILES] * 16;
}

/** The bytes of a group's packed table. */
export function rankedTableBytes(g: i32): f64 {
  return <f64>(entriesOf(g) >> 1);
}

/** The address of a group's packed table (0 before it is built or loaded). */
export function rankedTableAddress(g: i32): usize {
  return rankedTable[g];
}

/** Reserves a group's packed table for the host to fill (from its cache); returns its address. */
export function allocateRankedTable(g: i32): usize {
  rankedTable[g] = heap.alloc(<usize>(entriesOf(g) >> 1));
  return rankedTable[g];
}

// ---- The build ------------------------------------------------------------------------------------------------
// By the breadth-first search of pattern-build.ts, one group's table at a time.

let buildGroup: i32 = -1;

/** Starts building group g's table: only the goal reached. */
export function startRankedBuild(g: i32): void {
  let tiles: u32 = 0;
  for (let i = 0; i < groupSize[g]; i++) tiles |= 1 << groupTiles[g * MAX_TILES + i];
  startTableBuild(tiles, SIZE);
  buildGroup = g;
}

/** The share of the arrangements reached so far (1 once the build is packing). */
export function rankedBuildDone(): f64 {
  return tableBuildDone();
}

/**
 * One chunk of the build: 1 when the table is built and packed, 0 when there is more to do, -1 when an entry
 * does not fit in 4 bits (then nothing is kept).
 */
export function stepRankedBuild(): i32 {
  const built = stepTableBuild();
  if (built == 0) return 0;
  if (built > 0) rankedTable[buildGroup] = <usize>built;
  buildGroup = -1;
  return built > 0 ? 1 : -1;
}

// ---- The lookups ------------------------------------------------------------------------------------------------

// Each group's rank and entry (half the moves beyond the Manhattan distance) for the board and for its mirror, and
// the entries' sums, kept move by move by the search.
const directRank = new StaticArray<u32>(MAX_GROUPS);
const mirrorRank = new StaticArray<u32>(MAX_GROUPS);
const directExtra = new StaticArray<i32>(MAX_GROUPS);
const mirrorExtra = new StaticArray<i32>(MAX_GROUPS);
let directSum: i32 = 0;
let mirrorSum: i32 = 0;

/** The group's rank for the board (or its mirror) as cellOf has it. */
function rankOf(g: i32, mirrored: bool): u32 {
  const base = g * MAX_TILES;
  let occupied = 0;
  let rank: u32 = 0;
  for (let i = 0; i < groupSize[g]; i++) {
    const tile = <i32>groupTiles[base + i];
    const cell = mirrored ? mirrorCell(<i32>cellOf[mirrorTile(tile)]) : <i32>cellOf[tile];
    rank += <u32>(cell - <i32>popcnt(occupied & ((1 << cell) - 1))) * digitWeight[base + i];
    occupied |= 1 << cell;
  }
  return rank;
}

/** The entry of a group's arrangement. */
@inline
function entryAt(g: i32, rank: u32): i32 {
  return (<i32>load<u8>(unchecked(rankedTable[g]) + <usize>(rank >> 1)) >> ((rank & 1) << 2)) & 15;
}

/**
 * Looks every group up for the board in cellOf (at the start of a search); returns the board's extra sum, or
 * the larger of it and the mirrored board's.
 */
export function rankedExtraEstimate(withMirror: bool): i32 {
  directSum = 0;
  mirrorSum = 0;
  for (let g = 0; g < groups; g++) {
    directRank[g] = rankOf(g, false);
    mirrorRank[g] = rankOf(g, true);
    directExtra[g] = entryAt(g, directRank[g]);
    mirrorExtra[g] = entryAt(g, mirrorRank[g]);
    directSum += directExtra[g];
    mirrorSum += mirrorExtra[g];
  }
  return withMirror ? max(directSum, mirrorSum) : directSum;
}

/** A group's moves for its tiles on these cells (base 16, the group's first tile the lowest digit): for tests. */
export function rankedGroupMoves(g: i32, cells: u32): i32 {
  const base = g * MAX_TILES;
  let manhattan = 0;
  for (let i = 0; i < groupSize[g]; i++) {
    const tile = <i32>groupTiles[base + i];
    const cell = <i32>(cells >> (4 * i)) & 15;
    cellOf[tile] = <u8>cell;
    manhattan += abs(goalRow(tile) - (cell >> 2)) + abs(goalColumn(tile) - (cell & 3));
  }
  return manhattan + 2 * entryAt(g, rankOf(g, false));
}

/**
 * A group's rank after its tile at place j moves from cell a to cell b (the board's `tiles` the tile on each
 * cell, read as the mirrored board's when `mirrored`). The tile's digit changes by the cells it passes, less the
 * tiles before it in the group on them, and a later tile on a cell passed has its digit changed by one: on a
 * move left or right no cell is passed, on a move up or down the three between.
 */
@inline
function movedRank(rank: u32, g: i32, j: i32, a: i32, b: i32, tiles: usize, mirrored: bool): u32 {
  const base = g * MAX_TILES;
  const weight = <i32>unchecked(digitWeight[base + j]);
  let delta = (b - a) * weight;
  if (abs(b - a) == 4) {
    const step = b > a ? 1 : -1;
    for (let k = 1; k < 4; k++) {
      const cell = a + step * k;
      let tile = <i32>load<u8>(tiles + <usize>(mirrored ? mirrorCell(cell) : cell));
      if (tile == 0) continue;
      if (mirrored) tile = mirrorTile(tile);
      if (<i32>unchecked(groupOf[tile]) != g) continue;
      const m = <i32>unchecked(placeOf[tile]);
      delta += m < j ? -step * weight : step * <i32>unchecked(digitWeight[base + m]);
    }
  }
  return <u32>(<i32>rank + delta);
}

// The ranks and entries read for the last move looked at, kept for commitMove.
let movedDirectRank: u32 = 0;
let movedMirrorRank: u32 = 0;
let movedDirect: i32 = 0;
let movedMirror: i32 = 0;

/** The board's extra sum after `tile` moves from `from` to `to` (`tiles` the board before the move). */
@inline
export function directExtraAfter(tile: i32, from: i32, to: i32, tiles: usize): i32 {
  const g = <i32>unchecked(groupOf[tile]);
  movedDirectRank = movedRank(unchecked(directRank[g]), g, <i32>unchecked(placeOf[tile]), from, to, tiles, false);
  movedDirect = entryAt(g, movedDirectRank);
  return directSum - unchecked(directExtra[g]) + movedDirect;
}

/** The mirrored board's extra sum after the same move. */
@inline
export function mirrorExtraAfter(tile: i32, from: i32, to: i32, tiles: usize): i32 {
  const mirrored = mirrorTile(tile);
  const g = <i32>unchecked(groupOf[mirrored]);
  movedMirrorRank = movedRank(unchecked(mirrorRank[g]), g, <i32>unchecked(placeOf[mirrored]), mirrorCell(from), mirrorCell(to), tiles, true);
  movedMirror = entryAt(g, movedMirrorRank);
  return mirrorSum - unchecked(mirrorExtra[g]) + movedMirror;
}

// What commitMove replaced, by the search's depth, for undoMove.
const savedRanks = new StaticArray<u64>(128);
const savedEntries = new StaticArray<u64>(128);

/** Makes the move read by the last directExtraAfter and mirrorExtraAfter the board's (at search depth `depth`). */
@inline
export function commitMove(tile: i32, depth: i32): void {
  const g = <i32>unchecked(groupOf[tile]);
  const m = <i32>unchecked(groupOf[mirrorTile(tile)]);
  unchecked((savedRanks[depth] = <u64>directRank[g] | (<u64>mirrorRank[m] << 32)));
  unchecked((savedEntries[depth] = <u64>directExtra[g] | (<u64>mirrorExtra[m] << 8) | (<u64>directSum << 16) | (<u64>mirrorSum << 32)));
  directSum += movedDirect - unchecked(directExtra[g]);
  mirrorSum += movedMirror - unchecked(mirrorExtra[m]);
  unchecked((directExtra[g] = movedDirect));
  unchecked((mirrorExtra[m] = movedMirror));
  unchecked((directRank[g] = movedDirectRank));
  unchecked((mirrorRank[m] = movedMirrorRank));
}

/** Takes back the move commitMove made at this depth. */
@inline
export function undoMove(tile: i32, depth: i32): void {
  const g = <i32>unchecked(groupOf[tile]);
  const m = <i32>unchecked(groupOf[mirrorTile(tile)]);
  const ranks = unchecked(savedRanks[depth]);
  const entries = unchecked(savedEntries[depth]);
  directRank[g] = <u32>ranks;
  mirrorRank[m] = <u32>(ranks >> 32);
  directExtra[g] = <i32>(entries & 255);
  mirrorExtra[m] = <i32>((entries >> 8) & 255);
  directSum = <i32>((entries >> 16) & 0xffff);
  mirrorSum = <i32>(entries >> 32);
}

// ---- The dual lookup ----------------------------------------------------------------------------------------------
// Read the board as a permutation p of the cells (each cell to the goal cell of the tile on it): the board is
// solved when p is the identity. Reversing a solution and renaming each tile after the cell it stands on now gives
// the dual board, p's inverse: on the cell c stands the tile whose goal is the cell where c's goal tile stands
// now, and the tile that moves as the blank is the one whose goal is the blank's cell (the renamed blank). The dual
// needs exactly as many moves as the board, to a goal with its blank on the board's blank cell. A group's entry
// bounds the moves to its tiles home with the blank in the region of the last cell, so it bounds the dual's
// when the board's blank is in that region (for tiles 1-8, the bottom half; for 9-15, the last cell alone); the
// tiles' Manhattan distance is the board's (the same sum over cells, the blank's term left out). A move changes
// the dual's tiles on two cells far apart, so its ranks are computed afresh.

/** The goal cell of the tile on `cell` of the board, or of its mirror (the blank's goal is the last cell). */
@inline
function goalCellOfTileOn(cell: i32, mirrored: bool): i32 {
  if (!mirrored) {
    const tile = <i32>load<u8>(TILES + <usize>cell);
    return tile == 0 ? CELLS - 1 : tile - 1;
  }
  const tile = <i32>load<u8>(TILES + <usize>mirrorCell(cell));
  return tile == 0 ? CELLS - 1 : mirrorCell(tile - 1);
}

/**
 * The dual board's extra sum (the groups whose goal region holds the blank) for the board in TILES with its blank
 * on `blank`, or for the mirrored board's dual.
 */
export function dualExtra(blank: i32, mirrored: bool): i32 {
  const blankCellNow = mirrored ? mirrorCell(blank) : blank;
  let extra = 0;
  for (let g = 0; g < groups; g++) {
    if (((unchecked(goalRegion[g]) >> blankCellNow) & 1) == 0) continue;
    const base = g * MAX_TILES;
    let occupied = 0;
    let rank: u32 = 0;
    for (let i = 0; i < unchecked(groupSize[g]); i++) {
      // Tile t of the dual stands on the goal cell of the tile now on t's goal cell.
      const cell = goalCellOfTileOn(<i32>unchecked(groupTiles[base + i]) - 1, mirrored);
      rank += <u32>(cell - <i32>popcnt(occupied & ((1 << cell) - 1))) * unchecked(digitWeight[base + i]);
      occupied |= 1 << cell;
    }
    extra += entryAt(g, rank);
  }
  return extra;
}
