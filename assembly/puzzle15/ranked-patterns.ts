// Compact additive pattern databases, for the 7-8 partition (Korf and Felner's, turned for our goal: tiles 1-8,
// the top two rows, and 9-15). A group of k tiles is indexed by the rank of its tiles' cells as an arrangement of
// k of the 16 cells (16 · 15 · … · (17 - k) entries: 518,918,400 for 8 tiles, 57,657,600 for 7), and an entry keeps
// in 4 bits half the moves its tiles need beyond their Manhattan distance (the two differ by an even number:
// each move changes the distance by one): 259.5 MB and 28.8 MB.
//
// A table is built by a breadth-first search from the goal over the group's arrangements and the blank's region
// (see the build below), sweeping the table once per distance in chunks (so that the host can report its progress
// between them), and at the end packed into its 4-bit form in place.
//
// The search looks each group up for the board and for the board mirrored about the main diagonal (relabelled,
// as patterns.ts does); the Manhattan distance is the same for both, so h = MD + 2 · max(extras, mirror extras).
// It may also look them up for the dual board (below).

import { CELLS, TILES, goalColumn, goalRow, regionOf } from "./board";
import { cellOf, mirrorCell, mirrorTile } from "./patterns";

const MAX_GROUPS: i32 = 2;
const MAX_TILES: i32 = 8;
/** The build's chunks: the arrangements of the group's first two tiles (16 · 15). */
const CHUNKS: i32 = 240;

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
  for (let i = 0; i < size; i++) {
    const tile = <i32>groupTiles[groups * MAX_TILES + i];
    for (let cell = 0; cell < CELLS; cell++) {
      manhattanTable[((groups * MAX_TILES + i) << 4) | cell] = <u8>(abs(goalRow(tile) - (cell >> 2)) + abs(goalColumn(tile) - (cell & 3)));
    }
  }
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
// A state of the search is an arrangement of the group's tiles and where the blank is. The other tiles move
// freely (their moves do not count), so the blank can reach any free cell of its region: what matters is the
// region. An arrangement has 2.7 regions on average for 8 tiles (up to 8): the build tells apart the first
// SLOTS - 1 regions by their lowest cells, and takes any further ones as one state, from which a tile may move
// into any of their cells (1% of the arrangements of 8 tiles have more than SLOTS regions). Merging states relaxes
// the real moves: the estimate stays admissible.
//
// Two bytes per arrangement during the build: the entry (bits 0-3, UNSEEN until the arrangement is first reached)
// and the breadth-first search's two-bit mark of each of its states (from bit 4 up): not reached, reached at the
// distance being expanded or at the next one (1 and 2, in turn), done.

const UNSEEN: i32 = 15;
const DONE: i32 = 3;
const SLOTS: i32 = 6;

// For every set of free cells: the state of the blank on each free cell (its region's slot), and the cells of
// each slot's region(s). Built once, 1.5 MB.
let slotOfCell: usize = 0;
let slotCells: usize = 0;

function setUpRegions(): void {
  if (slotOfCell) return;
  slotOfCell = heap.alloc(65536 << 4);
  slotCells = heap.alloc((65536 * SLOTS) << 1);
  memory.fill(slotCells, 0, (65536 * SLOTS) << 1);
  for (let free = 0; free < 65536; free++) {
    let left = free;
    let slot = 0;
    while (left) {
      const region = regionOf(ctz(left), free);
      const at = slotCells + (<usize>(free * SLOTS + slot) << 1);
      store<u16>(at, load<u16>(at) | <u16>region);
      for (let cell = 0; cell < CELLS; cell++) if (region & (1 << cell)) store<u8>(slotOfCell + <usize>((free << 4) | cell), <u8>slot);
      left &= ~region;
      if (slot < SLOTS - 1) slot++;
    }
  }
}

/** The state of the blank on `cell` among these free cells. */
@inline
function stateOf(cell: i32, free: i32): i32 {
  return <i32>load<u8>(slotOfCell + <usize>((free << 4) | cell));
}

/** The cells where the blank may be in a state. */
@inline
function cellsOf(state: i32, free: i32): i32 {
  return <i32>load<u16>(slotCells + (<usize>(free * SLOTS + state) << 1));
}

let buildGroup: i32 = -1;
let buildBytes: usize = 0;
let buildLevel: i32 = 0;
let buildChunk: i32 = 0;
let packing = false;
let levelFound: u32 = 0;
let reached: u32 = 0;
let buildFailed = false;
let packPending: u32 = 0;
// The arrangement under the sweep: each tile's cell and digit, and the cells of the tiles before it.
const sweepCells = new StaticArray<i32>(MAX_TILES);
const sweepDigits = new StaticArray<i32>(MAX_TILES);
const sweepBefore = new StaticArray<i32>(MAX_TILES);
/** Which tile of the group (its index) is on each cell, for the cells the sweep has placed. */
const sweepTileOn = new StaticArray<i32>(CELLS);

/** The mark of the states being expanded (1 or 2: the next distance's is the other). */
@inline
function currentMark(): i32 {
  return 1 + (buildLevel & 1);
}

/** Starts building group g's table: only the goal reached. */
export function startRankedBuild(g: i32): void {
  setUpRegions();
  const entries = entriesOf(g);
  buildBytes = heap.alloc(<usize>entries << 1);
  for (let at: usize = 0; at < (<usize>entries << 1); at += 2) store<u16>(buildBytes + at, <u16>UNSEEN);
  let occupied = 0;
  let goal: u32 = 0;
  for (let i = 0; i < groupSize[g]; i++) {
    const home = <i32>groupTiles[g * MAX_TILES + i] - 1;
    goal += <u32>(home - <i32>popcnt(occupied & ((1 << home) - 1))) * digitWeight[g * MAX_TILES + i];
    occupied |= 1 << home;
  }
  buildGroup = g;
  buildLevel = 0;
  buildChunk = 0;
  packing = false;
  buildFailed = false;
  levelFound = 0;
  reached = 1;
  // The goal: entry 0, the blank on the bottom right cell.
  store<u16>(buildBytes + (<usize>goal << 1), <u16>(currentMark() << (4 + 2 * stateOf(CELLS - 1, 0xffff & ~occupied))));
}

/** The share of the arrangements reached so far (1 once the build is packing). */
export function rankedBuildDone(): f64 {
  return <f64>reached / <f64>entriesOf(buildGroup >= 0 ? buildGroup : 0);
}

/**
 * One chunk of the build: 1 when the table is built and packed, 0 when there is more to do, -1 when an entry
 * does not fit in 4 bits (then nothing is kept).
 */
export function stepRankedBuild(): i32 {
  const g = buildGroup;
  const first = buildChunk / 15;
  const second = buildChunk % 15;
  const secondCell = second < first ? second : second + 1;
  sweepCells[0] = first;
  sweepDigits[0] = first;
  sweepBefore[0] = 0;
  sweepCells[1] = secondCell;
  sweepDigits[1] = second;
  sweepTileOn[first] = 0;
  sweepTileOn[secondCell] = 1;
  sweepBefore[1] = 1 << first;
  const rank = <u32>buildChunk * digitWeight[g * MAX_TILES + 1];
  const occupied = (1 << first) | (1 << secondCell);
  const manhattan = manhattanOf(g, 0, first) + manhattanOf(g, 1, secondCell);
  if (packing) pack(g, 2, occupied, rank);
  else sweep(g, 2, occupied, rank, manhattan);
  if (++buildChunk < CHUNKS) return 0;
  buildChunk = 0;
  if (packing || buildFailed) {
    if (buildFailed) {
      heap.free(buildBytes);
      buildGroup = -1;
      return -1;
    }
    rankedTable[g] = heap.realloc(buildBytes, <usize>(entriesOf(g) >> 1));
    buildGroup = -1;
    return 1;
  }
  // A distance that reached nothing new: every state has its distance.
  if (levelFound == 0) packing = true;
  buildLevel++;
  levelFound = 0;
  return 0;
}

/** Each group tile's Manhattan distance from each cell to its home, by the tile's place in its group. */
const manhattanTable = new StaticArray<u8>(MAX_GROUPS * MAX_TILES * CELLS);

@inline
function tileManhattan(place: i32, cell: i32): i32 {
  return <i32>unchecked(manhattanTable[(place << 4) | cell]);
}

@inline
function manhattanOf(g: i32, i: i32, cell: i32): i32 {
  return tileManhattan(g * MAX_TILES + i, cell);
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
function sweep(g: i32, i: i32, occupied: i32, rank: u32, manhattan: i32): void {
  const last = groupSize[g] - 1;
  if (i == last) {
    sweepLast(g, occupied, rank, manhattan);
    return;
  }
  if (i == last - 1 && !anyMarked(buildBytes + (<usize>rank << 1), (17 - last) * (16 - last), currentMark())) return;
  const weight = digitWeight[g * MAX_TILES + i];
  sweepBefore[i] = occupied;
  let digit = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    if (occupied & (1 << cell)) continue;
    sweepCells[i] = cell;
    sweepDigits[i] = digit;
    sweepTileOn[cell] = i;
    sweep(g, i + 1, occupied | (1 << cell), rank + <u32>digit * weight, manhattan + manhattanOf(g, i, cell));
    digit++;
  }
}

/** The sweep's last tile: its arrangements are consecutive records. */
@inline
function sweepLast(g: i32, occupied: i32, rank: u32, manhattan: i32): void {
  const i = groupSize[g] - 1;
  const marked = currentMark() * 0x555;
  const records = buildBytes + (<usize>rank << 1);
  sweepBefore[i] = occupied;
  let free = 0xffff & ~occupied;
  for (let digit = 0; free; digit++) {
    const cell = ctz(free);
    free &= free - 1;
    const marks = (<i32>load<u16>(records + (<usize>digit << 1)) >> 4) ^ marked;
    // The states marked with the current distance's mark: a pair of zero bits each.
    let matching = ~(marks | (marks >> 1)) & 0x555;
    if (!matching) continue;
    sweepCells[i] = cell;
    sweepDigits[i] = digit;
    sweepTileOn[cell] = i;
    const distance = manhattan + manhattanOf(g, i, cell);
    do {
      expand(g, occupied | (1 << cell), rank + <u32>digit, distance, ctz(matching) >> 1);
      matching &= matching - 1;
    } while (matching);
  }
}

/** Expands one state at the current distance (the arrangement and the blank's state): it is done. */
function expand(g: i32, occupied: i32, rank: u32, manhattan: i32, state: i32): void {
  const at = buildBytes + (<usize>rank << 1);
  store<u16>(at, load<u16>(at) | <u16>(DONE << (4 + 2 * state)));
  const free = 0xffff & ~occupied;
  const blank = cellsOf(state, free);
  // The tiles next to the blank's cells, by the way they move: up, down, left, right.
  let up = occupied & (blank << 4) & 0xffff;
  while (up) {
    const from = ctz(up);
    up &= up - 1;
    moveTile(g, occupied, rank, manhattan, from, from - 4);
  }
  let down = occupied & (blank >> 4);
  while (down) {
    const from = ctz(down);
    down &= down - 1;
    moveTile(g, occupied, rank, manhattan, from, from + 4);
  }
  let left = occupied & (blank << 1) & 0xeeee;
  while (left) {
    const from = ctz(left);
    left &= left - 1;
    moveTile(g, occupied, rank, manhattan, from, from - 1);
  }
  let right = occupied & (blank >> 1) & 0x7777;
  while (right) {
    const from = ctz(right);
    right &= right - 1;
    moveTile(g, occupied, rank, manhattan, from, from + 1);
  }
}

/** Moves the tile on `from` to the blank's cell `to`: the state it leads to, if new, is at the next distance. */
@inline
function moveTile(g: i32, occupied: i32, rank: u32, manhattan: i32, from: i32, to: i32): void {
  const base = g * MAX_TILES;
  const j = unchecked(sweepTileOn[from]);
  // The moved tile's digit changes, and so does that of each later tile whose cell it passes (on a move up or
  // down: the three cells between).
  const digit = to - <i32>popcnt(unchecked(sweepBefore[j]) & ((1 << to) - 1));
  let moved = <i32>rank + (digit - unchecked(sweepDigits[j])) * <i32>unchecked(digitWeight[base + j]);
  let passed = occupied & (from < to ? (1 << to) - (2 << from) : (1 << from) - (2 << to));
  while (passed) {
    const m = unchecked(sweepTileOn[ctz(passed)]);
    passed &= passed - 1;
    if (m > j) moved += (from < to ? 1 : -1) * <i32>unchecked(digitWeight[base + m]);
  }
  const target = buildBytes + (<usize>(<u32>moved) << 1);
  // The blank is now where the tile was. Marked without branches (whether a state is new is a coin toss): a new
  // state gets the next mark, and a new arrangement its entry.
  const shift = 4 + 2 * stateOf(from, (0xffff & ~occupied & ~(1 << to)) | (1 << from));
  const record = <i32>load<u16>(target);
  const fresh = <i32>(((record >> shift) & 3) == 0);
  const first = fresh & <i32>((record & 15) == UNSEEN);
  const entry = (buildLevel + 1 - (manhattan + tileManhattan(base + j, to) - tileManhattan(base + j, from))) >> 1;
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
function pack(g: i32, i: i32, occupied: i32, rank: u32): void {
  const last = groupSize[g] - 1;
  const weight = digitWeight[g * MAX_TILES + i];
  let digit = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    if (occupied & (1 << cell)) continue;
    const next = rank + <u32>digit * weight;
    digit++;
    if (i < last) {
      pack(g, i + 1, occupied | (1 << cell), next);
      continue;
    }
    const entry = <u32>load<u16>(buildBytes + (<usize>next << 1)) & 15;
    if (entry == UNSEEN) buildFailed = true;
    if (next & 1) store<u8>(buildBytes + <usize>(next >> 1), <u8>(packPending | (entry << 4)));
    else packPending = entry;
  }
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
    manhattan += tileManhattan(base + i, cell);
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
