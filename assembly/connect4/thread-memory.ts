// Where a search thread keeps its state. The threaded build runs several instances of this module on one shared
// memory: each has its own globals but not its own memory, and the allocator is not shared-memory aware, so
// nothing a thread writes during a search may come from the allocator of another instance. Each thread's
// state (its undo stack, each ply's children and their order) is one block at an address of its own, given by
// the first thread (`allocateThreads`) and handed to the others (`attachThread`); a single-threaded instance
// allocates its one block on first use.

import { MOST_CELLS, MOST_COLUMNS } from "./board";

/** The block's layout: per ply (0 to the most cells), a child of 24 bytes per column, their columns and order scores. */
const PLIES: usize = MOST_CELLS + 1;
const CHILD_BYTES: usize = 24;
const CHILDREN: usize = MOST_COLUMNS;
const PLY_BYTES: usize = CHILDREN * CHILD_BYTES + CHILDREN * 4 + CHILDREN * 4;
const UNDO_OFFSET: usize = PLIES * PLY_BYTES;
/**
 * The first block's control words, which the threads share: the stop flag every thread reads and the one that
 * finishes first sets, the winner and its result, how many helpers are still busy, the search generation that
 * wakes them, the window and position to search, a quit flag, and the helpers' node count.
 */
const CONTROL_OFFSET: usize = UNDO_OFFSET + PLIES * 16;
const STOP: usize = 0;
const WINNER: usize = 4;
const RESULT: usize = 8;
const BUSY: usize = 12;
const GENERATION: usize = 16;
const ALPHA: usize = 20;
const BETA: usize = 24;
const QUIT: usize = 28;
const CURRENT: usize = 32;
const ALL: usize = 40;
const MOVES: usize = 48;
const HELPER_NODES: usize = 56;
const THREAD_BYTES: usize = (CONTROL_OFFSET + 64 + 63) & ~(<usize>63);

/**
 * Blocks this thread while the i32 at `address` holds `value` (the host's Atomics.wait). Not WebAssembly's own
 * wait instruction: in Node 20's V8 a wait32 that really blocks came back with locals of the waiting function
 * changed (seen here, the window of a search reset to 0).
 */
@external("env", "waitWhileEqual")
declare function waitWhileEqual(address: usize, value: i32): void;

let block: usize = 0;
let control: usize = 0;
/** The positions being searched by some thread near the root: a small table of keys after the blocks. */
let searching: usize = 0;
const SEARCHING_SLOTS: usize = 1 << 14;
/** This thread's index (0: the one the host calls), and how many helpers the first thread has. */
let threadIndex: i32 = 0;
let helperCount: i32 = 0;

/** The thread's block, allocated on first use in a single-threaded instance. */
@inline
export function threadBlock(): usize {
  if (block == 0) {
    block = heap.alloc(THREAD_BYTES);
    memory.fill(block, 0, THREAD_BYTES);
    control = block + CONTROL_OFFSET;
  }
  return block;
}

/** Allocates `count` blocks (for the first thread and its helpers) and takes the first; returns their address. */
export function allocateThreads(count: i32): usize {
  const bytes = THREAD_BYTES * <usize>count + (SEARCHING_SLOTS << 3);
  const all = heap.alloc(bytes + 64);
  const aligned = (all + 63) & ~(<usize>63);
  memory.fill(aligned, 0, bytes);
  attachThread(aligned, 0, count);
  return aligned;
}

/**
 * A helper thread takes block `index` of the `threads` blocks `allocateThreads` made; all share the first
 * block's control words, whose address it returns: the helper's worker waits on the generation word (+16) for
 * work and on the quit word (+28) to end.
 */
export function attachThread(blocks: usize, index: i32, threads: i32): usize {
  block = blocks + THREAD_BYTES * <usize>index;
  control = blocks + CONTROL_OFFSET;
  threadIndex = index;
  helperCount = threads - 1;
  searching = blocks + THREAD_BYTES * <usize>threads;
  return control;
}

@inline
function searchingSlot(key: u64): usize {
  return searching + (<usize>((key * 0x9e3779b97f4a7c15) >> 50) << 3);
}

/** Marks a position as being searched by this thread (a newer mark takes the slot of an older one). */
@inline
export function startedSearching(key: u64): void {
  atomic.store<u64>(searchingSlot(key), key);
}

@inline
export function stoppedSearching(key: u64): void {
  atomic.cmpxchg<u64>(searchingSlot(key), key, 0);
}

/** Whether some thread is searching this position (or was, and its mark was not yet taken by another). */
@inline
export function searchedElsewhere(key: u64): bool {
  return atomic.load<u64>(searchingSlot(key)) == key;
}

/** How many helpers search with the first thread (0: single-threaded). */
export function helpers(): i32 {
  return helperCount;
}

/** How many threads search (1 + the helpers). */
export function threadCount(): i32 {
  return helperCount + 1;
}

// The search's accessors read the block directly: a search starts with threadBlock(), so it exists.
@inline
export function childAddress(ply: i32, index: i32): usize {
  return block + <usize>ply * PLY_BYTES + <usize>index * CHILD_BYTES;
}

@inline
export function columnAddress(ply: i32, index: i32): usize {
  return block + <usize>ply * PLY_BYTES + CHILDREN * CHILD_BYTES + (<usize>index << 2);
}

@inline
export function orderAddress(ply: i32, index: i32): usize {
  return block + <usize>ply * PLY_BYTES + CHILDREN * CHILD_BYTES + CHILDREN * 4 + (<usize>index << 2);
}

@inline
export function undoAddress(ply: i32): usize {
  return threadBlock() + UNDO_OFFSET + (<usize>ply << 4);
}

/** Whether another thread finished the search (read atomically: another thread writes it). */
@inline
export function stopRequested(): bool {
  return atomic.load<i32>(control + STOP) != 0;
}

/** The first to call it with a finished search's value wins: its value is the answer, and every thread stops. */
export function claimResult(value: i32): void {
  if (atomic.cmpxchg<i32>(control + WINNER, 0, threadIndex + 1) == 0) atomic.store<i32>(control + RESULT, value);
  atomic.store<i32>(control + STOP, 1);
}

/** The first thread: hands the position and window to the helpers and wakes them. */
export function startHelpers(current: u64, all: u64, moves: i32, alpha: i32, beta: i32): void {
  store<u64>(control + CURRENT, current);
  store<u64>(control + ALL, all);
  store<i32>(control + MOVES, moves);
  store<i32>(control + ALPHA, alpha);
  store<i32>(control + BETA, beta);
  atomic.store<i32>(control + WINNER, 0);
  atomic.store<i32>(control + STOP, 0);
  atomic.store<i32>(control + BUSY, helperCount);
  atomic.add<i32>(control + GENERATION, 1);
  atomic.notify(control + GENERATION, helperCount);
}

/**
 * The first thread, once its own search returned: stops the helpers, waits until none is busy, and returns
 * the winner's value (or `own` when none finished: the budget ran out), adding the helpers' nodes to `nodes`.
 */
export function finishHelpers(own: i32): i32 {
  atomic.store<i32>(control + STOP, 1);
  let busy = atomic.load<i32>(control + BUSY);
  while (busy != 0) {
    waitWhileEqual(control + BUSY, busy);
    busy = atomic.load<i32>(control + BUSY);
  }
  const winner = atomic.load<i32>(control + WINNER);
  atomic.store<i32>(control + STOP, 0);
  return winner == 0 ? own : atomic.load<i32>(control + RESULT);
}

/** The helpers' nodes since the last call (the first thread adds them to its count). */
export function takeHelperNodes(): u64 {
  return atomic.xchg<u64>(control + HELPER_NODES, 0);
}

export function workCurrent(): u64 {
  return load<u64>(control + CURRENT);
}

export function workAll(): u64 {
  return load<u64>(control + ALL);
}

export function workMoves(): i32 {
  return load<i32>(control + MOVES);
}

export function workAlpha(): i32 {
  return load<i32>(control + ALPHA);
}

export function workBeta(): i32 {
  return load<i32>(control + BETA);
}

/** A helper is done with its share of a search: counts its nodes and tells the first thread. */
export function helperDone(nodes: u64): void {
  atomic.add<u64>(control + HELPER_NODES, nodes);
  atomic.sub<i32>(control + BUSY, 1);
  atomic.notify(control + BUSY, 1);
}

/** Tells the helpers' workers to end. */
export function quitHelpers(): void {
  atomic.store<i32>(control + QUIT, 1);
  atomic.add<i32>(control + GENERATION, 1);
  atomic.notify(control + GENERATION, helperCount);
}
