// The sequential probability ratio test of engine testing, exactly as fishtest runs it (server/fishtest/stats:
// LLRcalc.LLR_logistic and stat_util.update_SPRT). Games come in pairs (one start, each bot in each seat once); a
// pair scores 0, 0.5, 1, 1.5 or 2 points for the first bot, A, and the test keeps the five counts.
//
// The LLR is the generalized log-likelihood ratio of the pentanomial: between the distributions of the five
// scores that are most likely given the counts among those whose expected score is that of elo1, and among those
// of elo0 (logistic Elo). A count of 0 weighs 0.001, as fishtest regularizes it, so that no such distribution
// gives a seen score no chance. After each pair the LLR is compared with log(β/(1−α)) and log((1−β)/α), each
// moved inward by the overshoot expected past it (Siegmund's correction, estimated from how far the LLR went
// beyond its running minimum and maximum so far): fishtest's update_SPRT called once a pair.

import { brentRoot } from './numeric';

/** Pairs scoring 0, 0.5, 1, 1.5 and 2 points for the first bot. */
export type Pentanomial = readonly [number, number, number, number, number];

export interface SprtSettings {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

export interface SprtState {
  /** H1: A is at least elo1 stronger; H0: it is not; undefined while the test goes on. */
  readonly result?: 'H0' | 'H1';
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  /** What the LLR is compared with: the bounds moved inward by the overshoot expected past them. */
  readonly stopAt: readonly [number, number];
  readonly pairs: number;
  /** Said when every pair scored alike: fishtest's regularization then sets the variance alone. */
  readonly note?: string;
}

/** The logistic score expected at an Elo difference (fishtest's L_). */
export const expectedScore = (elo: number) => 1 / (1 + 10 ** (-elo / 400));

export function sprtBounds({ alpha, beta }: SprtSettings): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** A pair's score on the 0..1 scale: the values the pentanomial's probabilities are of. */
export const PAIR_VALUES = [0, 0.25, 0.5, 0.75, 1] as const;

/** The counts as fishtest reads them (results_to_pdf): empty counts 0.001, then their total and shares. */
export function pentanomialShares(counts: Pentanomial): { total: number; shares: number[] } {
  const regularized = counts.map((count) => (count === 0 ? 1e-3 : count));
  const total = regularized.reduce((sum, count) => sum + count, 0);
  return { total, shares: regularized.map((count) => count / total) };
}

/** The mean and variance of a distribution of the five pair values. */
export function pairMoments(shares: readonly number[]): { mean: number; variance: number } {
  const mean = shares.reduce((sum, share, k) => sum + share * PAIR_VALUES[k], 0);
  return { mean, variance: shares.reduce((sum, share, k) => sum + share * (PAIR_VALUES[k] - mean) ** 2, 0) };
}

/**
 * The distribution of mean `score` most likely to give the observed shares (fishtest's MLE_expected): by
 * Lagrange, q_k = p_k / (1 + x·(v_k − score)), x the root of Σ p_k (v_k − score) / (1 + x (v_k − score)) = 0.
 */
function likeliestWithMean(shares: readonly number[], score: number): number[] {
  const offsets = PAIR_VALUES.map((value) => value - score);
  const secular = (x: number) => shares.reduce((sum, share, k) => sum + (share * offsets[k]) / (1 + x * offsets[k]), 0);
  const epsilon = 1e-9;
  const x = brentRoot(secular, -1 / (1 - score) + epsilon, 1 / score - epsilon);
  return shares.map((share, k) => share / (1 + x * offsets[k]));
}

/** fishtest's LLR_logistic: the pentanomial GSPRT's log-likelihood ratio of elo1 against elo0. */
export function llrLogistic(counts: Pentanomial, { elo0, elo1 }: Pick<SprtSettings, 'elo0' | 'elo1'>): number {
  const { total, shares } = pentanomialShares(counts);
  const [h0, h1] = [elo0, elo1].map((elo) => likeliestWithMean(shares, expectedScore(elo)));
  return total * shares.reduce((sum, share, k) => sum + share * (Math.log(h1[k]) - Math.log(h0[k])), 0);
}

/**
 * The test, fed the counts after each pair (update_SPRT with a batch of one pair). The overshoot estimate depends
 * on the LLR's whole path, so one test follows one match from its first pair.
 */
export class SprtTest {
  private readonly bounds: { lower: number; upper: number };
  /** The running minimum and maximum of the LLR, and the sums and squares of the steps that moved them. */
  private floor = 0;
  private floorSum = 0;
  private floorSquares = 0;
  private ceiling = 0;
  private ceilingSum = 0;
  private ceilingSquares = 0;
  state: SprtState;

  constructor(private readonly settings: SprtSettings) {
    this.bounds = sprtBounds(settings);
    this.state = { llr: 0, ...this.bounds, stopAt: [this.bounds.lower, this.bounds.upper], pairs: 0 };
  }

  /** The state after one more pair: `counts` holds every pair so far. */
  update(counts: Pentanomial): SprtState {
    const llr = llrLogistic(counts, this.settings);
    if (llr < this.floor) {
      this.floorSum += llr - this.floor;
      this.floorSquares += (llr - this.floor) ** 2;
      this.floor = llr;
    }
    if (llr > this.ceiling) {
      this.ceilingSum += llr - this.ceiling;
      this.ceilingSquares += (llr - this.ceiling) ** 2;
      this.ceiling = llr;
    }
    // The expected overshoot of a random walk past a bound is E[step²]/(2·E[step]) over its ladder steps.
    const belowLower = this.floorSum !== 0 ? -this.floorSquares / this.floorSum / 2 : 0;
    const aboveUpper = this.ceilingSum !== 0 ? this.ceilingSquares / this.ceilingSum / 2 : 0;
    const { lower, upper } = this.bounds;
    const stopAt = [lower + belowLower, upper - aboveUpper] as const;
    const pairs = counts.reduce((sum, count) => sum + count, 0);
    const seen = counts.filter((count) => count > 0);
    this.state = {
      ...(llr < stopAt[0] ? { result: 'H0' as const } : llr > stopAt[1] ? { result: 'H1' as const } : {}),
      llr,
      lower,
      upper,
      stopAt,
      pairs,
      ...(seen.length === 1
        ? {
            note: `every pair scored ${counts.findIndex((count) => count > 0) / 2} points: the variance is that of the regularization (0.001 for each empty count), as fishtest's`,
          }
        : {}),
    };
    return this.state;
  }
}

/** A pair's score for the first bot, 0..4 in half points, from its two games' winners (seat indexes, null a draw). */
export function pairScore(firstGameWinner: 0 | 1 | null, secondGameWinner: 0 | 1 | null): 0 | 1 | 2 | 3 | 4 {
  // In the pair's first game A sits first (seat 0), in the second it sits second (seat 1).
  const points = (winner: 0 | 1 | null, seatOfA: 0 | 1) => (winner === null ? 1 : winner === seatOfA ? 2 : 0);
  return (points(firstGameWinner, 0) + points(secondGameWinner, 1)) as 0 | 1 | 2 | 3 | 4;
}
