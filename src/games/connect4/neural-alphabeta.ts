// Alpha-beta over the learned network (neural.ts), the other way to search with it than PUCT: negamax to a depth,
// the network's value at the horizon, deepened one ply at a time while the clock allows. At every node the rules'
// tactics (tactics.ts) prove what they can and leave out the columns that hand the other side a win; the children
// of a node one ply above the horizon are evaluated together, in one batch. Moves are tried best first: the column
// the last iteration found best at the node, then from the centre out. docs/neural.md measures it against PUCT.

import type { MoveClock } from '../../contracts/move-clock';
import type { Evaluator } from './neural';
import { boardKey, cells, play, type Position } from './rules';
import { centreOrder } from './solve';
import { provenByRules, tacticalColumns } from './tactics';

/** A proven win's worth: above any value the network gives (at most 1), less a little a ply, so that sooner is more. */
const WIN = 2;
const PLY = 1e-3;

export interface AlphaBetaResult {
  readonly column: number;
  /** The best column's value for the side to move: the network's at the horizon (-1 to 1), or a proof (±1, 0). */
  readonly value: number;
  readonly proven: boolean;
  /** The deepest depth finished, and whether that is all it was asked to search (`maxDepth`, or to the board's end). */
  readonly depth: number;
  readonly finished: boolean;
  /** The network's evaluations. */
  readonly evaluations: number;
}

class OutOfTime extends Error {}

class Search {
  evaluations = 0;
  /** Whether the clock may stop the search: not in its first iteration, which always finishes. */
  timed = false;
  /** The longest a batch at the horizon has taken: a search stops rather than start one it has no time left for. */
  private batchMs = 0;
  /** The network's values by board, and the best column found at each board, across the iterations. */
  private readonly values = new Map<string, number>();
  private readonly bestColumns = new Map<string, number>();

  constructor(
    private readonly net: Evaluator,
    private readonly clock: MoveClock,
  ) {}

  /** The columns to try, best first. */
  ordered(position: Position): number[] {
    const worth = tacticalColumns(position);
    const first = this.bestColumns.get(boardKey(position));
    const order = centreOrder(position.width).filter((column) => worth.includes(column));
    return first === undefined || !order.includes(first) ? order : [first, ...order.filter((column) => column !== first)];
  }

  /** The value of `position` for its side to move, searched `depth` plies (at least 1) within alpha..beta. */
  async negamax(position: Position, depth: number, alpha: number, beta: number, ply: number): Promise<number> {
    const proven = provenByRules(position);
    if (proven !== null) return proven * (WIN - ply * PLY);
    if (this.timed && (this.clock.spent() || (depth === 1 && this.clock.ms > 0 && this.clock.left().ms < this.batchMs))) throw new OutOfTime();
    const columns = this.ordered(position);
    const children = columns.map((column) => play(position, column));
    const values = depth === 1 ? await this.horizon(children, ply + 1) : [];
    let best = Number.NEGATIVE_INFINITY;
    let bestColumn = columns[0];
    for (const [i, child] of children.entries()) {
      // 0 - v, not -v: a draw stays 0, not -0.
      const value = 0 - (depth === 1 ? values[i] : await this.negamax(child, depth - 1, -beta, -Math.max(alpha, best), ply + 1));
      if (value > best) [best, bestColumn] = [value, columns[i]];
      if (best >= beta) break;
    }
    this.bestColumns.set(boardKey(position), bestColumn);
    return best;
  }

  /** The values of positions at the horizon for their side to move: proven by the rules, else the network's (one batch). */
  private async horizon(positions: readonly Position[], ply: number): Promise<number[]> {
    const values = positions.map((position) => {
      const proven = provenByRules(position);
      return proven === null ? this.values.get(boardKey(position)) : proven * (WIN - ply * PLY);
    });
    const asked = positions.filter((_, i) => values[i] === undefined);
    const started = performance.now();
    const evaluations = await this.net.evaluate(asked);
    this.batchMs = Math.max(this.batchMs, performance.now() - started);
    this.evaluations += asked.length;
    this.clock.count(asked.length);
    for (const [i, position] of asked.entries()) this.values.set(boardKey(position), evaluations[i].value);
    return positions.map((position, i) => values[i] ?? this.values.get(boardKey(position))!);
  }
}

/**
 * Iterative deepening from `position` (not over) to `maxDepth`, or until the clock stops it (the network's
 * evaluations count as its nodes) or a win or loss is proven: the best column of the deepest depth finished (of
 * depth 1 at least, however short the time). `report` hears each depth finished.
 */
export async function alphaBetaSearch(
  net: Evaluator,
  position: Position,
  clock: MoveClock,
  maxDepth: number,
  report?: (result: AlphaBetaResult) => void,
): Promise<AlphaBetaResult> {
  const search = new Search(net, clock);
  const deepest = Math.min(maxDepth, cells(position) - position.moves.length);
  let found: AlphaBetaResult | undefined;
  for (let depth = 1; depth <= deepest; depth++) {
    search.timed = depth > 1;
    let value: number;
    try {
      value = await search.negamax(position, depth, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, 0);
    } catch (error) {
      if (error instanceof OutOfTime) break;
      throw error;
    }
    const proven = Math.abs(value) > 1;
    const column = search.ordered(position)[0];
    found = { column, value: proven ? Math.sign(value) : value, proven, depth, finished: depth === deepest, evaluations: search.evaluations };
    report?.(found);
    if (proven || clock.spent()) break;
  }
  return found!;
}
