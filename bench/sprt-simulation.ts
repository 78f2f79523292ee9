// Matches between players of known strength, simulated pair by pair from the game probabilities (no games of
// ours), to measure the SPRT's error rates: how often it ends in H1 when the truth is elo0, in H0 when it is elo1,
// and after how many pairs. Games are independent; each is won with probability s − d/2, drawn with d, lost with
// 1 − s − d/2, s the logistic score of the true Elo difference and d the draw rate.

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
  const rng = new Rng(seed);
  const cumulative = pairDistribution(elo, drawRate).map(
    (
      (sum) => (p: number) =>
        (sum += p)
    )(0),
  );
  const draw = () => {
    const u = rng.nextU32() / 2 ** 32;
    const index = cumulative.findIndex((edge) => u < edge);
    return index < 0 ? 4 : index;
  };
  let [h0, h1, open, pairs] = [0, 0, 0, 0];
  for (let match = 0; match < matches; match++) {
    const test = new SprtTest(settings);
    const counts = [0, 0, 0, 0, 0];
    for (let pair = 1; ; pair++) {
      counts[draw()]++;
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
