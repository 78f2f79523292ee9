// The network's evaluations kept by position, the last CAPACITY of them: a search meets a position again by another
// order of the same moves (a fifth of PUCT's evaluations at 8x7, 500 simulations a move), and the next move's search
// meets many that the last one evaluated (three in ten). The network's answer for a position does not depend on the
// batch it is read in (checked bit for bit in the tests), so a search plays exactly as it would without the cache,
// only sooner.

import { LRUCache } from 'lru-cache';
import type { Evaluation, Evaluator } from './neural';
import { boardKey, type Position } from './rules';

/** About 6 MB of 8x7 positions (measured): some thirty moves of a search at 1 s. */
const CAPACITY = 1 << 14;

export class EvaluationCache implements Evaluator {
  private readonly kept: LRUCache<string, Evaluation>;

  constructor(
    private readonly net: Evaluator,
    capacity = CAPACITY,
  ) {
    this.kept = new LRUCache({ max: capacity });
  }

  /** The positions' evaluations, those not kept asked of the network together (once each). */
  async evaluate(positions: readonly Position[]): Promise<Evaluation[]> {
    const keys = positions.map(boardKey);
    const found = new Map<string, Evaluation>();
    const missing = new Map<string, Position>();
    keys.forEach((key, i) => {
      const kept = this.kept.get(key);
      if (kept) found.set(key, kept);
      else missing.set(key, positions[i]);
    });
    if (missing.size > 0) {
      const evaluations = await this.net.evaluate([...missing.values()]);
      [...missing.keys()].forEach((key, i) => {
        this.kept.set(key, evaluations[i]);
        found.set(key, evaluations[i]);
      });
    }
    return keys.map((key) => found.get(key)!);
  }
}
