// The 15-puzzle's one bot: the optimal solver, which plays the first move of an optimal solution (on a 5x5 board
// with the 6-6-6-6 databases, whatever its heuristic parameter: the 4x4 heuristics do not serve there).

import type { Bot } from '../../contracts/game';
import { HEURISTICS, type PuzzleCores } from './core';
import { sizeOf, type Direction, type Position } from './rules';
import { defaultHeuristic, solveBoard } from './solve';

export const solverBot: Bot<Position, Direction, PuzzleCores> = {
  id: 'solver',
  label: 'Optimal solver',
  description: 'IDA*: plays the first move of an optimal solution (heuristic 0 WD, 1 WD+ID, 2 Manhattan, 3 the 6-6-3 pattern database, 4 the 7-8 one).',
  params: [{ name: 'heuristic', label: 'Heuristic', min: 0, max: HEURISTICS.length - 1, default: 3 }],
  async choose(position, context) {
    const heuristic = sizeOf(position.tiles) === 4 ? HEURISTICS[context.params.heuristic] : defaultHeuristic(position);
    const solution = await solveBoard(position, heuristic, await context.core(), context.cache, context.budget, context.progress);
    if (solution.length < 0) throw new Error(`the solver ran out of its budget (${solution.nodes} nodes)`);
    if (solution.length === 0) throw new Error('the puzzle is solved');
    return { move: solution.moves[0] as Direction, report: { iterations: [], nodes: solution.nodes, ms: solution.ms } };
  },
};

export const bots = [solverBot];
export const levels = [{ label: 'Optimal solver', config: 'solver' }] as const;
