// Connect 4's transposition table, after Christophe Steininger's c4: entries each holding a position's bound,
// its best column and the work it cost, in pairs of slots (a key's slot and the next); a store replaces the
// entry of the pair that cost less work. Clearing the table is one step of a generation counter: entries of an
// older generation are empty (a real clear once in 65,535).
//
// An entry is one 64-bit word, from bit 0: score + the size's highest score (6 bits), bound type (2), best column
// (4), work = log8 of the nodes its search took (4), then 48 bits that say whose it is, which depend on the size:
// - keys below 2^49 (boards of at most 49 bits with the sentinel row: 7x6, 6x6, 8x5 ...): a generation (16 bits)
//   and the key's low 32 bits. The table's size is an odd prime above 2^17 and the slot is key % size, so (key %
//   size, key mod 2^32) identifies the key (Chinese remainder theorem): no false hit.
// - longer keys (4x12, 6x8, 8x7 ... up to 64 bits): the key times an odd constant (a one-to-one map of 64-bit
//   words), whose top log2(size) bits are the slot (the size a power of two) and whose low 48 bits the entry
//   keeps: together all 64 bits, so again no false hit. No generation: clearing the table zeroes it.
// A store is one atomic word, so threads writing at once never tear an entry.

import { BOARD_BITS } from "./board";
import { maxScore } from "./position";

export const EXACT: i32 = 1;
export const LOWER: i32 = 2;
export const UPPER: i32 = 3;

/** Table sizes by log2 of the entries: the first prime above 2^n (an odd size, as the key check needs). */
const PRIMES: StaticArray<u32> = [
  131101, 262147, 524309, 1048583, 2097169, 4194319, 8388617, 16777259, 33554467, 67108879, 134217757,
];
const SMALLEST_LOG2 = 17;
/**
 * 2^18 entries, 2 MB: the size the solver uses unless told otherwise. WebAssembly's memory has no huge pages, and
 * an entry a search probes costs a cache and TLB miss in a large table: measured here (one thread, 7x6), 2^18
 * solved Pons' easy set Test_L1_R1 in 0.70x the native reference's time where 2^23 took 1.79x, and even the empty
 * board, 185 M nodes against 136 M, in 33 s against 42 s of CPU.
 */
export const DEFAULT_LOG2 = 18;

/** Whether keys may reach 2^49 (see above). */
const WIDE_KEYS: bool = BOARD_BITS > 49;
/** The odd constant that spreads wide keys (2^64 over the golden ratio). */
const SPREAD: u64 = 0x9e3779b97f4a7c15;

// The table's memory: a generation word (an entry's room), then size + 1 entries. Threads share it (attachTable).
let table: usize = 0;
let entries: usize = 0;
let inverseSize: f64 = 0;
/** Wide keys: 64 - log2 of the size, the shift that leaves a spread key's slot. */
let slotShift: u64 = 0;
let generation: u64 = 0;

/** The table's size (log2 of its entries) unless the host asks for another: the one place it is said. */
export function defaultTableLog2(): i32 {
  return DEFAULT_LOG2;
}

/** Sizes the table to about 2^log2 entries (17-27: 1 MB to 1 GB), empty, unless it has that size already; returns its address. */
export function setTableSize(log2: i32): usize {
  const bits = max(SMALLEST_LOG2, min(log2, SMALLEST_LOG2 + PRIMES.length - 1));
  const size = WIDE_KEYS ? <usize>1 << bits : <usize>PRIMES[bits - SMALLEST_LOG2];
  if (size == entries) return table;
  if (table) heap.free(table);
  table = heap.alloc((size + 2) << 3);
  entries = size;
  inverseSize = 1.0 / <f64>size;
  slotShift = <u64>(64 - bits);
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
  slotShift = <u64>clz<u64>(<u64>size) + 1;
  syncTable();
}

/** Makes the table ready for a search: allocated, and its generation read (another thread may have cleared it). */
export function syncTable(): void {
  generation = atomic.load<u64>(tableAddress());
}

/** Empties the table: the next generation (a real clear once in 65,535, and always with wide keys). */
export function clearTable(): void {
  const at = tableAddress();
  generation = load<u64>(at) + 1;
  if (WIDE_KEYS || generation > 0xffff) {
    memory.fill(at, 0, (entries + 2) << 3);
    generation = 1;
  }
  atomic.store<u64>(at, generation);
}

/**
 * The key's slot. Short keys: key % size without a 64-bit division (slow in WebAssembly, where C compilers would
 * multiply): keys are below 2^49, so the quotient from a double reciprocal is exact or one too large or too small.
 */
@inline
function slot(k: u64): usize {
  if (WIDE_KEYS) return table + 8 + (<usize>((k * SPREAD) >> slotShift) << 3);
  // Signed conversions: one instruction each on x86, where the unsigned ones take a branchy sequence.
  const size = <i64>entries;
  let r = <i64>k - <i64>(<f64><i64>k * inverseSize) * size;
  if (r < 0) r += size;
  else if (r >= size) r -= size;
  return table + 8 + (<usize>r << 3);
}

const TAG_SHIFT: u64 = 16;
const TAG_MASK: u64 = 0xffffffffffff0000;
const GENERATION_MASK: u64 = 0xffff0000;

/** The bits of an entry that say whose it is (see above). */
@inline
function tag(k: u64): u64 {
  return WIDE_KEYS ? (k * SPREAD) << TAG_SHIFT : (k << 32) | (generation << TAG_SHIFT);
}

/** Whether an entry is of an earlier search (another generation), or none (wide keys). */
@inline
function isStale(entry: u64): bool {
  return WIDE_KEYS ? entry == 0 : (entry & GENERATION_MASK) != generation << TAG_SHIFT;
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
  return <i32>(entry & 63) - maxScore();
}

@inline
export function entryType(entry: u64): i32 {
  return <i32>(entry >> 6) & 3;
}

@inline
export function entryColumn(entry: u64): i32 {
  return <i32>(entry >> 8) & 15;
}

@inline
function entryWork(entry: u64): u64 {
  return (entry >> 12) & 15;
}

/** log8 of a node count, at most 15. */
@inline
function work(nodes: u64): u64 {
  return nodes <= 1 ? 0 : min<u64>(15, (63 - clz(nodes)) / 3 + 1);
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
  if ((first & TAG_MASK) != wanted && ((second & TAG_MASK) == wanted || takesSecond(first, second))) {
    target = at + 8;
    existing = second;
  }
  // An exact entry of the same position already says all there is.
  if ((existing & TAG_MASK) == wanted && entryType(existing) == EXACT) return;
  atomic.store<u64>(target, wanted | (work(nodes) << 12) | (<u64>column << 8) | (<u64>type << 6) | <u64>(score + maxScore()));
}

/** Whether a new key goes over the pair's second entry: the first is of this search and the second is stale or cost less work. */
@inline
function takesSecond(first: u64, second: u64): bool {
  return !isStale(first) && (isStale(second) || entryWork(second) < entryWork(first));
}
