// Red Ten's heuristic search, for hands too large to solve: alpha-beta to a depth over an estimate of how many
// plays each hand needs to go out and of the control it holds, with the same move order and sure wins as the
// exact solver, and its own entries in the table.

import { countNode, reportIteration, searchStopped, startSearch } from "../common/stats";
import { ttProbe, ttStore } from "../common/tt";
import { HEURISTIC_SALT, keyOf } from "./keys";
import { order, orderMoves, pliesToWin } from "./move-order";
import { codes, count, generate, LEAD, MAX_MOVES, MAX_PLY, PASS, rankAtPlace, rankCount, removals } from "./moves";
import { bestMove, lastPlay, moverHand, otherHand, rootMoves, rootValues, setBest } from "./position";

const WIN: i32 = 30000;
const BOUND_EXACT: u32 = 1 << 6;
const BOUND_LOWER: u32 = 2 << 6;
const BOUND_UPPER: u32 = 3 << 6;

/**
 * About how many plays a hand needs to go out: one per rank held (a single, a pair or a bomb), one for the
 * jokers, less what straights save (a run of 3 or more ranks of one or two cards: the singles in it go out
 * in one play).
 */
function playsNeeded(hand: u64): i32 {
  let plays = count(hand, 14) + count(hand, 15) > 0 ? 1 : 0;
  let run = 0;
  let singles = 0;
  for (let place = 0; place <= 13; place++) {
    const c = place < 13 ? rankCount(hand, rankAtPlace(place)) : 0;
    if (c > 0) plays++;
    if (c == 1 || c == 2) {
      run++;
      if (c == 1) singles++;
    } else {
      if (run >= 3 && singles > 1) plays -= singles - 1;
      run = 0;
      singles = 0;
    }
  }
  return plays;
}

/** Bombs and the cards nothing but a bomb beats: what wins back the lead. */
function control(hand: u64): i32 {
  let bombs = 0;
  for (let rank = 0; rank <= 12; rank++) {
    if (rankCount(hand, rank) >= 3) bombs++;
  }
  if (count(hand, 14) + count(hand, 15) == 2) bombs++;
  if (count(hand, 13) == 2) bombs++;
  return bombs * 3 + count(hand, 13) + count(hand, 15);
}

/** The mover's outlook: fewer plays to go than the other, more control, and the lead. */
function evaluate(me: u64, other: u64, last: i32): i32 {
  return 100 * (playsNeeded(other) - playsNeeded(me)) + 20 * (control(me) - control(other)) + (last == LEAD ? 40 : 0);
}

function alphaBeta(me: u64, other: u64, last: i32, depth: i32, alpha: i32, beta: i32, ply: i32): i32 {
  if (countNode() || ply >= MAX_PLY - 2) return 0;
  const key = keyOf(me, other, last, HEURISTIC_SALT);
  const entry = ttProbe(key);
  let tableMove = -1;
  if (entry) {
    tableMove = <i32>((entry >> 8) & 255) - 1;
    const value = <i32>(entry >> 16) - 32768;
    const bound = entry & (3 << 6);
    if (<i32>(entry & 63) >= depth && ply > 0) {
      if (bound == BOUND_EXACT) return value;
      if (bound == BOUND_LOWER && value >= beta) return value;
      if (bound == BOUND_UPPER && value <= alpha) return value;
    }
  }
  const n = generate(me, last, ply);
  const sureWin = orderMoves(me, other, n, ply, tableMove);
  if (sureWin >= 0) {
    if (ply == 0) setBest(sureWin);
    return WIN - ply - pliesToWin() + 1;
  }
  if (depth <= 0) return evaluate(me, other, last);
  const base = ply * MAX_MOVES;
  const alphaIn = alpha;
  let bestValue = -WIN;
  let bestIndex = -1;
  for (let k = 0; k < n; k++) {
    const i = unchecked(order[base + k]);
    const code = unchecked(codes[base + i]);
    const value = code == PASS
      ? -alphaBeta(other, me, LEAD, depth - 1, -beta, -alpha, ply + 1)
      : -alphaBeta(other, me - unchecked(removals[base + i]), code, depth - 1, -beta, -alpha, ply + 1);
    if (searchStopped()) return 0;
    if (value > bestValue) {
      bestValue = value;
      bestIndex = i;
      if (ply == 0) setBest(i);
      if (value > alpha) alpha = value;
      if (alpha >= beta) break;
    }
  }
  const bound = bestValue <= alphaIn ? BOUND_UPPER : bestValue >= beta ? BOUND_LOWER : BOUND_EXACT;
  ttStore(key, <u32>min(63, depth) | bound | (<u32>(bestIndex + 1) << 8) | (<u32>(bestValue + 32768) << 16));
  return bestValue;
}

/** The mover's heuristic value looking `depth` plies ahead (bestMove() is its move); 0 if the budget ran out. */
export function search(depth: i32, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  setBest(-1);
  const value = alphaBeta(moverHand(), otherHand(), lastPlay(), depth, -WIN, WIN, 0);
  if (!searchStopped()) reportIteration(depth, value, bestMove());
  return value;
}

/** The heuristic value of each root move looking `depth` plies ahead (rootValue); -1 when the budget ran out. */
export function searchMoves(depth: i32, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  const me = moverHand();
  const other = otherHand();
  generate(me, lastPlay(), 0);
  for (let i = 0; i < rootMoves(); i++) {
    const code = codes[i];
    const removal = removals[i];
    const value = removal == me ? WIN : code == PASS
      ? -alphaBeta(other, me, LEAD, depth - 1, -WIN, WIN, 1)
      : -alphaBeta(other, me - removal, code, depth - 1, -WIN, WIN, 1);
    if (searchStopped()) return -1;
    rootValues[i] = value;
  }
  return 1;
}
