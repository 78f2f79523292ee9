// 15-puzzle core: IDA* with a choice of heuristics: walking distance (WD, Takahashi), WD combined with the
// inversion distance (WDID), Manhattan distance (MD), and additive pattern databases with their mirrored
// lookup, combined with WD by the larger (PDB). Blank moves are tried in the order U, L, R, D; the move that
// undoes the previous one is never made. An iteration can also be searched in shares, one per worker.
// Counting (as Korf's published node counts do): an expansion is a node with f = g + h <= threshold whose children are generated
// (the root in every iteration); the search stops at the first generated child that is the goal.

import { countNode, reportIteration, searchStopped, startSearch } from "../common/stats";

export { nodeCount, elapsedMs, searchStopped, setReporting } from "../common/stats";

const SIZE: i32 = 4;
const CELLS: i32 = 16;
export const WD: i32 = 0;
export const WDID: i32 = 1;
export const MD: i32 = 2;
export const PDB: i32 = 3;

// ---- Walking distance tables -------------------------------------------------------------------------------
// A state is a 4x4 matrix c[r][g]: tiles in row r whose goal row is g (the blank's row holds 3 tiles). The
// same tables serve columns (tiles in column c by goal column). 24,964 states, found by a breadth-first search
// from the goal; link[state][direction][g] is the state after the blank moves up (0) or down (1) and a tile of
// goal row g comes into the blank's row, or NO_STATE.

const STATES: i32 = 24964;
const NO_STATE: u16 = 0xffff;
// The hot tables live at fixed addresses (memory.data): no pointer to load before each access.
const WD_DISTANCE: usize = memory.data(STATES);
const WD_LINK: usize = memory.data(STATES * 8 * 2);
const wdCodes = new StaticArray<u64>(STATES);
const wdBlankRow = new StaticArray<u8>(STATES);
let wdReady = false;

// Open addressing from a state's code (16 counts of 3 bits) to its index.
const HASH_SIZE: i32 = 1 << 16;
const hashCodes = new StaticArray<u64>(HASH_SIZE);
const hashIndex = new StaticArray<u16>(HASH_SIZE);

@inline
function countAt(code: u64, r: i32, g: i32): i32 {
  return <i32>((code >> (<u64>((r * 4 + g) * 3))) & 7);
}

@inline
function withCount(code: u64, r: i32, g: i32, delta: i32): u64 {
  return code + ((<u64>delta) << (<u64>((r * 4 + g) * 3)));
}

function findState(code: u64): i32 {
  let slot = <i32>((code * 0x9e3779b97f4a7c15) >> 48) & (HASH_SIZE - 1);
  while (hashCodes[slot] != 0) {
    if (hashCodes[slot] == code) return hashIndex[slot];
    slot = (slot + 1) & (HASH_SIZE - 1);
  }
  return -1;
}

function addState(code: u64, index: i32): void {
  let slot = <i32>((code * 0x9e3779b97f4a7c15) >> 48) & (HASH_SIZE - 1);
  while (hashCodes[slot] != 0) slot = (slot + 1) & (HASH_SIZE - 1);
  hashCodes[slot] = code;
  hashIndex[slot] = <u16>index;
}

/** The breadth-first search over count matrices; returns the number of states (24,964). */
export function buildWalkingDistance(): i32 {
  if (wdReady) return STATES;
  let goal: u64 = 0;
  for (let r = 0; r < SIZE; r++) goal = withCount(goal, r, r, r == 3 ? 3 : 4);
  // Codes are never 0 (some count is positive), so 0 marks an empty hash slot.
  wdCodes[0] = goal;
  wdBlankRow[0] = 3;
  store<u8>(WD_DISTANCE + <usize>(0), 0);
  addState(goal, 0);
  let count = 1;
  for (let head = 0; head < count; head++) {
    const code = wdCodes[head];
    const blank = <i32>wdBlankRow[head];
    for (let direction = 0; direction < 2; direction++) {
      const from = direction == 0 ? blank - 1 : blank + 1;
      for (let g = 0; g < SIZE; g++) {
        let next = NO_STATE;
        if (from >= 0 && from < SIZE && countAt(code, from, g) > 0) {
          const moved = withCount(withCount(code, from, g, -1), blank, g, 1);
          let index = findState(moved);
          if (index < 0) {
            index = count++;
            wdCodes[index] = moved;
            wdBlankRow[index] = <u8>from;
            store<u8>(WD_DISTANCE + <usize>(index), load<u8>(WD_DISTANCE + <usize>(head)) + 1);
            addState(moved, index);
          }
          next = <u16>index;
        }
        store<u16>(WD_LINK + (<usize>(head * 8 + direction * 4 + g) << 1), next);
      }
    }
  }
  wdReady = true;
  return count;
}

export function walkingDistanceOf(state: i32): i32 {
  return load<u8>(WD_DISTANCE + <usize>(state));
}

// ---- The board and its heuristic state -----------------------------------------------------------------------

const TILES: usize = memory.data(CELLS);
let blank: i32 = 0;
let heuristic: i32 = WD;
let rowState: i32 = 0;
let columnState: i32 = 0;
let rowInversions: i32 = 0;
let columnInversions: i32 = 0;
let manhattan: i32 = 0;
/** Each tile's rank in goal column-major order, for column inversions. */
const columnRank = new StaticArray<u8>(CELLS);

export function setTile(cell: i32, tile: i32): void {
  store<u8>(TILES + <usize>(cell), <u8>tile);
  if (tile == 0) blank = cell;
}

@inline
function goalRow(tile: i32): i32 {
  return (tile - 1) >> 2;
}

@inline
function goalColumn(tile: i32): i32 {
  return (tile - 1) & 3;
}

/** Sets up the heuristic's state for the board set with setTile; returns h. */
export function prepare(which: i32): i32 {
  buildWalkingDistance();
  heuristic = which;
  let rows: u64 = 0;
  let columns: u64 = 0;
  manhattan = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    const tile = <i32>load<u8>(TILES + <usize>(cell));
    if (tile == 0) continue;
    rows = withCount(rows, cell >> 2, goalRow(tile), 1);
    columns = withCount(columns, cell & 3, goalColumn(tile), 1);
    manhattan += abs(goalRow(tile) - (cell >> 2)) + abs(goalColumn(tile) - (cell & 3));
  }
  rowState = findState(rows);
  columnState = findState(columns);
  for (let tile = 1; tile < CELLS; tile++) columnRank[tile] = <u8>(goalColumn(tile) * 4 + goalRow(tile));
  rowInversions = 0;
  columnInversions = 0;
  for (let a = 0; a < CELLS; a++) {
    for (let b = a + 1; b < CELLS; b++) {
      const ta = <i32>load<u8>(TILES + <usize>(a));
      const tb = <i32>load<u8>(TILES + <usize>(b));
      if (ta != 0 && tb != 0 && ta > tb) rowInversions++;
      // Column-major reading: cell index (c * 4 + r).
      const ca = <i32>load<u8>(TILES + <usize>((a & 3) * 4 + (a >> 2)));
      const cb = <i32>load<u8>(TILES + <usize>((b & 3) * 4 + (b >> 2)));
      if (ca != 0 && cb != 0 && columnRank[ca] > columnRank[cb]) columnInversions++;
    }
  }
  return estimate();
}

@inline
function inversionDistance(inversions: i32): i32 {
  return inversions / 3 + inversions % 3;
}

@inline
function estimate(): i32 {
  if (heuristic == MD) return manhattan;
  if (heuristic == PDB) return max(patternEstimate(), <i32>load<u8>(WD_DISTANCE + <usize>rowState) + <i32>load<u8>(WD_DISTANCE + <usize>columnState));
  const rows = <i32>load<u8>(WD_DISTANCE + <usize>(rowState));
  const columns = <i32>load<u8>(WD_DISTANCE + <usize>(columnState));
  if (heuristic == WD) return rows + columns;
  return max(rows, inversionDistance(rowInversions)) + max(columns, inversionDistance(columnInversions));
}

// ---- Additive pattern databases (filled by the host) -----------------------------------------------------------
// Up to three groups of tiles; a group's table gives, for the cells of its tiles, the moves of those tiles needed
// to bring them home. Indexed by the cells in base 16 (the first tile of the group the lowest digit). The board
// mirrored about the main diagonal (tile at (r, c) to (c, r), relabelled) is another admissible estimate.

const MAX_GROUPS: i32 = 3;
const groupTiles = new StaticArray<u8>(MAX_GROUPS * 8);
const groupSize = new StaticArray<i32>(MAX_GROUPS);
const groupTable = new StaticArray<usize>(MAX_GROUPS);
let groups: i32 = 0;
/** The cell of every tile, kept during the search for the pattern lookups. */
const cellOf = new StaticArray<u8>(CELLS);

/** Each tile's group and the shift of its digit in the group's index. */
const tileGroup = new StaticArray<u8>(CELLS);
const tileShift = new StaticArray<u8>(CELLS);
// The lookup state, kept up to date move by move: each group's index and value, for the board and its mirror.
const directIndex = new StaticArray<u32>(MAX_GROUPS);
const mirrorIndex = new StaticArray<u32>(MAX_GROUPS);
const directValue = new StaticArray<i32>(MAX_GROUPS);
const mirrorValue = new StaticArray<i32>(MAX_GROUPS);
let directSum: i32 = 0;
let mirrorSum: i32 = 0;

/** Reserves a group's table (16^size bytes) and returns its address for the host to fill. */
export function addPatternGroup(tilesMask: i32): usize {
  let size = 0;
  for (let tile = 1; tile < CELLS; tile++) {
    if (tilesMask & (1 << tile)) {
      tileGroup[tile] = <u8>groups;
      tileShift[tile] = <u8>(4 * size);
      groupTiles[groups * 8 + size++] = <u8>tile;
    }
  }
  groupSize[groups] = size;
  const address = heap.alloc(<usize>1 << (4 * size));
  groupTable[groups] = address;
  groups++;
  return address;
}

export function patternGroupCount(): i32 {
  return groups;
}

// Building a group's table: a breadth-first search over (the cells of the group's tiles, the blank's region).
// Only moves of the group's tiles count (the database is additive); the blank moves freely among the other
// cells, so a state keeps only the lowest cell of the blank's region. A state is the cells in base 16 (24 bits
// for six tiles) and the region's cell above them; `seen` has a bit per state, the queue is a ring buffer.

const NEIGHBOURS = memory.data<i8>([
  1, 4, -1, -1, 0, 2, 5, -1, 1, 3, 6, -1, 2, 7, -1, -1,
  0, 5, 8, -1, 1, 4, 6, 9, 2, 5, 7, 10, 3, 6, 11, -1,
  4, 9, 12, -1, 5, 8, 10, 13, 6, 9, 11, 14, 7, 10, 15, -1,
  8, 13, -1, -1, 9, 12, 14, -1, 10, 13, 15, -1, 11, 14, -1, -1,
]);
const QUEUE_BITS: i32 = 23;

/** The cells reachable from `start` without crossing an occupied cell (bit mask), flood filled. */
function region(start: i32, occupied: i32): i32 {
  let reached = 1 << start;
  let frontier = reached;
  while (frontier) {
    let next = 0;
    while (frontier) {
      const cell = ctz(frontier);
      frontier &= frontier - 1;
      for (let k = 0; k < 4; k++) {
        const neighbour = <i32>load<i8>(NEIGHBOURS + <usize>(cell * 4 + k));
        if (neighbour >= 0 && !(occupied & (1 << neighbour)) && !(reached & (1 << neighbour))) {
          reached |= 1 << neighbour;
          next |= 1 << neighbour;
        }
      }
    }
    frontier = next;
  }
  return reached;
}

/** Fills group g's table by the breadth-first search; returns the number of states visited, or -1 when the queue overflowed. */
export function buildPatternGroup(g: i32): i32 {
  const size = groupSize[g];
  const digits = 4 * size;
  const table = groupTable[g];
  const placements = <usize>1 << digits;
  memory.fill(table, 255, placements);
  const seen = heap.alloc(placements * 16 / 8);
  memory.fill(seen, 0, placements * 16 / 8);
  const capacity: u32 = 1 << QUEUE_BITS;
  const queue = heap.alloc(<usize>capacity << 2);
  let head: u32 = 0;
  let tail: u32 = 0;
  // The goal: every group tile home, the blank in the bottom right cell's region.
  let goal: u32 = 0;
  let occupied = 0;
  for (let i = size - 1; i >= 0; i--) {
    const home = <i32>groupTiles[g * 8 + i] - 1;
    goal = (goal << 4) | <u32>home;
    occupied |= 1 << home;
  }
  const goalState = goal | (<u32>ctz(region(15, occupied)) << digits);
  store<u8>(seen + (goalState >> 3), <u8>(<u32>1 << (goalState & 7)));
  store<u32>(queue, goalState);
  tail = 1;
  store<u8>(table + goal, 0);
  let visited = 1;
  // Distances by levels: a state's distance is that of the level it was queued in.
  let level = 0;
  let levelEnd = tail;
  while (head != tail) {
    if (head == levelEnd) {
      level++;
      levelEnd = tail;
    }
    const state = load<u32>(queue + ((<usize>(head & (capacity - 1))) << 2));
    head++;
    const placement = state & ((1 << digits) - 1);
    const blankCell = <i32>(state >> digits);
    occupied = 0;
    for (let i = 0; i < size; i++) occupied |= 1 << <i32>((placement >> (4 * i)) & 15);
    const free = region(blankCell, occupied);
    // Every tile of the group next to the blank's region may move into it.
    for (let i = 0; i < size; i++) {
      const cell = <i32>((placement >> (4 * i)) & 15);
      for (let k = 0; k < 4; k++) {
        const target = <i32>load<i8>(NEIGHBOURS + <usize>(cell * 4 + k));
        if (target < 0 || !(free & (1 << target))) continue;
        const moved = (placement & ~(<u32>15 << (4 * i))) | (<u32>target << (4 * i));
        const movedOccupied = (occupied & ~(1 << cell)) | (1 << target);
        const next = moved | (<u32>ctz(region(cell, movedOccupied)) << digits);
        const byte = seen + (next >> 3);
        const bit = <u8>(<u32>1 << (next & 7));
        if (load<u8>(byte) & bit) continue;
        store<u8>(byte, load<u8>(byte) | bit);
        if (tail - head >= capacity) return -1;
        store<u32>(queue + ((<usize>(tail & (capacity - 1))) << 2), next);
        tail++;
        visited++;
        if (load<u8>(table + moved) == 255) store<u8>(table + moved, <u8>(level + 1));
      }
    }
  }
  heap.free(queue);
  heap.free(seen);
  return visited;
}

@inline
function mirrorCell(cell: i32): i32 {
  return (cell & 3) * 4 + (cell >> 2);
}

@inline
function mirrorTile(tile: i32): i32 {
  const cell = tile - 1;
  return mirrorCell(cell) + 1;
}

/** Computes every group's index and value from cellOf (at the start of a search); returns the estimate. */
function patternEstimate(): i32 {
  directSum = 0;
  mirrorSum = 0;
  for (let g = 0; g < groups; g++) {
    const base = g * 8;
    let index: u32 = 0;
    let mirror: u32 = 0;
    for (let i = groupSize[g] - 1; i >= 0; i--) {
      const tile = <i32>groupTiles[base + i];
      index = (index << 4) | <u32>cellOf[tile];
      // In the mirrored board the tile mirrorTile(t) stands on the mirror of t's cell.
      mirror = (mirror << 4) | <u32>mirrorCell(<i32>cellOf[mirrorTile(tile)]);
    }
    directIndex[g] = index;
    mirrorIndex[g] = mirror;
    directValue[g] = <i32>load<u8>(groupTable[g] + index);
    mirrorValue[g] = <i32>load<u8>(groupTable[g] + mirror);
    directSum += directValue[g];
    mirrorSum += mirrorValue[g];
  }
  return max(directSum, mirrorSum);
}

// ---- Moves and IDA*, one search per heuristic -------------------------------------------------------------------
// The search is compiled once per heuristic (a marker class as a type parameter): each keeps and updates only
// the state its heuristic needs, and restores it from saved values rather than by the reverse move.

class WalkingDistance {}
class WalkingInversion {}
class Manhattan {}
class Patterns {}

// Directions of the blank: 0 U, 1 L, 2 R, 3 D (the search's order); 3 - d is the opposite. Cell steps:
const STEPS: usize = memory.data<i8>([-4, -1, 1, 4]);

const path = new StaticArray<i32>(128);
let threshold: i32 = 0;
let nextThreshold: i32 = 0;
let found = false;
let solutionLength: i32 = -1;

/**
 * IDA*'s depth-first search below a node at depth g. The blank's cell and the heuristic's state travel as
 * arguments (registers, not globals): for WD and WDID `rows` and `columns` are the walking-distance states and
 * `rowInv`, `columnInv` the inversion counts, for MD `rows` is the Manhattan distance; the PDB keeps cellOf.
 */
let prefetchSink: u32 = 0;

/** Reads the table entries of every child's lookup at once, so that their memory latencies overlap. */
@inline
function prefetchChildren(blank: i32, previous: i32): void {
  for (let direction = 0; direction < 4; direction++) {
    if (direction == 3 - previous) continue;
    if (direction == 0 ? blank < 4 : direction == 3 ? blank >= 12 : direction == 1 ? (blank & 3) == 0 : (blank & 3) == 3) continue;
    const from = blank + <i32>load<i8>(STEPS + <usize>direction);
    const tile = <i32>load<u8>(TILES + <usize>from);
    const g = <i32>tileGroup[tile];
    const mirrored = mirrorTile(tile);
    const m = <i32>tileGroup[mirrored];
    prefetchSink += <u32>load<u8>(groupTable[g] + directIndex[g] + (<u32>(blank - from) << tileShift[tile]));
    prefetchSink += <u32>load<u8>(groupTable[m] + mirrorIndex[m] + (<u32>(mirrorCell(blank) - mirrorCell(from)) << tileShift[mirrored]));
  }
}

function search<H>(g: i32, previous: i32, blank: i32, rows: i32, columns: i32, rowInv: i32, columnInv: i32): void {
  if (g <= splitDepth ? !ownsNode(g) : countNode()) return;
  // One call per direction with the direction a constant: the inlined move folds its tests on it away.
  if (idof<H>() == idof<Patterns>()) {
    prefetchChildren(blank, previous);
    if (previous != 3 && blank >= 4 && patternChild(0, g, blank, rows, columns)) return;
    if (previous != 2 && (blank & 3) != 0 && patternChild(1, g, blank, rows, columns)) return;
    if (previous != 1 && (blank & 3) != 3 && patternChild(2, g, blank, rows, columns)) return;
    if (previous != 0 && blank < 12) patternChild(3, g, blank, rows, columns);
    return;
  }
  if (previous != 3 && blank >= 4 && child<H>(0, g, blank, rows, columns, rowInv, columnInv)) return;
  if (previous != 2 && (blank & 3) != 0 && child<H>(1, g, blank, rows, columns, rowInv, columnInv)) return;
  if (previous != 1 && (blank & 3) != 3 && child<H>(2, g, blank, rows, columns, rowInv, columnInv)) return;
  if (previous != 0 && blank < 12) child<H>(3, g, blank, rows, columns, rowInv, columnInv);
}

/** The blank's move in `direction` and the search below it; true when the search is over (found or stopped). */
@inline
function child<H>(direction: i32, g: i32, blank: i32, rows: i32, columns: i32, rowInv: i32, columnInv: i32): bool {
  const from = blank + <i32>load<i8>(STEPS + <usize>direction);
  const tile = <i32>load<u8>(TILES + <usize>from);
  const vertical = direction == 0 || direction == 3;
  let nextRows = rows;
  let nextColumns = columns;
  let nextRowInv = rowInv;
  let nextColumnInv = columnInv;
  if (idof<H>() == idof<WalkingDistance>() || idof<H>() == idof<WalkingInversion>()) {
    if (vertical) nextRows = <i32>load<u16>(WD_LINK + ((<usize>(rows * 8 + (direction == 3 ? 4 : 0) + goalRow(tile))) << 1));
    else nextColumns = <i32>load<u16>(WD_LINK + ((<usize>(columns * 8 + (direction == 2 ? 4 : 0) + goalColumn(tile))) << 1));
  }
  if (idof<H>() == idof<WalkingInversion>()) {
    if (vertical) nextRowInv += inversionChange(direction, from, blank, tile);
    else nextColumnInv += inversionChange(direction, from, blank, tile);
  }
  if (idof<H>() == idof<Manhattan>()) {
    if (vertical) nextRows += abs(goalRow(tile) - (blank >> 2)) - abs(goalRow(tile) - (from >> 2));
    else nextRows += abs(goalColumn(tile) - (blank & 3)) - abs(goalColumn(tile) - (from & 3));
  }
  store<u8>(TILES + <usize>blank, tile);
  store<u8>(TILES + <usize>from, 0);
  let h: i32;
  if (idof<H>() == idof<WalkingDistance>()) {
    h = <i32>load<u8>(WD_DISTANCE + <usize>nextRows) + <i32>load<u8>(WD_DISTANCE + <usize>nextColumns);
  } else if (idof<H>() == idof<WalkingInversion>()) {
    h = max(<i32>load<u8>(WD_DISTANCE + <usize>nextRows), inversionDistance(nextRowInv)) + max(<i32>load<u8>(WD_DISTANCE + <usize>nextColumns), inversionDistance(nextColumnInv));
  } else {
    h = nextRows;
  }
  if (h == 0) {
    found = true;
    solutionLength = g + 1;
    path[g] = direction;
    return true; // the goal: stop at once, the board stays solved
  }
  const f = g + 1 + h;
  if (f <= threshold) {
    search<H>(g + 1, direction, from, nextRows, nextColumns, nextRowInv, nextColumnInv);
    if (found) {
      path[g] = direction; // the path is written on the way back from the goal
      return true;
    }
    if (searchStopped()) return true;
  } else if (f < nextThreshold) {
    nextThreshold = f;
  }
  store<u8>(TILES + <usize>from, tile);
  store<u8>(TILES + <usize>blank, 0);
  return false;
}

/**
 * The pattern database search's move. h is the largest of three estimates: the walking distance (it cuts
 * about a sixth of the nodes on Korf's 100 for one cached lookup), the groups' sum and the mirrored board's
 * sum. They are looked up one at a time and the child is cut as soon as one shows f above the threshold; the
 * lookup state changes only for a child searched. Each estimate changes by one per move, so f keeps the
 * parity of the threshold and a cut on one estimate leaves the same next threshold as on all three.
 */
@inline
function patternChild(direction: i32, g: i32, blank: i32, rows: i32, columns: i32): bool {
  const from = blank + <i32>load<i8>(STEPS + <usize>direction);
  const tile = <i32>load<u8>(TILES + <usize>from);
  const limit = threshold - g - 1;
  let nextRows = rows;
  let nextColumns = columns;
  if (direction == 0 || direction == 3) nextRows = <i32>load<u16>(WD_LINK + ((<usize>(rows * 8 + (direction == 3 ? 4 : 0) + goalRow(tile))) << 1));
  else nextColumns = <i32>load<u16>(WD_LINK + ((<usize>(columns * 8 + (direction == 2 ? 4 : 0) + goalColumn(tile))) << 1));
  const walking = <i32>load<u8>(WD_DISTANCE + <usize>nextRows) + <i32>load<u8>(WD_DISTANCE + <usize>nextColumns);
  if (walking > limit) return cut(g + 1 + walking);
  // Tile t moves from `from` to `blank`: its group's index and value change, and in the mirrored board the
  // tile mirrorTile(t) moves from the mirror of `from` to the mirror of `blank`.
  const group = <i32>tileGroup[tile];
  const index = directIndex[group] + (<u32>(blank - from) << tileShift[tile]);
  const value = <i32>load<u8>(groupTable[group] + index);
  const sum = directSum + value - directValue[group];
  if (sum > limit) return cut(g + 1 + sum);
  const mirrored = mirrorTile(tile);
  const mirrorGroup = <i32>tileGroup[mirrored];
  const mirror = mirrorIndex[mirrorGroup] + (<u32>(mirrorCell(blank) - mirrorCell(from)) << tileShift[mirrored]);
  const mirrorValueNow = <i32>load<u8>(groupTable[mirrorGroup] + mirror);
  const mirrorSumNow = mirrorSum + mirrorValueNow - mirrorValue[mirrorGroup];
  if (mirrorSumNow > limit) return cut(g + 1 + mirrorSumNow);
  store<u8>(TILES + <usize>blank, tile);
  store<u8>(TILES + <usize>from, 0);
  if ((walking | sum | mirrorSumNow) == 0) {
    found = true;
    solutionLength = g + 1;
    path[g] = direction;
    return true; // the goal: stop at once, the board stays solved
  }
  const savedIndex = directIndex[group];
  const savedValue = directValue[group];
  const savedSum = directSum;
  const savedMirrorIndex = mirrorIndex[mirrorGroup];
  const savedMirrorValue = mirrorValue[mirrorGroup];
  const savedMirrorSum = mirrorSum;
  setLookups(group, index, value, sum, mirrorGroup, mirror, mirrorValueNow, mirrorSumNow);
  search<Patterns>(g + 1, direction, from, nextRows, nextColumns, 0, 0);
  if (found) {
    path[g] = direction;
    return true;
  }
  if (searchStopped()) return true;
  store<u8>(TILES + <usize>from, tile);
  store<u8>(TILES + <usize>blank, 0);
  setLookups(group, savedIndex, savedValue, savedSum, mirrorGroup, savedMirrorIndex, savedMirrorValue, savedMirrorSum);
  return false;
}

/** The lookup state of one group of the board and one of its mirror, and the two sums. */
@inline
function setLookups(group: i32, index: u32, value: i32, sum: i32, mirrorGroup: i32, mirror: u32, mirrorValueNow: i32, mirrorSumNow: i32): void {
  directIndex[group] = index;
  directValue[group] = value;
  directSum = sum;
  mirrorIndex[mirrorGroup] = mirror;
  mirrorValue[mirrorGroup] = mirrorValueNow;
  mirrorSum = mirrorSumNow;
}

/** A child cut with f above the threshold: f may be the next threshold. */
@inline
function cut(f: i32): bool {
  if (f < nextThreshold) nextThreshold = f;
  return false;
}

/** The change in row (vertical move) or column (horizontal) inversions when `tile` passes three tiles. */
@inline
function inversionChange(direction: i32, from: i32, blank: i32, tile: i32): i32 {
  let change = 0;
  if (direction == 0 || direction == 3) {
    const low = min(from, blank) + 1;
    for (let cell = low; cell < low + 3; cell++) change += <i32>load<u8>(TILES + <usize>cell) > tile ? 1 : -1;
    return direction == 0 ? change : -change;
  }
  const fromKey = (from & 3) * 4 + (from >> 2);
  const blankKey = (blank & 3) * 4 + (blank >> 2);
  const low = min(fromKey, blankKey) + 1;
  const rank = <i32>columnRank[tile];
  for (let key = low; key < low + 3; key++) change += <i32>columnRank[<i32>load<u8>(TILES + <usize>((key & 3) * 4 + (key >> 2)))] > rank ? 1 : -1;
  return direction == 1 ? change : -change;
}

/** One iteration at the current threshold: sets nextThreshold, or found and the path. */
function iteration<H>(): void {
  nextThreshold = i32.MAX_VALUE;
  dealt = 0;
  search<H>(0, -1, blank, heuristic == MD ? manhattan : rowState, columnState, rowInversions, columnInversions);
}

function runIteration(which: i32): void {
  if (which == WD) iteration<WalkingDistance>();
  else if (which == WDID) iteration<WalkingInversion>();
  else if (which == MD) iteration<Manhattan>();
  else iteration<Patterns>();
}

/** Starts a search of the board set with setTile: the budget, the heuristic's state; returns h. */
function begin(which: i32, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  for (let cell = 0; cell < CELLS; cell++) cellOf[<i32>load<u8>(TILES + <usize>(cell))] = <u8>cell;
  const h = prepare(which);
  found = false;
  solutionLength = h == 0 ? 0 : -1;
  return h;
}

/**
 * Solves the board set with setTile with a heuristic (WD, WDID, MD or PDB): returns the optimal number of
 * moves (read them with solutionMove), or -1 when the budget ran out. Each threshold is reported as an
 * iteration (threshold, expansions so far, ms so far). The board is left solved.
 */
export function solve(which: i32, nodeLimit: f64, msLimit: f64): i32 {
  threshold = begin(which, nodeLimit, msLimit);
  splitDepth = -1;
  while (solutionLength < 0 && !searchStopped()) {
    runIteration(which);
    if (!searchStopped()) reportIteration(threshold, found ? solutionLength : -1, -1);
    threshold = nextThreshold;
  }
  return searchStopped() ? -1 : solutionLength;
}

// ---- One iteration shared among workers --------------------------------------------------------------------
// Every worker searches the top of the tree down to splitDepth; the nodes at splitDepth are dealt out in turn
// and each worker searches only its own. Only the first worker counts the nodes above splitDepth, so the
// workers' counts add up to those of the iteration searched alone.

let splitDepth: i32 = -1;
let share: i32 = 0;
let shares: i32 = 1;
let dealt: i32 = 0;

/** Whether this worker searches a node at depth g <= splitDepth (counting it if so and it is the first). */
@inline
function ownsNode(g: i32): bool {
  if (g == splitDepth && dealt++ % shares != share) return false;
  return (share != 0 && g < splitDepth) || !countNode();
}

/**
 * One iteration of IDA* at `limit` (at least the board's estimate) over share `part` of `parts`, dealt at
 * `depth`: returns the solution's length, 0 for the goal, -1 when this share holds none (then
 * searchedLimit and nextLimit give the threshold searched and the next one) or the budget ran out.
 */
export function searchShare(which: i32, limit: i32, depth: i32, part: i32, parts: i32, nodeLimit: f64, msLimit: f64): i32 {
  threshold = max(limit, begin(which, nodeLimit, msLimit));
  if (solutionLength == 0) return 0;
  splitDepth = depth;
  share = part;
  shares = parts;
  runIteration(which);
  splitDepth = -1;
  return searchStopped() ? -1 : solutionLength;
}

export function searchedLimit(): i32 {
  return threshold;
}

export function nextLimit(): i32 {
  return nextThreshold;
}

/** The blank's i-th move of the solution: 0 U, 1 L, 2 R, 3 D. */
export function solutionMove(i: i32): i32 {
  return path[i];
}
