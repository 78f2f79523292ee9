// A transposition table every core can use. An entry is 16 bytes: the position's whole 64-bit key, so that a
// probe never takes another position's entry for its own unless their keys are equal (about 2^-64 a probe: none
// expected in years of solving; 32 bits of key would give one every few thousand million probes, a wrong "exact"
// answer now and then), and a 32-bit payload the game packs as it likes, except that its low 6 bits are the
// search depth (the replacement priority) and it is never 0 (0 = empty). A bucket is 4 entries, 64 bytes: a
// probe reads one cache line. A store replaces the same position, else the shallowest entry of the bucket.

/** The allocation, and the table in it from its first whole cache line. */
let allocation: usize = 0;
let table: usize = 0;
/**
 * A table over the allocator's largest block (just under 1 GB: the plus-minus solve of a large board) lives
 * above all the memory the allocator manages, grown for it and kept for the tables after it (WebAssembly memory
 * never shrinks, so it is reused, never grown twice for the same size).
 */
let region: usize = 0;
let regionBytes: usize = 0;
const ALLOCATOR_LIMIT: usize = 1 << 29;
let bucketMask: u64 = 0;
let bucketCount: usize = 0;

const ENTRY_BYTES: usize = 16;
const BUCKET_BYTES: usize = 64;

/** Allocates 2^log2Buckets buckets (64 bytes each) and clears them; keeps the memory if the size is the same. */
export function ttInit(log2Buckets: i32): void {
  const count = (<usize>1) << log2Buckets;
  if (count != bucketCount) {
    if (allocation) heap.free(allocation);
    allocation = 0;
    // One more bucket's worth, to start the table on a cache line.
    const bytes = count * BUCKET_BYTES + BUCKET_BYTES;
    let start: usize;
    if (bytes <= ALLOCATOR_LIMIT) {
      allocation = heap.alloc(bytes);
      start = allocation;
    } else {
      if (bytes > regionBytes) {
        const pages = <i32>((bytes + 0xffff) >> 16);
        const before = memory.grow(pages);
        if (before < 0) abort("no memory for the transposition table");
        region = <usize>before << 16;
        regionBytes = <usize>pages << 16;
      }
      start = region;
    }
    table = (start + BUCKET_BYTES - 1) & ~(BUCKET_BYTES - 1);
    bucketCount = count;
    bucketMask = <u64>(count - 1);
  }
  ttClear();
}

export function ttClear(): void {
  memory.fill(table, 0, bucketCount * BUCKET_BYTES);
}

@inline
function bucketOf(key: u64): usize {
  return table + <usize>(key & bucketMask) * BUCKET_BYTES;
}

/** The payload stored for key, or 0. */
@inline
export function ttProbe(key: u64): u32 {
  const bucket = bucketOf(key);
  for (let i: usize = 0; i < BUCKET_BYTES; i += ENTRY_BYTES) {
    const payload = load<u32>(bucket + i, 8);
    if (payload != 0 && load<u64>(bucket + i) == key) return payload;
  }
  return 0;
}

@inline
export function ttStore(key: u64, payload: u32): void {
  const bucket = bucketOf(key);
  let target = bucket;
  let shallowest: u32 = 0xffffffff;
  for (let i: usize = 0; i < BUCKET_BYTES; i += ENTRY_BYTES) {
    const stored = load<u32>(bucket + i, 8);
    if (stored == 0 || load<u64>(bucket + i) == key) {
      target = bucket + i;
      break;
    }
    const depth = stored & 63;
    if (depth < shallowest) {
      shallowest = depth;
      target = bucket + i;
    }
  }
  store<u64>(target, key);
  store<u32>(target, payload, 8);
}

let prefetchSink: u64 = 0;

/**
 * Touches the bucket of key so that a probe soon after finds it in the cache. Several touches in a row
 * overlap their memory latency (WebAssembly has no prefetch instruction; an independent load does the same).
 */
@inline
export function ttTouch(key: u64): void {
  prefetchSink += load<u64>(bucketOf(key));
}
