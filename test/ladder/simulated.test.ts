// The ladder's ratings on simulated players of known strength (Elo 100 apart, each game won by the Elo model's
// chance, drawn from a seeded generator): the matchmaker pairs them and Weng-Lin's skill follows every game; after
// 200 games each, the whole-history Bradley-Terry fit (the leaderboard's order) ranks them in their true order and
// its 95% intervals hold their true ratings (centred as the fit is) at their stated rate; the skill is at most a
// place off.

import { describe, expect, it } from 'vitest';
import { eloRatings } from '../../src/arena/ratings';
import type { PairResult } from '../../src/arena/results';
import { Rng } from '../../src/contracts/rng';
import { type LadderEntry, nextPair } from '../../src/ladder/matchmaking';
import { NEW_SKILL, rated } from '../../src/ladder/skill';

const PLAYERS = 10;
const GAMES_EACH = 200;
const LADDERS = 40;

/** A ladder of simulated players played until each has GAMES_EACH games: their entries, and every game's pair and result. */
function simulate(seed: number) {
  const rng = new Rng(seed);
  const truth = Array.from({ length: PLAYERS }, (_, i) => 1000 + 100 * i);
  let entries: LadderEntry[] = truth.map((_, i) => ({ id: `p${i}`, skill: NEW_SKILL, games: 0 }));
  const results = new Map<string, { wins: number; draws: number; losses: number }>();
  while (entries.some((entry) => entry.games < GAMES_EACH)) {
    const [a, b] = nextPair(entries, rng)!;
    // A round: two games, one in each seat (the model has no first-move edge).
    for (const seats of [
      [a, b],
      [b, a],
    ] as const) {
      const [x, y] = seats.map((entry) => Number(entry.id.slice(1)));
      const winner = rng.nextU32() / 2 ** 32 < 1 / (1 + 10 ** ((truth[y] - truth[x]) / 400)) ? 0 : 1;
      const skills = rated([seats[0].skill, seats[1].skill], winner);
      entries = entries.map((entry) => {
        const seat = seats.findIndex((player) => player.id === entry.id);
        return seat < 0 ? entry : { ...entry, skill: skills[seat], games: entry.games + 1 };
      });
      const key = `${Math.min(x, y)} ${Math.max(x, y)}`;
      const tally = results.get(key) ?? { wins: 0, draws: 0, losses: 0 };
      if ((winner === 0 ? x : y) === Math.min(x, y)) tally.wins++;
      else tally.losses++;
      results.set(key, tally);
    }
  }
  const pairs: PairResult[] = [...results].map(([key, tally]) => {
    const [i, j] = key.split(' ');
    const games = tally.wins + tally.draws + tally.losses;
    return { a: `p${i}`, b: `p${j}`, ...tally, games, margin: 0, first: tally, second: { wins: 0, draws: 0, losses: 0 } };
  });
  return {
    truth,
    entries,
    fit: eloRatings(
      entries.map((entry) => entry.id),
      pairs,
      'per bot',
    ),
  };
}

describe('the ladder on simulated players 100 Elo apart', () => {
  const ladders = Array.from({ length: LADDERS }, (_, seed) => simulate(seed + 1));

  it('ranks them in their true order after 200 games each by the whole-history fit (the skill at most a place off)', () => {
    let fitRight = 0;
    let skillNear = 0;
    for (const { entries, fit } of ladders) {
      expect(entries.every((entry) => entry.games >= GAMES_EACH)).toBe(true);
      const truthOrder = entries.map((entry) => entry.id);
      if ([...fit].sort((a, b) => a.rating - b.rating).every((rating, place) => rating.bot === truthOrder[place])) fitRight++;
      const bySkill = [...entries].sort((a, b) => a.skill.mu - b.skill.mu);
      if (bySkill.every((entry, place) => Math.abs(place - truthOrder.indexOf(entry.id)) <= 1)) skillNear++;
    }
    // Neighbours 100 Elo apart after 200 games each are some 2.4 standard errors apart: a ladder of 10 swaps a pair
    // now and then (about 1 in 20 here); 36 of 40 right is what such a ladder does 19 times in 20.
    expect(fitRight).toBeGreaterThanOrEqual(36);
    expect(skillNear).toBeGreaterThanOrEqual(36);
  });

  it("holds the true ratings in the fit's 95% intervals at their stated rate", () => {
    let held = 0;
    let intervals = 0;
    for (const { truth, fit } of ladders) {
      // The fit is centred on 1500 (its ratings' mean): so is the truth it is compared with.
      const mean = truth.reduce((sum, value) => sum + value, 0) / truth.length;
      for (const [i, rating] of fit.entries()) {
        intervals++;
        if (rating.lo! <= truth[i] - mean + 1500 && truth[i] - mean + 1500 <= rating.hi!) held++;
      }
    }
    // 400 intervals at 95%: within three standard deviations of it (1.1% each).
    expect(held / intervals).toBeGreaterThanOrEqual(0.917);
    expect(held / intervals).toBeLessThanOrEqual(0.983);
  });
});
