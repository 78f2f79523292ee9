// "Show solution": every column's score for the side to move, as fast as each can be had. A position of the
// opening book has them all at once. Otherwise first what needs no search (a full column, a column that wins at
// once, a child position in the book: its score is the book's, negated), then the rest easiest first: rounds over the open columns, each round's search ten times
// the budget of the last (the transposition table kept across them), so that a column settled quickly shows at
// once and the hard ones fill in after. Each column is reported as it is settled (an iteration of stage "move"),
// and each one still open after a round with its estimate (stage "estimate").

import type { Analysis, AnalyzeTools, Iteration } from '../../contracts/game';
import { loadBook } from './book';
import { MoveClock } from '../../contracts/move-clock';
import { type Connect4Core, setPosition, type Connect4Cores } from './core';
import { deepenEstimate } from './estimate';
import { cells, height, play, type Position } from './rules';
import { BudgetSpent, centreOrder, remaining, searchScore, winScore } from './solve';
import { searchCore } from './threads';
import { powerOf, threads } from '../../contracts/powers';

/** The first round's nodes per column. */
const FIRST_ROUND_NODES = 100_000;

export async function analyzeFastestFirst(
  position: Position,
  { core: cores, budget, resource, powers, threadCount = 1 }: AnalyzeTools<Connect4Cores>,
  progress: (iteration: Iteration<number>) => void,
): Promise<Analysis> {
  const book = await loadBook(resource, position);
  const values: (number | null)[] = Array(position.width).fill(null);
  const order = centreOrder(position.width);
  const moves = position.moves.length;
  const settle = (column: number, value: number) => {
    values[column] = value;
    progress({ depth: 0, nodes: 0, ms: 0, score: value, best: column, stage: 'move' });
  };
  // A position of the book: every column at once.
  const known = book?.lookup(position);
  if (known) {
    for (const column of order) if (known.values[column] !== null) settle(column, known.values[column]!);
    return { values, depth: cells(position) - moves, exact: true, nodes: 0, ms: 0 };
  }
  const core = await searchCore(cores, powerOf({ powers }, threads), threadCount, position);
  setPosition(core, position);
  // The estimates come from the single-threaded core: in a threaded core the first thread must not allocate once
  // its helpers have started (each instance has an allocator of its own on the one memory), and the estimate's
  // table is allocated on first use.
  const estimator = await cores.forSize(position);
  setPosition(estimator, position);
  let open: number[] = [];
  for (const column of order) {
    if (height(position, column) === position.height) continue;
    if (core.isWinningMove(column)) settle(column, winScore(position, moves + 1));
    else {
      const known = book?.lookup(play(position, column));
      if (known) settle(column, 0 - known.score);
      else open.push(column);
    }
  }
  let nodes = 0;
  let ms = 0;
  for (let round = FIRST_ROUND_NODES; open.length > 0; round *= 10) {
    const stillOpen: number[] = [];
    for (const column of open) {
      const left = remaining(budget, nodes, ms);
      core.playColumn(column);
      const child = searchScore(core, false, { nodes: left.nodes ? Math.min(round, left.nodes) : round, ms: left.ms }, progress);
      core.undo();
      nodes += child.nodes;
      ms += child.ms;
      if (child.complete) settle(column, 0 - child.score);
      else if ((budget.nodes && nodes >= budget.nodes) || (budget.ms && ms >= budget.ms)) throw new BudgetSpent(nodes, ms);
      else stillOpen.push(column);
    }
    // The columns still unsolved get an estimate each round, as deep as the round's nodes allow: a board no solver
    // finishes still shows which columns look best, and how deep that was looked.
    for (const column of stillOpen) {
      const estimated = estimateColumn(estimator, column, round, cells(position) - moves - 1);
      nodes += estimated.nodes;
      if (estimated.iteration) progress(estimated.iteration);
    }
    open = stillOpen;
  }
  return { values, depth: cells(position) - moves, exact: true, nodes, ms };
}

/**
 * The estimate of playing `column`, deepened within `nodes`: an iteration of stage "estimate" (or "estimate
 * (proven)": a win or loss it proved, not yet its exact score) whose best is the column and score its value for
 * the side to move, at the deepest depth it finished.
 */
function estimateColumn(core: Connect4Core, column: number, nodes: number, empty: number): { nodes: number; iteration?: Iteration<number> } {
  const clock = new MoveClock(0, nodes);
  core.playColumn(column);
  const found = deepenEstimate(core, empty, clock, undefined, () => {});
  core.undo();
  if (!found) return { nodes: clock.nodesSpent };
  const stage = found.proven ? 'estimate (proven)' : 'estimate';
  return {
    nodes: clock.nodesSpent,
    iteration: { depth: found.depth, nodes: clock.nodesSpent, ms: clock.elapsed(), score: 0 - found.score, best: column, stage },
  };
}
