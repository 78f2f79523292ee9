// A move's allowance: the time (and nodes) a bot may spend on it, counted from when it began. Every bot that
// searches under a clock reads what is left from it and hands that to its core, so that a search stops at the
// move's deadline wherever it is (the cores look at the clock every few thousand nodes), not only between steps.

import type { Budget } from './game';

/** What is left to give a core: 0 is no limit, and a spent allowance leaves a sliver, so that a search stops at once. */
export interface Allowance {
  readonly nodes: number;
  readonly ms: number;
}

export class MoveClock {
  private readonly started = performance.now();
  private nodes = 0;

  /** `ms` and `nodes`: the move's limits, 0 for none. */
  constructor(
    readonly ms: number,
    readonly maxNodes = 0,
  ) {}

  static of(budget: Budget, defaultMs = 0): MoveClock {
    return new MoveClock(budget.ms || defaultMs, budget.nodes ?? 0);
  }

  /** Milliseconds since the move began. */
  elapsed(): number {
    return performance.now() - this.started;
  }

  /** Counts nodes a step searched against the node limit. */
  count(nodes: number): void {
    this.nodes += nodes;
  }

  get nodesSpent(): number {
    return this.nodes;
  }

  /** Whether the time or the nodes are spent. */
  spent(): boolean {
    return (this.ms > 0 && this.elapsed() >= this.ms) || (this.maxNodes > 0 && this.nodes >= this.maxNodes);
  }

  /**
   * The depths a fixed-depth search (an article's bot) searches: without a time, its depth at once, as written;
   * under one, each depth in turn up to it, so that the deadline leaves the deepest finished.
   */
  depths(depth: number): number[] {
    return this.ms > 0 ? Array.from({ length: depth }, (_, i) => i + 1) : [depth];
  }

  /** A clock for one step of the move: a share of what is left, starting now (its nodes are the caller's to count). */
  slice(share: number): MoveClock {
    const left = this.left(share);
    return new MoveClock(left.ms, left.nodes);
  }

  /** A share of what is left (the whole by default), for the next step of the move. */
  left(share = 1): Allowance {
    return {
      ms: this.ms > 0 ? Math.max(1e-3, (this.ms - this.elapsed()) * share) : 0,
      nodes: this.maxNodes > 0 ? Math.max(1, Math.floor((this.maxNodes - this.nodes) * share)) : 0,
    };
  }
}

/**
 * log2 of a transposition table's buckets for a move of `ms` (0: no limit, `largest`): about one for each node such
 * a move can search (a few thousand a millisecond), so that clearing the table each move, a pass over its memory,
 * costs little of a short move's time (2^15 buckets, 2 MB of 64-byte buckets, at 30 ms).
 */
export function tableLog2ForMove(ms: number, largest: number): number {
  return ms > 0 ? Math.min(largest, Math.max(12, Math.ceil(Math.log2(ms * 1000)))) : largest;
}
