// The estimate (assembly/connect4/estimate.ts), the strongest player's search when the solver cannot finish: what
// it calls proven must be so (Pons' published scores are the key), and a search stopped by its budget plays the
// best move of the deepest depth it finished.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantiateCore } from '../../src/contracts/core';
import { setPosition, type Connect4Core } from '../../src/games/connect4/core';
import { parse } from '../../src/games/connect4/rules';
import { readCoreModule } from '../../workers/node-cores';
import { api } from '../helpers/api';

const core = await instantiateCore<Connect4Core>(await readCoreModule('build', 'connect4'));
const lines = (name: string) => readFileSync(`test/data/connect4/${name}`, 'utf8').trim().split('\n');

describe('the estimate', () => {
  it("calls a position won or lost only where Pons' score says so, and its column then keeps the result", async () => {
    let proofs = 0;
    for (const line of lines('Test_L3_R1').slice(0, 150)) {
      const [moves, score] = line.split(' ');
      setPosition(core, parse(moves));
      core.clearTable(); // no help from earlier solves: the estimate's own search proves
      const value = core.estimate(10, 0, 0);
      if (Math.abs(value) < core.provenScore()) continue;
      proofs++;
      expect(Math.sign(value), moves).toBe(Math.sign(Number(score)));
      if (value > 0) {
        // The column it plays wins: its child's value for the opponent is a loss.
        const analysis = await api.analyze('connect4', moves);
        expect(analysis.values[core.estimateColumn()]!, moves).toBeGreaterThan(0);
      }
    }
    // Ten plies from the end-game positions of the set prove many.
    expect(proofs).toBeGreaterThan(50);
  });

  it('gives every position a legal column, depth after depth', () => {
    for (const line of lines('Test_L2_R2').slice(0, 20)) {
      const position = parse(line.split(' ')[0]);
      setPosition(core, position);
      for (let depth = 1; depth <= 6; depth++) {
        core.estimate(depth, 0, 0);
        expect(core.canPlay(core.estimateColumn()), `${line} at depth ${depth}`).toBeTruthy();
      }
    }
  });
});

describe('the perfect bot past what its budget can prove', () => {
  it('plays the best move of the deepest estimate it finished, and says the move is unproven', async () => {
    // 8x7 after six stones: far beyond a proof in 40,000 nodes. A node budget makes the test exact.
    const answer = await api.botMove({ game: 'connect4', bot: 'perfect', position: '8x7:445453', seed: 1, budget: { nodes: 40_000 } });
    const estimates = answer.report.iterations.filter((iteration) => iteration.stage === 'estimate');
    expect(estimates.length).toBeGreaterThan(2);
    expect(answer.move).toBe(estimates.at(-1)!.best);
    expect(answer.report).toMatchObject({ proven: false, cutShort: true });
    expect(answer.report.nodes).toBeLessThanOrEqual(40_000 + 4096 * 4);
  });

  it('plays a proven move, and says so, where the solver finishes', async () => {
    const [moves, score] = lines('Test_L2_R1')[0].split(' ');
    const answer = await api.botMove({ game: 'connect4', bot: 'perfect', position: moves, seed: 1, budget: { ms: 60_000 } });
    expect(answer.report.proven).toBe(true);
    const analysis = await api.analyze('connect4', moves);
    expect(analysis.values[Number(answer.move) - 1]).toBe(Number(score));
  });
});
