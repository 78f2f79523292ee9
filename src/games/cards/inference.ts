// Draws of the other player's hand, weighed by what it did. Every hand of the right size from the cards the mover
// has not seen could have made the other's plays (the cards it played are known, and a pass is always allowed), so
// each draw is weighed by how likely a player holding it would have played as the other did (opponent-model.ts):
// the other's hand at each of its turns is its hand now and the cards it played from that turn on.
//
// The weights are importance weights of uniform draws: a pool of draws is made, each weighed, and the hands a
// search plays against are drawn from the pool in proportion to their weights (sampling-importance-resampling).

import type { Rng } from '../../contracts/rng';
import { CLASSES, classCounts } from './cards';
import type { Combo, Move } from './combos';
import { logLikelihood, type Weights } from './opponent-model';
import { unseenBy, type Position } from './rules';

/** One of the other player's turns: the play it answered, its play, and the cards it played from then on. */
interface SeenTurn {
  readonly facing: Combo | null;
  readonly move: Move;
  /** Cards per class it played from this turn on (this turn's play included). */
  readonly playedSince: readonly number[];
}

/** The other player's turns in the position's history, with the cards it played from each on. */
export function otherTurns(position: Position): SeenTurn[] {
  const other = 1 - position.toMove;
  const played = Array<number>(CLASSES).fill(0);
  const turns: SeenTurn[] = [];
  for (let i = position.history.length - 1; i >= 0; i--) {
    const { seat, move, facing } = position.history[i];
    if (seat !== other) continue;
    if (move !== 'pass') for (const cls of move.classes) played[cls]++;
    turns.push({ facing, move, playedSince: [...played] });
  }
  return turns.reverse();
}

/** A uniform draw of the other hand: as many of the cards the mover has not seen as it holds, sorted. */
export function uniformDraw(position: Position, rng: Rng): number[] {
  const unseen = unseenBy(position, position.toMove);
  for (let i = unseen.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [unseen[i], unseen[j]] = [unseen[j], unseen[i]];
  }
  return unseen.slice(0, position.hands[1 - position.toMove].length).sort((a, b) => a - b);
}

/** The log-likelihood of the other's turns if it holds `now` (cards per class) now. */
export function logWeight(turns: readonly SeenTurn[], now: readonly number[], weights: Weights): number {
  let sum = 0;
  for (const { facing, move, playedSince } of turns) {
    const then = now.map((count, cls) => count + playedSince[cls]);
    sum += logLikelihood(weights, then, facing, move);
    if (sum === Number.NEGATIVE_INFINITY) break;
  }
  return sum;
}

/** A pool of uniform draws of the other hand with their weights, from which weighted draws are taken. */
export class HandPool {
  readonly hands: number[][] = [];
  /** The weights summed up to each hand: a draw is a search in them. */
  private readonly cumulative: number[] = [];

  /**
   * `size` draws at most, fewer once `timeUp` says so (one at least). `trust` scales the log-likelihoods: 1 the
   * model as fitted, 0 uniform draws, more a sharper posterior.
   */
  constructor(position: Position, size: number, weights: Weights, rng: Rng, trust = 1, timeUp: () => boolean = () => false) {
    const turns = otherTurns(position);
    const logs: number[] = [];
    /** Hands with the same cards per class are as likely: each weighed once. */
    const weighed = new Map<string, number>();
    for (let i = 0; i < size && (i === 0 || !timeUp()); i++) {
      const hand = uniformDraw(position, rng);
      const counts = classCounts(hand);
      const key = counts.join(' ');
      let log = weighed.get(key);
      if (log === undefined) {
        log = trust * logWeight(turns, counts, weights);
        weighed.set(key, log);
      }
      this.hands.push(hand);
      logs.push(log);
    }
    const top = Math.max(...logs);
    let total = 0;
    for (const log of logs) {
      total += Math.exp(log - top);
      this.cumulative.push(total);
    }
  }

  /** The index of a hand drawn in proportion to its weight. */
  draw(rng: Rng): number {
    const target = (rng.nextU32() / 2 ** 32) * this.cumulative.at(-1)!;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
