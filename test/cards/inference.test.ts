// The inference bot's reading of the other hand: it never looks at it (the other hand's cards swapped for others the
// mover has not seen give the same move), and its weighed draws are the posterior an enumeration of every hand
// computes on a small deal, each hand's weight found by playing the game again from its deal (the other's hand
// then being that hand and the cards it played), not by the bot's backward bookkeeping.

import { describe, expect, it } from 'vitest';
import { findBot, parseBotConfig } from '../../src/contracts/bot-config';
import { instantiateCore } from '../../src/contracts/core';
import { Rng } from '../../src/contracts/rng';
import { cards } from '../../src/games/cards';
import { classCounts } from '../../src/games/cards/cards';
import type { CardsCore } from '../../src/games/cards/core';
import { HandPool, otherTurns } from '../../src/games/cards/inference';
import { FITTED_WEIGHTS, logLikelihood } from '../../src/games/cards/opponent-model';
import { deal, legalMoves, outcome, parse, play, unseenBy, type Position } from '../../src/games/cards/rules';
import { readCoreModule } from '../../workers/node-cores';

/** A position `plies` plays into a seeded deal of `size` cards each, by seeded random moves (null if the game ended). */
function midGame(seed: number, size: number, plies: number, from: Position = deal(seed, size)): Position | null {
  const rng = new Rng(seed);
  let position = from;
  for (let ply = 0; ply < plies; ply++) {
    position = play(position, rng.pick(legalMoves(position)));
    if (outcome(position)) return null;
  }
  return position;
}

/** The other hand swapped for as many of the cards out of play, the history kept: the mover sees the same. */
function swapHidden(position: Position): Position {
  const seat = position.toMove;
  const size = position.hands[1 - seat].length;
  const hidden = [...position.out, ...position.hands[1 - seat]];
  const hands: [readonly number[], readonly number[]] = [[], []];
  hands[seat] = position.hands[seat];
  hands[1 - seat] = hidden.slice(0, size).sort((a, b) => a - b);
  return { ...position, hands, out: hidden.slice(size).sort((a, b) => a - b) };
}

/** Every k-subset of the cards, sorted. */
function subsets(cards: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  if (cards.length < k) return [];
  const [first, ...rest] = cards;
  return [...subsets(rest, k - 1).map((subset) => [first, ...subset]), ...subsets(rest, k)];
}

/**
 * The likelihood of the other's plays if it holds `hand` now: the game played again from its first position, the
 * other's hand there being `hand` and every card it played, each of its turns scored by the model.
 */
function forwardLikelihood(position: Position, hand: readonly number[]): number {
  const other = 1 - position.toMove;
  const played = position.history.flatMap(({ seat, move }) => (seat === other && move !== 'pass' ? move.classes : []));
  let counts = classCounts(hand);
  for (const cls of played) counts[cls]++;
  let likelihood = 1;
  for (const { seat, move, facing } of position.history) {
    if (seat !== other) continue;
    likelihood *= Math.exp(logLikelihood(FITTED_WEIGHTS, counts, facing, move));
    if (move !== 'pass') {
      counts = [...counts];
      for (const cls of move.classes) counts[cls]--;
    }
  }
  return likelihood;
}

describe('the inference bot', () => {
  it('plays the same whatever the other hand is, among the hands its seat cannot tell apart', async () => {
    const core = await instantiateCore<CardsCore>(await readCoreModule('build', 'cards'));
    const bot = findBot(cards.bots, 'inference');
    const { params } = parseBotConfig(cards.bots, 'inference:samples=60:pool=300');
    let checked = 0;
    for (let seed = 0; checked < 8; seed++) {
      const position = midGame(seed, 10, 5);
      if (!position || otherTurns(position).length === 0 || legalMoves(position).length < 2) continue;
      const swapped = swapHidden(position);
      expect(swapped.hands[1 - position.toMove]).not.toEqual(position.hands[1 - position.toMove]);
      expect(unseenBy(swapped, swapped.toMove)).toEqual(unseenBy(position, position.toMove));
      const context = {
        params,
        seed: 9,
        budget: {},
        core: async () => core,
        resource: async () => null,
        cache: { read: async () => null, write: async () => {} },
        progress: () => {},
      };
      const a = await bot.choose(position, context);
      const b = await bot.choose(swapped, context);
      expect(cards.rules.formatMove(b.move), `deal ${seed}`).toBe(cards.rules.formatMove(a.move));
      checked++;
    }
  });

  it('draws only hands the other could hold, as often as an enumeration of every hand weighs them', () => {
    // Five cards each and three out of play: after a few plays the mover has not seen six to eight cards.
    let checked = 0;
    for (let seed = 1; checked < 6; seed++) {
      const start = parse('3h 5d 7s 9c Jh Kd 2s | 4h 6d 8s 10c Qh Ah BJ | A | - | 3s 7h Qc');
      const position = midGame(seed, 0, 4 + (seed % 3), start);
      if (!position || otherTurns(position).length === 0) continue;
      const size = position.hands[1 - position.toMove].length;
      const hands = subsets(unseenBy(position, position.toMove), size);
      const weights = hands.map((hand) => forwardLikelihood(position, hand));
      const total = weights.reduce((a, b) => a + b, 0);
      const rng = new Rng(seed);
      const pool = new HandPool(position, 20_000, FITTED_WEIGHTS, rng);
      const drawn = new Map<string, number>();
      const draws = 20_000;
      for (let i = 0; i < draws; i++) {
        const key = pool.hands[pool.draw(rng)].join(' ');
        drawn.set(key, (drawn.get(key) ?? 0) + 1);
      }
      // Every hand drawn is one of the enumeration's, and the shares agree (total variation distance).
      const keys = new Set(hands.map((hand) => hand.join(' ')));
      for (const key of drawn.keys()) expect(keys.has(key), key).toBe(true);
      let distance = 0;
      for (const [i, hand] of hands.entries()) distance += Math.abs((drawn.get(hand.join(' ')) ?? 0) / draws - weights[i] / total);
      expect(distance / 2, `seed ${seed}: ${hands.length} hands`).toBeLessThan(0.05);
      // The plays seen tell: the posterior is not the uniform one.
      expect(Math.max(...weights) / Math.min(...weights)).toBeGreaterThan(2);
      checked++;
    }
  });
});
