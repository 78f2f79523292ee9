// Additive pattern tables for a board of any width: for the 24-puzzle, Korf and Felner's 6-6-6-6 partition. A table
// holds, for every arrangement of its k tiles on the board's cells (ranked as an arrangement of k of the N cells:
// 25 · 24 · … · 20 = 127,512,000 for 6 tiles of 25), the moves of those tiles alone needed to bring them home
// with the blank in the region of its own home (the other tiles' moves are free), kept in 4 bits as half the moves beyond their Manhattan distance (the two differ by an
// even number: each move changes the distance by one): 63.8 MB for 6 tiles of 25.
//
// A table whose goal leaves the blank one region (its tiles home, the blank anywhere else) serves every group of
// tiles that a symmetry of the board maps onto its own: the three 2x3 blocks of the partition share one table,
// looked up through their symmetry. A group is a table and a symmetry: its tiles are those whose homes the symmetry maps onto the table's
// tiles' homes, and its arrangement is looked up with each of their cells mapped the same way.
//
// A table is built by the breadth-first search of pattern-build.ts (the 7-8 databases' and the tables of any width).

import { regionOf } from "./blank-regions";
import { startTableBuild, stepTableBuild, tableBuildDone } from "./pattern-build";
import { allCells, boardCells, boardWidth, cellOf, manhattanFrom, mirrorCell, mirrorTile, symmetricCell, tileOn } from "./board";

const MAX_TABLES: i32 = 6;
const MAX_GROUPS: i32 = 8;
const MAX_TILES: i32 = 7;

// ---- Tables and groups ----------------------------------------------------------------------------------------

const tableTiles = new StaticArray<u8>(MAX_TABLES * MAX_TILES);
const tableSize = new StaticArray<i32>(MAX_TABLES);
/** The weight of each tile's digit in the rank: the product of the radixes after it (N - i for the i-th tile). */
const digitWeight = new StaticArray<u32>(MAX_TABLES * MAX_TILES);
const tableAddress = new StaticArray<usize>(MAX_TABLES);
/** Whether a table's goal leaves the blank one region (its entries then hold wherever the blank ends). */
const goalOneRegion = new StaticArray<bool>(MAX_TABLES);
let tables: i32 = 0;

const groupTable = new StaticArray<i32>(MAX_GROUPS);
/** A group's tiles, in the order of the tiles of its table they map onto. */
const groupTiles = new StaticArray<u8>(MAX_GROUPS * MAX_TILES);
/** A group's symmetry, as a map of cells (32 a group). */
const groupCellMap = new StaticArray<u8>(MAX_GROUPS * 32);
/** Each tile's group. */
const groupOf = new StaticArray<u8>(32);
let groups: i32 = 0;

/** Adds a table for a set of tiles (3 to 7, a bit per tile) without its entries yet; returns its index. */
export function addTable(tilesMask: i32): i32 {
  let size = 0;
  for (let tile = 1; tile < boardCells(); tile++) if (tilesMask & (1 << tile)) tableTiles[tables * MAX_TILES + size++] = <u8>tile;
  tableSize[tables] = size;
  let weight: u32 = 1;
  for (let i = size - 1; i >= 0; i--) {
    digitWeight[tables * MAX_TILES + i] = weight;
    weight *= <u32>(boardCells() - i);
  }
  tableAddress[tables] = 0;
  const free = allCells() & ~goalCells(tables);
  goalOneRegion[tables] = regionOf(<i32>ctz(free), free, boardWidth()) == free;
  return tables++;
}

/**
 * Adds a group of tiles (a bit per tile) looked up in `table`: through the first symmetry of the board (board.ts)
 * that maps the group's homes onto the table's tiles' homes, each tile onto the tile whose home its home maps to.
 * Returns its index, or -1 when no symmetry maps one set of homes onto the other.
 */
export function addTableGroup(table: i32, tilesMask: i32): i32 {
  const cells = boardCells();
  for (let symmetry = 0; symmetry < 8; symmetry++) {
    let mapped = 0;
    for (let tile = 1; tile < cells; tile++) if (tilesMask & (1 << tile)) mapped |= 1 << (symmetricCell(symmetry, tile - 1) + 1);
    let tableMask = 0;
    for (let i = 0; i < tableSize[table]; i++) tableMask |= 1 << tableTiles[table * MAX_TILES + i];
    if (mapped != tableMask || popcnt(tilesMask) != popcnt(tableMask)) continue;
    // Another symmetry moves the blank's home: its entries hold only when the table's goal leaves the blank one
    // region (then wherever the blank's home is, it is in it).
    if (symmetry != 0 && !goalOneRegion[table]) continue;
    for (let cell = 0; cell < cells; cell++) groupCellMap[groups * 32 + cell] = <u8>symmetricCell(symmetry, cell);
    for (let i = 0; i < tableSize[table]; i++) {
      const home = <i32>tableTiles[table * MAX_TILES + i] - 1;
      let cell = 0;
      while (<i32>groupCellMap[groups * 32 + cell] != home) cell++;
      groupTiles[groups * MAX_TILES + i] = <u8>(cell + 1);
      groupOf[cell + 1] = <u8>groups;
    }
    groupTable[groups] = table;
    return groups++;
  }
  return -1;
}

/** Forgets every group and table, and frees the tables. */
export function freeTables(): void {
  for (let t = 0; t < tables; t++) if (tableAddress[t]) heap.free(tableAddress[t]);
  tables = 0;
  groups = 0;
}

export function tableCount(): i32 {
  return tables;
}

export function tableGroupCount(): i32 {
  return groups;
}

/** The arrangements of a table's tiles: its entries. */
function entriesOf(t: i32): u32 {
  return digitWeight[t * MAX_TILES] * <u32>boardCells();
}

/** The bytes of a table, packed (N · (N - 1) · … entries: an even number). */
export function tableBytes(t: i32): f64 {
  return <f64>(entriesOf(t) >> 1);
}

/** A table's address (0 before it is built or loaded). */
export function tableAt(t: i32): usize {
  return tableAddress[t];
}

/** Reserves a table for the host to fill (from its cache); returns its address. */
export function allocateTable(t: i32): usize {
  tableAddress[t] = heap.alloc(<usize>tableBytes(t));
  return tableAddress[t];
}

// ---- The build ------------------------------------------------------------------------------------------------
// By the breadth-first search the 7-8 databases' build uses too (pattern-build.ts), one table at a time.

let buildTable: i32 = -1;

/** The cells of a table's tiles' homes. */
function goalCells(t: i32): u32 {
  let occupied: u32 = 0;
  for (let i = 0; i < tableSize[t]; i++) occupied |= 1 << (<i32>tableTiles[t * MAX_TILES + i] - 1);
  return occupied;
}

/** Starts building table t: the goal arrangement reached, with the blank in the region of its home (the last cell). */
export function startTableBuilding(t: i32): void {
  startTableBuild(goalCells(t) << 1, boardWidth());
  buildTable = t;
}

/** The share of the arrangements reached so far. */
export function tableBuildingDone(): f64 {
  return tableBuildDone();
}

/** One chunk of the build: 1 when the table is built and packed, 0 when there is more to do, -1 when an entry does not fit in 4 bits (then nothing is kept). */
export function stepTableBuilding(): i32 {
  const built = stepTableBuild();
  if (built == 0) return 0;
  if (built > 0) tableAddress[buildTable] = <usize>built;
  buildTable = -1;
  return built > 0 ? 1 : -1;
}

// ---- The lookups ------------------------------------------------------------------------------------------------

/** The entry of a table's arrangement. */
@inline
function entryAt(t: i32, rank: u32): i32 {
  return (<i32>load<u8>(unchecked(tableAddress[t]) + <usize>(rank >> 1)) >> ((rank & 1) << 2)) & 15;
}

/**
 * Group g's entry for the board (cellOf), or for the board mirrored about the main diagonal (where the tile
 * mirrorTile(t) stands on the mirror of t's cell): the rank of its tiles' cells mapped by its symmetry.
 */
@inline
export function groupEntry(g: i32, mirrored: bool): i32 {
  const t = unchecked(groupTable[g]);
  const base = g * MAX_TILES;
  const weights = t * MAX_TILES;
  const map = g << 5;
  let occupied: u32 = 0;
  let rank: u32 = 0;
  for (let i = 0; i < unchecked(tableSize[t]); i++) {
    const tile = <i32>unchecked(groupTiles[base + i]);
    const at = mirrored ? mirrorCell(<i32>unchecked(cellOf[mirrorTile(tile)])) : <i32>unchecked(cellOf[tile]);
    const cell = <i32>unchecked(groupCellMap[map + at]);
    rank += <u32>(cell - <i32>popcnt(occupied & ((1 << cell) - 1))) * unchecked(digitWeight[weights + i]);
    occupied |= 1 << cell;
  }
  return entryAt(t, rank);
}

/** Each tile's group (for the search). */
@inline
export function groupOfTile(tile: i32): i32 {
  return <i32>unchecked(groupOf[tile]);
}

/** A group's moves (its tiles' Manhattan distance and twice its entry) for the board set with setTile: for tests. */
export function tableGroupMoves(g: i32, mirrored: bool): i32 {
  let manhattan = 0;
  for (let i = 0; i < tableSize[groupTable[g]]; i++) {
    const tile = <i32>groupTiles[g * MAX_TILES + i];
    manhattan += mirrored ? manhattanFrom(tile, mirrorCell(<i32>cellOf[mirrorTile(tile)])) : manhattanFrom(tile, <i32>cellOf[tile]);
  }
  return manhattan + 2 * groupEntry(g, mirrored);
}

// ---- The dual lookup ----------------------------------------------------------------------------------------------
// Read the board as a permutation of the cells (each cell to the home of the tile on it, the blank's home the last
// cell): the dual board is its inverse, and needs as many moves (a solution reversed, each piece renamed after the
// cell it stands on). In the dual, the piece whose home is the board's blank cell b moves as the blank: it stands on
// the last cell and must end on b; every other piece, the one whose home is the last cell among them, is a tile, and
// the piece whose home is h stands on the home of the board's tile on h. So the dual's tiles have the board's
// Manhattan distance (the same sum over the cells that hold tiles). A table's entry bounds the moves to its tiles'
// homes with the blank in its goal's region, so it bounds the dual's for a group without the blank's piece when b is
// in that region: for a table whose goal leaves the blank one region, b outside the group's homes (it is, the group
// having no piece whose home is b); for the group around the blank's home, b the last cell. A move changes the dual
// on two cells far apart: its entries are looked up afresh.

/** Twice the entries the dual of the board in TILES (or of the board mirrored about the main diagonal) adds to its Manhattan distance. */
export function dualExtra(mirrored: bool): i32 {
  const cells = boardCells();
  const blank = <i32>cellOf[0];
  const blankCell = mirrored ? mirrorCell(blank) : blank;
  // The piece that moves as the dual's blank (none when the board's blank is home).
  const blankPiece = blankCell == cells - 1 ? 0 : blankCell + 1;
  let extra = 0;
  for (let g = 0; g < groups; g++) {
    const t = unchecked(groupTable[g]);
    if (blankCell != cells - 1 && !unchecked(goalOneRegion[t])) continue;
    const base = g * MAX_TILES;
    const weights = t * MAX_TILES;
    const map = g << 5;
    let occupied: u32 = 0;
    let rank: u32 = 0;
    let i = 0;
    for (; i < unchecked(tableSize[t]); i++) {
      const tile = <i32>unchecked(groupTiles[base + i]);
      if (tile == blankPiece) break;
      // The board's tile on this tile's home (on the board or its mirror): the dual's tile stands on its home.
      const home = tile - 1;
      const onHome = mirrored ? mirrorTile(tileOn(mirrorCell(home))) : tileOn(home);
      const cell = <i32>unchecked(groupCellMap[map + (onHome == 0 ? cells - 1 : onHome - 1)]);
      rank += <u32>(cell - <i32>popcnt(occupied & ((1 << cell) - 1))) * unchecked(digitWeight[weights + i]);
      occupied |= 1 << cell;
    }
    if (i == unchecked(tableSize[t])) extra += entryAt(t, rank);
  }
  return 2 * extra;
}
