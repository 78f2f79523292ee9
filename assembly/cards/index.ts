// Red Ten core: the two hands as class counts (moves.ts), an exact solver that proves who wins with both
// hands known (an AND/OR search: the mover wins if some move leaves the other losing), and a heuristic
// alpha-beta for hands too large to solve, over an estimate of how many plays each hand needs to go out.
// Both share one transposition table (different keys). A move that empties the hand, or one the other cannot
// answer that leaves a hand of one combination, wins at once. After a play the other cannot answer, the solver
// goes straight to the mover's next lead (the other's forced pass is no node). It looks every child up in the table
// before searching any (a child known lost wins at once, one known won is not searched again); the others are
// tried the table's move first, then more cards before fewer, low cards before high ones, bombs late and the
// pass last. Exports are numbers only; the root's moves are in the canonical order of the TypeScript rules, so a
// root move index means the same move on both sides.

import { countNode, reportIteration, searchStopped, startSearch } from "../common/stats";
import { ttClear, ttInit, ttProbe, ttStore, ttTouch } from "../common/tt";
import { beats, BOMB, cardCount, codeCards, codeKey, codes, codeType, count, generate, handCode, heldPlaces, LEAD, MAX_MOVES, MAX_PLY, PAIR, PASS, rankAtPlace, rankCount, removals, SINGLE, singleKey } from "./moves";

import { articleSearch } from "./article";

export { nodeCount, elapsedMs, searchStopped, setReporting } from "../common/stats";
export { articleBest, articleNodes, setArticleWeights } from "./article";

const WIN: i32 = 30000;

let hands = new StaticArray<u64>(2);
let mover: i32 = 0;
let rootLast: i32 = LEAD;
let rootCount: i32 = 0;
let best: i32 = -1;
/** Per-move results of the last root analysis. */
const rootValues = new StaticArray<i32>(MAX_MOVES);

export function initTable(log2Buckets: i32): void {
  ttInit(log2Buckets);
}

/** Forgets every position: a bot's search then does not depend on what the worker searched before. */
export function clearTable(): void {
  ttClear();
}

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

/** The article bot's value of the root for the mover, searching `depth` plies below its move (articleBest()). */
export function articleValue(depth: i32): i32 {
  return articleSearch(hands[mover], hands[1 - mover], rootLast, depth);
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

export function rootValue(i: i32): i32 {
  return rootValues[i];
}

// ---- keys and move order ----

@inline
function mix(x: u64): u64 {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9;
  x = (x ^ (x >> 27)) * 0x94d049bb133111eb;
  return x ^ (x >> 31);
}

@inline
function keyOf(me: u64, other: u64, last: i32, salt: u64): u64 {
  return mix(me ^ mix(other ^ mix((<u64>(last + 2) << 1) ^ salt)));
}

const EXACT_SALT: u64 = 0x1234567;
const HEURISTIC_SALT: u64 = 0x7654321;

const order = new StaticArray<i32>(MAX_MOVES * MAX_PLY);
const priority = new StaticArray<i32>(MAX_MOVES * MAX_PLY);

// Facts about a hand that depend on it alone, kept in a small cache (the same hands come back at many nodes):
// what it can answer with (its highest single, pair and bomb, and per straight length its highest start;
// -1: none), packed + 1 into a u64, and its play code when the whole hand is one combination (else -1).
const FACT_SLOTS_LOG2: i32 = 14;
const factHands = new StaticArray<u64>(1 << FACT_SLOTS_LOG2);
const factAnswers = new StaticArray<u64>(1 << FACT_SLOTS_LOG2);
const factCodes = new StaticArray<i32>(1 << FACT_SLOTS_LOG2);
const NO_HAND: u64 = u64.MAX_VALUE; // all counts 15: no hand has it
for (let i = 0; i < 1 << FACT_SLOTS_LOG2; i++) unchecked((factHands[i] = NO_HAND));

// Packed answers: bits 0-4 single, 5-8 pair, 9-13 bomb, then 4 bits per straight length 3..13.
function answersOf(hand: u64): u64 {
  let topSingle = -1;
  let topPair = -1;
  let topBomb = -1;
  for (let cls = 0; cls < 16; cls++) if (count(hand, cls) > 0) topSingle = max(topSingle, singleKey(cls));
  for (let rank = 0; rank < 13; rank++) {
    const c = rankCount(hand, rank);
    // Two red tens are a bomb, not a pair: a pair of tens needs a black one.
    const pairs = rank == 7 ? count(hand, 7) >= 1 && c >= 2 : c >= 2;
    if (pairs) topPair = max(topPair, rank);
    if (c >= 3) topBomb = max(topBomb, (c >= 4 ? 13 : 0) + rank);
  }
  if (count(hand, 14) + count(hand, 15) == 2) topBomb = max(topBomb, 26);
  if (count(hand, 13) == 2) topBomb = 27;
  let packed = <u64>(topSingle + 1) | (<u64>(topPair + 1) << 5) | (<u64>(topBomb + 1) << 9);
  const places = heldPlaces(hand);
  let run = 0;
  for (let place = 12; place >= 0; place--) {
    run = (places >> place) & 1 ? run + 1 : 0;
    // Places go down, so the first start seen for a length is its highest.
    for (let length = 3; length <= run; length++) {
      const shift = <u64>(14 + (length - 3) * 4);
      if (((packed >> shift) & 15) == 0) packed |= <u64>(place + 1) << shift;
    }
  }
  return packed;
}

/** The cache slot holding the facts of a hand. */
@inline
function factSlot(hand: u64): i32 {
  const slot = <i32>((hand * 0x9e3779b97f4a7c15) >> <u64>(64 - FACT_SLOTS_LOG2));
  if (unchecked(factHands[slot]) != hand) {
    unchecked((factHands[slot] = hand));
    unchecked((factAnswers[slot] = answersOf(hand)));
    unchecked((factCodes[slot] = handCode(hand)));
  }
  return slot;
}

/** A quick test that a hand might be one combination: at most 4 cards, or at most 13 with one of each class. */
@inline
function maybeOneCombination(hand: u64): bool {
  const cards = cardCount(hand);
  return cards <= 4 || (cards <= 13 && (hand & 0xeeeeeeeeeeeeeeee) == 0);
}

/** Whether a hand with these answers (answersOf) can beat a play. */
@inline
function answerable(answers: u64, code: i32): bool {
  const type = codeType(code);
  const key = codeKey(code);
  const topBomb = <i32>((answers >> 9) & 31) - 1;
  if (type == BOMB) return topBomb > key;
  if (topBomb >= 0) return true;
  if (type == SINGLE) return <i32>(answers & 31) - 1 > key;
  if (type == PAIR) return <i32>((answers >> 5) & 15) - 1 > key;
  return <i32>((answers >> <u64>(14 + (codeCards(code) - 3) * 4)) & 15) - 1 > key;
}

/** Priority of a move that loses at once: the other goes out in its answer. Such moves sort last. */
const LOSES_AT_ONCE: i32 = -(1 << 24);
/** A move whose child the table knows the other wins: not searched again. */
const KNOWN_WON: i32 = -(1 << 25);
/** After orderMoves found a sure win: in how many plies it ends (1: the move empties the hand). */
let winPlies: i32 = 0;

/**
 * Sorts the moves at `ply` (indices into the stack) by priority, the table's move first, then more cards
 * first, then lower ones, bombs late and the pass last. When the other's whole hand is
 * one combination, a pass or a play it beats loses at once: those go last, marked LOSES_AT_ONCE. Returns a
 * move that wins for sure (it empties the hand, or the other cannot answer it and the rest goes out in one
 * play; winPlies says which), or -1.
 */
function orderMoves(me: u64, other: u64, n: i32, ply: i32, tableMove: i32): i32 {
  const base = ply * MAX_MOVES;
  const otherGoesOut = maybeOneCombination(other) ? unchecked(factCodes[factSlot(other)]) : -1;
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
          otherAnswers = unchecked(factAnswers[factSlot(other)]);
          summarized = true;
        }
        if (!answerable(otherAnswers, code) && unchecked(factCodes[factSlot(rest)]) >= 0) {
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

// ---- the exact solver ----

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
    if (ply == 0) best = sureWin;
    return true;
  }
  const base = ply * MAX_MOVES;
  const depth = <u32>min(63, cardCount(me) + cardCount(other));
  // A play the other cannot answer leaves it a pass and nothing else: that position is skipped, the one after
  // it (the mover leads again) stands for the play, with its result as the mover's own (a third of the nodes
  // on 16 cards each).
  const otherAnswers = unchecked(factAnswers[factSlot(other)]);
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
      if (ply == 0) best = i;
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
      if (ply == 0) best = i;
      return true;
    }
  }
  ttStore(key, depth | LOST);
  return false;
}

/** Solves the root: 1 the mover wins (bestMove() is a winning move), 0 it loses, -1 the budget ran out. */
export function solve(nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  best = -1;
  const me = hands[mover];
  const result = wins(me, hands[1 - mover], rootLast, 0, keyOf(me, hands[1 - mover], rootLast, EXACT_SALT));
  if (searchStopped()) return -1;
  reportIteration(cardCount(me) + cardCount(hands[1 - mover]), result ? 1 : -1, best);
  return result ? 1 : 0;
}

/** The exact result of each root move (rootValue: 1 wins, 0 loses); -1 when the budget ran out first. */
export function solveMoves(nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  const me = hands[mover];
  const other = hands[1 - mover];
  generate(me, rootLast, 0);
  best = -1;
  for (let i = 0; i < rootCount; i++) {
    const code = codes[i];
    const removal = removals[i];
    const won = removal == me || (code == PASS ? !wins(other, me, LEAD, 1, keyOf(other, me, LEAD, EXACT_SALT)) : !wins(other, me - removal, code, 1, keyOf(other, me - removal, code, EXACT_SALT)));
    if (searchStopped()) return -1;
    rootValues[i] = won ? 1 : 0;
    if (won && best < 0) best = i;
  }
  return 1;
}

// ---- the heuristic search ----

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
    if (ply == 0) best = sureWin;
    return WIN - ply - winPlies + 1;
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
      if (ply == 0) best = i;
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
  best = -1;
  const value = alphaBeta(hands[mover], hands[1 - mover], rootLast, depth, -WIN, WIN, 0);
  if (!searchStopped()) reportIteration(depth, value, best);
  return value;
}

/** The heuristic value of each root move looking `depth` plies ahead (rootValue); -1 when the budget ran out. */
export function searchMoves(depth: i32, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  const me = hands[mover];
  const other = hands[1 - mover];
  generate(me, rootLast, 0);
  for (let i = 0; i < rootCount; i++) {
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
