// Connect 4's transposition table: a prime number of entries indexed by key % size, each the key's low 32 bits
// and a byte. Keys are below 2^49 and the size above 2^17, so (key % size, key & 0xffffffff) identifies the key:
// no false hit (Chinese remainder theorem). The byte is 0 (empty) or the solver's bound.

const TABLE_SIZE: u32 = 8388617; // the first prime after 2^23
const tableKeys = new StaticArray<u32>(TABLE_SIZE);
const tableValues = new StaticArray<u8>(TABLE_SIZE);

/**
 * Empties the table. A value of 0 is "nothing stored" whatever the key, but the keys are cleared too, as
 * Pons' solver and our native reference do: a search then starts with the same table in the cache.
 */
export function clearTable(): void {
  memory.fill(changetype<usize>(tableKeys), 0, <usize>TABLE_SIZE << 2);
  memory.fill(changetype<usize>(tableValues), 0, <usize>TABLE_SIZE);
}

const INVERSE_SIZE: f64 = 1.0 / <f64>TABLE_SIZE;

/**
 * key % TABLE_SIZE without a 64-bit division (slow in WebAssembly, where C compilers would multiply): keys are
 * below 2^49, so the quotient from a double reciprocal is exact or one too large or too small.
 */
@inline
function slot(k: u64): u32 {
  // Signed conversions: one instruction each on x86, where the unsigned ones take a branchy sequence.
  let r = <i64>k - <i64>(<f64><i64>k * INVERSE_SIZE) * <i64>TABLE_SIZE;
  if (r < 0) r += TABLE_SIZE;
  else if (r >= <i64>TABLE_SIZE) r -= TABLE_SIZE;
  return <u32>r;
}

/** The value stored for the key, or 0. */
@inline
export function tableGet(k: u64): i32 {
  const i = slot(k);
  return tableKeys[i] == <u32>k ? <i32>tableValues[i] : 0;
}

@inline
export function tablePut(k: u64, value: i32): void {
  const i = slot(k);
  tableKeys[i] = <u32>k;
  tableValues[i] = <u8>value;
}
