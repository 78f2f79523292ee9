// The SPRT of engine testing: the LLR, Elo, interval and LOS against values worked out by hand from the formulas
// (fishtest's pentanomial GSPRT, logistic Elo), the degenerate matches, and the error rates over many simulated
// matches between players of known strength (pairs drawn from the game probabilities, no games of ours).

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { expectedScore, type Pentanomial, pairScore, sprtState } from '../../src/arena/sprt';

const settings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };

describe('the pentanomial SPRT', () => {
  it('gives the LLR, Elo, interval and LOS worked out by hand', () => {
    // [5, 20, 40, 25, 10] and the pseudo-pair (1, 4, 6, 4, 1)/16: 101 pairs, mean (0.25·20.25 + 0.5·40.375 +
    // 0.75·25.25 + 10.0625) / 101 = 0.5371287, variance 0.0642155; s0 = 0.5, s1 = 1/(1+10^-0.025) = 0.514387;
    // LLR = 100·0.014387·(1.0742574 − 1.014387) / (2·0.0642155).
    const state = sprtState([5, 20, 40, 25, 10], settings);
    expect(state.llr).toBeCloseTo(0.6706823, 6);
    expect(state.lower).toBeCloseTo(-2.944439, 6);
    expect(state.upper).toBeCloseTo(2.944439, 6);
    expect(state.result).toBeUndefined();
    // Elo of the mean is −400·log10(1/0.5371287 − 1); the interval mean ± 1.96·√(0.0642155/100) through the same.
    expect(state.elo).toBeCloseTo(25.8472509, 5);
    expect(state.eloLo).toBeCloseTo(-8.7149683, 5);
    expect(state.eloHi).toBeCloseTo(60.9295122, 5);
    expect(state.los).toBeCloseTo(0.9285636, 6);
    // Symmetric counts: no evidence either way beyond the drift of elo1 (LLR −N·(s1−s0)²/(2v)).
    expect(sprtState([10, 20, 40, 20, 10], settings).llr).toBeCloseTo(-0.1382221, 6);
    const strong = sprtState([2, 10, 30, 40, 18], settings);
    expect(strong.llr).toBeCloseTo(3.6590824, 6);
    expect(strong.result).toBe('H1');
  });

  it('stops on degenerate matches and says why, without dividing by zero', () => {
    const firstStop = (counts: (pairs: number) => Pentanomial) => {
      for (let pairs = 1; pairs < 1000; pairs++) {
        const state = sprtState(counts(pairs), settings);
        if (state.result) return state;
      }
      throw new Error('no stop');
    };
    // Deterministic twins: every pair one win each.
    const twins = firstStop((n) => [0, 0, n, 0, 0]);
    expect(twins.result).toBe('H0');
    expect(twins.note).toContain('every pair scored 1 points');
    // Its variance is the pseudo-pair's, 0.0625/(N+1): LLR = −N(N+1)·(s1−s0)²/0.125 crosses −2.944 at N = 42.
    expect(twins.pairs).toBe(42);
    expect(Number.isFinite(twins.llr) && Math.abs(twins.elo) < 1e-9).toBe(true);
    expect(firstStop((n) => [0, 0, 0, 0, n]).result).toBe('H1');
    expect(firstStop((n) => [n, 0, 0, 0, 0]).result).toBe('H0');
    expect(sprtState([0, 0, 0, 0, 0], settings)).toMatchObject({ llr: 0, pairs: 0, los: 0.5 });
  });

  it('scores a pair for the first bot from its two games', () => {
    // A first in game one (seat 0), second in game two (seat 1).
    expect(pairScore(0, 1)).toBe(4);
    expect(pairScore(0, 0)).toBe(2);
    expect(pairScore(null, 1)).toBe(3);
    expect(pairScore(1, null)).toBe(1);
    expect(pairScore(1, 0)).toBe(0);
  });

  it('reaches H1 and H0 at about the stated error rates in simulated matches', () => {
    const sprt = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 };
    /** How often a match between players `elo` apart ends in H1 (games with 30% draws, independent). */
    const h1Rate = (elo: number, matches: number, seed: number) => {
      const rng = new Rng(seed);
      const score = expectedScore(elo);
      const [win, draw] = [score - 0.15, 0.3];
      const game = () => {
        const u = rng.nextU32() / 2 ** 32;
        return u < win ? 2 : u < win + draw ? 1 : 0;
      };
      let h1 = 0;
      for (let match = 0; match < matches; match++) {
        const counts = [0, 0, 0, 0, 0];
        for (;;) {
          counts[game() + game()]++;
          const { result } = sprtState(counts as unknown as Pentanomial, sprt);
          if (result) {
            if (result === 'H1') h1++;
            break;
          }
        }
      }
      return h1 / matches;
    };
    // At elo0 an H1 is a false positive (alpha); at elo1 an H0 a false negative (beta); far off they are rare.
    expect(h1Rate(0, 400, 1)).toBeLessThan(0.09);
    expect(h1Rate(0, 400, 1)).toBeGreaterThan(0.01);
    expect(1 - h1Rate(20, 400, 2)).toBeLessThan(0.09);
    expect(1 - h1Rate(20, 400, 2)).toBeGreaterThan(0.01);
    expect(h1Rate(-20, 200, 3)).toBeLessThan(0.01);
    expect(h1Rate(40, 200, 4)).toBeGreaterThan(0.99);
  }, 60_000);
});
