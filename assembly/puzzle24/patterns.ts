// Additive pattern databases for the 24-puzzle (and smaller boards): Korf and Felner's 6-6-6-6 partition. A table
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
// A table is built by a breadth-first search from the goal over its arrangements and the blank's region (the
// other tiles move freely, so only the region matters; regions.ts), sweeping the table once per distance in chunks
// (so that the host can report progress between them), and at the end packed into its 4-bit form in place.

import { allCells, boardCells, boardWidth, cellOf, manhattanFrom, mirrorCell, mirrorTile, notFirst, notLast, regionOf, symmetricCell, tileOn } from "./board";
import { setUpRegions, slotOf, slotRegion } from "./regions";

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
  goalOneRegion[tables] = regionOf(<i32>ctz(free), free) == free;
  return tables++;
}

/**
 * Adds a group of tiles (a bit per tile) looked up in `table`: through the first symmetry of the board (board.ts)
 * that maps the group's homes onto the table's tiles' homes, each tile onto the tile whose home its home maps to.
 * Returns its index, or -1 when no symmetry maps one set of homes onto the other.
 */
export function addGroup(table: i32, tilesMask: i32): i32 {
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

export function groupCount(): i32 {
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
// Two bytes per arrangement during the build: the entry (bits 0-3, UNSEEN until the arrangement is first reached)
// and the breadth-first search's two-bit mark of each of its states (from bit 4 up): not reached, reached at the
// distance being expanded or at the next one (1 and 2, in turn), done.

const UNSEEN: i32 = 15;
const DONE: i32 = 3;

let buildTable: i32 = -1;
let buildBytes: usize = 0;
let buildLevel: i32 = 0;
let buildChunk: i32 = 0;
let packing = false;
let levelFound: u32 = 0;
let reached: u32 = 0;
let buildFailed = false;
let packPending: u32 = 0;
// The arrangement under the sweep: each tile's digit, the cells of the tiles before it, and which tile (its
// place in the table) is on each cell the sweep has placed.
const sweepDigits = new StaticArray<i32>(MAX_TILES);
const sweepBefore = new StaticArray<u32>(MAX_TILES);
const sweepTileOn = new StaticArray<i32>(32);

/** The mark of the states being expanded (1 or 2: the next distance's is the other). */
@inline
function currentMark(): i32 {
  return 1 + (buildLevel & 1);
}

@inline
function tileManhattan(t: i32, place: i32, cell: i32): i32 {
  return manhattanFrom(<i32>unchecked(tableTiles[t * MAX_TILES + place]), cell);
}

/** The cells of a table's tiles' homes. */
function goalCells(t: i32): u32 {
  let occupied: u32 = 0;
  for (let i = 0; i < tableSize[t]; i++) occupied |= 1 << (<i32>tableTiles[t * MAX_TILES + i] - 1);
  return occupied;
}

/** Starts building table t: the goal arrangement reached, with the blank in the region of its home (the last cell). */
export function startBuild(t: i32): void {
  setUpRegions(tableSize[t]);
  const entries = entriesOf(t);
  buildBytes = heap.alloc(<usize>entries << 1);
  for (let at: usize = 0; at < (<usize>entries << 1); at += 2) store<u16>(buildBytes + at, <u16>UNSEEN);
  let occupied: u32 = 0;
  let goal: u32 = 0;
  for (let i = 0; i < tableSize[t]; i++) {
    const home = <i32>tableTiles[t * MAX_TILES + i] - 1;
    goal += <u32>(home - <i32>popcnt(occupied & ((1 << home) - 1))) * digitWeight[t * MAX_TILES + i];
    occupied |= 1 << home;
  }
  buildTable = t;
  buildLevel = 0;
  store<u16>(buildBytes + (<usize>goal << 1), <u16>(currentMark() << (4 + 2 * slotOf(occupied, boardCells() - 1))));
  buildChunk = 0;
  packing = false;
  buildFailed = false;
  levelFound = 0;
  reached = 1;
}

/** The share of the arrangements reached so far. */
export function buildDone(): f64 {
  return <f64>reached / <f64>entriesOf(buildTable >= 0 ? buildTable : 0);
}

/** The distance the build is sweeping. */
export function buildDistance(): i32 {
  return buildLevel;
}

/**
 * One chunk of the build (the arrangements of the table's first two tiles on two given cells): 1 when the table
 * is built and packed, 0 when there is more to do, -1 when an entry does not fit in 4 bits (then nothing is kept).
 */
export function stepBuild(): i32 {
  const t = buildTable;
  const cells = boardCells();
  const first = buildChunk / (cells - 1);
  const second = buildChunk % (cells - 1);
  const secondCell = second < first ? second : second + 1;
  sweepDigits[0] = first;
  sweepBefore[0] = 0;
  sweepDigits[1] = second;
  sweepBefore[1] = 1 << first;
  sweepTileOn[first] = 0;
  sweepTileOn[secondCell] = 1;
  const rank = <u32>buildChunk * digitWeight[t * MAX_TILES + 1];
  const occupied: u32 = (1 << first) | (1 << secondCell);
  if (packing) pack(t, 2, occupied, rank);
  else sweep(t, 2, occupied, rank, tileManhattan(t, 0, first) + tileManhattan(t, 1, secondCell));
  if (++buildChunk < cells * (cells - 1)) return 0;
  buildChunk = 0;
  if (packing || buildFailed) {
    if (buildFailed) {
      heap.free(buildBytes);
      buildTable = -1;
      return -1;
    }
    tableAddress[t] = heap.realloc(buildBytes, <usize>tableBytes(t));
    buildTable = -1;
    return 1;
  }
  // A distance that reached nothing new: every state has its distance.
  if (levelFound == 0) packing = true;
  buildLevel++;
  levelFound = 0;
  return 0;
}

/** The low bit of every mark in four records. */
const MARK_LOW_BITS: u64 = 0x5550555055505550;

/** Whether any of the `count` records at `at` has a state marked `mark`, four records at a time. */
@inline
function anyMarked(at: usize, count: i32, mark: i32): bool {
  const marks = <u64>mark * 0x5555555555555555;
  let i = 0;
  for (; i + 4 <= count; i += 4) {
    const x = load<u64>(at + (<usize>i << 1)) ^ marks;
    // A mark equal to `mark` is a pair of zero bits.
    if (~(x | (x >> 1)) & MARK_LOW_BITS) return true;
  }
  for (; i < count; i++) {
    const x = (<u64>load<u16>(at + (<usize>i << 1)) ^ marks) & 0xffff;
    if (~(x | (x >> 1)) & MARK_LOW_BITS & 0xffff) return true;
  }
  return false;
}

/**
 * The sweep of one distance below tile i (the tiles before it placed, their Manhattan distance `manhattan`):
 * every state at that distance gives each state one move away not yet reached the next distance. The last two
 * tiles' arrangements are contiguous in the table, and are passed over at once when none is at the distance.
 */
function sweep(t: i32, i: i32, occupied: u32, rank: u32, manhattan: i32): void {
  const last = tableSize[t] - 1;
  if (i == last) {
    sweepLast(t, occupied, rank, manhattan);
    return;
  }
  const cells = boardCells();
  if (i == last - 1 && !anyMarked(buildBytes + (<usize>rank << 1), (cells + 1 - last) * (cells - last), currentMark())) return;
  const weight = digitWeight[t * MAX_TILES + i];
  sweepBefore[i] = occupied;
  let digit = 0;
  for (let cell = 0; cell < cells; cell++) {
    if (occupied & (1 << cell)) continue;
    sweepDigits[i] = digit;
    sweepTileOn[cell] = i;
    sweep(t, i + 1, occupied | (1 << cell), rank + <u32>digit * weight, manhattan + tileManhattan(t, i, cell));
    digit++;
  }
}

/** The sweep's last tile: its arrangements are consecutive records. */
function sweepLast(t: i32, occupied: u32, rank: u32, manhattan: i32): void {
  const i = tableSize[t] - 1;
  const marked = currentMark() * 0x555;
  const records = buildBytes + (<usize>rank << 1);
  sweepBefore[i] = occupied;
  let free = allCells() & ~occupied;
  for (let digit = 0; free; digit++) {
    const cell = <i32>ctz(free);
    free &= free - 1;
    const marks = (<i32>load<u16>(records + (<usize>digit << 1)) >> 4) ^ marked;
    // The states marked with the current distance's mark: a pair of zero bits each.
    let matching = ~(marks | (marks >> 1)) & 0x555;
    if (!matching) continue;
    sweepDigits[i] = digit;
    sweepTileOn[cell] = i;
    const distance = manhattan + tileManhattan(t, i, cell);
    do {
      expand(t, occupied | (1 << cell), rank + <u32>digit, distance, <i32>ctz(matching) >> 1);
      matching &= matching - 1;
    } while (matching);
  }
}

/** Expands one state at the current distance (the arrangement and the blank's state): it is done. */
function expand(t: i32, occupied: u32, rank: u32, manhattan: i32, state: i32): void {
  const at = buildBytes + (<usize>rank << 1);
  store<u16>(at, load<u16>(at) | <u16>(DONE << (4 + 2 * state)));
  const width = boardWidth();
  const blank = slotRegion(occupied, state);
  // The tiles next to the blank's cells, by the way they move: up, down, left, right.
  let up = occupied & (blank << width);
  while (up) {
    const from = <i32>ctz(up);
    up &= up - 1;
    moveTile(t, occupied, rank, manhattan, from, from - width);
  }
  let down = occupied & (blank >> width);
  while (down) {
    const from = <i32>ctz(down);
    down &= down - 1;
    moveTile(t, occupied, rank, manhattan, from, from + width);
  }
  let left = occupied & (blank << 1) & notFirst();
  while (left) {
    const from = <i32>ctz(left);
    left &= left - 1;
    moveTile(t, occupied, rank, manhattan, from, from - 1);
  }
  let right = occupied & (blank >> 1) & notLast();
  while (right) {
    const from = <i32>ctz(right);
    right &= right - 1;
    moveTile(t, occupied, rank, manhattan, from, from + 1);
  }
}

/** Moves the tile on `from` to the blank's cell `to`: the state it leads to, if new, is at the next distance. */
@inline
function moveTile(t: i32, occupied: u32, rank: u32, manhattan: i32, from: i32, to: i32): void {
  const base = t * MAX_TILES;
  const j = unchecked(sweepTileOn[from]);
  // The moved tile's digit changes, and so does that of each later tile whose cell it passes (on a move up or
  // down: the cells between).
  const digit = to - <i32>popcnt(unchecked(sweepBefore[j]) & ((1 << to) - 1));
  let moved = <i32>rank + (digit - unchecked(sweepDigits[j])) * <i32>unchecked(digitWeight[base + j]);
  let passed = occupied & (from < to ? (1 << to) - (2 << from) : (1 << from) - (2 << to));
  while (passed) {
    const m = unchecked(sweepTileOn[<i32>ctz(passed)]);
    passed &= passed - 1;
    if (m > j) moved += (from < to ? 1 : -1) * <i32>unchecked(digitWeight[base + m]);
  }
  const target = buildBytes + (<usize>(<u32>moved) << 1);
  // The blank is now where the tile was. Marked without branches (whether a state is new is a coin toss): a new
  // state gets the next mark, and a new arrangement its entry.
  const shift = 4 + 2 * slotOf((occupied & ~(1 << from)) | (1 << to), from);
  const record = <i32>load<u16>(target);
  const fresh = <i32>(((record >> shift) & 3) == 0);
  const first = fresh & <i32>((record & 15) == UNSEEN);
  const entry = (buildLevel + 1 - (manhattan + tileManhattan(t, j, to) - tileManhattan(t, j, from))) >> 1;
  const withEntry = select<i32>((record & ~15) | (entry & 15), record, first);
  store<u16>(target, <u16>(withEntry | (((3 - currentMark()) * fresh) << shift)));
  levelFound += fresh;
  reached += first;
  if (first & <i32>(entry >= UNSEEN)) buildFailed = true;
}

/**
 * Packs the entries below tile i into 4 bits each, two to a byte (the lower rank in the low half), in place:
 * entries are visited in rank order, so a byte is written only over records already read.
 */
function pack(t: i32, i: i32, occupied: u32, rank: u32): void {
  const last = tableSize[t] - 1;
  const weight = digitWeight[t * MAX_TILES + i];
  let digit = 0;
  for (let cell = 0; cell < boardCells(); cell++) {
    if (occupied & (1 << cell)) continue;
    const next = rank + <u32>digit * weight;
    digit++;
    if (i < last) {
      pack(t, i + 1, occupied | (1 << cell), next);
      continue;
    }
    const entry = <u32>load<u16>(buildBytes + (<usize>next << 1)) & 15;
    if (entry == UNSEEN) buildFailed = true;
    if (next & 1) store<u8>(buildBytes + <usize>(next >> 1), <u8>(packPending | (entry << 4)));
    else packPending = entry;
  }
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
export function groupMoves(g: i32, mirrored: bool): i32 {
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
