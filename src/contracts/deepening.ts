// Iterative deepening under a budget, shared by every game whose core searches to a depth.

import type { Budget, Iteration, SearchReport } from './game';

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
 * Searches depths 1..maxDepth (and the budget's depth) while the budget lasts. `searchDepth` gets the nodes
 * and milliseconds left (0 = no limit). Returns the report and the last complete iteration, if any.
 */
export function deepen<M>(
  maxDepth: number,
  budget: Budget,
  progress: (iteration: Iteration<M>) => void,
  searchDepth: (depth: number, nodesLeft: number, msLeft: number) => DepthResult<M>,
): { report: SearchReport<M>; last: Iteration<M> | undefined } {
  const depthLimit = Math.min(maxDepth, budget.depth || Infinity);
  const iterations: Iteration<M>[] = [];
  let nodes = 0;
  let ms = 0;
  for (let depth = 1; depth <= depthLimit; depth++) {
    const nodesLeft = budget.nodes ? budget.nodes - nodes : 0;
    const msLeft = budget.ms ? budget.ms - ms : 0;
    if ((budget.nodes && nodesLeft <= 0) || (budget.ms && msLeft <= 0)) break;
    const result = searchDepth(depth, nodesLeft, msLeft);
    nodes += result.nodes;
    ms += result.ms;
    if (!result.complete) break;
    const iteration: Iteration<M> = { depth, nodes: result.nodes, ms: result.ms, score: result.score, best: result.best };
    iterations.push(iteration);
    progress(iteration);
  }
  return { report: { iterations, nodes, ms }, last: iterations.at(-1) };
}
