// Where the blank may be, for a group's tiles on given cells: the free cells fall into regions (the blank moves
// freely within one, the other tiles' moves not counted), each a state of the pattern database's build. For every
// set of k occupied cells (k the group's size) the regions are kept in a table indexed by the set's rank among
// the k-subsets (colex: the sum of C(cell_i, i + 1) over its cells in increasing order): 177,100 sets of 6 of 25
// cells, 4.2 MB. The first SLOTS - 1 regions (by their lowest cell) are states of their own, any further ones are
// one state together (a relaxation of the moves: the estimate stays admissible).

import { allCells, boardCells, regionOf } from "./board";

export const SLOTS: i32 = 6;

/** C(n, k) for n < 32 and k <= 8. */
const binomials = new StaticArray<u32>(32 * 9);
let tableSize: i32 = -1;
let tableCells: i32 = -1;
/** SLOTS region masks per set of occupied cells (0 for the slots past its regions). */
let slotCells: usize = 0;

function setUpBinomials(): void {
  for (let n = 0; n < 32; n++) {
    binomials[n * 9] = 1;
    for (let k = 1; k < 9; k++) binomials[n * 9 + k] = n == 0 ? 0 : binomials[(n - 1) * 9 + k - 1] + binomials[(n - 1) * 9 + k];
  }
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

/** Makes the regions' table for sets of `size` occupied cells on the board (once per size and width). */
export function setUpRegions(size: i32): void {
  const cells = boardCells();
  if (tableSize == size && tableCells == cells) return;
  if (binomials[0] == 0) setUpBinomials();
  if (slotCells) heap.free(slotCells);
  const sets = binomials[cells * 9 + size];
  slotCells = heap.alloc(<usize>sets * SLOTS * 4);
  memory.fill(slotCells, 0, <usize>sets * SLOTS * 4);
  tableSize = size;
  tableCells = cells;
  // Every set of `size` cells, in turn: Gosper's hack walks the masks with that many bits.
  let occupied: u32 = (1 << size) - 1;
  const end: u64 = <u64>1 << cells;
  while (<u64>occupied < end) {
    const at = slotCells + <usize>subsetRank(occupied) * SLOTS * 4;
    const free = allCells() & ~occupied;
    let left = free;
    let slot = 0;
    while (left) {
      const region = regionOf(ctz(left), free);
      store<u32>(at + <usize>slot * 4, load<u32>(at + <usize>slot * 4) | region);
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
  return load<u32>(slotCells + ((<usize>subsetRank(occupied) * SLOTS + <usize>slot) << 2));
}

/** The state of the blank on `cell` among these occupied cells. */
@inline
export function slotOf(occupied: u32, cell: i32): i32 {
  const at = slotCells + ((<usize>subsetRank(occupied) * SLOTS) << 2);
  let slot = 0;
  while (slot < SLOTS - 1 && (load<u32>(at + (<usize>slot << 2)) & (1 << cell)) == 0) slot++;
  return slot;
}
