// The TypeScript generator and the cores' generator (assembly/common/rng.ts) give the same numbers.

import { describe, expect, it } from 'vitest';
import asc from 'assemblyscript/asc';
import { deriveSeed, parseSeed, Rng } from '../../src/contracts/rng';

interface RngCore {
  seedRandom(seed: number): void;
  nextU32(): number;
  nextBelow(n: number): number;
}

async function compileRng(): Promise<RngCore> {
  // The module compiled as an entry of its own exports exactly its functions.
  let binary: Uint8Array<ArrayBuffer> | undefined;
  const { error } = await asc.main(['assembly/common/rng.ts', '--outFile', 'rng.wasm', '--optimizeLevel', '3', '--runtime', 'stub'], {
    writeFile: (_name, contents) => {
      binary = contents as Uint8Array<ArrayBuffer>;
    },
  });
  if (error || !binary) throw error ?? new Error('asc wrote no binary');
  const module = await WebAssembly.compile(binary);
  const instance = await WebAssembly.instantiate(module, { env: { abort: () => {} } });
  return instance.exports as unknown as RngCore;
}

describe('seeded generator', () => {
  it('gives the same sequences in TypeScript and in the cores', async () => {
    const core = await compileRng();
    for (const seed of [0, 1, 42, 0xdeadbeef, 2 ** 32 - 1]) {
      const rng = new Rng(seed);
      core.seedRandom(seed);
      for (let i = 0; i < 1000; i++) expect(core.nextU32() >>> 0).toBe(rng.nextU32());
      for (const n of [1, 2, 3, 7, 9, 100, 1000, 54321]) {
        for (let i = 0; i < 100; i++) expect(core.nextBelow(n)).toBe(rng.below(n));
      }
    }
  });

  it('replays the same numbers for the same seed and spreads them evenly', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    const counts = Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const value = a.below(10);
      expect(b.below(10)).toBe(value);
      counts[value]++;
    }
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('derives different seeds from different texts and the same from the same', () => {
    expect(deriveSeed(1, 'X........')).toBe(deriveSeed(1, 'X........'));
    expect(deriveSeed(1, 'X........')).not.toBe(deriveSeed(1, '.X.......'));
    expect(deriveSeed(1, 'X........')).not.toBe(deriveSeed(2, 'X........'));
  });

  it('reads seeds a person types, and refuses others', () => {
    expect(parseSeed(' 12 ')).toBe(12);
    expect(() => parseSeed('-1')).toThrow('not a whole number');
    expect(() => parseSeed('1.5')).toThrow('not a whole number');
    expect(() => parseSeed('4294967296')).toThrow('too large');
  });
});
