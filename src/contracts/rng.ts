// The one seeded generator: xoshiro128** seeded through splitmix32, the same as assembly/common/rng.ts.

export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    let split = seed >>> 0;
    const splitmix32 = (): number => {
      split = (split + 0x9e3779b9) >>> 0;
      let z = split;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = splitmix32();
    this.s1 = splitmix32();
    this.s2 = splitmix32();
    this.s3 = splitmix32();
  }

  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** A uniform integer in [0, n), by the same multiply-shift as the cores. */
  below(n: number): number {
    return Math.floor((this.nextU32() * n) / 2 ** 32);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** A 32-bit seed derived from a seed and a text (FNV-1a), e.g. a game's seed and a position. */
export function deriveSeed(seed: number, text: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash;
}

/** Reads a seed typed by a person: an integer in [0, 2^32). */
export function parseSeed(text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new Error(`seed "${text}" is not a whole number`);
  const seed = Number(text.trim());
  if (seed >= 2 ** 32) throw new Error(`seed ${seed} is too large: use 0 to 4294967295`);
  return seed;
}
