// Red Ten's exact solver: who wins with both hands known, an AND/OR search (the mover wins if some move leaves
// the other losing). A move that empties the hand, or one the other cannot answer that leaves a hand of one
// combination, wins at once. After a play the other cannot answer it goes straight to the mover's next lead (the
// other's forced pass is no node). It looks every child up in the table before searching any (a child known lost
// wins at once, one known won is not searched again).

import { countNode, reportIteration, searchStopped, startSearch } from "../common/stats";
import { ttProbe, ttStore, ttTouch } from "../common/tt";
import { answerable, answersOfHand } from "./hand-facts";
import { EXACT_SALT, keyOf } from "./keys";
import { KNOWN_WON, LOSES_AT_ONCE, order, orderMoves, priority } from "./move-order";
import { cardCount, codes, generate, LEAD, MAX_MOVES, MAX_PLY, PASS, removals } from "./moves";
import { bestMove, lastPlay, moverHand, otherHand, rootMoves, rootValues, setBest } from "./position";

// A solver entry: the cards in play (the replacement depth) and whether the mover wins.
const WON: u32 = 1 << 6;
const LOST: u32 = 2 << 6;

/** The table keys of the moves' children, per ply of the move stack, and whether the child is the other's forced pass. */
const childKeys = new StaticArray<u64>(MAX_MOVES * MAX_PLY);
const otherPasses = new StaticArray<bool>(MAX_MOVES * MAX_PLY);

/** Whether the mover (holding `me`, to beat `last`; the position's table key `key`) wins against `other` with best play. */
function wins(me: u64, other: u64, last: i32, ply: i32, key: u64): bool {
  if (countNode() || ply >= MAX_PLY - 2) return false;
  const entry = ttProbe(key);
  if (entry & WON) return true;
  if (entry & LOST) return false;
  const n = generate(me, last, ply);
  // (The solver's entries are all results, so here there is no table move to try first.)
  const sureWin = orderMoves(me, other, n, ply, -1);
  if (sureWin >= 0) {
    if (ply == 0) setBest(sureWin);
    return true;
  }
  const base = ply * MAX_MOVES;
  const depth = <u32>min(63, cardCount(me) + cardCount(other));
  // A play the other cannot answer leaves it a pass and nothing else: that position is skipped, the one after
  // it (the mover leads again) stands for the play, with its result as the mover's own (a third of the nodes
  // on 16 cards each).
  const otherAnswers = answersOfHand(other);
  // A move to a position the table knows the other loses wins without a search (transpositions are common:
  // the same cards go out in another order). The children's entries are fetched together first, so that their
  // memory latencies overlap; the keys are kept for the search below.
  for (let i = 0; i < n; i++) {
    const code = unchecked(codes[base + i]);
    const rest = me - unchecked(removals[base + i]);
    const passes = code != PASS && !answerable(otherAnswers, code);
    const child = code == PASS ? keyOf(other, me, LEAD, EXACT_SALT) : passes ? keyOf(rest, other, LEAD, EXACT_SALT) : keyOf(other, rest, code, EXACT_SALT);
    unchecked((otherPasses[base + i] = passes));
    unchecked((childKeys[base + i] = child));
    ttTouch(child);
  }
  for (let i = 0; i < n; i++) {
    let known = ttProbe(unchecked(childKeys[base + i]));
    if (unchecked(otherPasses[base + i])) known = known & WON ? LOST : known & LOST ? WON : 0; // the mover's own result
    if (known & LOST) {
      ttStore(key, depth | WON);
      if (ply == 0) setBest(i);
      return true;
    }
    if (known & WON) unchecked((priority[base + i] = KNOWN_WON));
  }
  for (let k = 0; k < n; k++) {
    const i = unchecked(order[base + k]);
    const p = unchecked(priority[base + i]);
    if (p == LOSES_AT_ONCE) break;
    if (p == KNOWN_WON) continue;
    const code = unchecked(codes[base + i]);
    const childKey = unchecked(childKeys[base + i]);
    const rest = me - unchecked(removals[base + i]);
    const won = code == PASS ? !wins(other, me, LEAD, ply + 1, childKey)
      : unchecked(otherPasses[base + i]) ? wins(rest, other, LEAD, ply + 2, childKey)
      : !wins(other, rest, code, ply + 1, childKey);
    if (searchStopped()) return false;
    if (won) {
      ttStore(key, depth | WON);
      if (ply == 0) setBest(i);
      return true;
    }
  }
  ttStore(key, depth | LOST);
  return false;
}

/** Solves the root: 1 the mover wins (bestMove() is a winning move), 0 it loses, -1 the budget ran out. */
export function solve(nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  setBest(-1);
  const me = moverHand();
  const other = otherHand();
  const result = wins(me, other, lastPlay(), 0, keyOf(me, other, lastPlay(), EXACT_SALT));
  if (searchStopped()) return -1;
  reportIteration(cardCount(me) + cardCount(other), result ? 1 : -1, bestMove());
  return result ? 1 : 0;
}

/** The exact result of each root move (rootValue: 1 wins, 0 loses); -1 when the budget ran out first. */
export function solveMoves(nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  const me = moverHand();
  const other = otherHand();
  generate(me, lastPlay(), 0);
  setBest(-1);
  for (let i = 0; i < rootMoves(); i++) {
    const code = codes[i];
    const removal = removals[i];
    const won = removal == me || (code == PASS ? !wins(other, me, LEAD, 1, keyOf(other, me, LEAD, EXACT_SALT)) : !wins(other, me - removal, code, 1, keyOf(other, me - removal, code, EXACT_SALT)));
    if (searchStopped()) return -1;
    rootValues[i] = won ? 1 : 0;
    if (won && bestMove() < 0) setBest(i);
  }
  return 1;
}
