// Connect 4's transposition table, after Christophe Steininger's c4: entries each holding a position's bound,
// its best column and the work it cost, in pairs of slots (a key's slot and the next); a store replaces the
// entry of the pair that cost less work. Clearing the table is one step of a generation counter: entries of an
// older generation are empty (a real clear once in 65,535).
//
// An entry's data word, from bit 0: score + the size's highest score (6 bits), bound type (2), best column (4),
// work = log8 of the nodes its search took (4), generation (16). How the key is checked depends on the size:
// - keys below 2^49 (boards of at most 49 bits with the sentinel row: 7x6, 6x6, 8x5 ...): 64-bit entries, the
//   data and the key's low 32 bits. The size is odd, above 2^17, so (key % size, key mod 2^32) identifies the key
//   (Chinese remainder theorem): no false hit.
// - longer keys (4x12, 6x8, 8x7 ... up to 64 bits): an entry is two words, the key XOR the data, and the data
//   (Hyatt's lockless hashing: a pair torn by two threads writing at once reads as another key, short of a
//   64-bit coincidence).

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

/** Whether keys may reach 2^49 (see above): then an entry is two words. */
const WIDE_KEYS: bool = BOARD_BITS > 49;
/** Bytes per entry. */
const ENTRY_BYTES: usize = WIDE_KEYS ? 16 : 8;
const ENTRY_SHIFT: usize = WIDE_KEYS ? 4 : 3;

// The table's memory: a generation word (an entry's room), then size + 1 entries. Threads share it (attachTable).
let table: usize = 0;
let entries: usize = 0;
let inverseSize: f64 = 0;
let generation: u64 = 0;

/** The table's size (log2 of its entries) unless the host asks for another: the one place it is said. */
export function defaultTableLog2(): i32 {
  return DEFAULT_LOG2;
}

/** Sizes the table to 2^log2 entries (17-27: 1 MB to 1 GB, twice that with wide keys), empty, unless it has that size already; returns its address. */
export function setTableSize(log2: i32): usize {
  const size = <usize>PRIMES[max(0, min(log2 - SMALLEST_LOG2, PRIMES.length - 1))];
  if (size == entries) return table;
  if (table) heap.free(table);
  table = heap.alloc((size + 2) << ENTRY_SHIFT);
  entries = size;
  inverseSize = 1.0 / <f64>size;
  memory.fill(table, 0, (entries + 2) << ENTRY_SHIFT);
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
    memory.fill(at, 0, (entries + 2) << ENTRY_SHIFT);
    generation = 1;
  }
  atomic.store<u64>(at, generation);
}

/**
 * Short keys: key % size without a 64-bit division (slow in WebAssembly, where C compilers would multiply): keys
 * are below 2^49, so the quotient from a double reciprocal is exact or one too large or too small. Wide keys: the
 * key's full 64 bits are stored, so any spread will do: a multiplicative hash scaled to the size (Lemire's).
 */
@inline
function slot(k: u64): usize {
  if (WIDE_KEYS) return table + ENTRY_BYTES + (<usize>((((k * 0x9e3779b97f4a7c15) >> 32) * <u64>entries) >> 32) << ENTRY_SHIFT);
  // Signed conversions: one instruction each on x86, where the unsigned ones take a branchy sequence.
  const size = <i64>entries;
  let r = <i64>k - <i64>(<f64><i64>k * inverseSize) * size;
  if (r < 0) r += size;
  else if (r >= size) r -= size;
  return table + 8 + (<usize>r << 3);
}

const TAG_SHIFT: u64 = 16;
const TAG_MASK: u64 = 0xffffffffffff0000; // generation and key bits (short keys)
const GENERATION_MASK: u64 = 0xffff0000;

/** Short keys: the bits of an entry that say whose it is, the key's low 32 and the generation. */
@inline
function tag(k: u64): u64 {
  return (k << 32) | (generation << TAG_SHIFT);
}

/** Wide keys: whether the two-word entry at `at`, whose data word is `data`, is the key's, of this generation. */
@inline
function holds(at: usize, data: u64, k: u64): bool {
  return (atomic.load<u64>(at) ^ data) == k && (data & GENERATION_MASK) == generation << TAG_SHIFT;
}

/** The entry stored for the key, or 0. Read atomically: other threads may write it meanwhile. */
@inline
export function tableGet(k: u64): u64 {
  const at = slot(k);
  if (WIDE_KEYS) {
    const first = atomic.load<u64>(at, 8);
    if (holds(at, first, k)) return first;
    const second = atomic.load<u64>(at, 24);
    return holds(at + ENTRY_BYTES, second, k) ? second : 0;
  }
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
  const data = (generation << TAG_SHIFT) | (work(nodes) << 12) | (<u64>column << 8) | (<u64>type << 6) | <u64>(score + maxScore());
  const current = generation << TAG_SHIFT;
  if (WIDE_KEYS) {
    const first = atomic.load<u64>(at, 8);
    const second = atomic.load<u64>(at, 24);
    const firstMine = holds(at, first, k);
    const secondMine = holds(at + ENTRY_BYTES, second, k);
    let target = at;
    let mine = firstMine;
    let existing = first;
    if (!firstMine && (secondMine || takesSecond(first, second, current))) {
      target = at + ENTRY_BYTES;
      mine = secondMine;
      existing = second;
    }
    if (mine && entryType(existing) == EXACT) return;
    atomic.store<u64>(target, k ^ data);
    atomic.store<u64>(target, data, 8);
    return;
  }
  const wanted = tag(k);
  const first = atomic.load<u64>(at);
  const second = atomic.load<u64>(at, 8);
  let target = at;
  let existing = first;
  if ((first & TAG_MASK) != wanted && ((second & TAG_MASK) == wanted || takesSecond(first, second, current))) {
    target = at + 8;
    existing = second;
  }
  // An exact entry of the same position already says all there is.
  if ((existing & TAG_MASK) == wanted && entryType(existing) == EXACT) return;
  atomic.store<u64>(target, wanted | data);
}

/** Whether a new key goes over the pair's second entry: the first is of this generation and the second is older or cost less work. */
@inline
function takesSecond(first: u64, second: u64, current: u64): bool {
  const firstOld = (first & GENERATION_MASK) != current;
  const secondOld = (second & GENERATION_MASK) != current;
  return !firstOld && (secondOld || entryWork(second) < entryWork(first));
}
