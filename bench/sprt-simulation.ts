// Matches simulated pair by pair, to measure the SPRT: how often it ends in H1 when the truth is elo0, in H0 when it
// is elo1, and after how many pairs. Between players of known strength from the game probabilities (no games of
// ours): games are independent, each won with probability s − d/2, drawn with d, lost with 1 − s − d/2, s the
// logistic score of the true Elo difference and d the draw rate. Or drawn from the games of our bots on real
// deals, mirrored or not (dealPairs).

import { Rng } from '../src/contracts/rng';
import { expectedScore, type Pentanomial, type SprtSettings, SprtTest } from '../src/arena/sprt';

/** The five pair scores' probabilities (0 to 2 points) of two independent games. */
export function pairDistribution(elo: number, drawRate: number): number[] {
  const score = expectedScore(elo);
  const game = [1 - score - drawRate / 2, drawRate, score - drawRate / 2];
  if (game.some((p) => p < 0)) throw new Error(`a draw rate of ${drawRate} is impossible at ${elo} Elo`);
  const pair = [0, 0, 0, 0, 0];
  for (let first = 0; first < 3; first++) for (let second = 0; second < 3; second++) pair[first + second] += game[first] * game[second];
  return pair;
}

export interface ErrorRate {
  readonly matches: number;
  readonly h0: number;
  readonly h1: number;
  /** Matches still undecided after `maxPairs`. */
  readonly open: number;
  readonly meanPairs: number;
}

/** `matches` seeded matches at the true `elo` and `drawRate`, each up to `maxPairs` pairs. */
export function simulateMatches(settings: SprtSettings, elo: number, drawRate: number, matches: number, seed: number, maxPairs = 1_000_000): ErrorRate {
  const cumulative = pairDistribution(elo, drawRate).map(
    (
      (sum) => (p: number) =>
        (sum += p)
    )(0),
  );
  const draw = (rng: Rng) => {
    const u = rng.nextU32() / 2 ** 32;
    const index = cumulative.findIndex((edge) => u < edge);
    return index < 0 ? 4 : index;
  };
  return simulatePairs(settings, draw, matches, seed, maxPairs);
}

/**
 * A's points in each of a deal's two games, in halves (0 a loss, 1 a draw, 2 a win): first with A in the first seat,
 * then in the second.
 */
export type DealResult = readonly [number, number];

/**
 * Pairs from real games of deals each played both ways round: mirrored, a pair is one deal's two games; unpaired, a
 * pair is the first game of one deal and the second of another (as if every game had a deal of its own). Both
 * give A the same expected score; only the spread of a pair's score differs.
 */
export function dealPairs(deals: readonly DealResult[], mirrored: boolean): (rng: Rng) => number {
  return (rng) => {
    const first = deals[rng.below(deals.length)];
    return first[0] + (mirrored ? first : deals[rng.below(deals.length)])[1];
  };
}

/** `matches` seeded matches whose pairs' scores (in halves, 0 to 4) `nextPair` draws, each up to `maxPairs` pairs. */
export function simulatePairs(settings: SprtSettings, nextPair: (rng: Rng) => number, matches: number, seed: number, maxPairs = 1_000_000): ErrorRate {
  const rng = new Rng(seed);
  let [h0, h1, open, pairs] = [0, 0, 0, 0];
  for (let match = 0; match < matches; match++) {
    const test = new SprtTest(settings);
    const counts = [0, 0, 0, 0, 0];
    for (let pair = 1; ; pair++) {
      counts[nextPair(rng)]++;
      const { result } = test.update(counts as unknown as Pentanomial);
      if (result || pair === maxPairs) {
        if (result === 'H0') h0++;
        else if (result === 'H1') h1++;
        else open++;
        pairs += pair;
        break;
      }
    }
  }
  return { matches, h0, h1, open, meanPairs: pairs / matches };
}
