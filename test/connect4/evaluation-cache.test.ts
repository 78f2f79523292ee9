// The learned player's evaluations kept by position (src/games/connect4/evaluation-cache.ts): a search plays with
// them exactly as without, asking the network no position twice while it keeps it, and the oldest give way to the
// newest past its capacity. What the cache rests on, checked on the shipped model: the network's answer for a
// position is the same, bit for bit, alone or in any batch.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MoveClock } from '../../src/contracts/move-clock';
import { Rng } from '../../src/contracts/rng';
import { EvaluationCache } from '../../src/games/connect4/evaluation-cache';
import { readLabelled } from '../../src/games/connect4/labelled';
import { type Evaluation, type Evaluator, MODEL_FILE, NeuralNet } from '../../src/games/connect4/neural';
import { puctSearch } from '../../src/games/connect4/neural-search';
import { boardKey, legalMoves, play, type Position } from '../../src/games/connect4/rules';
import { formatSize } from '../../src/games/connect4/sizes';
import { randomPosition } from './small-boards';

/** An opinion of each position of its own (from its stones), and every position it was asked, by key. */
function opinionated(): Evaluator & { asked: string[] } {
  return {
    asked: [],
    async evaluate(positions: readonly Position[]): Promise<Evaluation[]> {
      return positions.map((position) => {
        const key = boardKey(position);
        this.asked.push(key);
        const rng = new Rng([...key].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7));
        const legal = legalMoves(position);
        const weights = Array.from({ length: position.width }, (_, column) => (legal.includes(column) ? 0.1 + rng.below(1000) / 1000 : 0));
        const sum = weights.reduce((a, b) => a + b, 0);
        return { policy: weights.map((weight) => weight / sum), value: rng.below(2001) / 1000 - 1 };
      });
    },
  };
}

describe("the learned player's evaluations kept", () => {
  it('leave a search as it was, and ask the network no position twice', async () => {
    const rng = new Rng(3);
    const direct = opinionated();
    const through = opinionated();
    const cache = new EvaluationCache(through);
    let position = randomPosition(7, 6, 4, rng);
    // Consecutive moves of one game: the next search meets what the last one evaluated.
    for (let move = 0; move < 12 && legalMoves(position).length > 0 && position.winner === null; move++) {
      const plain = await puctSearch(direct, position, new MoveClock(0), 300);
      const kept = await puctSearch(cache, position, new MoveClock(0), 300);
      expect(kept, position.moves).toEqual(plain);
      position = play(position, plain.column);
    }
    expect(new Set(through.asked).size).toBe(through.asked.length);
    // Measured: a fifth of the positions a search evaluates are transpositions, more are met again the next move.
    expect(through.asked.length).toBeLessThan(0.8 * direct.asked.length);
  });

  it('give way, oldest first, past their capacity', async () => {
    const net = opinionated();
    const cache = new EvaluationCache(net, 10);
    const rng = new Rng(11);
    const positions: Position[] = [];
    while (positions.length < 12) {
      const position = randomPosition(7, 6, 10, rng);
      if (!positions.some((other) => boardKey(other) === boardKey(position))) positions.push(position);
    }
    await cache.evaluate(positions);
    expect(net.asked.length).toBe(12);
    await cache.evaluate([positions[11], positions[2]]);
    expect(net.asked.length).toBe(12);
    await cache.evaluate([positions[0]]);
    expect(net.asked.slice(12)).toEqual([boardKey(positions[0])]);
  });

  it("rest on the shipped network's answer for a position being the same in any batch", async () => {
    const net = await NeuralNet.load(readFileSync(`src/games/${MODEL_FILE}`));
    const labelled = readLabelled(readFileSync('src/games/connect4/data/neural-holdout.txt', 'utf8'));
    for (const size of ['7x6', '8x7']) {
      const positions = labelled
        .map((entry) => entry.position)
        .filter((position) => formatSize(position) === size)
        .slice(0, 24);
      const alone = [];
      for (const position of positions) alone.push(...(await net.evaluate([position])));
      for (const batch of [3, 8, 24]) {
        const together = [];
        for (let i = 0; i < positions.length; i += batch) together.push(...(await net.evaluate(positions.slice(i, i + batch))));
        expect(together, `${size} in batches of ${batch}`).toEqual(alone);
      }
    }
  }, 60_000);
});
