// Elo ratings from a run's games: a Bradley-Terry fit (a draw is half a win to each side), with one virtual
// draw per pairing so that a bot that won everything still gets a finite rating, and a 95% interval from the
// fit's information. Ratings are centred on 1500.
//
// The interval counts draws as Ordo does: a game's score varies less when draws are common, so the same games say
// more. Draws follow Ordo's model (Davidson's: P(draw) = κ·√(P(win)·P(loss)), the expected score still the
// logistic one), with the draw rate between equals fitted to the games by maximum likelihood; a game's score then
// has variance v = p(1−p) − P(draw)/4, and its information about the rating difference is (p(1−p))²/v, which is
// p(1−p) when nobody draws.

import type { PairResult } from './results';
import { Z975 } from './numeric';
import { cholesky, choleskySolve } from '../contracts/linear';

export interface Rating {
  readonly bot: string;
  readonly rating: number;
  /** The 95% interval; null while the games cannot bound it (a bot, or a group of bots, with no game against the rest). */
  readonly lo: number | null;
  readonly hi: number | null;
}

/** The draw probability of a game of expected score p between players who draw `evenDraws` of their even games. */
export function drawChance(p: number, evenDraws: number): number {
  if (evenDraws <= 0) return 0;
  // Ordo's closed form, the root of a·x² + 2x + 4(p² − p) = 0 with a = (1 − 2d)/d², written so that a = 0 is no case apart.
  const a = (1 - 2 * evenDraws) / evenDraws ** 2;
  const c = 4 * (p * p - p);
  return -c / (1 + Math.sqrt(1 - a * c));
}

/** The draw rate between equals most likely to give the games' draws, their pairings' expected scores `p` known. */
function fitDrawRate(pairings: readonly { p: number; wins: number; draws: number; losses: number }[]): number {
  if (!pairings.some((pairing) => pairing.draws > 0)) return 0;
  const logLikelihood = (d: number) =>
    pairings.reduce((sum, { p, wins, draws, losses }) => {
      const draw = drawChance(p, d);
      const win = Math.max(1e-300, p - draw / 2);
      const loss = Math.max(1e-300, 1 - p - draw / 2);
      return sum + wins * Math.log(win) + draws * Math.log(Math.max(1e-300, draw)) + losses * Math.log(loss);
    }, 0);
  // Golden-section search on (0, MAX_DRAW_RATE]: the likelihood has one peak in d.
  let [low, high] = [0, MAX_DRAW_RATE];
  const ratio = (Math.sqrt(5) - 1) / 2;
  let x1 = high - ratio * (high - low);
  let x2 = low + ratio * (high - low);
  let [f1, f2] = [logLikelihood(x1), logLikelihood(x2)];
  while (high - low > 1e-9) {
    if (f1 < f2) {
      [low, x1, f1] = [x1, x2, f2];
      x2 = low + ratio * (high - low);
      f2 = logLikelihood(x2);
    } else {
      [high, x2, f2] = [x2, x1, f1];
      x1 = high - ratio * (high - low);
      f1 = logLikelihood(x1);
    }
  }
  return (low + high) / 2;
}

/** Below certainty: games that were all drawn still leave their ratings some doubt. */
const MAX_DRAW_RATE = 0.99;

const ELO_PER_NATURAL_UNIT = 400 / Math.LN10;

/** i's expected score against j, from their natural-log strengths. */
const expectedScore = (theta: readonly number[], i: number, j: number) => 1 / (1 + Math.exp(theta[j] - theta[i]));

/**
 * Where the virtual draws go that keep a bot that won everything finite: one per pairing (a run's ratings, each
 * pairing a few games), or one per bot against the average player (a ladder's whole history: hundreds of
 * pairings, most of far-apart bots, whose virtual draws would pull the best and the worst towards each other).
 */
export type VirtualDraws = 'per pairing' | 'per bot';

export function eloRatings(bots: readonly string[], pairs: readonly PairResult[], virtualDraws: VirtualDraws = 'per pairing'): Rating[] {
  const n = bots.length;
  const perPairing = virtualDraws === 'per pairing' ? 1 : 0;
  const index = new Map(bots.map((bot, i) => [bot, i]));
  const games = Array.from({ length: n }, () => Array<number>(n).fill(0));
  const scores = Array<number>(n).fill(0);
  /** Each bot's opponents and the games with each: the fit below costs one step per pairing, not per pair of bots. */
  const opponents = Array.from({ length: n }, (): { j: number; count: number }[] => []);
  for (const pair of pairs) {
    const i = index.get(pair.a)!;
    const j = index.get(pair.b)!;
    if (i === j || pair.games === 0) continue;
    const played = pair.games + perPairing;
    games[i][j] += played;
    games[j][i] += played;
    scores[i] += pair.wins + pair.draws / 2 + perPairing / 2;
    scores[j] += pair.losses + pair.draws / 2 + perPairing / 2;
  }
  /** Each bot's virtual draw against the average player (γ 1), when they go per bot. */
  const average = virtualDraws === 'per bot' ? 1 : 0;
  for (let i = 0; i < n; i++) scores[i] += average / 2;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (games[i][j]) opponents[i].push({ j, count: games[i][j] });
  // Minorisation-maximisation (Hunter 2004) for the strengths gamma.
  let gamma = Array<number>(n).fill(1);
  for (let iteration = 0; iteration < 10_000; iteration++) {
    const next = gamma.map((g, i) => {
      const denominator = opponents[i].reduce((sum, { j, count }) => sum + count / (g + gamma[j]), average / (g + 1));
      return denominator ? scores[i] / denominator : g;
    });
    const mean = Math.exp(next.reduce((sum, g) => sum + Math.log(g), 0) / n);
    const normalised = next.map((g) => g / mean);
    const change = Math.max(...normalised.map((g, i) => Math.abs(Math.log(g / gamma[i]))));
    gamma = normalised;
    if (change < 1e-10) break;
  }
  const theta = gamma.map(Math.log);
  const evenDraws = fitDrawRate(
    pairs.flatMap((pair) => {
      const [i, j] = [index.get(pair.a)!, index.get(pair.b)!];
      return i === j || pair.games === 0 ? [] : [{ p: expectedScore(theta, i, j), wins: pair.wins, draws: pair.draws, losses: pair.losses }];
    }),
  );
  // Ratings are centred on the mean of all bots: while the games do not join every bot to every other (a bot
  // with no game yet, two groups that never met), nothing bounds where one group stands against the other, and
  // the information matrix is singular. The virtual games against the average player join every bot.
  const bounded = average > 0 || joined(games);
  const variance = bounded ? thetaVariances(games, theta, evenDraws, average) : [];
  return bots.map((bot, i) => {
    const rating = 1500 + theta[i] * ELO_PER_NATURAL_UNIT;
    if (!bounded) return { bot, rating, lo: null, hi: null };
    const half = Z975 * Math.sqrt(Math.max(0, variance[i])) * ELO_PER_NATURAL_UNIT;
    return { bot, rating, lo: rating - half, hi: rating + half };
  });
}

/** Whether the games join every bot to every other, through opponents in common. */
function joined(games: readonly (readonly number[])[]): boolean {
  const seen = new Set([0]);
  const stack = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (const [j, count] of games[i].entries()) {
      if (count === 0 || seen.has(j)) continue;
      seen.add(j);
      stack.push(j);
    }
  }
  return seen.size >= games.length;
}

/**
 * The variances of the log-strengths, centred as the ratings are (their mean 0). Without virtual games against the
 * average player, the information L says nothing of the mean, and the variances are the diagonal of its
 * pseudo-inverse, computed as inv(L + J/n) - J/n (J all ones). With them (`average` each), L is invertible and the
 * centred strengths' covariance is C·inv(L)·C, C = I - J/n. Either matrix is symmetric positive definite: its
 * Cholesky factor gives the inverse's diagonal, and its row means by one solve (n³/3 steps: a thousand bots in a
 * fraction of a second, where a Gauss-Jordan inversion took seconds).
 */
function thetaVariances(games: readonly (readonly number[])[], theta: readonly number[], evenDraws: number, average: number): number[] {
  const n = theta.length;
  const matrix = new Float64Array(n * n).fill(average ? 0 : 1 / n);
  for (let i = 0; i < n; i++) {
    // The virtual games against the average player (θ 0).
    const p = 1 / (1 + Math.exp(-theta[i]));
    matrix[i * n + i] += average * p * (1 - p);
    for (let j = 0; j < n; j++) {
      if (i === j || !games[i][j]) continue;
      const p = expectedScore(theta, i, j);
      const scoreVariance = p * (1 - p) - drawChance(p, evenDraws) / 4;
      const information = (games[i][j] * (p * (1 - p)) ** 2) / scoreVariance;
      matrix[i * n + i] += information;
      matrix[i * n + j] -= information;
    }
  }
  const factor = cholesky(matrix, n);
  const diagonal = inverseDiagonal(factor, n);
  if (!average) return diagonal.map((value) => value - 1 / n);
  // The inverse's row means: inv(M)·1/n, solved through the factor.
  const rowMeans = choleskySolve(factor, n, new Float64Array(n).fill(1 / n));
  const mean = rowMeans.reduce((sum, value) => sum + value, 0) / n;
  return diagonal.map((value, i) => value - 2 * rowMeans[i] + mean);
}

/** The diagonal of inv(R·Rᵀ) = R⁻ᵀ·R⁻¹: each column of R⁻¹'s squares summed. */
function inverseDiagonal(factor: Float64Array, n: number): number[] {
  // R⁻¹, lower triangular, column by column by forward substitution.
  const inverse = new Float64Array(n * n);
  for (let column = 0; column < n; column++) {
    inverse[column * n + column] = 1 / factor[column * n + column];
    for (let i = column + 1; i < n; i++) {
      let sum = 0;
      for (let k = column; k < i; k++) sum -= factor[i * n + k] * inverse[k * n + column];
      inverse[i * n + column] = sum / factor[i * n + i];
    }
  }
  const diagonal = Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) for (let column = 0; column <= i; column++) diagonal[column] += inverse[i * n + column] ** 2;
  return diagonal;
}
