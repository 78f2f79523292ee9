// SPSA on a noisy synthetic function with a known optimum (no games): it climbs from a poor start to near the
// optimum in every parameter at once, the same way for the same seed, within the ranges.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { Spsa } from '../../src/arena/spsa';

const params = [
  { name: 'depth', min: 1, max: 8 },
  { name: 'jackpot', min: 0, max: 30 },
  { name: 'weight', min: -50, max: 50 },
];
const optimum: Record<string, number> = { depth: 6, jackpot: 21, weight: -17 };

/** A score in points, best at the optimum, with noise as large as the differences it has to find. */
function noisyScore(values: Record<string, number>, rng: Rng): number {
  const distance = params.reduce((sum, p) => sum + ((values[p.name] - optimum[p.name]) / (p.max - p.min)) ** 2, 0);
  const noise = (rng.nextU32() / 2 ** 32 - 0.5) * 0.5;
  return 1 - 2 * distance + noise;
}

function tune(seed: number, steps: number) {
  const spsa = new Spsa({ params, steps, rEnd: 0.02 }, { depth: 1, jackpot: 2, weight: 40 });
  const signs = new Rng(seed);
  const noise = new Rng(seed + 1000);
  while (!spsa.done) {
    const probe = spsa.probe(signs);
    for (const p of params) for (const side of [probe.plus, probe.minus]) expect(side[p.name]).toBeGreaterThanOrEqual(p.min);
    spsa.update(probe, noisyScore(probe.plus, noise) - noisyScore(probe.minus, noise));
  }
  return spsa.values();
}

describe('SPSA', () => {
  it('finds the optimum of a noisy function from a poor start', () => {
    for (const seed of [1, 2, 3]) {
      const found = tune(seed, 3000);
      expect(Math.abs(found.depth - optimum.depth)).toBeLessThanOrEqual(1);
      expect(Math.abs(found.jackpot - optimum.jackpot)).toBeLessThanOrEqual(3);
      expect(Math.abs(found.weight - optimum.weight)).toBeLessThanOrEqual(10);
    }
    expect(tune(7, 500)).toEqual(tune(7, 500));
  });

  it("lists each parameter's constants, and its first step perturbs and moves by them", () => {
    // weight spans 100: c_end = 100/20 = 5; depth spans 7: c_end 0.35, raised to 1 (less would round back to θ).
    // N = 200 steps: A = 20, c = c_end·200^0.101, a = r_end·c_end²·(A + 200)^0.602.
    const spsa = new Spsa({ params, steps: 200, rEnd: 0.02 }, { depth: 4, jackpot: 15, weight: 0 });
    const constants = spsa.constants();
    expect(constants.weight).toEqual({ a: 0.02 * 25 * 220 ** 0.602, c: 5 * 200 ** 0.101, A: 20, alpha: 0.602, gamma: 0.101, r_end: 0.02, c_end: 5 });
    expect(constants.depth.c_end).toBe(1);
    expect(constants.jackpot.c_end).toBe(1.5);
    const probe = spsa.probe(new Rng(3));
    const c0 = constants.weight.c;
    expect(probe.plus.weight).toBe(Math.round(c0 * probe.delta[2]));
    spsa.update(probe, 1);
    // θ moves by a/(A+1)^α · result / (c_0·Δ).
    expect(spsa.theta[2]).toBeCloseTo(constants.weight.a / 21 ** 0.602 / (c0 * probe.delta[2]), 9);
  });

  it('refuses an empty range and a run of no steps', () => {
    expect(() => new Spsa({ params: [{ name: 'x', min: 3, max: 3 }], steps: 10 }, { x: 3 })).toThrow('x: its range 3..3 is empty');
    expect(() => new Spsa({ params, steps: 0 }, optimum)).toThrow('at least one step');
  });
});
