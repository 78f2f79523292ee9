// The estimate (assembly/connect4/estimate.ts) deepened a ply at a time within a move's clock, its values read as
// proven (Pons' score) or estimated: what the strongest player and Show solution both ask of it.

import type { Iteration } from '../../contracts/game';
import type { MoveClock } from '../../contracts/move-clock';
import type { Connect4Core } from './core';

/** What the estimate found at its deepest finished depth. */
export interface Estimated {
  readonly column: number;
  readonly depth: number;
  /** Pons' score when proven, else the estimate's own points. */
  readonly score: number;
  readonly proven: boolean;
}

/**
 * Deepens the estimate of the core's position (`empty` cells left) one ply at a time while `clock` lasts (from
 * `from`), reporting each depth as a step "estimate"; the deepest finished depth, or `from`'s when none finished.
 */
export function deepenEstimate(
  core: Connect4Core,
  empty: number,
  clock: MoveClock,
  from: Estimated | undefined,
  report: (iteration: Iteration<number>) => void,
): Estimated | undefined {
  const proven = core.provenScore();
  let last = from;
  for (let depth = (from?.depth ?? 0) + 1; depth <= empty; depth++) {
    if (clock.spent()) break;
    const left = clock.left();
    const value = core.estimate(depth, left.nodes, left.ms);
    clock.count(core.nodeCount());
    if (core.searchStopped()) break;
    const isProven = Math.abs(value) >= proven;
    const score = isProven ? value - Math.sign(value) * proven : value;
    last = { column: core.estimateColumn(), depth, score, proven: isProven };
    report({ depth, nodes: core.nodeCount(), ms: core.elapsedMs(), score, best: last.column, stage: isProven ? 'estimate (proven)' : 'estimate' });
    if (isProven) break;
  }
  return last;
}
