// The opponent model's fit: turns drawn from the softmax with known weights (hands of seeded deals, each move drawn
// in proportion to its probability) give those weights back; and the shipped weights make our bots' plays in
// games they were not fitted on likelier than a uniform choice among the legal moves does.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { classCounts } from '../../src/games/cards/cards';
import { movesOf, parseMove, type Combo } from '../../src/games/cards/combos';
import { FEATURES, FITTED_WEIGHTS, fitWeights, logLikelihood, meanLogLikelihood, type Turn } from '../../src/games/cards/opponent-model';
import { deal, format, legalMoves, parse, play } from '../../src/games/cards/rules';
import { api } from '../helpers/api';

describe('the Red Ten opponent model', () => {
  it('gives back the weights its training turns were drawn with', () => {
    const truth = [-1.5, -2.5, -2, 4, 1.5, 1, -1];
    const rng = new Rng(4);
    const turns: Turn[] = [];
    for (let seed = 0; turns.length < 6000; seed++) {
      const counts = classCounts(deal(seed, 1 + (seed % 10)).hands[0]);
      // A lead, or an answer to a single or a pair the hand may beat.
      const facing =
        seed % 3 === 0
          ? null
          : (movesOf(classCounts(deal(seed + 10_000, 6).hands[1]), null).find(
              (m): m is Combo => m !== 'pass' && m.type === (seed % 3 === 1 ? 'single' : 'pair'),
            ) ?? null);
      const legal = movesOf(counts, facing);
      const probabilities = legal.map((move) => Math.exp(logLikelihood(truth, counts, facing, move)));
      const target = rng.nextU32() / 2 ** 32;
      let index = 0;
      for (let sum = probabilities[0]; sum <= target && index < legal.length - 1; sum += probabilities[++index]);
      turns.push({ counts, facing, move: legal[index] });
    }
    const weights = fitWeights(turns);
    for (const [i, name] of FEATURES.entries()) expect(Math.abs(weights[i] - truth[i]), name).toBeLessThan(0.5);
  });

  it('makes the plays of games it was not fitted on likelier than a uniform choice does', async () => {
    const starts = Array.from({ length: 12 }, (_, i) => format(deal(90_000 + i, 8)));
    const records = await api.playGames(
      'cards',
      starts.map((start, i) => ({ start, seats: i % 2 ? ['honest', 'strong'] : ['strong', 'honest'], seed: i })),
    );
    const turns: Turn[] = [];
    for (const record of records) {
      let position = parse(record.start);
      for (const { move: text } of record.moves) {
        const move = parseMove(text);
        if (legalMoves(position).length > 1) turns.push({ counts: classCounts(position.hands[position.toMove]), facing: position.last, move });
        position = play(position, move);
      }
    }
    expect(turns.length).toBeGreaterThan(50);
    expect(meanLogLikelihood(turns, FITTED_WEIGHTS)).toBeGreaterThan(
      meanLogLikelihood(
        turns,
        FEATURES.map(() => 0),
      ) + 0.1,
    );
  });
});
