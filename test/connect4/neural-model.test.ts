// The shipped model (src/games/connect4/neural.onnx) on positions it never trained on: the held-out sample of each
// size its training kept apart, and a sample of Pons' 7x6 test sets (their positions left out of training), each
// labelled with every column's score by our solver, the labels checked against Pons' published scores. The floors
// are the figures measured when the model was trained (docs/neural.md), less a margin for a retrained model.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keepsValue, type Labelled, readLabelled } from '../../src/games/connect4/labelled';
import { MODEL_FILE, NeuralNet, topColumn } from '../../src/games/connect4/neural';
import { newGame, play, type Position } from '../../src/games/connect4/rules';
import { formatSize, symbolColumn } from '../../src/games/connect4/sizes';
import { ponsSample } from './pons-sample';

/**
 * The share of the held-out positions whose raw policy (read both ways) keeps the value, at least, by size: measured
 * 92.0% (5x7), 95.5% (6x5), 95.1% (6x6), 98.0% (6x7), 97.9% (7x5), 96.5% (7x6), 95.5% (8x4), 95.9% (8x5), 99.0%
 * (8x7), 96.2% (9x4), 99.0% (9x6), 96.0% (10x5), less 5 points.
 */
const HELD_OUT_FLOORS: Readonly<Record<string, number>> = {
  '5x7': 0.87,
  '6x5': 0.905,
  '6x6': 0.901,
  '6x7': 0.93,
  '7x5': 0.929,
  '7x6': 0.915,
  '8x4': 0.905,
  '8x5': 0.909,
  '8x7': 0.94,
  '9x4': 0.912,
  '9x6': 0.94,
  '10x5': 0.91,
};
/** Measured 96.9% (249 of 257), less 5 points. */
const PONS_FLOOR = 0.919;

describe('the shipped model', async () => {
  const net = await NeuralNet.load(readFileSync(`src/games/${MODEL_FILE}`));

  /** The share of the positions (of one size) whose most likely legal column (read both ways, as `neural` plays) keeps the value. */
  async function keptShare(labelled: readonly Labelled[]): Promise<number> {
    expect(labelled.length).toBeGreaterThan(40);
    const evaluations = await net.evaluateBothWays(labelled.map(({ position }) => position));
    const kept = labelled.filter((item, i) => keepsValue(item, topColumn(item.position, evaluations[i].policy))).length;
    return kept / labelled.length;
  }

  it('keeps the value on held-out positions of every size it trained on', async () => {
    const heldOut = readLabelled(readFileSync('src/games/connect4/data/neural-holdout.txt', 'utf8'));
    for (const [size, floor] of Object.entries(HELD_OUT_FLOORS)) {
      const share = await keptShare(heldOut.filter(({ position }) => formatSize(position) === size));
      expect(share, size).toBeGreaterThanOrEqual(floor);
    }
  });

  it("keeps the value on a sample of Pons' test sets, labelled as Pons scores them", async () => {
    // Our solver's best column score is Pons' score on every line.
    const sample = ponsSample();
    for (const item of sample) expect(Math.max(...item.scores.filter((score) => score !== null)), item.position.moves).toBe(item.ponsScore);
    expect(await keptShare(sample)).toBeGreaterThanOrEqual(PONS_FLOOR);
  });

  it('reads a board and its mirror alike when it reads both ways, the mean of the two readings', async () => {
    const mirror = (position: Position) =>
      [...position.moves].reduce((board, symbol) => play(board, position.width - 1 - symbolColumn(symbol)), newGame(position));
    const heldOut = readLabelled(readFileSync('src/games/connect4/data/neural-holdout.txt', 'utf8'));
    const positions = heldOut.filter((_, i) => i % 97 === 0).map(({ position }) => position);
    expect(new Set(positions.map(formatSize)).size).toBeGreaterThan(5);
    for (const position of positions) {
      const reflected = mirror(position);
      const [both] = await net.evaluateBothWays([position]);
      const [bothReflected] = await net.evaluateBothWays([reflected]);
      const [[own], [other]] = [await net.evaluate([position]), await net.evaluate([reflected])];
      const last = position.width - 1;
      for (let column = 0; column <= last; column++) {
        expect(bothReflected.policy[last - column]).toBeCloseTo(both.policy[column], 5);
        expect(both.policy[column]).toBeCloseTo((own.policy[column] + other.policy[last - column]) / 2, 5);
      }
      expect(bothReflected.value).toBeCloseTo(both.value, 5);
      expect(both.value).toBeCloseTo((own.value + other.value) / 2, 5);
    }
  });
});
