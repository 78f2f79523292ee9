// The order the searches try a node's moves in: the table's move first, then more cards before fewer, low
// cards before high ones, bombs late and the pass last; moves that lose at once go last, and a move that wins for
// sure is found on the way.

import { answerable, answersOfHand, codeOfHand, maybeOneCombination } from "./hand-facts";
import { beats, BOMB, codeCards, codeKey, codes, codeType, MAX_MOVES, MAX_PLY, PASS, removals } from "./moves";

export const order = new StaticArray<i32>(MAX_MOVES * MAX_PLY);
export const priority = new StaticArray<i32>(MAX_MOVES * MAX_PLY);

/** Priority of a move that loses at once: the other goes out in its answer. Such moves sort last. */
export const LOSES_AT_ONCE: i32 = -(1 << 24);
/** A move whose child the table knows the other wins: not searched again. */
export const KNOWN_WON: i32 = -(1 << 25);
/** After orderMoves found a sure win: in how many plies it ends (1: the move empties the hand). */
let winPlies: i32 = 0;

/**
 * Sorts the moves at `ply` (indices into the stack) by priority, the table's move first, then more cards
 * first, then lower ones, bombs late and the pass last. When the other's whole hand is
 * one combination, a pass or a play it beats loses at once: those go last, marked LOSES_AT_ONCE. Returns a
 * move that wins for sure (it empties the hand, or the other cannot answer it and the rest goes out in one
 * play; winPlies says which), or -1.
 */
export function orderMoves(me: u64, other: u64, n: i32, ply: i32, tableMove: i32): i32 {
  const base = ply * MAX_MOVES;
  const otherGoesOut = maybeOneCombination(other) ? codeOfHand(other) : -1;
  let otherAnswers: u64 = 0;
  let summarized = false;
  for (let i = 0; i < n; i++) {
    const code = unchecked(codes[base + i]);
    const removal = unchecked(removals[base + i]);
    let p: i32;
    if (code == PASS) p = otherGoesOut >= 0 ? LOSES_AT_ONCE : -10000;
    else {
      if (removal == me) {
        winPlies = 1;
        return i;
      }
      const rest = me - removal;
      if (maybeOneCombination(rest)) {
        if (!summarized) {
          otherAnswers = answersOfHand(other);
          summarized = true;
        }
        if (!answerable(otherAnswers, code) && codeOfHand(rest) >= 0) {
          winPlies = 3;
          return i;
        }
      }
      // Plays the other cannot beat are not put first: the control they give is worth more later.
      p = otherGoesOut >= 0 && beats(otherGoesOut, code) ? LOSES_AT_ONCE : codeCards(code) * 100 - codeKey(code) * 20 - (codeType(code) == BOMB ? 1500 : 0);
    }
    if (i == tableMove && p != LOSES_AT_ONCE) p = 1 << 20;
    unchecked((priority[base + i] = p));
    unchecked((order[base + i] = i));
  }
  // Insertion sort, highest priority first: move lists are short.
  for (let i = 1; i < n; i++) {
    const moved = unchecked(order[base + i]);
    const p = unchecked(priority[base + moved]);
    let j = i - 1;
    while (j >= 0 && unchecked(priority[base + unchecked(order[base + j])]) < p) {
      unchecked((order[base + j + 1] = order[base + j]));
      j--;
    }
    unchecked((order[base + j + 1] = moved));
  }
  return -1;
}


/** After orderMoves found a sure win: in how many plies it ends (1: the move empties the hand). */
@inline
export function pliesToWin(): i32 {
  return winPlies;
}
