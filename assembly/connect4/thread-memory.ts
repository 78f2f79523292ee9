// Where a search thread keeps its state. The threaded build runs several instances of this module on one shared
// memory: each has its own globals but not its own memory, and the allocator is not shared-memory aware, so
// nothing a thread writes during a search may come from the allocator of another instance. Each thread's
// state (its undo stack, each ply's children and their order) is one block at an address of its own, given by
// the first thread (`allocateThreads`) and handed to the others (`attachThread`); a single-threaded instance
// allocates its one block on first use.

/** The block's layout: per ply (0-42), 7 children of 16 bytes, their 7 columns and 7 order scores. */
export const PLIES: usize = 43;
const CHILD_BYTES: usize = 16;
const PLY_BYTES: usize = 7 * CHILD_BYTES + 7 * 4 + 7 * 4;
const UNDO_OFFSET: usize = PLIES * PLY_BYTES;
/** A flag every thread reads and the thread that finishes first sets: its own 8 bytes in the block. */
const STOP_OFFSET: usize = UNDO_OFFSET + PLIES * 16;
export const THREAD_BYTES: usize = (STOP_OFFSET + 8 + 63) & ~(<usize>63);

let block: usize = 0;
let stopFlag: usize = 0;

/** The thread's block, allocated on first use in a single-threaded instance. */
@inline
export function threadBlock(): usize {
  if (block == 0) {
    block = heap.alloc(THREAD_BYTES);
    memory.fill(block, 0, THREAD_BYTES);
    stopFlag = block + STOP_OFFSET;
  }
  return block;
}

/** Allocates `count` blocks (for the first thread and its helpers) and takes the first; returns their address. */
export function allocateThreads(count: i32): usize {
  const all = heap.alloc(THREAD_BYTES * <usize>count + 64);
  const aligned = (all + 63) & ~(<usize>63);
  memory.fill(aligned, 0, THREAD_BYTES * <usize>count);
  block = aligned;
  stopFlag = aligned + STOP_OFFSET;
  return aligned;
}

/** A helper thread takes block `index` of those `allocateThreads` made; all share the first block's stop flag. */
export function attachThread(blocks: usize, index: i32): void {
  block = blocks + THREAD_BYTES * <usize>index;
  stopFlag = blocks + STOP_OFFSET;
}

@inline
export function childAddress(ply: i32, index: i32): usize {
  return threadBlock() + <usize>ply * PLY_BYTES + <usize>index * CHILD_BYTES;
}

@inline
export function columnAddress(ply: i32, index: i32): usize {
  return threadBlock() + <usize>ply * PLY_BYTES + 7 * CHILD_BYTES + (<usize>index << 2);
}

@inline
export function orderAddress(ply: i32, index: i32): usize {
  return threadBlock() + <usize>ply * PLY_BYTES + 7 * CHILD_BYTES + 7 * 4 + (<usize>index << 2);
}

@inline
export function undoAddress(ply: i32): usize {
  return threadBlock() + UNDO_OFFSET + (<usize>ply << 4);
}

/** Whether another thread finished the search (read atomically: another thread writes it). */
@inline
export function stopRequested(): bool {
  return atomic.load<i32>(stopFlag) != 0;
}

export function setStop(on: bool): void {
  threadBlock();
  atomic.store<i32>(stopFlag, on ? 1 : 0);
}
