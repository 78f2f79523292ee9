// The Red Ten core's exports (assembly/cards) and how a position is set up in it.

import type { CoreExports } from '../../contracts/core';
import { classCounts } from './cards';
import type { Combo } from './combos';

/** The core's exports (assembly/cards: what each does is written there). */
export type CardsCore = CoreExports<typeof import('../../../build/cards')>;

const TYPE_CODES = { single: 1, pair: 2, straight: 3, bomb: 4 } as const;

/** The core's code of a play: type * 1024 + cards * 64 + key; 0 is a lead. */
export function playCode(last: Combo | null): number {
  return last ? TYPE_CODES[last.type] * 1024 + last.classes.length * 64 + last.key : 0;
}

/** The core's hand: 16 four-bit counts, classes 0-7 in the low word and 8-15 in the high one. */
export function packHand(cards: readonly number[]): [number, number] {
  const counts = classCounts(cards);
  let low = 0;
  let high = 0;
  for (let cls = 0; cls < 8; cls++) low += counts[cls] * 16 ** cls;
  for (let cls = 8; cls < 16; cls++) high += counts[cls] * 16 ** (cls - 8);
  return [low, high];
}

/**
 * Transposition table buckets (32 bytes each). A bot's searches stop at a node budget and clear the table every
 * move: 2^21 (128 MB; 14-card solves need less than half the nodes they need with 16 MB).
 */
export const BOT_TABLE_LOG2 = 21;

/**
 * The table for an exact solve of hands with `cards` cards in all: a solve needs about ten times the nodes per
 * two more cards each, and its table grows with it (2^17 buckets = 8 MB for 12 each, 2^23 = 512 MB for 16 each
 * and more: twice that gained nothing there). A table much larger than the
 * search only makes its probes miss the cache; a smaller one costs nodes.
 */
export function solveTableLog2(cards: number): number {
  return Math.min(23, Math.max(12, 17 + Math.round((cards - 24) * 0.8)));
}

const tableSizes = new WeakMap<CardsCore, number>();

/** setPosition's table size for a search that uses no table (the article bot's): the one the core has. */
export const ANY_TABLE = 0;

/** Sets up two hands, the mover and the play to beat, with a table of 2^log2Buckets buckets; returns the number of root moves. */
export function setPosition(
  core: CardsCore,
  hands: readonly [readonly number[], readonly number[]],
  mover: 0 | 1,
  last: Combo | null,
  log2Buckets = BOT_TABLE_LOG2,
): number {
  if (log2Buckets !== ANY_TABLE && tableSizes.get(core) !== log2Buckets) {
    core.initTable(log2Buckets);
    tableSizes.set(core, log2Buckets);
  }
  for (const [seat, hand] of hands.entries()) core.setHand(seat, ...packHand(hand));
  return core.setTurn(mover, playCode(last));
}
