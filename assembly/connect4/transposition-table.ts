// Connect 4's transposition table, after Christophe Steininger's c4: 64-bit entries, each a position's bound,
// its best column and the work it cost, in pairs of slots (a key's slot and the next); a store replaces the
// entry of the pair that cost less work. An entry keeps only the key's low 32 bits: the size is odd, above
// 2^20, and keys are below 2^49, so (key % size, key mod 2^32) identifies the key (Chinese remainder theorem),
// no false hit. Clearing the table is one step of a generation counter: entries of an older generation are
// empty (a real clear once in 65,535).
//
// An entry, from bit 0: score + 18 (6 bits), bound type (2), best column (3), work = log8 of the nodes its
// search took (5), generation (16), the key's low 32 bits (32).

import { MAX_SCORE } from "./position";

export const EXACT: i32 = 1;
export const LOWER: i32 = 2;
export const UPPER: i32 = 3;

/** Table sizes by log2 of the entries: the first prime above 2^n (an odd size, as the key check needs). */
const PRIMES: StaticArray<u32> = [
  1048583, 2097169, 4194319, 8388617, 16777259, 33554467, 67108879, 134217757,
];
const SMALLEST_LOG2 = 20;
/** 2^23 entries, 64 MB: the size the solver uses unless told otherwise (bench connect4-empty: the empty board as fast as with any size here; smaller tables are faster on small searches). */
export const DEFAULT_LOG2 = 23;

// The table's memory: a generation word, then size + 1 entries. Threads share it (attachTable).
let table: usize = 0;
let entries: usize = 0;
let inverseSize: f64 = 0;
let generation: u64 = 0;

/** Sizes the table to 2^log2 entries (20-27: 8 MB to 1 GB), empty, unless it has that size already; returns its address. */
export function setTableSize(log2: i32): usize {
  const size = <usize>PRIMES[max(0, min(log2 - SMALLEST_LOG2, PRIMES.length - 1))];
  if (size == entries) return table;
  if (table) heap.free(table);
  table = heap.alloc((size + 2) << 3);
  entries = size;
  inverseSize = 1.0 / <f64>size;
  memory.fill(table, 0, (entries + 2) << 3);
  store<u64>(table, 1);
  generation = 1;
  return table;
}

/** The table's address, allocated at the default size on first use. */
export function tableAddress(): usize {
  if (!table) setTableSize(DEFAULT_LOG2);
  return table;
}

export function tableEntries(): f64 {
  return <f64>entries;
}

/** A helper thread uses the first thread's table. */
export function attachTable(address: usize, size: usize): void {
  table = address;
  entries = size;
  inverseSize = 1.0 / <f64>size;
  syncTable();
}

/** Makes the table ready for a search: allocated, and its generation read (another thread may have cleared it). */
export function syncTable(): void {
  generation = atomic.load<u64>(tableAddress());
}

/** Empties the table: the next generation (a real clear once in 65,535). */
export function clearTable(): void {
  const at = tableAddress();
  generation = load<u64>(at) + 1;
  if (generation > 0xffff) {
    memory.fill(at, 0, (entries + 2) << 3);
    generation = 1;
  }
  atomic.store<u64>(at, generation);
}

/**
 * key % size without a 64-bit division (slow in WebAssembly, where C compilers would multiply): keys are
 * below 2^49, so the quotient from a double reciprocal is exact or one too large or too small.
 */
@inline
function slot(k: u64): usize {
  // Signed conversions: one instruction each on x86, where the unsigned ones take a branchy sequence.
  const size = <i64>entries;
  let r = <i64>k - <i64>(<f64><i64>k * inverseSize) * size;
  if (r < 0) r += size;
  else if (r >= size) r -= size;
  return table + 8 + (<usize>r << 3);
}

const TAG_SHIFT: u64 = 16;
const TAG_MASK: u64 = 0xffffffffffff0000; // generation and key bits
const GENERATION_MASK: u64 = 0xffff0000;

@inline
function tag(k: u64): u64 {
  return (k << 32) | (generation << TAG_SHIFT);
}

/** The entry stored for the key, or 0. Read atomically: other threads may write it meanwhile. */
@inline
export function tableGet(k: u64): u64 {
  const at = slot(k);
  const wanted = tag(k);
  const first = atomic.load<u64>(at);
  if ((first & TAG_MASK) == wanted) return first;
  const second = atomic.load<u64>(at, 8);
  return (second & TAG_MASK) == wanted ? second : 0;
}

@inline
export function entryScore(entry: u64): i32 {
  return <i32>(entry & 63) - MAX_SCORE;
}

@inline
export function entryType(entry: u64): i32 {
  return <i32>(entry >> 6) & 3;
}

@inline
export function entryColumn(entry: u64): i32 {
  return <i32>(entry >> 8) & 7;
}

@inline
function entryWork(entry: u64): u64 {
  return (entry >> 11) & 31;
}

/** log8 of a node count, at most 31. */
@inline
function work(nodes: u64): u64 {
  return nodes <= 1 ? 0 : min<u64>(31, (63 - clz(nodes)) / 3 + 1);
}

/** Stores a bound: in the slot already holding the key, else over the entry of the pair that cost less work. */
@inline
export function tablePut(k: u64, column: i32, type: i32, score: i32, nodes: u64): void {
  const at = slot(k);
  const wanted = tag(k);
  const first = atomic.load<u64>(at);
  const second = atomic.load<u64>(at, 8);
  let target = at;
  let existing = first;
  if ((first & TAG_MASK) != wanted) {
    // Not the key's: the second slot if it holds the key, or an entry of an older generation, or less work.
    const firstOld = (first & GENERATION_MASK) != generation << TAG_SHIFT;
    const secondOld = (second & GENERATION_MASK) != generation << TAG_SHIFT;
    if ((second & TAG_MASK) == wanted || (!firstOld && (secondOld || entryWork(second) < entryWork(first)))) {
      target = at + 8;
      existing = second;
    }
  }
  // An exact entry of the same position already says all there is.
  if ((existing & TAG_MASK) == wanted && entryType(existing) == EXACT) return;
  atomic.store<u64>(
    target,
    wanted | (work(nodes) << 11) | (<u64>column << 8) | (<u64>type << 6) | <u64>(score + MAX_SCORE),
  );
}
