// Elo ratings by maximum likelihood (Bradley-Terry, a draw half a win, one virtual draw per pairing): checked
// against the closed form for two players, against a separate maximisation (Newton's method on the
// log-likelihood) for a field of four, and for the coverage of their 95% intervals over simulated tournaments
// between players of known strength, with and without draws. Their intervals with draws: against Ordo's on a
// tournament of ours (test/data/ordo), and for two players against the trinomial likelihood worked out here.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { eloRatings } from '../../src/arena/ratings';
import type { PairResult } from '../../src/arena/results';

const pair = (a: string, b: string, wins: number, draws: number, losses: number): PairResult => {
  const none = { wins: 0, draws: 0, losses: 0 };
  return { a, b, wins, draws, losses, margin: 0, games: wins + draws + losses, first: none, second: none };
};

describe('Elo ratings', () => {
  it('gives equal players equal ratings around 1500', () => {
    const [a, b] = eloRatings(['a', 'b'], [pair('a', 'b', 50, 0, 50)]);
    expect(a.rating).toBeCloseTo(1500, 6);
    expect(b.rating).toBeCloseTo(1500, 6);
    expect(a.hi! - a.lo!).toBeGreaterThan(0);
  });

  it('leaves the interval unbounded (null) until the games join every bot to the others, then bounds it', () => {
    // c has played nobody: where the three stand against their mean is open.
    expect(eloRatings(['a', 'b', 'c'], [pair('a', 'b', 1, 0, 1)]).map(({ lo, hi }) => [lo, hi])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    // Two groups that never met: the same.
    const apart = eloRatings(['a', 'b', 'c', 'd'], [pair('a', 'b', 1, 0, 1), pair('c', 'd', 2, 0, 0)]);
    expect(apart.every(({ lo, hi }) => lo === null && hi === null)).toBe(true);
    expect(eloRatings(['a', 'b'], []).every(({ lo, hi }) => lo === null && hi === null)).toBe(true);
    // One game between the groups joins them: every interval finite, and each within a few hundred Elo.
    const joined = eloRatings(['a', 'b', 'c', 'd'], [pair('a', 'b', 1, 0, 1), pair('c', 'd', 2, 0, 0), pair('b', 'c', 1, 0, 0)]);
    for (const { rating, lo, hi } of joined) {
      expect(lo).not.toBeNull();
      expect(rating - lo!).toBeGreaterThan(0);
      expect(rating - lo!).toBeLessThan(2000);
      expect(hi! - rating).toBeCloseTo(rating - lo!, 6);
    }
    // A ladder's virtual draw against the average player bounds even a bot with no game.
    expect(eloRatings(['a', 'b', 'c'], [pair('a', 'b', 1, 0, 1)], 'per bot').every(({ lo }) => lo !== null && Number.isFinite(lo))).toBe(true);
  });

  it('puts a 75% score about 191 Elo apart (the logistic curve), with the virtual draw pulling it in a little', () => {
    const [a, b] = eloRatings(['a', 'b'], [pair('a', 'b', 750, 0, 250)]);
    expect(a.rating - b.rating).toBeGreaterThan(185);
    expect(a.rating - b.rating).toBeLessThan(192);
  });

  it('orders a chain of players and narrows the interval with more games', () => {
    const few = eloRatings(['x', 'y', 'z'], [pair('x', 'y', 7, 0, 3), pair('y', 'z', 7, 0, 3), pair('x', 'z', 9, 0, 1)]);
    const many = eloRatings(['x', 'y', 'z'], [pair('x', 'y', 70, 0, 30), pair('y', 'z', 70, 0, 30), pair('x', 'z', 90, 0, 10)]);
    expect(many[0].rating).toBeGreaterThan(many[1].rating);
    expect(many[1].rating).toBeGreaterThan(many[2].rating);
    expect(many[0].hi! - many[0].lo!).toBeLessThan(few[0].hi! - few[0].lo!);
    expect(many.reduce((sum, r) => sum + r.rating, 0) / 3).toBeCloseTo(1500, 6);
  });

  it('keeps a player that won every game finite', () => {
    const [a] = eloRatings(['a', 'b'], [pair('a', 'b', 100, 0, 0)]);
    expect(Number.isFinite(a.rating)).toBe(true);
    expect(a.rating).toBeGreaterThan(1800);
  });

  it('agrees with the closed form for two players: 400·log10(score / (games − score)) with the virtual draw', () => {
    const [a, b] = eloRatings(['a', 'b'], [pair('a', 'b', 30, 20, 50)]);
    // a scores 30 + 20/2 + 0.5 of 101.
    expect(a.rating - b.rating).toBeCloseTo(400 * Math.log10(40.5 / 60.5), 6);
  });

  it("agrees with Newton's method on the log-likelihood for a field of four", () => {
    const bots = ['p', 'q', 'r', 's'];
    const pairs = [
      pair('p', 'q', 12, 5, 3),
      pair('p', 'r', 9, 2, 9),
      pair('q', 'r', 4, 6, 10),
      pair('q', 's', 15, 3, 2),
      pair('r', 's', 7, 7, 6),
      pair('p', 's', 3, 1, 0),
    ];
    // Scores and games with each pairing's virtual draw; θ the natural-log strengths, θ_p fixed at 0.
    const games = pairs.map((x) => ({ i: bots.indexOf(x.a), j: bots.indexOf(x.b), n: x.games + 1, s: x.wins + x.draws / 2 + 0.5 }));
    let theta = [0, 0, 0, 0];
    for (let iteration = 0; iteration < 50; iteration++) {
      const gradient = [0, 0, 0, 0];
      const hessian = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
      for (const { i, j, n, s } of games) {
        const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
        gradient[i] += s - n * p;
        gradient[j] -= s - n * p;
        const w = n * p * (1 - p);
        hessian[i][i] -= w;
        hessian[j][j] -= w;
        hessian[i][j] += w;
        hessian[j][i] += w;
      }
      // Solve the 3x3 system of q, r, s (p stays 0) by Cramer's rule.
      const h = [1, 2, 3].map((r) => [1, 2, 3].map((c) => hessian[r][c]));
      const g = [1, 2, 3].map((r) => gradient[r]);
      const det = (m: number[][]) =>
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
        m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
        m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
      const d = det(h);
      const step = [0, 1, 2].map((c) => det(h.map((row, r) => row.map((value, k) => (k === c ? g[r] : value)))) / d);
      theta = [0, theta[1] - step[0], theta[2] - step[1], theta[3] - step[2]];
    }
    const ratings = eloRatings(bots, pairs);
    for (let k = 1; k < 4; k++) expect(ratings[k].rating - ratings[0].rating).toBeCloseTo((theta[k] * 400) / Math.LN10, 4);
  });

  /**
   * The draw probability under Davidson's model, P(draw) = κ·√(P(win)·P(loss)) with κ = 2d/(1 − d) (d the draw
   * rate between equals), at expected score p: found by bisection, not by the code's closed form.
   */
  const davidsonDraw = (p: number, d: number) => {
    const kappa = (2 * d) / (1 - d);
    let [low, high] = [0, 2 * Math.min(p, 1 - p)];
    for (let i = 0; i < 200; i++) {
      const x = (low + high) / 2;
      if (x < kappa * Math.sqrt(Math.max(0, (p - x / 2) * (1 - p - x / 2)))) low = x;
      else high = x;
    }
    return (low + high) / 2;
  };

  it("gives Ordo's intervals on a tic-tac-toe tournament with draws (Ordo's draw rate fitted, 20,000 simulations)", () => {
    const data: { pairs: { a: string; b: string; wins: number; draws: number; losses: number }[]; ordo: Record<string, { rating: number; error: number }> } =
      JSON.parse(readFileSync('test/data/ordo/tictactoe-tournament.json', 'utf8'));
    const bots = Object.keys(data.ordo);
    const ratings = eloRatings(
      bots,
      data.pairs.map(({ a, b, wins, draws, losses }) => pair(a, b, wins, draws, losses)),
    );
    for (const { bot, rating, hi } of ratings) {
      // Within 4% (Ordo's simulated errors hold about 1% of noise); the ratings differ by the virtual draws only.
      expect(Math.abs(hi! - rating) / data.ordo[bot].error - 1, bot).toBeLessThan(0.04);
      expect(Math.abs(rating - data.ordo[bot].rating), bot).toBeLessThan(8);
    }
  });

  it('gives two players the interval of the trinomial likelihood with draws, worked out here', () => {
    for (const [wins, draws, losses] of [
      [30, 40, 30],
      [50, 30, 20],
      [12, 80, 8],
      [70, 0, 30],
    ]) {
      const n = wins + draws + losses;
      // The fit with the virtual draw, in closed form; the draw rate between equals by a fine search of the likelihood.
      const p = (wins + draws / 2 + 0.5) / (n + 1);
      const likelihood = (d: number) => {
        const x = davidsonDraw(p, d);
        return wins * Math.log(p - x / 2) + (draws ? draws * Math.log(x) : 0) + losses * Math.log(1 - p - x / 2);
      };
      let best = 0;
      if (draws > 0) {
        let [low, high] = [1e-6, 0.99];
        for (let round = 0; round < 6; round++) {
          const grid = Array.from({ length: 101 }, (_, k) => low + ((high - low) * k) / 100);
          best = grid.reduce((a, b) => (likelihood(b) > likelihood(a) ? b : a));
          [low, high] = [Math.max(1e-6, best - (high - low) / 50), Math.min(0.99, best + (high - low) / 50)];
        }
      }
      // A game's score varies by p(1 − p) − P(draw)/4; the estimate of the difference by that over n·(p(1 − p))².
      const variance = (p * (1 - p) - davidsonDraw(p, best) / 4) / ((n + 1) * (p * (1 - p)) ** 2);
      // Each rating is half the difference from the mean of two.
      // 1.959964: the normal distribution's 97.5% quantile (Ordo's 95% interval is two-sided).
      const half = (1.959964 * Math.sqrt(variance) * 400) / Math.LN10 / 2;
      const [a] = eloRatings(['a', 'b'], [pair('a', 'b', wins, draws, losses)]);
      expect(a.hi! - a.rating, `${wins}/${draws}/${losses}`).toBeCloseTo(half, 3);
    }
  });

  for (const [drawing, draws] of [
    ['a fifth of the games drawn whatever the difference', (_p: number) => 0.2],
    ['30% of even games drawn (Davidson)', (p: number) => davidsonDraw(p, 0.3)],
  ] as const) {
    it(`holds the true ratings in its 95% intervals in about 95% of simulated tournaments: ${drawing}`, () => {
      const truth = [0, 60, 120, 200];
      const bots = ['a', 'b', 'c', 'd'];
      const rng = new Rng(11);
      let covered = 0;
      let checked = 0;
      for (let tournament = 0; tournament < 300; tournament++) {
        const pairs: PairResult[] = [];
        for (let i = 0; i < 4; i++) {
          for (let j = i + 1; j < 4; j++) {
            // 100 games, decided so that i's expected score is the logistic one.
            const expected = 1 / (1 + 10 ** ((truth[j] - truth[i]) / 400));
            const draw = draws(expected);
            const win = expected - draw / 2;
            let [w, d, l] = [0, 0, 0];
            for (let game = 0; game < 100; game++) {
              const u = rng.nextU32() / 2 ** 32;
              if (u < win) w++;
              else if (u < win + draw) d++;
              else l++;
            }
            pairs.push(pair(bots[i], bots[j], w, d, l));
          }
        }
        const ratings = eloRatings(bots, pairs);
        const mean = truth.reduce((sum, value) => sum + value, 0) / 4;
        for (const [k, { lo, hi }] of ratings.entries()) {
          checked++;
          if (lo! <= 1500 + truth[k] - mean && 1500 + truth[k] - mean <= hi!) covered++;
        }
      }
      expect(covered / checked).toBeGreaterThan(0.92);
      expect(covered / checked).toBeLessThan(0.985);
    });
  }
});
