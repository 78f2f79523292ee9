// A search over the learned network (neural.ts): PUCT, as AlphaZero searches, with the rules' own tactics at every
// node. Each simulation walks down the tree by the most promising column (its mean value, plus the network's prior
// shared out by how little the column has been tried), evaluates the position it reaches with the network, and backs
// its value up. A node whose side to move wins at once is worth a win without asking the network; one that cannot
// stop every immediate win of the other side is worth a loss; elsewhere the columns that hand the other side an
// immediate win get no prior while another column does not. Anytime: the move is the most tried column whenever
// the clock stops it.

import type { MoveClock } from '../../contracts/move-clock';
import type { Evaluation, Evaluator } from './neural';
import { legalMoves, play, type Position } from './rules';
import { provenByRules, stoneToMove, tacticalColumns, winningColumns } from './tactics';
import { centreOrder } from './solve';

/** How strongly the prior draws the search to a column it has tried little (AlphaZero's c_puct). */
const EXPLORATION = 1.5;

class TreeNode {
  /**
   * The value for the side to move once proven (null until then): by the rules alone (1 a win at once, -1 a loss
   * it cannot stop, 0 a full board), or from its children's (a child lost for its side is a win here; when every
   * child is proven, the best of them).
   */
  proven: number | null;
  priors: number[] = [];
  readonly children: (TreeNode | undefined)[];
  readonly visits: number[];
  readonly values: number[];
  readonly legal: readonly number[];
  total = 0;

  constructor(readonly position: Position) {
    this.children = Array(position.width).fill(undefined);
    this.visits = Array(position.width).fill(0);
    this.values = Array(position.width).fill(0);
    this.legal = legalMoves(position);
    this.proven = provenByRules(position);
  }

  /** The columns' priors: the network's, on the columns the immediate tactics leave (tactics.ts). */
  expand(evaluation: Evaluation): void {
    const worth = tacticalColumns(this.position);
    const priors = evaluation.policy.map((p, column) => (worth.includes(column) ? p : 0));
    const sum = priors.reduce((a, b) => a + b, 0);
    this.priors = sum > 0 ? priors.map((p) => p / sum) : evaluation.policy.slice();
  }

  /** A column's value for this node's side: proven, or the mean of its simulations (0 untried). */
  valueOf(column: number): number {
    const proven = this.children[column]?.proven;
    if (proven !== undefined && proven !== null) return 0 - proven; // not -0 for a draw
    return this.visits[column] ? this.values[column] / this.visits[column] : 0;
  }

  /** The column to walk down: the largest value plus exploration among those not proven, the most central among equals. */
  select(order: readonly number[]): number {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    const scale = EXPLORATION * Math.sqrt(this.total + 1);
    for (const column of order) {
      if (this.priors[column] === 0 && !this.visits[column]) continue;
      const proven = this.children[column]?.proven;
      if (proven !== undefined && proven !== null) continue;
      const score = this.valueOf(column) + (scale * this.priors[column]) / (1 + this.visits[column]);
      if (score > bestScore) [best, bestScore] = [column, score];
    }
    return best;
  }

  /** Proves this node from its children where they allow it (after one of them was proven). */
  settle(): void {
    let best = Number.NEGATIVE_INFINITY;
    for (const column of this.legal) {
      const proven = this.children[column]?.proven;
      if (proven === -1) {
        this.proven = 1;
        return;
      }
      if (proven === undefined || proven === null) {
        // Unproven columns that the tactics leave out lose at once (or are no better than those kept): the node is
        // proven when every column it would play is.
        if (this.priors[column] > 0) return;
        continue;
      }
      best = Math.max(best, 0 - proven);
    }
    if (best > Number.NEGATIVE_INFINITY) this.proven = best;
  }

  /** The move: a proven best column, else the most tried of those not proven lost (the larger prior, then the most central, among equals). */
  choice(order: readonly number[]): number {
    let best = -1;
    for (const column of order) {
      if (!this.legal.includes(column)) continue;
      if (best < 0) {
        best = column;
        continue;
      }
      const [value, bestValue] = [this.provenValue(column), this.provenValue(best)];
      if (value !== bestValue) {
        if (value > bestValue) best = column;
        continue;
      }
      if (this.visits[column] > this.visits[best] || (this.visits[column] === this.visits[best] && (this.priors[column] ?? 0) > (this.priors[best] ?? 0)))
        best = column;
    }
    return best;
  }

  /** A column ranked by what is proven of it: 1 a proven win, 0 unproven or a proven draw … -1 a proven loss. */
  private provenValue(column: number): number {
    const proven = this.children[column]?.proven;
    return proven === undefined || proven === null ? 0 : 0 - proven;
  }
}

export interface SearchResult {
  readonly column: number;
  /** The root's value for the side to move (the mean over its simulations), and whether the rules proved it. */
  readonly value: number;
  readonly proven: boolean;
  readonly simulations: number;
  /** The network's evaluations. */
  readonly evaluations: number;
}

/**
 * PUCT from `position` (not over): `simulations` of them, fewer when the clock stops it first (its time, or its
 * node limit: the network's evaluations count as its nodes) or the root is proven. `report` hears the best column
 * after each doubling of the simulations.
 */
export async function puctSearch(
  net: Evaluator,
  position: Position,
  clock: MoveClock,
  simulations: number,
  report?: (result: SearchResult) => void,
): Promise<SearchResult> {
  const order = centreOrder(position.width);
  const root = new TreeNode(position);
  let evaluations = 0;
  const result = (count: number): SearchResult => {
    const column = root.choice(order);
    return { column, value: root.proven ?? root.valueOf(column), proven: root.proven !== null, simulations: count, evaluations };
  };
  if (root.proven === 1) {
    const column = order.find((c) => winningColumns(position, stoneToMove(position)).includes(c))!;
    return { column, value: 1, proven: true, simulations: 0, evaluations: 0 };
  }
  root.expand((await net.evaluate([position]))[0]);
  evaluations++;
  clock.count(1);
  let count = 0;
  for (let next = 1; root.proven === null && !clock.spent() && count < simulations; count++) {
    const evaluated = await simulate(net, root, order);
    evaluations += evaluated;
    clock.count(1);
    if (count + 1 === next) {
      report?.(result(count + 1));
      next *= 2;
    }
  }
  return result(count);
}

/** One simulation: down the tree, the leaf's value, back up. Returns the network's evaluations it took (0 or 1). */
async function simulate(net: Evaluator, root: TreeNode, order: readonly number[]): Promise<number> {
  const path: { node: TreeNode; column: number }[] = [];
  let node = root;
  let value: number;
  let evaluated = 0;
  for (;;) {
    if (node.proven !== null) {
      value = node.proven;
      break;
    }
    if (node.priors.length === 0) {
      const [evaluation] = await net.evaluate([node.position]);
      node.expand(evaluation);
      value = evaluation.value;
      evaluated = 1;
      break;
    }
    const column = node.select(order);
    path.push({ node, column });
    node.children[column] ??= new TreeNode(play(node.position, column));
    node = node.children[column]!;
  }
  // The value is the leaf's side to move's: each step up is the other side's. A proof below may prove the nodes above.
  let proving = node.proven !== null;
  for (let i = path.length - 1; i >= 0; i--) {
    value = -value;
    const { node: parent, column } = path[i];
    parent.visits[column]++;
    parent.values[column] += value;
    parent.total++;
    if (proving) {
      parent.settle();
      proving = parent.proven !== null;
    }
  }
  return evaluated;
}
