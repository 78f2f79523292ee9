// The build of an additive pattern database (the 7-8 databases and the tables of any width): a table holds, for
// every arrangement of its k tiles on the board's N cells (ranked as an arrangement of k of the N cells:
// N · (N - 1) · … · (N - k + 1) entries), the moves of those tiles alone needed to bring them home with the blank
// in the region of its own home (the other tiles' moves are free), kept in 4 bits as half the moves beyond their
// Manhattan distance (the two differ by an even number: each move changes the distance by one).
//
// A breadth-first search from the goal over the arrangements and the blank's region (the other tiles move freely,
// so only the region matters: blank-regions.ts), sweeping the table once per distance in chunks (the arrangements
// of its first two tiles on two given cells, so that the host can report progress between them), and at the end
// packed into its 4-bit form in place. Two bytes per arrangement during the build: the entry (bits 0-3, UNSEEN
// until the arrangement is first reached) and the search's two-bit mark of each of its states (from bit 4 up): not
// reached, reached at the distance being expanded or at the next one (1 and 2, in turn), done.

import { columnCells, setUpRegions, slotOf, slotRegion } from "./blank-regions";

const MAX_TILES: i32 = 8;
const UNSEEN: i32 = 15;
const DONE: i32 = 3;

// The table being built: its tiles' homes (cells, in the order of their digits), each digit's weight in the rank
// (the product of the radixes after it: N - i for the i-th tile), each tile's Manhattan distance from every cell.
let size: i32 = 0;
let width: i32 = 0;
let cells: i32 = 0;
let notFirst: u32 = 0;
let notLast: u32 = 0;
const homes = new StaticArray<i32>(MAX_TILES);
const digitWeight = new StaticArray<u32>(MAX_TILES);
const manhattan = new StaticArray<u8>(MAX_TILES * 32);

let buildBytes: usize = 0;
let building = false;
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

/** The entries of a table of `tiles` tiles on `boardCells` cells: its arrangements. */
export function tableEntries(tiles: i32, boardCells: i32): u32 {
  let entries: u32 = 1;
  for (let i = 0; i < tiles; i++) entries *= <u32>(boardCells - i);
  return entries;
}

/** The mark of the states being expanded (1 or 2: the next distance's is the other). */
@inline
function currentMark(): i32 {
  return 1 + (buildLevel & 1);
}

@inline
function tileManhattan(place: i32, cell: i32): i32 {
  return <i32>unchecked(manhattan[(place << 5) | cell]);
}

/**
 * Starts building the table of the tiles in `tilesMask` (a bit per tile, 3 to 8 of them; tile t's home is cell
 * t - 1) on a board of `boardWidth`: the goal arrangement reached, the blank in the region of its home (the last cell).
 */
export function startTableBuild(tilesMask: u32, boardWidth: i32): void {
  width = boardWidth;
  cells = width * width;
  notFirst = ~columnCells(width, 0);
  notLast = ~columnCells(width, width - 1);
  size = 0;
  for (let tile = 1; tile < cells; tile++) if (tilesMask & (1 << tile)) homes[size++] = tile - 1;
  let weight: u32 = 1;
  for (let i = size - 1; i >= 0; i--) {
    digitWeight[i] = weight;
    weight *= <u32>(cells - i);
  }
  for (let i = 0; i < size; i++)
    for (let cell = 0; cell < cells; cell++)
      manhattan[(i << 5) | cell] = <u8>(abs(homes[i] / width - cell / width) + abs((homes[i] % width) - (cell % width)));
  setUpRegions(size, width);
  const entries = tableEntries(size, cells);
  buildBytes = heap.alloc(<usize>entries << 1);
  for (let at: usize = 0; at < (<usize>entries << 1); at += 2) store<u16>(buildBytes + at, <u16>UNSEEN);
  let occupied: u32 = 0;
  let goal: u32 = 0;
  for (let i = 0; i < size; i++) {
    goal += <u32>(homes[i] - <i32>popcnt(occupied & ((1 << homes[i]) - 1))) * digitWeight[i];
    occupied |= 1 << homes[i];
  }
  building = true;
  buildLevel = 0;
  store<u16>(buildBytes + (<usize>goal << 1), <u16>(currentMark() << (4 + 2 * slotOf(occupied, cells - 1))));
  buildChunk = 0;
  packing = false;
  buildFailed = false;
  levelFound = 0;
  reached = 1;
}

/** The share of the arrangements reached so far. */
export function tableBuildDone(): f64 {
  return building ? <f64>reached / <f64>tableEntries(size, cells) : 0;
}

/**
 * One chunk of the build: the table's address (its entries packed, N · (N - 1) · … / 2 bytes, the caller's to keep
 * and free) when it is built, 0 when there is more to do, -1 when an entry does not fit in 4 bits (then nothing
 * is kept).
 */
export function stepTableBuild(): isize {
  const first = buildChunk / (cells - 1);
  const second = buildChunk % (cells - 1);
  const secondCell = second < first ? second : second + 1;
  sweepDigits[0] = first;
  sweepBefore[0] = 0;
  sweepDigits[1] = second;
  sweepBefore[1] = 1 << first;
  sweepTileOn[first] = 0;
  sweepTileOn[secondCell] = 1;
  const rank = <u32>buildChunk * digitWeight[1];
  const occupied: u32 = (1 << first) | (1 << secondCell);
  if (packing) pack(2, occupied, rank);
  else sweep(2, occupied, rank, tileManhattan(0, first) + tileManhattan(1, secondCell));
  if (++buildChunk < cells * (cells - 1)) return 0;
  buildChunk = 0;
  if (packing || buildFailed) {
    building = false;
    if (buildFailed) {
      heap.free(buildBytes);
      return -1;
    }
    return <isize>heap.realloc(buildBytes, <usize>(tableEntries(size, cells) >> 1));
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
 * The sweep of one distance below tile i (the tiles before it placed, their Manhattan distance `distance`):
 * every state at that distance gives each state one move away not yet reached the next distance. The last two
 * tiles' arrangements are contiguous in the table, and are passed over at once when none is at the distance.
 */
function sweep(i: i32, occupied: u32, rank: u32, distance: i32): void {
  const last = size - 1;
  if (i == last) {
    sweepLast(occupied, rank, distance);
    return;
  }
  if (i == last - 1 && !anyMarked(buildBytes + (<usize>rank << 1), (cells + 1 - last) * (cells - last), currentMark())) return;
  const weight = digitWeight[i];
  sweepBefore[i] = occupied;
  let digit = 0;
  for (let cell = 0; cell < cells; cell++) {
    if (occupied & (1 << cell)) continue;
    sweepDigits[i] = digit;
    sweepTileOn[cell] = i;
    sweep(i + 1, occupied | (1 << cell), rank + <u32>digit * weight, distance + tileManhattan(i, cell));
    digit++;
  }
}

/** The sweep's last tile: its arrangements are consecutive records. */
function sweepLast(occupied: u32, rank: u32, distance: i32): void {
  const i = size - 1;
  const marked = currentMark() * 0x555;
  const records = buildBytes + (<usize>rank << 1);
  sweepBefore[i] = occupied;
  let free = <u32>((<u64>1 << cells) - 1) & ~occupied;
  for (let digit = 0; free; digit++) {
    const cell = <i32>ctz(free);
    free &= free - 1;
    const marks = (<i32>load<u16>(records + (<usize>digit << 1)) >> 4) ^ marked;
    // The states marked with the current distance's mark: a pair of zero bits each.
    let matching = ~(marks | (marks >> 1)) & 0x555;
    if (!matching) continue;
    sweepDigits[i] = digit;
    sweepTileOn[cell] = i;
    const moved = distance + tileManhattan(i, cell);
    do {
      expand(occupied | (1 << cell), rank + <u32>digit, moved, <i32>ctz(matching) >> 1);
      matching &= matching - 1;
    } while (matching);
  }
}

/** Expands one state at the current distance (the arrangement and the blank's state): it is done. */
function expand(occupied: u32, rank: u32, distance: i32, state: i32): void {
  const at = buildBytes + (<usize>rank << 1);
  store<u16>(at, load<u16>(at) | <u16>(DONE << (4 + 2 * state)));
  const blank = slotRegion(occupied, state);
  // The tiles next to the blank's cells, by the way they move: up, down, left, right.
  let up = occupied & (blank << width);
  while (up) {
    const from = <i32>ctz(up);
    up &= up - 1;
    moveTile(occupied, rank, distance, from, from - width);
  }
  let down = occupied & (blank >> width);
  while (down) {
    const from = <i32>ctz(down);
    down &= down - 1;
    moveTile(occupied, rank, distance, from, from + width);
  }
  let left = occupied & (blank << 1) & notFirst;
  while (left) {
    const from = <i32>ctz(left);
    left &= left - 1;
    moveTile(occupied, rank, distance, from, from - 1);
  }
  let right = occupied & (blank >> 1) & notLast;
  while (right) {
    const from = <i32>ctz(right);
    right &= right - 1;
    moveTile(occupied, rank, distance, from, from + 1);
  }
}

/** Moves the tile on `from` to the blank's cell `to`: the state it leads to, if new, is at the next distance. */
@inline
function moveTile(occupied: u32, rank: u32, distance: i32, from: i32, to: i32): void {
  const j = unchecked(sweepTileOn[from]);
  // The moved tile's digit changes, and so does that of each later tile whose cell it passes (on a move up or
  // down: the cells between).
  const digit = to - <i32>popcnt(unchecked(sweepBefore[j]) & ((1 << to) - 1));
  let moved = <i32>rank + (digit - unchecked(sweepDigits[j])) * <i32>unchecked(digitWeight[j]);
  let passed = occupied & (from < to ? (1 << to) - (2 << from) : (1 << from) - (2 << to));
  while (passed) {
    const m = unchecked(sweepTileOn[<i32>ctz(passed)]);
    passed &= passed - 1;
    if (m > j) moved += (from < to ? 1 : -1) * <i32>unchecked(digitWeight[m]);
  }
  const target = buildBytes + (<usize>(<u32>moved) << 1);
  // The blank is now where the tile was. Marked without branches (whether a state is new is a coin toss): a new
  // state gets the next mark, and a new arrangement its entry.
  const shift = 4 + 2 * slotOf((occupied & ~(1 << from)) | (1 << to), from);
  const record = <i32>load<u16>(target);
  const fresh = <i32>(((record >> shift) & 3) == 0);
  const first = fresh & <i32>((record & 15) == UNSEEN);
  const entry = (buildLevel + 1 - (distance + tileManhattan(j, to) - tileManhattan(j, from))) >> 1;
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
function pack(i: i32, occupied: u32, rank: u32): void {
  const last = size - 1;
  const weight = digitWeight[i];
  let digit = 0;
  for (let cell = 0; cell < cells; cell++) {
    if (occupied & (1 << cell)) continue;
    const next = rank + <u32>digit * weight;
    digit++;
    if (i < last) {
      pack(i + 1, occupied | (1 << cell), next);
      continue;
    }
    const entry = <u32>load<u16>(buildBytes + (<usize>next << 1)) & 15;
    if (entry == UNSEEN) buildFailed = true;
    if (next & 1) store<u8>(buildBytes + <usize>(next >> 1), <u8>(packPending | (entry << 4)));
    else packPending = entry;
  }
}
