// Iterative deepening under a budget, shared by every game whose core searches to a depth.

import type { Budget, Iteration, SearchReport } from './game';
import { MoveClock } from './move-clock';

/** What a core reports after searching one depth. */
export interface DepthResult<M> {
  /** False when the budget ran out inside this depth: its result is then not used. */
  readonly complete: boolean;
  readonly nodes: number;
  readonly ms: number;
  readonly score: number;
  readonly best?: M;
}

/**
 * Searches depths 1..maxDepth (and the budget's depth) while the move's clock lasts (by default one started
 * now on the budget). `searchDepth` gets the nodes and milliseconds left (0 = no limit). Returns the report, the
 * last complete iteration, if any, and whether the clock stopped the search before its last depth.
 */
export function deepen<M>(
  maxDepth: number,
  budget: Budget,
  progress: (iteration: Iteration<M>) => void,
  searchDepth: (depth: number, nodesLeft: number, msLeft: number) => DepthResult<M>,
  clock: MoveClock = MoveClock.of(budget),
): { report: SearchReport<M>; last: Iteration<M> | undefined; cutShort: boolean } {
  const depthLimit = Math.min(maxDepth, budget.depth || Infinity);
  const iterations: Iteration<M>[] = [];
  let nodes = 0;
  let ms = 0;
  for (let depth = 1; depth <= depthLimit; depth++) {
    if (clock.spent()) return { report: { iterations, nodes, ms }, last: iterations.at(-1), cutShort: true };
    const left = clock.left();
    const result = searchDepth(depth, left.nodes, left.ms);
    nodes += result.nodes;
    ms += result.ms;
    clock.count(result.nodes);
    if (!result.complete) return { report: { iterations, nodes, ms }, last: iterations.at(-1), cutShort: true };
    const iteration: Iteration<M> = { depth, nodes: result.nodes, ms: result.ms, score: result.score, best: result.best };
    iterations.push(iteration);
    progress(iteration);
  }
  return { report: { iterations, nodes, ms }, last: iterations.at(-1), cutShort: false };
}
