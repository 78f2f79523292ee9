// The ladder's matchmaker: one pair a round. The first entry is drawn with a weight that falls with the games it
// has played (a new entry plays more, until its rating settles), its opponent with the closeness of their skills
// (a game whose result says the most), and a little of every other entry (exploration: no entry plays only its
// neighbours). Drawn from the ladder's seeded generator: the same seed and the same results pair the same way.

import type { Rng } from '../contracts/rng';
import { closeness, type Skill } from './skill';

export interface LadderEntry {
  readonly id: string;
  readonly skill: Skill;
  readonly games: number;
}

/**
 * The opponent's weight: the closeness to the 4th power (most games between neighbours, whose order they settle:
 * in 40 simulated ladders of 10 players 100 Elo apart, 200 games each, the whole-history fit's order was right in
 * 38, against 38 with the closeness itself and 40 with its 8th power), and of the nearest's weight, the share every
 * opponent gets whatever its skill.
 */
const SHARPNESS = 4;
const EXPLORATION = 0.05;

/** An index drawn from non-negative weights. */
function drawn(weights: readonly number[], rng: Rng): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = (rng.nextU32() / 2 ** 32) * total;
  for (const [i, weight] of weights.entries()) {
    left -= weight;
    if (left < 0) return i;
  }
  return weights.length - 1;
}

/**
 * The next pair to play (in no seat order: a round plays both seats) among those that can play `together` (an
 * engine only one worker offers plays only where it is), or undefined when no two can.
 */
export function nextPair(
  entries: readonly LadderEntry[],
  rng: Rng,
  together: (a: LadderEntry, b: LadderEntry) => boolean = () => true,
): [LadderEntry, LadderEntry] | undefined {
  // The first entry drawn among those left that can play someone (most often the first drawn can).
  let candidates = entries;
  let first: LadderEntry;
  let others: LadderEntry[];
  do {
    if (candidates.length < 2) return undefined;
    first =
      candidates[
        drawn(
          candidates.map((entry) => 1 / Math.sqrt(1 + entry.games)),
          rng,
        )
      ];
    const drawnFirst = first;
    others = entries.filter((entry) => entry !== drawnFirst && together(drawnFirst, entry));
    candidates = candidates.filter((entry) => entry !== drawnFirst);
  } while (others.length === 0);
  const near = others.map((other) => closeness(first.skill, other.skill) ** SHARPNESS);
  const most = Math.max(...near);
  return [
    first,
    others[
      drawn(
        near.map((value) => (1 - EXPLORATION) * value + EXPLORATION * most),
        rng,
      )
    ],
  ];
}
