// How likely a player is to make a play, given its hand and the play to beat: the model the inference bot weighs
// its draws of the other hand by. A softmax over the legal moves of a few features of each move (a pass, a bomb,
// how high it is within its type, how many cards it sheds, whether it empties the hand, whether it is the cheapest
// play of its kind, whether it breaks a pair or a bomb), with weights fitted by maximum likelihood to the plays of
// our bots (scripts/fit-cards-opponent.ts; data/opponent-model.json).

import type { Combo, Move } from './combos';
import { movesOf, sameMove } from './combos';
import { cholesky, choleskySolve } from '../../contracts/linear';
import fitted from './data/opponent-model.json';

export const FEATURES = ['pass', 'bomb', 'height', 'cards', 'finishes', 'lowest', 'splits'] as const;
export type Weights = readonly number[];

/** The weights fitted to our bots' plays. */
export const FITTED_WEIGHTS: Weights = FEATURES.map((name) => (fitted.weights as Record<string, number>)[name]);

/** The highest key of each type: a move's height is its key over it. */
const TOP_KEY = { single: 15, pair: 12, straight: 10, bomb: 27 } as const;

/** The legal moves of a hand (cards per class) against `facing`, and the features of each, in FEATURES' order. */
export function legalFeatures(counts: readonly number[], facing: Combo | null): { moves: Move[]; features: number[][] } {
  const handSize = counts.reduce((sum, count) => sum + count, 0);
  const moves = movesOf(counts, facing);
  /** The lowest key of each kind of play (its type and length) the hand can make here. */
  const lowest = new Map<string, number>();
  for (const move of moves) {
    if (move === 'pass') continue;
    const kind = `${move.type} ${move.classes.length}`;
    lowest.set(kind, Math.min(lowest.get(kind) ?? move.key, move.key));
  }
  const features = moves.map((move) => {
    if (move === 'pass') return [1, 0, 0, 0, 0, 0, 0];
    const used = new Map<number, number>();
    for (const cls of move.classes) used.set(cls, (used.get(cls) ?? 0) + 1);
    return [
      0,
      move.type === 'bomb' ? 1 : 0,
      move.key / TOP_KEY[move.type],
      move.classes.length / handSize,
      move.classes.length === handSize ? 1 : 0,
      // The cheapest play of its kind, as a player keeping its high cards plays.
      lowest.get(`${move.type} ${move.classes.length}`) === move.key ? 1 : 0,
      // It leaves part of a pair or a bomb behind.
      [...used].some(([cls, count]) => counts[cls] > count) ? 1 : 0,
    ];
  });
  return { moves, features };
}

function score(weights: Weights, values: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += weights[i] * values[i];
  return sum;
}

/**
 * The log-probability that a player holding `counts` (cards per class) answers `facing` (null: leads) with `move`;
 * -Infinity when the move is not one of its legal moves.
 */
export function logLikelihood(weights: Weights, counts: readonly number[], facing: Combo | null, move: Move): number {
  const { moves, features } = legalFeatures(counts, facing);
  const chosen = moves.findIndex((legal) => sameMove(legal, move));
  if (chosen < 0) return Number.NEGATIVE_INFINITY;
  const scores = features.map((values) => score(weights, values));
  const top = Math.max(...scores);
  let total = 0;
  for (const value of scores) total += Math.exp(value - top);
  return scores[chosen] - top - Math.log(total);
}

/** A turn of a game as the fit sees it: the player's hand (cards per class), the play it answered and its play. */
export interface Turn {
  readonly counts: readonly number[];
  readonly facing: Combo | null;
  readonly move: Move;
}

/** The mean log-likelihood of the turns under `weights` (0 for turns with one legal move). */
export function meanLogLikelihood(turns: readonly Turn[], weights: Weights): number {
  let sum = 0;
  for (const { counts, facing, move } of turns) sum += logLikelihood(weights, counts, facing, move);
  return sum / turns.length;
}

/**
 * The weights that make the turns likeliest: Newton's method on the softmax's log-likelihood (concave: its
 * gradient is the played move's features less their expectation, its Hessian minus their covariance), with a
 * small ridge so that a feature the turns never vary stays at 0.
 */
export function fitWeights(turns: readonly Turn[], iterations = 30, ridge = 1e-3): number[] {
  const n = FEATURES.length;
  const weights = Array<number>(n).fill(0);
  const prepared = turns.map(({ counts, facing, move }) => {
    const { moves, features } = legalFeatures(counts, facing);
    return { options: features, chosen: moves.findIndex((legal) => sameMove(legal, move)) };
  });
  for (let step = 0; step < iterations; step++) {
    const gradient = weights.map((w) => -ridge * w);
    const hessian = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? ridge : 0)));
    for (const { options, chosen } of prepared) {
      if (chosen < 0 || options.length < 2) continue;
      const scores = options.map((values) => score(weights, values));
      const top = Math.max(...scores);
      const p = scores.map((value) => Math.exp(value - top));
      const total = p.reduce((a, b) => a + b, 0);
      const mean = Array<number>(n).fill(0);
      for (const [k, values] of options.entries()) for (let i = 0; i < n; i++) mean[i] += (p[k] / total) * values[i];
      for (let i = 0; i < n; i++) gradient[i] += options[chosen][i] - mean[i];
      for (const [k, values] of options.entries()) {
        const share = p[k] / total;
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) hessian[i][j] += share * (values[i] - mean[i]) * (values[j] - mean[j]);
      }
    }
    const delta = choleskySolve(cholesky(Float64Array.from(hessian.flat()), n), n, Float64Array.from(gradient));
    for (let i = 0; i < n; i++) weights[i] += delta[i];
    if (Math.max(...delta.map(Math.abs)) < 1e-9) break;
  }
  return weights;
}
