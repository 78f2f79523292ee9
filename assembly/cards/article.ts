// The article bot's search in the core: the same evaluation and negamax as src/games/cards/article-bot.ts
// (the authority; a differential test checks the move, the value and the node count), fast enough for
// tournaments of hundreds of full deals.

import { countNode, searchStopped, startSearch } from "../common/stats";
import { codes, count, generate, LEAD, MAX_MOVES, MAX_PLY, PASS, removals } from "./moves";

const WIN: i32 = 5000;
const NEG_INF: i32 = -1000000000;

let redTenBonus: i32 = 16;
let pairBonus: i32 = 2;
let straightBonus: i32 = 1;
let bombBonus: i32 = 16;
let doubleJokerBonus: i32 = 100;
let doubleRedTenBonus: i32 = 150;
let maxLevel: i32 = 5;
let nodes: i32 = 0;
let bestIndex: i32 = -1;

export function setArticleWeights(redTen: i32, pair: i32, straight: i32, bomb: i32, doubleJoker: i32, doubleRedTen: i32): void {
  redTenBonus = redTen;
  pairBonus = pair;
  straightBonus = straight;
  bombBonus = bomb;
  doubleJokerBonus = doubleJoker;
  doubleRedTenBonus = doubleRedTen;
}

const byRank = new StaticArray<i32>(14);

/** getScoreOfOne as article-bot.ts reads it. */
export function score(hand: u64): i32 {
  for (let rank = 0; rank <= 12; rank++) unchecked((byRank[rank] = count(hand, rank)));
  unchecked((byRank[7] += count(hand, 13)));
  unchecked((byRank[13] = count(hand, 14) + count(hand, 15)));
  let size = 0;
  let total = 0;
  for (let rank = 0; rank < 14; rank++) {
    size += unchecked(byRank[rank]);
    total += rank * unchecked(byRank[rank]);
  }
  total -= size * size;
  total += redTenBonus * count(hand, 13);
  if (count(hand, 13) == 2) total += doubleRedTenBonus;
  if (unchecked(byRank[13]) == 2) total += doubleJokerBonus;
  let equal = 0;
  let consecutive = 0;
  let previous = -1;
  for (let rank = 0; rank < 14; rank++) {
    const held = unchecked(byRank[rank]);
    if (held == 0) continue;
    // The first card of a rank closes the previous groups; the others only count as equal neighbours.
    if (previous >= 0) {
      if (equal == 2) total += pairBonus;
      else if (equal >= 3) total += bombBonus * equal;
      equal = 0;
      if (rank == previous + 1) consecutive++;
      else {
        if (consecutive >= 3) total += straightBonus * consecutive;
        consecutive = 0;
      }
    }
    equal += held - 1;
    previous = rank;
  }
  return total;
}

function negamax(me: u64, them: u64, last: i32, level: i32, alpha: i32, beta: i32, ply: i32): i32 {
  nodes++;
  if (countNode()) return 0;
  if (them == 0) return -(WIN - level);
  if (level == maxLevel || ply >= MAX_PLY - 1) return score(me) - score(them);
  const n = generate(me, last, ply);
  const base = ply * MAX_MOVES;
  let best = NEG_INF;
  for (let i = 0; i < n; i++) {
    const code = unchecked(codes[base + i]);
    const value = code == PASS
      ? -negamax(them, me, LEAD, level + 1, -beta, -alpha, ply + 1)
      : -negamax(them, me - unchecked(removals[base + i]), code, level + 1, -beta, -alpha, ply + 1);
    if (searchStopped()) return 0;
    if (value > best) best = value;
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  return best;
}

/**
 * The article's think(): the value of its best move for `me` (articleBest() is its index among the root moves).
 * A search past its time (0 = none) stops: searchStopped() says so, and its result means nothing.
 */
export function articleSearch(me: u64, them: u64, last: i32, depth: i32, msLimit: f64): i32 {
  startSearch(0, msLimit);
  maxLevel = depth;
  nodes = 0;
  bestIndex = -1;
  const n = generate(me, last, 0);
  let bestValue = NEG_INF;
  for (let i = 0; i < n; i++) {
    const code = codes[i];
    const value = code == PASS
      ? -negamax(them, me, LEAD, 0, NEG_INF, -bestValue, 1)
      : -negamax(them, me - removals[i], code, 0, NEG_INF, -bestValue, 1);
    if (searchStopped()) return 0;
    if (value > bestValue) {
      bestValue = value;
      bestIndex = i;
    }
  }
  return bestValue;
}

export function articleBest(): i32 {
  return bestIndex;
}

export function articleNodes(): i32 {
  return nodes;
}
