// The root of a Red Ten search: the two hands, the mover and the play it must beat, the root's moves, and what
// a search found there (its best move, each move's value).

import { articleSearch, score } from "./article";
import { codes, count, generate, LEAD, MAX_MOVES, removals } from "./moves";

let hands = new StaticArray<u64>(2);
let mover: i32 = 0;
let rootLast: i32 = LEAD;
let rootCount: i32 = 0;
let best: i32 = -1;
/** Per-move results of the last root analysis. */
export const rootValues = new StaticArray<i32>(MAX_MOVES);

/** A hand's counts: classes 0-7 in `low` (4 bits each, class 0 lowest), classes 8-15 in `high`. */
export function setHand(seat: i32, low: u32, high: u32): void {
  hands[seat] = (<u64>high << 32) | <u64>low;
}

/** The mover and the play it must beat (a play code, 0 for a lead); generates the root's moves. */
export function setTurn(seat: i32, last: i32): i32 {
  mover = seat;
  rootLast = last;
  rootCount = generate(hands[seat], last, 0);
  return rootCount;
}

/** The mover's hand, the other's, the play to beat, and how many moves the root has. */
@inline
export function moverHand(): u64 {
  return hands[mover];
}

@inline
export function otherHand(): u64 {
  return hands[1 - mover];
}

@inline
export function lastPlay(): i32 {
  return rootLast;
}

@inline
export function rootMoves(): i32 {
  return rootCount;
}

/** The article's getScoreOfOne of a seat's hand, under the weights set (its evaluation is the mover's less the other's). */
export function articleHandScore(seat: i32): i32 {
  return score(hands[seat]);
}

/** The article bot's value of the root for the mover, searching `depth` plies below its move (articleBest()), within `msLimit` (0: none). */
export function articleValue(depth: i32, msLimit: f64): i32 {
  return articleSearch(hands[mover], hands[1 - mover], rootLast, depth, msLimit);
}

export function rootMoveCode(i: i32): i32 {
  return codes[i];
}

/** How many cards of a class root move i takes. */
export function rootMoveTakes(i: i32, cls: i32): i32 {
  return count(removals[i], cls);
}

export function bestMove(): i32 {
  return best;
}

/** A search's best root move so far (-1: none yet). */
@inline
export function setBest(i: i32): void {
  best = i;
}

export function rootValue(i: i32): i32 {
  return rootValues[i];
}
