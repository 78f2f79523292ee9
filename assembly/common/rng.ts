// xoshiro128** seeded through splitmix32: the same generator as src/engine/rng.ts, so a seed gives the
// same numbers in a core and in TypeScript (a differential test checks it).

let s0: u32 = 0;
let s1: u32 = 0;
let s2: u32 = 0;
let s3: u32 = 0;
let splitState: u32 = 0;

function splitmix32(): u32 {
  splitState += 0x9e3779b9;
  let z = splitState;
  z = (z ^ (z >>> 16)) * 0x85ebca6b;
  z = (z ^ (z >>> 13)) * 0xc2b2ae35;
  return z ^ (z >>> 16);
}

export function seedRandom(seed: u32): void {
  splitState = seed;
  s0 = splitmix32();
  s1 = splitmix32();
  s2 = splitmix32();
  s3 = splitmix32();
}

export function nextU32(): u32 {
  const result = rotl<u32>(s1 * 5, 7) * 9;
  const t = s1 << 9;
  s2 ^= s0;
  s3 ^= s1;
  s1 ^= s2;
  s0 ^= s3;
  s2 ^= t;
  s3 = rotl<u32>(s3, 11);
  return result;
}

/** A uniform integer in [0, n), n >= 1 (multiply-shift: no modulo bias worth speaking of for small n). */
export function nextBelow(n: u32): u32 {
  return <u32>((<u64>nextU32() * <u64>n) >>> 32);
}
