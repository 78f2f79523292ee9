// Additive pattern databases, filled by the core (startPatternBuild, stepPatternBuild) or from the host's cache. Up to three groups
// of tiles; a group's table gives, for the cells of its tiles, the moves of those tiles needed to bring them home,
// indexed by the cells in base 16 (the first tile of the group the lowest digit). The board mirrored about the
// main diagonal (tile at (r, c) to (c, r), relabelled) is another admissible estimate; the lookup state of both is
// kept up to date move by move by the search.

import { cellOf } from "./board";
import { CELLS, mirrorCell, mirrorTile, regionOf } from "./four-by-four";

const MAX_GROUPS: i32 = 3;
const groupTiles = new StaticArray<u8>(MAX_GROUPS * 8);
const groupSize = new StaticArray<i32>(MAX_GROUPS);
export const groupTable = new StaticArray<usize>(MAX_GROUPS);
let groups: i32 = 0;

/** Each tile's group and the shift of its digit in the group's index. */
export const tileGroup = new StaticArray<u8>(CELLS);
export const tileShift = new StaticArray<u8>(CELLS);
// The lookup state, kept up to date move by move: each group's index and value, for the board and its mirror.
export const directIndex = new StaticArray<u32>(MAX_GROUPS);
export const mirrorIndex = new StaticArray<u32>(MAX_GROUPS);
export const directValue = new StaticArray<i32>(MAX_GROUPS);
export const mirrorValue = new StaticArray<i32>(MAX_GROUPS);
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

/** Forgets every group and frees their tables. */
export function freePatternGroups(): void {
  for (let g = 0; g < groups; g++) heap.free(groupTable[g]);
  groups = 0;
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

// The breadth-first search that fills a group's table runs in steps (startPatternBuild, then stepPatternBuild
// until it says done), so that the host can report its progress and stay responsive between steps.
let buildGroup: i32 = -1;
let buildSeen: usize = 0;
let buildQueue: usize = 0;
let buildHead: u32 = 0;
let buildTail: u32 = 0;
let buildLevel: i32 = 0;
let buildLevelEnd: u32 = 0;
let buildVisited: i32 = 0;

/** Starts filling group g's table from the goal. */
export function startPatternBuild(g: i32): void {
  const size = groupSize[g];
  const digits = 4 * size;
  const table = groupTable[g];
  const placements = <usize>1 << digits;
  memory.fill(table, 255, placements);
  buildSeen = heap.alloc(placements * 16 / 8);
  memory.fill(buildSeen, 0, placements * 16 / 8);
  buildQueue = heap.alloc((<usize>1 << QUEUE_BITS) << 2);
  // The goal: every group tile home, the blank in the bottom right cell's region.
  let goal: u32 = 0;
  let occupied = 0;
  for (let i = size - 1; i >= 0; i--) {
    const home = <i32>groupTiles[g * 8 + i] - 1;
    goal = (goal << 4) | <u32>home;
    occupied |= 1 << home;
  }
  const goalState = goal | (<u32>ctz(regionOf(15, 0xffff & ~occupied)) << digits);
  store<u8>(buildSeen + (goalState >> 3), <u8>(<u32>1 << (goalState & 7)));
  store<u32>(buildQueue, goalState);
  store<u8>(table + goal, 0);
  buildGroup = g;
  buildHead = 0;
  buildTail = 1;
  buildLevel = 0;
  buildLevelEnd = 1;
  buildVisited = 1;
}

/** The states visited so far by the build under way (or by the last one). */
export function patternBuildVisited(): i32 {
  return buildVisited;
}

/**
 * Takes up to `budget` states off the build's queue: 1 when the table is full (the build's memory freed), 0 when
 * there is more to do, -1 when the queue overflowed.
 */
export function stepPatternBuild(budget: i32): i32 {
  const g = buildGroup;
  const size = groupSize[g];
  const digits = 4 * size;
  const table = groupTable[g];
  const capacity: u32 = 1 << QUEUE_BITS;
  const seen = buildSeen;
  const queue = buildQueue;
  let head = buildHead;
  let tail = buildTail;
  let level = buildLevel;
  let levelEnd = buildLevelEnd;
  let visited = buildVisited;
  // Distances by levels: a state's distance is that of the level it was queued in.
  for (let taken = 0; taken < budget && head != tail; taken++) {
    if (head == levelEnd) {
      level++;
      levelEnd = tail;
    }
    const state = load<u32>(queue + ((<usize>(head & (capacity - 1))) << 2));
    head++;
    const placement = state & ((1 << digits) - 1);
    const blankCell = <i32>(state >> digits);
    let occupied = 0;
    for (let i = 0; i < size; i++) occupied |= 1 << <i32>((placement >> (4 * i)) & 15);
    const free = regionOf(blankCell, 0xffff & ~occupied);
    // Every tile of the group next to the blank's region may move into it.
    for (let i = 0; i < size; i++) {
      const cell = <i32>((placement >> (4 * i)) & 15);
      for (let k = 0; k < 4; k++) {
        const target = <i32>load<i8>(NEIGHBOURS + <usize>(cell * 4 + k));
        if (target < 0 || !(free & (1 << target))) continue;
        const moved = (placement & ~(<u32>15 << (4 * i))) | (<u32>target << (4 * i));
        const movedOccupied = (occupied & ~(1 << cell)) | (1 << target);
        const next = moved | (<u32>ctz(regionOf(cell, 0xffff & ~movedOccupied)) << digits);
        const byte = seen + (next >> 3);
        const bit = <u8>(<u32>1 << (next & 7));
        if (load<u8>(byte) & bit) continue;
        store<u8>(byte, load<u8>(byte) | bit);
        if (tail - head >= capacity) {
          finishBuild();
          return -1;
        }
        store<u32>(queue + ((<usize>(tail & (capacity - 1))) << 2), next);
        tail++;
        visited++;
        if (load<u8>(table + moved) == 255) store<u8>(table + moved, <u8>(level + 1));
      }
    }
  }
  buildHead = head;
  buildTail = tail;
  buildLevel = level;
  buildLevelEnd = levelEnd;
  buildVisited = visited;
  if (head != tail) return 0;
  finishBuild();
  return 1;
}

function finishBuild(): void {
  heap.free(buildQueue);
  heap.free(buildSeen);
  buildGroup = -1;
}

/** Computes every group's index and value from cellOf (at the start of a search); returns the estimate. */
export function patternEstimate(): i32 {
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

/** The sums of the groups' values for the board and for its mirror. */
@inline
export function boardSum(): i32 {
  return directSum;
}

@inline
export function mirrorBoardSum(): i32 {
  return mirrorSum;
}

/** The lookup state of one group of the board and one of its mirror, and the two sums. */
@inline
export function setLookups(group: i32, index: u32, value: i32, sum: i32, mirrorGroup: i32, mirror: u32, mirrorValueNow: i32, mirrorSumNow: i32): void {
  directIndex[group] = index;
  directValue[group] = value;
  directSum = sum;
  mirrorIndex[mirrorGroup] = mirror;
  mirrorValue[mirrorGroup] = mirrorValueNow;
  mirrorSum = mirrorSumNow;
}
