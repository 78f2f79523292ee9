// The Red Ten core's exports (assembly/cards) and how a position is set up in it.

import { classCounts } from './cards';
import type { Combo } from './combos';

export interface CardsCore {
  initTable(log2Buckets: number): void;
  clearTable(): void;
  setHand(seat: number, low: number, high: number): void;
  /** Generates the root's moves (the rules' legal moves, in the same order) and returns how many. */
  setTurn(seat: number, last: number): number;
  rootMoveCode(i: number): number;
  setArticleWeights(redTen: number, pair: number, straight: number, bomb: number, doubleJoker: number, doubleRedTen: number): void;
  articleValue(depth: number): number;
  articleBest(): number;
  articleNodes(): number;
  rootMoveTakes(i: number, cls: number): number;
  /** 1 the mover wins, 0 it loses, -1 the budget ran out. */
  solve(nodeLimit: number, msLimit: number): number;
  solveMoves(nodeLimit: number, msLimit: number): number;
  search(depth: number, nodeLimit: number, msLimit: number): number;
  searchMoves(depth: number, nodeLimit: number, msLimit: number): number;
  bestMove(): number;
  rootValue(i: number): number;
  nodeCount(): number;
  elapsedMs(): number;
  searchStopped(): number;
}

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

/** A table of 2^21 buckets (64 MB): 14-card solves need less than half the nodes they need with 8 MB. */
export const TABLE_LOG2 = 21;
const ready = new WeakSet<CardsCore>();

/** Sets up two hands, the mover and the play to beat; returns the number of root moves. */
export function setPosition(core: CardsCore, hands: readonly [readonly number[], readonly number[]], mover: 0 | 1, last: Combo | null): number {
  if (!ready.has(core)) {
    core.initTable(TABLE_LOG2);
    ready.add(core);
  }
  hands.forEach((hand, seat) => core.setHand(seat, ...packHand(hand)));
  return core.setTurn(mover, playCode(last));
}
