// The SPRT as fishtest runs it: the LLR, the stop with its overshoot correction, and the Elo, interval, LOS and
// nElo against the figures of fishtest's own statistics code run unchanged (test/data/fishtest: its LLR_logistic,
// update_SPRT one pair a batch, SPRT_elo); the likeliest distributions checked against their definition; the
// degenerate counts; and the error rates over simulated matches between players of known strength.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { llrLogistic, type Pentanomial, pairScore, type SprtSettings, SprtTest } from '../../src/arena/sprt';
import { sprtElo } from '../../src/arena/sprt-elo';
import { simulateMatches } from '../../bench/sprt-simulation';

interface FishtestCase {
  counts: Pentanomial;
  settings: SprtSettings;
  llr: number;
  elo: number;
  ci: [number, number];
  los: number;
  nelo: number;
  nelo95: number;
}
interface FishtestRun {
  scores: number[];
  settings: SprtSettings;
  pairs: number;
  state: '' | 'accepted' | 'rejected';
  llr: number;
}
const fishtest: { cases: FishtestCase[]; runs: FishtestRun[] } = JSON.parse(readFileSync('test/data/fishtest/sprt-cases.json', 'utf8'));

/** Feeds a test pair by pair: where it stops, and its state there. */
function run(scores: readonly number[], settings: SprtSettings) {
  const test = new SprtTest(settings);
  const counts = [0, 0, 0, 0, 0];
  for (const score of scores) {
    counts[score]++;
    const state = test.update(counts as unknown as Pentanomial);
    if (state.result) return state;
  }
  return test.state;
}

describe('the pentanomial SPRT, as fishtest', () => {
  it("gives fishtest's LLR_logistic on every case", () => {
    for (const { counts, settings, llr } of fishtest.cases) expect(llrLogistic(counts, settings), `${counts} ${JSON.stringify(settings)}`).toBeCloseTo(llr, 8);
  });

  it("gives fishtest's SPRT_elo Elo, interval and LOS, and its pentanomial nElo", () => {
    for (const { counts, settings, ...figures } of fishtest.cases) {
      const found = sprtElo(counts, settings);
      const what = `${counts} ${JSON.stringify(settings)}`;
      expect(found.elo, what).toBeCloseTo(figures.elo, 5);
      expect(found.eloLo, what).toBeCloseTo(figures.ci[0], 5);
      expect(found.eloHi, what).toBeCloseTo(figures.ci[1], 5);
      expect(found.los, what).toBeCloseTo(figures.los, 7);
      expect(found.nelo, what).toBeCloseTo(figures.nelo, 7);
      expect(found.neloHi - found.nelo, what).toBeCloseTo(figures.nelo95, 7);
    }
  });

  it("stops where fishtest's update_SPRT stops, one pair a batch, on the same verdict", () => {
    for (const { scores, settings, pairs, state, llr } of fishtest.runs) {
      const stopped = run(scores, settings);
      expect(stopped.pairs).toBe(pairs);
      expect(stopped.result).toBe(state === 'accepted' ? 'H1' : state === 'rejected' ? 'H0' : undefined);
      expect(stopped.llr).toBeCloseTo(llr, 8);
    }
  });

  it('is the log-likelihood ratio of the likeliest distributions of each mean, found here by another way', () => {
    // The likeliest distribution q of the five pair values v = 0, 1/4, …, 1 with mean s, given the shares p: the
    // maximum of Σ p_k log q_k over q ≥ 0, Σ q_k = 1, Σ q_k v_k = s. Here by Newton's method on that 3-dimensional
    // set (the second differences keep both sums), from the exponential tilt of p with mean s.
    const values = [0, 0.25, 0.5, 0.75, 1];
    const directions = [
      [1, -2, 1, 0, 0],
      [0, 1, -2, 1, 0],
      [0, 0, 1, -2, 1],
    ];
    const likeliest = (p: number[], s: number) => {
      const tilt = (t: number) => {
        const weights = p.map((pk, k) => pk * Math.exp(t * values[k]));
        const total = weights.reduce((a, b) => a + b);
        return weights.map((w) => w / total);
      };
      let [low, high] = [-200, 200];
      for (let i = 0; i < 200; i++) {
        const middle = (low + high) / 2;
        if (tilt(middle).reduce((sum, q, k) => sum + q * values[k], 0) < s) low = middle;
        else high = middle;
      }
      let q = tilt(low);
      const objective = (r: number[]) => r.reduce((sum, rk, k) => sum + p[k] * Math.log(rk), 0);
      for (let iteration = 0; iteration < 100; iteration++) {
        const gradient = directions.map((d) => d.reduce((sum, dk, k) => sum + (p[k] * dk) / q[k], 0));
        const hessian = directions.map((d) => directions.map((e) => -d.reduce((sum, dk, k) => sum + (p[k] * dk * e[k]) / q[k] ** 2, 0)));
        // Solve hessian · step = −gradient (3×3, Cramer's rule).
        const det = (m: number[][]) =>
          m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
          m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
          m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        const whole = det(hessian);
        const step = [0, 1, 2].map((column) => det(hessian.map((row, i) => row.map((x, j) => (j === column ? -gradient[i] : x)))) / whole);
        let scale = 1;
        let next = q.map((qk, k) => qk + scale * directions.reduce((sum, d, j) => sum + step[j] * d[k], 0));
        while (next.some((x) => x <= 0) || objective(next) < objective(q)) {
          scale /= 2;
          next = q.map((qk, k) => qk + scale * directions.reduce((sum, d, j) => sum + step[j] * d[k], 0));
          if (scale < 1e-12) break;
        }
        if (scale < 1e-12) break;
        q = next;
      }
      return q;
    };
    const score = (elo: number) => 1 / (1 + 10 ** (-elo / 400));
    for (const counts of [
      [5, 20, 40, 25, 10],
      [0, 12, 30, 15, 1],
      [3, 0, 5, 0, 4],
      [0, 0, 7, 0, 0],
    ] as const) {
      const regularized: number[] = counts.map((count) => count || 1e-3);
      const total = regularized.reduce((a, b) => a + b);
      const p = regularized.map((count) => count / total);
      const [q0, q1] = [likeliest(p, score(0)), likeliest(p, score(10))];
      const llr = total * p.reduce((sum, pk, k) => sum + pk * Math.log(q1[k] / q0[k]), 0);
      expect(llrLogistic(counts, { elo0: 0, elo1: 10 }), String(counts)).toBeCloseTo(llr, 8);
    }
  });

  it('takes degenerate counts as fishtest does (0.001 for an empty count), and says so', () => {
    const settings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
    // Twins: every pair one win each; fishtest's figures for 7 such pairs are in the cases above.
    const twins = run(Array(1000).fill(2), settings);
    expect(twins.result).toBe('H0');
    expect(twins.note).toContain('every pair scored 1 points');
    expect(run(Array(1000).fill(4), settings).result).toBe('H1');
    expect(run(Array(1000).fill(0), settings).result).toBe('H0');
    const none = sprtElo([0, 0, 0, 0, 0], settings);
    expect(Number.isFinite(none.elo) && Number.isFinite(none.los)).toBe(true);
  });

  it('errs at about α at elo0 and β at elo1 in simulated matches (a seeded few; bench sprt runs them all)', () => {
    // 600 matches a cell: the Monte Carlo standard error of a 5% rate is 0.9%.
    let wrong = 0;
    let matches = 0;
    let seed = 100;
    for (const elo1 of [20, 100]) {
      for (const drawRate of [0, 0.3, 0.6]) {
        const settings = { elo0: 0, elo1, alpha: 0.05, beta: 0.05 };
        const atElo0 = simulateMatches(settings, 0, drawRate, 600, seed++);
        const atElo1 = simulateMatches(settings, elo1, drawRate, 600, seed++);
        for (const rate of [atElo0.h1 / 600, atElo1.h0 / 600])
          expect(rate, `elo1 ${elo1}, draws ${drawRate}`).toBeLessThan(0.05 + 4 * Math.sqrt((0.05 * 0.95) / 600));
        expect(atElo0.open + atElo1.open).toBe(0);
        wrong += atElo0.h1 + atElo1.h0;
        matches += 1200;
      }
    }
    // Over all cells the rate is near the 5% asked, not far below it (a test that waits longer than it must).
    expect(wrong / matches).toBeGreaterThan(0.03);
    expect(wrong / matches).toBeLessThan(0.065);
  }, 60_000);

  it('scores a pair for the first bot from its two games', () => {
    // A first in game one (seat 0), second in game two (seat 1).
    expect(pairScore(0, 1)).toBe(4);
    expect(pairScore(0, 0)).toBe(2);
    expect(pairScore(null, 1)).toBe(3);
    expect(pairScore(1, null)).toBe(1);
    expect(pairScore(1, 0)).toBe(0);
  });
});
