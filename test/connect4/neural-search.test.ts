// The learned player's search (PUCT over an evaluator) and the immediate tactics it leans on, against plain minimax
// over the rules on small boards: the tactics never drop the best column; the search takes a win at once, blocks,
// keeps to its node budget, and with a blind evaluator (uniform policy, value 0) plays as minimax does, and proves
// what it plays, where the tree is small enough to search.

import { describe, expect, it } from 'vitest';
import { MoveClock } from '../../src/contracts/move-clock';
import { Rng } from '../../src/contracts/rng';
import { puctSearch } from '../../src/games/connect4/neural-search';
import { newGame, parse } from '../../src/games/connect4/rules';
import { tacticalColumns } from '../../src/games/connect4/tactics';
import { bruteForce } from './brute-force';
import { blind, columnScores, randomPosition } from './small-boards';

describe("the learned player's search", () => {
  const oracle = bruteForce(5, 4);

  it('keeps, by the immediate tactics alone, a column as good as the best', () => {
    const rng = new Rng(5);
    for (let i = 0; i < 300; i++) {
      const position = randomPosition(5, 4, 2 + rng.below(14), rng);
      const scores = columnScores(position, oracle);
      const best = Math.max(...scores.values());
      const kept = tacticalColumns(position);
      expect(Math.max(...kept.map((column) => scores.get(column)!)), position.moves).toBe(best);
    }
  });

  it('takes a win at once, proven, and blocks a single threat', async () => {
    // The first player has three in the bottom row (columns 1-3): it wins in column 4.
    const win = await puctSearch(blind, parse('112233'), new MoveClock(0), 100);
    expect(win).toMatchObject({ column: 3, value: 1, proven: true });
    // The second player, to move, must block column 4.
    const block = await puctSearch(blind, parse('17273'), new MoveClock(0), 100);
    expect(block.column).toBe(3);
  });

  it('stops at its node budget: the evaluations counted as nodes', async () => {
    const clock = new MoveClock(0, 25);
    blind.calls = 0;
    const result = await puctSearch(blind, newGame(), clock, 1_000_000);
    expect(result.evaluations).toBe(blind.calls);
    expect(clock.nodesSpent).toBeGreaterThanOrEqual(25);
    // A simulation ending on a position the rules decide takes no evaluation, but counts.
    expect(clock.nodesSpent).toBeLessThanOrEqual(26);
  });

  it('plays as minimax does on small boards, given a blind evaluator and enough simulations', async () => {
    const rng = new Rng(9);
    let kept = 0;
    let proven = 0;
    const tried = 60;
    for (let i = 0; i < tried; i++) {
      // 5 to 9 empty cells: a tree the simulations can prove.
      const position = randomPosition(5, 4, 11 + rng.below(5), rng);
      const scores = columnScores(position, oracle);
      const best = Math.max(...scores.values());
      const result = await puctSearch(blind, position, new MoveClock(0), 3000);
      // A win or a draw kept is what the value asks; the fastest win is not.
      if (Math.sign(scores.get(result.column)!) === Math.sign(best)) kept++;
      if (result.proven) {
        proven++;
        expect(result.value, position.moves).toBe(Math.sign(best));
      }
    }
    expect(kept).toBe(tried);
    // Measured: 59 of the 60 proven (the search proves a node from its children, as MCTS-Solver does).
    expect(proven).toBeGreaterThanOrEqual(55);
  }, 120_000);
});
