// The puzzle solver's best path so far (src/games/puzzle15/best-path.ts), when its optimal search has no time:
// its estimate never passes the published optimal lengths of Korf's 100 and Korf and Felner's 50 (it is a lower
// bound); within a bounded number of boards it finds whole solutions, replayed here to the goal by the rules and
// no shorter than the published optima; played move by move it reaches the goal without going back to a board;
// and the solver bot with no time for its search plays that move and says so.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MoveClock } from '../../src/contracts/move-clock';
import { bestPath, estimate } from '../../src/games/puzzle15/best-path';
import { format, isGoal, legalMoves, manhattan, OPPOSITE, play, randomWalk, start } from '../../src/games/puzzle15/rules';
import { parseSet } from '../../src/games/puzzle15/sets';
import { createNodePool } from '../../src/runtime/node-pool';
import { requestMove } from '../../src/runtime/requests';

const korf100 = parseSet(readFileSync('src/games/puzzle15/data/korf100.txt', 'utf8'), 'korf');
const korf50 = parseSet(readFileSync('src/games/puzzle15/data/korf50.txt', 'utf8'), 'korf50');

describe('the best path so far toward the goal', () => {
  it("estimates no more moves than the published optimum of any of Korf's 100 or Korf and Felner's 50, and no fewer than Manhattan's", () => {
    for (const board of [...korf100, ...korf50]) {
      const h = estimate(board.tiles);
      expect(h, board.name).toBeLessThanOrEqual(board.length);
      expect(h, board.name).toBeGreaterThanOrEqual(manhattan(board.tiles));
      // Linear conflicts count in pairs of moves: the parity of the Manhattan distance is kept.
      expect((h - manhattan(board.tiles)) % 2).toBe(0);
    }
  });

  it('finds whole solutions of 15- and 24-puzzles within 300,000 boards, each leading to the goal by the rules', () => {
    for (const board of [korf100[0], korf50[1]]) {
      let position = start(board.tiles);
      // Each move a new search from where the last one led, as the bot plays under a clock.
      const first = bestPath(position, new MoveClock(0, 300_000));
      expect(first.solution, board.name).not.toBeNull();
      expect(first.solution!).toBeGreaterThanOrEqual(board.length);
      const seen = new Set([format(position)]);
      for (let moves = 0; !isGoal(position.tiles); moves++) {
        expect(moves, board.name).toBeLessThan(3 * board.length);
        position = play(position, bestPath(position, new MoveClock(0, 300_000)).move);
        expect(seen.has(format(position)), `${board.name} went back to a board`).toBe(false);
        seen.add(format(position));
      }
      expect(position.moves.length).toBeGreaterThanOrEqual(board.length);
    }
  });

  it('out of boards before a solution, steps toward the board nearest the goal, never back onto one the game has been on', () => {
    // A board 30 moves from the goal, searched with too few boards to solve it.
    const far = randomWalk(7, 30);
    const step = bestPath(far, new MoveClock(0, 50));
    expect(step.solution).toBeNull();
    expect(legalMoves(far)).toContain(step.move);
    // A move away from the goal: the way back is nearer the goal, and it is the board the game came from.
    const away = legalMoves(far).reduce((a, b) => (estimate(play(far, b).tiles) > estimate(play(far, a).tiles) ? b : a));
    const moved = play(far, away);
    expect(estimate(moved.tiles)).toBeGreaterThan(estimate(far.tiles));
    for (const boards of [50, 300_000]) expect(bestPath(moved, new MoveClock(0, boards)).move).not.toBe(OPPOSITE[away]);
  });
});

describe('the solver bot under a budget its search cannot meet', () => {
  it('plays the first move of the best path so far and says its search was cut short', async () => {
    const pool = createNodePool(1, 'dist-node/worker.mjs');
    try {
      const board = korf100[0];
      const line = format(start(board.tiles));
      const answer = await requestMove(pool, { game: 'puzzle15', bot: 'solver:heuristic=2', position: line, seed: 1, budget: { nodes: 2000 } }).promise;
      expect(answer.report.cutShort).toBe(true);
      expect(answer.report.proven).toBeUndefined();
      expect(legalMoves(start(board.tiles))).toContain(answer.move);
    } finally {
      pool.close();
    }
  });
});
