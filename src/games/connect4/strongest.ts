// Connect 4's strongest player under a clock (the `perfect` bot past the book): the solver when it proves the
// position within the move's time, else the best move of the estimate (assembly/connect4/estimate.ts), an
// anytime search that reasons about threats. The solver's table is kept from one move to the next (a stopped
// search leaves only what it proved), so a game's later moves start from what the earlier ones learned.
//
// A move's time is spent in steps, each a share of what is left:
// 1. the estimate, a tenth: a move at once, and the end when it proves a win or a loss;
// 2. the weak solve (only whether the side to move wins, draws or loses: several times cheaper), three
//    quarters (a proof is worth more than an estimate a ply or two deeper);
// 3. once the weak value is known: the strong solve and its best column (the fastest win, the slowest loss),
//    else the first column that keeps the weak value, the estimate's best first;
// 4. unproven: the estimate again, deeper, with all that is left.

import type { BotContext, Decision, Iteration } from '../../contracts/game';
import type { MoveClock } from '../../contracts/move-clock';
import { setPosition, type Connect4Core } from './core';
import { deepenEstimate } from './estimate';
import { cells, type Position } from './rules';
import { bestColumn, centreOrder, searchScore } from './solve';

/**
 * The strongest move in the position within `clock` (which the caller started when the move began); the
 * position is past the book and not over.
 */
export function strongestMove(
  core: Connect4Core,
  position: Position,
  clock: MoveClock,
  context: Pick<BotContext<unknown, number>, 'progress'>,
): Decision<number> {
  const iterations: Iteration<number>[] = [];
  const report = (iteration: Iteration<number>) => {
    iterations.push(iteration);
    context.progress(iteration);
  };
  const decide = (move: number, proven: boolean): Decision<number> => ({
    move,
    report: { iterations, nodes: clock.nodesSpent, ms: clock.elapsed(), proven, cutShort: !proven },
  });
  setPosition(core, position);
  const first = centreOrder(position.width).find((column) => core.canPlay(column))!;

  // 1. A move at once.
  const quickClock = clock.slice(0.1);
  let estimated = deepenEstimate(core, cells(position) - position.moves.length, quickClock, undefined, report);
  clock.count(quickClock.nodesSpent);
  if (estimated?.proven) return decide(estimated.column, true);
  const fallback = () => estimated?.column ?? first;

  // 2. and 3.
  const proven = provenMove(core, position, clock, fallback(), report);
  if (proven !== null) return decide(proven, true);

  // 4. Unproven: the estimate, deeper.
  estimated = deepenEstimate(core, cells(position) - position.moves.length, clock, estimated, report);
  return decide(fallback(), estimated?.proven ?? false);
}

/**
 * Steps 2 and 3 above within `clock` (the core set to `position`): the proven best column, or one that keeps the
 * proven value (`preferred` first), or null when the solver does not prove it in time.
 */
export function provenMove(
  core: Connect4Core,
  position: Position,
  clock: MoveClock,
  preferred: number,
  report: (iteration: Iteration<number>) => void,
): number | null {
  const solved = (step: MoveClock, weak: boolean) => {
    const result = searchScore(core, weak, step.left(), report);
    clock.count(result.nodes);
    return result;
  };
  const weak = solved(clock.slice(0.75), true);
  if (!weak.complete) return null;
  const strong = solved(clock.slice(0.6), false);
  if (strong.complete) {
    const best = bestColumn(core, position.width, strong.score, false, clock.left());
    clock.count(best.nodes);
    if (best.column !== null) return best.column;
  }
  if (weak.score < 0) return preferred; // every column loses
  for (const column of [preferred, ...centreOrder(position.width).filter((c) => c !== preferred)]) {
    if (!core.canPlay(column) || clock.spent()) continue;
    const left = clock.left();
    const keeps = core.reachesScore(column, weak.score, left.nodes, left.ms);
    clock.count(core.nodeCount());
    if (core.searchStopped()) break;
    if (keeps) return column;
  }
  return null;
}
