// The sequential probability ratio test of engine testing (fishtest's pentanomial GSPRT with logistic Elo): games
// come in pairs (one start, each bot in each seat once), a pair scores 0, 0.5, 1, 1.5 or 2 points for the first
// bot, and the test keeps the five counts. After each pair the log-likelihood ratio of "A is elo1 stronger"
// against "A is elo0 stronger" is compared with bounds set by the error rates alpha and beta.
//
// With s(e) = 1/(1+10^(-e/400)), x̄ the mean pair score and v its variance (both on a 0..1 scale: points / 2),
// and N pairs: LLR = N·(s1−s0)·(2x̄−s0−s1) / (2v). x̄ and v are estimated with one pseudo-pair added, spread as
// the pairs of two even decisive games would be (1/16, 4/16, 6/16, 4/16, 1/16 of a pair): without it the first
// pairs' variance is near zero and the test stops on noise (a first pair of two wins was an H1: in simulated
// matches of equal players a third of them ended in H1, against the 5% asked; with it, 4-5%), and pairs that all
// score alike (deterministic twins, only wins, only losses) give a variance that shrinks with N instead of a
// division by zero. Its weight fades as 1/N.

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
  readonly pairs: number;
  /** A's Elo over B and its 95% interval, from the pairs' mean and variance. */
  readonly elo: number;
  readonly eloLo: number;
  readonly eloHi: number;
  /** The likelihood of superiority: how likely A is the stronger. */
  readonly los: number;
  /** Said when every pair scored alike: the variance is then the pseudo-pair's alone. */
  readonly note?: string;
}

/** The pseudo-pair added to the counts when the mean and variance are estimated. */
const PRIOR: Pentanomial = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16];

/** The logistic score expected at an Elo difference. */
export const expectedScore = (elo: number) => 1 / (1 + 10 ** (-elo / 400));

/** The Elo difference of an expected score (0 < score < 1). */
export const eloOfScore = (score: number) => -400 * Math.log10(1 / score - 1);

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error under 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The mean and variance of the pair scores (0..1), from the counts and the pseudo-pair. */
export function pairMoments(counts: Pentanomial): { mean: number; variance: number } {
  const regularised = counts.map((count, k) => count + PRIOR[k]);
  const total = regularised.reduce((sum, count) => sum + count, 0);
  const mean = regularised.reduce((sum, count, k) => sum + (count / total) * (k / 4), 0);
  const variance = regularised.reduce((sum, count, k) => sum + (count / total) * (k / 4 - mean) ** 2, 0);
  return { mean, variance };
}

export function sprtBounds({ alpha, beta }: SprtSettings): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

export function sprtLlr(counts: Pentanomial, { elo0, elo1 }: SprtSettings): number {
  const pairs = counts.reduce((sum, count) => sum + count, 0);
  if (pairs === 0) return 0;
  const { mean, variance } = pairMoments(counts);
  const [s0, s1] = [expectedScore(elo0), expectedScore(elo1)];
  return (pairs * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

/** The test's state after the pairs counted so far. */
export function sprtState(counts: Pentanomial, settings: SprtSettings): SprtState {
  const pairs = counts.reduce((sum, count) => sum + count, 0);
  const { lower, upper } = sprtBounds(settings);
  const llr = sprtLlr(counts, settings);
  const { mean, variance } = pairMoments(counts);
  const spread = pairs > 0 ? Math.sqrt(variance / pairs) : Number.POSITIVE_INFINITY;
  const clamp = (score: number) => Math.min(1 - 1e-9, Math.max(1e-9, score));
  const alike = pairs > 0 && counts.filter((count) => count > 0).length === 1;
  return {
    ...(llr >= upper ? { result: 'H1' as const } : llr <= lower ? { result: 'H0' as const } : {}),
    llr,
    lower,
    upper,
    pairs,
    elo: eloOfScore(mean),
    eloLo: eloOfScore(clamp(mean - 1.96 * spread)),
    eloHi: eloOfScore(clamp(mean + 1.96 * spread)),
    los: pairs > 0 ? normalCdf((mean - 0.5) / spread) : 0.5,
    ...(alike ? { note: `every pair scored ${counts.findIndex((count) => count > 0) / 2} points: the variance is the pseudo-pair's, shrinking as 1/N` } : {}),
  };
}

/** A pair's score for the first bot, 0..4 in half points, from its two games' winners (seat indexes, null a draw). */
export function pairScore(firstGameWinner: 0 | 1 | null, secondGameWinner: 0 | 1 | null): 0 | 1 | 2 | 3 | 4 {
  // In the pair's first game A sits first (seat 0), in the second it sits second (seat 1).
  const points = (winner: 0 | 1 | null, seatOfA: 0 | 1) => (winner === null ? 1 : winner === seatOfA ? 2 : 0);
  return (points(firstGameWinner, 0) + points(secondGameWinner, 1)) as 0 | 1 | 2 | 3 | 4;
}
