// Iterative deepening under a budget, shared by every game whose core searches to a depth.

import type { Budget, Iteration, SearchReport } from './game';

/** What a core reports after searching one depth. */
export interface DepthResult {
  /** False when the budget ran out inside this depth: its result is then not used. */
  readonly complete: boolean;
  readonly nodes: number;
  readonly ms: number;
  readonly score: number;
  readonly move: string;
}

/**
 * Searches depths 1..maxDepth (and the budget's depth) while the budget lasts. `searchDepth` gets the nodes
 * and milliseconds left (0 = no limit). Returns the report and the last complete iteration, if any.
 */
export function deepen(
  maxDepth: number,
  budget: Budget,
  progress: (iteration: Iteration) => void,
  searchDepth: (depth: number, nodesLeft: number, msLeft: number) => DepthResult,
): { report: SearchReport; last: Iteration | undefined } {
  const depthLimit = Math.min(maxDepth, budget.depth || Infinity);
  const iterations: Iteration[] = [];
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
    const iteration: Iteration = { depth, nodes: result.nodes, ms: result.ms, score: result.score, move: result.move };
    iterations.push(iteration);
    progress(iteration);
  }
  return { report: { iterations, nodes, ms }, last: iterations.at(-1) };
}
