// The learned player's alpha-beta search against plain minimax over the rules on small boards: searched to the
// end with a blind evaluator it plays as minimax does and proves what minimax finds; it takes a win at once, finishes
// its first depth however short the time, and keeps to its node budget.

import { describe, expect, it } from 'vitest';
import { MoveClock } from '../../src/contracts/move-clock';
import { Rng } from '../../src/contracts/rng';
import { alphaBetaSearch } from '../../src/games/connect4/neural-alphabeta';
import { legalMoves, newGame, parse } from '../../src/games/connect4/rules';
import { bruteForce } from './brute-force';
import { blind, columnScores, randomPosition } from './small-boards';

describe("the learned player's alpha-beta search", () => {
  const oracle = bruteForce(5, 4);

  it('plays as minimax does on small boards, searched to the end with a blind evaluator, and proves wins and losses', async () => {
    const rng = new Rng(11);
    for (let i = 0; i < 60; i++) {
      // 5 to 9 empty cells: searched to the end, every leaf is decided by the rules.
      const position = randomPosition(5, 4, 11 + rng.below(5), rng);
      const scores = columnScores(position, oracle);
      const best = Math.max(...scores.values());
      const result = await alphaBetaSearch(blind, position, new MoveClock(0), 64);
      expect(Math.sign(scores.get(result.column)!), position.moves).toBe(Math.sign(best));
      expect(result.proven, position.moves).toBe(best !== 0);
      expect(result.value, position.moves).toBe(Math.sign(best));
    }
  });

  it('takes a win at once, and answers with its first depth finished however short the time', async () => {
    expect(await alphaBetaSearch(blind, parse('112233'), new MoveClock(0), 4)).toMatchObject({ column: 3, value: 1, proven: true });
    const hurried = await alphaBetaSearch(blind, newGame(), new MoveClock(1e-3), 64);
    expect(hurried.depth).toBe(1);
    expect(legalMoves(newGame())).toContain(hurried.column);
  });

  it('stops deepening at its node budget: the evaluations counted as nodes', async () => {
    const clock = new MoveClock(0, 200);
    blind.calls = 0;
    const result = await alphaBetaSearch(blind, newGame(), clock, 64);
    expect(result.evaluations).toBeLessThanOrEqual(blind.calls);
    expect(clock.nodesSpent).toBe(blind.calls);
    // The depth that crossed the budget is not finished; the ones before it stayed within it.
    expect(result.depth).toBeGreaterThanOrEqual(2);
    expect(result.evaluations).toBeLessThan(200);
  });
});
