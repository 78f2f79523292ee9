// A transposition table every core can use. An entry is 8 bytes: 32 bits of the position's key that the
// bucket index does not use, to tell positions apart, and a 32-bit payload the game packs as it likes, except
// that its low 6 bits are the search depth (the replacement priority) and it is never 0 (0 = empty). A bucket
// is 4 entries, 32 bytes: a probe reads one cache line. A store replaces the same position, else the
// shallowest entry of the bucket.

let table: usize = 0;
let bucketMask: u64 = 0;
let bucketCount: usize = 0;

/** Allocates 2^log2Buckets buckets (32 bytes each) and clears them; keeps the memory if the size is the same. */
export function ttInit(log2Buckets: i32): void {
  const count = (<usize>1) << log2Buckets;
  if (count != bucketCount) {
    if (table) heap.free(table);
    table = heap.alloc(count << 5);
    bucketCount = count;
    bucketMask = <u64>(count - 1);
  }
  ttClear();
}

export function ttClear(): void {
  memory.fill(table, 0, bucketCount << 5);
}

@inline
function bucketOf(key: u64): usize {
  return table + ((<usize>(key & bucketMask)) << 5);
}

@inline
function checkOf(key: u64): u64 {
  return key & 0xffffffff00000000;
}

/** The payload stored for key, or 0. */
@inline
export function ttProbe(key: u64): u32 {
  const bucket = bucketOf(key);
  const check = checkOf(key);
  for (let i: usize = 0; i < 32; i += 8) {
    const entry = load<u64>(bucket + i);
    if ((entry & 0xffffffff00000000) == check && <u32>entry != 0) return <u32>entry;
  }
  return 0;
}

@inline
export function ttStore(key: u64, payload: u32): void {
  const bucket = bucketOf(key);
  const check = checkOf(key);
  let target = bucket;
  let shallowest: u32 = 0xffffffff;
  for (let i: usize = 0; i < 32; i += 8) {
    const entry = load<u64>(bucket + i);
    if ((entry & 0xffffffff00000000) == check || <u32>entry == 0) {
      target = bucket + i;
      break;
    }
    const depth = <u32>entry & 63;
    if (depth < shallowest) {
      shallowest = depth;
      target = bucket + i;
    }
  }
  store<u64>(target, check | payload);
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
