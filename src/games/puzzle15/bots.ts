// The 15-puzzle's one bot: the optimal solver, which plays the first move of an optimal solution (on a 5x5 board
// with the 6-6-6-6 databases, whatever its heuristic parameter: the 4x4 heuristics do not serve there). Out of
// time before the solution, it takes a step toward the goal instead, and says so.

import type { Bot } from '../../contracts/game';
import { HEURISTICS, type PuzzleCores } from './core';
import { MoveClock } from '../../contracts/move-clock';
import { isGoal, legalMoves, manhattan, play, sizeOf, type Direction, type Position } from './rules';
import { defaultHeuristic, solveBoard } from './solve';

export const solverBot: Bot<Position, Direction, PuzzleCores> = {
  id: 'solver',
  label: 'Optimal solver',
  description:
    'IDA*: plays the first move of an optimal solution (heuristic 0 WD, 1 WD+ID, 2 Manhattan, 3 the 6-6-3 pattern database, 4 the 7-8 one). Out of time first, a step toward the goal: the first move to the board nearest it (Manhattan distance) within 8 moves.',
  params: [{ name: 'heuristic', label: 'Heuristic', min: 0, max: HEURISTICS.length - 1, default: 3 }],
  async choose(position, context) {
    const heuristic = sizeOf(position.tiles) === 4 ? HEURISTICS[context.params.heuristic] : defaultHeuristic(position);
    if (isGoal(position.tiles)) throw new Error('the puzzle is solved');
    const clock = MoveClock.of(context.budget);
    const solution = await solveBoard(position, heuristic, await context.core(), context.cache, clock.left(), context.progress);
    if (solution.length > 0)
      return { move: solution.moves[0] as Direction, report: { iterations: [], nodes: solution.nodes, ms: clock.elapsed(), proven: true } };
    // Out of time before a solution: a step toward the goal, the first of the shortest path to the board nearest
    // to it (by the Manhattan distance) a few moves away.
    return { move: towardGoal(position), report: { iterations: [], nodes: solution.nodes, ms: clock.elapsed(), cutShort: true } };
  },
};

/** How far the step toward the goal looks: 3^8 boards at most, a millisecond. */
const LOOKAHEAD = 8;

/** The first move of the shortest path to the board nearest the goal within LOOKAHEAD moves (no move undone at once). */
export function towardGoal(position: Position): Direction {
  let best = { distance: Number.POSITIVE_INFINITY, plies: 0, first: legalMoves(position)[0] };
  const visit = (at: Position, plies: number, first: Direction | undefined, last: Direction | undefined) => {
    const distance = manhattan(at.tiles);
    if (first && (distance < best.distance || (distance === best.distance && plies < best.plies))) best = { distance, plies, first };
    if (distance === 0 || plies === LOOKAHEAD) return;
    for (const direction of legalMoves(at)) {
      if (last && direction === OPPOSITE[last]) continue;
      visit(play(at, direction), plies + 1, first ?? direction, direction);
    }
  };
  visit(position, 0, undefined, undefined);
  return best.first;
}

const OPPOSITE: Readonly<Record<Direction, Direction>> = { U: 'D', D: 'U', L: 'R', R: 'L' };

export const bots = [solverBot];
export const levels = [{ label: 'Optimal solver', config: 'solver' }] as const;
