// The 15-puzzle's one bot: the optimal solver, which plays the first move of an optimal solution (on a 5x5 board
// with the 6-6-6-6 databases, whatever its heuristic parameter: the 4x4 heuristics do not serve there). Under a
// clock its search has three quarters of the move; out of time before the solution, it plays the first move of
// its best path so far toward the goal (best-path.ts), and says so.

import type { Bot } from '../../contracts/game';
import { HEURISTICS, type Puzzle15Core } from './core';
import { MoveClock } from '../../contracts/move-clock';
import { bestPath } from './best-path';
import { isGoal, sizeOf, type Direction, type Position } from './rules';
import { defaultHeuristic, solveBoard } from './solve';

/** The share of a limited move the optimal search has; the best path so far has the rest. */
const OPTIMAL_SHARE = 0.75;

export const solverBot: Bot<Position, Direction, Puzzle15Core> = {
  id: 'solver',
  label: 'Optimal solver',
  description:
    'IDA*: plays the first move of an optimal solution (heuristic 0 WD, 1 WD+ID, 2 Manhattan, 3 the 6-6-3 pattern database, 4 the 7-8 one). Out of time first, its best path so far: the first move of a solution found by a weighted A* (not the shortest), or of the path to the nearest board it reached, never back onto a board of the game.',
  params: [{ name: 'heuristic', label: 'Heuristic', min: 0, max: HEURISTICS.length - 1, default: 3 }],
  async choose(position, context) {
    const heuristic = sizeOf(position.tiles) === 4 ? HEURISTICS[context.params.heuristic] : defaultHeuristic(position);
    if (isGoal(position.tiles)) throw new Error('the puzzle is solved');
    const clock = MoveClock.of(context.budget);
    const limited = clock.ms > 0 || clock.maxNodes > 0;
    const allowance = clock.left(limited ? OPTIMAL_SHARE : 1);
    const solution = await solveBoard(position, heuristic, await context.core(), context.cache, allowance, context.progress);
    clock.count(solution.nodes);
    if (solution.length > 0)
      return { move: solution.moves[0] as Direction, report: { iterations: [], nodes: clock.nodesSpent, ms: clock.elapsed(), proven: true } };
    const path = bestPath(position, clock);
    return { move: path.move, report: { iterations: [], nodes: clock.nodesSpent, ms: clock.elapsed(), cutShort: true } };
  },
};

export const bots = [solverBot];
export const levels = [{ label: 'Optimal solver', config: 'solver' }] as const;
