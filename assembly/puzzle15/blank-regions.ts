// Where the blank may be in a pattern database's build, for a table's tiles on given cells of a square board:
// the free cells fall into regions (the blank moves freely within one, the other tiles' moves not counted), each
// a state of the build. For every set of k occupied cells (k the table's size) the regions are kept in a table
// indexed by the set's rank among the k-subsets (colex: the sum of C(cell_i, i + 1) over its cells in increasing
// order): 177,100 sets of 6 of 25 cells, 4.2 MB. On a board of 16 cells or fewer a set is indexed by its mask
// itself, and the slot of every cell is kept too (1.5 MB and 1 MB): no rank to compute, no slot to look for, in
// the build's innermost loop. The first SLOTS - 1 regions (by their lowest cell) are states of their own, any
// further ones are one state together (a relaxation of the moves: the estimate stays admissible).

export const SLOTS: i32 = 6;

/** C(n, k) for n < 32 and k <= 8. */
const binomials = new StaticArray<u32>(32 * 9);
let tableSize: i32 = -1;
let tableWidth: i32 = -1;
/** SLOTS region masks per set of occupied cells (0 for the slots past its regions). */
let slotCells: usize = 0;
/** Whether sets are indexed by their masks (boards of 16 cells or fewer), and then each cell's slot by set (16 a set). */
let direct = false;
let cellSlots: usize = 0;

function setUpBinomials(): void {
  for (let n = 0; n < 32; n++) {
    binomials[n * 9] = 1;
    for (let k = 1; k < 9; k++) binomials[n * 9 + k] = n == 0 ? 0 : binomials[(n - 1) * 9 + k - 1] + binomials[(n - 1) * 9 + k];
  }
}

/** The index of a set of occupied cells: its mask, or its rank among the sets of its size. */
@inline
function setIndex(occupied: u32): u32 {
  return direct ? occupied : subsetRank(occupied);
}

/** The rank of a set of occupied cells among the sets of its size. */
@inline
function subsetRank(occupied: u32): u32 {
  let rank: u32 = 0;
  let k = 1;
  let left = occupied;
  while (left) {
    rank += unchecked(binomials[<i32>ctz(left) * 9 + k++]);
    left &= left - 1;
  }
  return rank;
}

/** The cells of a column of a board of `width`, as bits. */
export function columnCells(width: i32, column: i32): u32 {
  let mask: u32 = 0;
  for (let row = 0; row < width; row++) mask |= 1 << (row * width + column);
  return mask;
}

/** The free cells (bits) connected to `start` (one of them) on a board of `width`, grown a step in every direction at a time. */
export function regionOf(start: i32, free: u32, width: i32): u32 {
  return regionWithin(start, free, width, ~columnCells(width, 0), ~columnCells(width, width - 1));
}

/** regionOf with the cells off the first column and off the last given (constants where the width is one). */
@inline
export function regionWithin(start: i32, free: u32, width: i32, notFirst: u32, notLast: u32): u32 {
  let region: u32 = 0;
  let grown: u32 = 1 << start;
  while (grown != region) {
    region = grown;
    grown = (region | (region << width) | (region >> width) | ((region << 1) & notFirst) | ((region >> 1) & notLast)) & free;
  }
  return region;
}

/** Makes the regions' table for sets of `size` occupied cells on a board of `width` (once per size and width). */
export function setUpRegions(size: i32, width: i32): void {
  if (tableSize == size && tableWidth == width) return;
  const cells = width * width;
  if (binomials[0] == 0) setUpBinomials();
  if (slotCells) heap.free(slotCells);
  if (cellSlots) heap.free(cellSlots);
  direct = cells <= 16;
  const sets: u32 = direct ? 1 << cells : binomials[cells * 9 + size];
  slotCells = heap.alloc(<usize>sets * SLOTS * 4);
  memory.fill(slotCells, 0, <usize>sets * SLOTS * 4);
  cellSlots = direct ? heap.alloc(<usize>sets << 4) : 0;
  tableSize = size;
  tableWidth = width;
  const all = <u32>((<u64>1 << cells) - 1);
  // Every set of `size` cells, in turn: Gosper's hack walks the masks with that many bits.
  let occupied: u32 = (1 << size) - 1;
  const end: u64 = <u64>1 << cells;
  while (<u64>occupied < end) {
    const at = slotCells + <usize>setIndex(occupied) * SLOTS * 4;
    const free = all & ~occupied;
    let left = free;
    let slot = 0;
    while (left) {
      const region = regionOf(ctz(left), free, width);
      store<u32>(at + <usize>slot * 4, load<u32>(at + <usize>slot * 4) | region);
      if (direct) for (let cell = 0; cell < cells; cell++) if (region & (1 << cell)) store<u8>(cellSlots + ((<usize>occupied << 4) | cell), <u8>slot);
      left &= ~region;
      if (slot < SLOTS - 1) slot++;
    }
    const lowest = occupied & (0 - occupied);
    const ripple = occupied + lowest;
    occupied = ripple | (((occupied ^ ripple) >> 2) / lowest);
  }
}

/** The cells of a state (a slot) of the blank among these occupied cells. */
@inline
export function slotRegion(occupied: u32, slot: i32): u32 {
  return load<u32>(slotCells + ((<usize>setIndex(occupied) * SLOTS + <usize>slot) << 2));
}

/** The state of the blank on `cell` among these occupied cells. */
@inline
export function slotOf(occupied: u32, cell: i32): i32 {
  if (direct) return <i32>load<u8>(cellSlots + ((<usize>occupied << 4) | cell));
  const at = slotCells + ((<usize>subsetRank(occupied) * SLOTS) << 2);
  let slot = 0;
  while (slot < SLOTS - 1 && (load<u32>(at + (<usize>slot << 2)) & (1 << cell)) == 0) slot++;
  return slot;
}
