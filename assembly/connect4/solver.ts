// The Connect 4 solver, after Christophe Steininger's c4 (itself after Pascal Pons' and John Tromp's): negamax
// with alpha-beta on Pons' score convention, where
// - a position is first looked at without search ("static"): a loss next turn, bounds from the number of moves
//   left, forced replies played out on the spot, the claimeven bound, and the table's entry (probing the
//   children's entries before searching any of them: enhanced transposition cutoffs);
// - the children left are searched in the order of the threats they make (those that could be completed next,
//   the move that refuted this position before, threats two moves out, all threats, the centre);
// - the table keeps bounds with the best column and the work they cost (transposition-table.ts);
// - the exact score is found by null-window searches on the same table: Pons' bisection until the score is
//   bracketed, then c4's windows next to the last bound (solve).
// A node is one call of negamax, a position searched beyond its static look (Steininger counts the same).

import { addNodes, countNode, nodesSoFar, reportIteration, searchStopped, startSearch } from "../common/stats";
import { claimevenBound, moverCanStillWin } from "./bounds";
import { childAllStones, childColumn, childStones, childThreats, setChild, setOrder, sortChildren } from "./move-sorter";
import {
  allStones,
  boardCells,
  boardHeight,
  boardMask,
  boardWidth,
  bottomMask,
  canWinNext,
  columnMask,
  isWinningMove,
  maxScore,
  minScore,
  mirroredKey,
  opponentStones,
  ownStones,
  play,
  playColumn,
  possible,
  setStones,
  stones,
  tableKey,
  threatsOf,
  undo,
} from "./position";
import { EXACT, LOWER, UPPER, entryColumn, entryScore, entryType, syncTable, tableGet, tablePut } from "./transposition-table";
import {
  claimResult,
  finishHelpers,
  helperDone,
  helpers,
  searchedElsewhere,
  startHelpers,
  startedSearching,
  stoppedSearching,
  stopRequested,
  takeHelperNodes,
  threadBlock,
  workAll,
  workAlpha,
  workBeta,
  workCurrent,
  workMoves,
} from "./thread-memory";

/** Plies before which threads share out the children of a node (see negamax): 18 on 7x6. */
@inline
function sharedPlies(): i32 {
  return boardCells() - 24;
}
/** Plies before which a position's entry is probed in its parent's static look (enhanced transposition cutoffs). */
@inline
function etcPlies(): i32 {
  return boardCells() - 15;
}
const INFINITE: i32 = 1000;
/** Pons' windows this close to 0 are not cheap enough to bisect with (solve). */
const NEAR_ZERO: i32 = 4;
/**
 * Move order weights: Steininger's 1.2, 0.5, 0.5, 0.3 and 0.1 x (distance from the edge) / width, times 70 x
 * width (so that all are whole numbers: on 7x6 the threats weigh 7 x 84, ... and the distance 7 x 1).
 */
export const NEXT_THREAT = 84;
const TABLE_MOVE = 35;
const SECOND_THREAT = 35;
export const ANY_THREAT = 21;

/** The score of a win by the stone that makes `stonesAfter` stones on the board. */
@inline
export function winScore(stonesAfter: i32): i32 {
  return 1 + (boardCells() - stonesAfter) / 2;
}

// The search's statistics since the last solve began (this thread's): the table probes of searched nodes and
// how many found an entry, the nodes whose children were searched and how many had their best move first.
let probes: u64 = 0;
let hits: u64 = 0;
let expanded: u64 = 0;
let firstBest: u64 = 0;

/** The share of table probes that found the position (0 to 1). */
export function tableHitRate(): f64 {
  return probes ? <f64>hits / <f64>probes : 0;
}

/** The share of searched nodes whose first move (the order's guess) was the best. */
export function firstMoveRate(): f64 {
  return expanded ? <f64>firstBest / <f64>expanded : 0;
}

/** Set by staticLook: whether its answer is the position's value within the window (else it is a bound). */
let settled = false;

/**
 * The position's value without search, within (alpha, beta), for the side to move (which cannot win at once),
 * given the opponent's threats.
 * Plays out forced replies on the position itself. Sets `settled` when the answer is final; otherwise returns
 * an upper bound met in the table (or INFINITE), and the position is where the forced replies led.
 */
function staticLook(alpha: i32, beta: i32, opponentThreats: u64): i32 {
  const moves = stones();
  if (beta > 0 && !moverCanStillWin()) {
    beta = 0;
    if (alpha >= beta) {
      settled = true;
      return beta;
    }
  }
  const playable = possible();
  const nonLosing = playable & ~(opponentThreats >> 1);
  const opponentWins = opponentThreats & playable;
  // Lost next turn: every move is under an opponent's four, or two fours to block, or one that cannot be.
  if (nonLosing == 0 || (opponentWins != 0 && ((opponentWins & (opponentWins - 1)) != 0 || (opponentWins & nonLosing) == 0))) {
    settled = true;
    return -winScore(moves + 2);
  }
  // Neither side wins within its next stone.
  alpha = max(alpha, -winScore(moves + 4));
  beta = min(beta, winScore(moves + 3));
  if (alpha >= beta) {
    settled = true;
    return beta;
  }
  // A forced reply (a four to block, or the only move that does not lose): played, and looked at in turn.
  const forced = opponentWins != 0 ? opponentWins : (nonLosing & (nonLosing - 1)) == 0 ? nonLosing : 0;
  if (forced) {
    play(forced);
    const score = -staticLook(-beta, -alpha, threatsOf(opponentStones()));
    return settled ? score : INFINITE;
  }
  if ((moves & 1) == 0 && (boardHeight() & 1) == 0) {
    beta = min(beta, claimevenBound());
    if (alpha >= beta) {
      settled = true;
      return beta;
    }
  }
  if (moves < etcPlies()) {
    const entry = tableGet(tableKey());
    if (entry) {
      const score = entryScore(entry);
      const type = entryType(entry);
      if (type == EXACT) {
        settled = true;
        return score;
      }
      if (type == LOWER) alpha = max(alpha, score);
      else beta = min(beta, score);
      if (alpha >= beta) {
        settled = true;
        return score;
      }
      if (type == UPPER) return beta;
    }
  }
  return INFINITE;
}

/** The bound a result proves, knowing the window it was searched with and what the table held before. */
@inline
function boundType(value: i32, alpha: i32, beta: i32, entry: u64): i32 {
  if (value <= alpha) return entry != 0 && entryType(entry) == LOWER && entryScore(entry) == value ? EXACT : UPPER;
  if (value >= beta) return entry != 0 && entryType(entry) == UPPER && entryScore(entry) == value ? EXACT : LOWER;
  return EXACT;
}

/**
 * The position's value within (alpha, beta) for the side to move: a position the static look did not settle.
 * A budget that runs out, or another thread that finished, makes the result meaningless; such a search stores
 * nothing on its way back, so the table holds only what finished searches proved and is kept after a stopped one
 * (the next move's search starts from it).
 */
function negamax(alpha: i32, beta: i32): i32 {
  if (countNode() || stopRequested()) return 0;
  const moves = stones();
  const windowAlpha = alpha;
  const windowBeta = beta;
  if (!moverCanStillWin()) beta = min(beta, 0);
  alpha = max(alpha, -winScore(moves + 4));
  beta = min(beta, winScore(moves + 3));
  if (alpha >= beta) return beta;

  // Each move that does not lose at once, looked at without search: settled ones tighten the window.
  const opponentThreats = threatsOf(opponentStones());
  const nonLosing = possible() & ~(opponentThreats >> 1);
  const current = ownStones();
  const all = allStones();
  let value = -INFINITE;
  let count = 0;
  for (let column = 0; column < boardWidth(); column++) {
    const move = nonLosing & columnMask(column);
    if (move == 0) continue;
    play(move);
    settled = false;
    const ours = threatsOf(opponentStones());
    const childValue = -staticLook(-beta, -alpha, ours);
    if (!settled) setChild(moves, count++, column, ownStones(), allStones(), ours);
    setStones(current, all, moves);
    if (childValue > value) value = childValue;
    if (childValue > alpha) {
      alpha = childValue;
      if (alpha >= beta) return alpha;
    }
  }
  // No move wins within our next two stones either.
  beta = min(beta, winScore(moves + 5));
  if (alpha >= beta) return beta;
  if (count == 0) return value;

  const k = tableKey();
  const mirrored = mirroredKey();
  const entry = tableGet(k);
  probes++;
  let tableColumn = -1;
  if (entry) {
    hits++;
    const score = entryScore(entry);
    const type = entryType(entry);
    if (type == EXACT) return score;
    if (type == LOWER) {
      alpha = max(alpha, score);
      tableColumn = mirrored ? boardWidth() - 1 - entryColumn(entry) : entryColumn(entry);
    } else {
      beta = min(beta, score);
    }
    if (alpha >= beta) return score;
  }
  const nodesBefore = nodesSoFar();

  // The order: the threats each move makes, counted after the move itself (before its forced replies).
  for (let i = 0; i < count; i++) {
    const column = childColumn(moves, i);
    const threats = childThreats(moves, i) & ~(opponentThreats << 1);
    const next = (((all | (nonLosing & columnMask(column))) + bottomMask()) & boardMask()) << 1;
    let score =
      NEXT_THREAT * <i32>popcnt(threats & next) +
      SECOND_THREAT * <i32>popcnt(threats & ((next & boardMask()) << 1)) +
      ANY_THREAT * <i32>popcnt(threats);
    if (column == tableColumn) score += TABLE_MOVE;
    score = score * boardWidth() + 7 * min(column, boardWidth() - 1 - column);
    setOrder(moves, i, score);
  }
  sortChildren(moves, count);

  let best = -INFINITE;
  let bestColumn = 0;
  // With helpers, near the root: a child another thread is searching is put off to a second pass (by then its
  // value is likely in the table), so that threads share the work of a node instead of repeating it.
  const sharing = moves < sharedPlies() && helpers() > 0;
  let deferred = 0;
  for (let pass = 0; pass < 2 && alpha < beta; pass++) {
    for (let i = 0; i < count && alpha < beta; i++) {
      if (pass == 1 && (deferred & (1 << i)) == 0) continue;
      const childAll = childAllStones(moves, i);
      const childCurrent = childStones(moves, i);
      const childKey = childCurrent | (childAll + bottomMask());
      if (sharing && pass == 0 && i > 0 && searchedElsewhere(childKey)) {
        deferred |= 1 << i;
        continue;
      }
      const childMoves = <i32>popcnt(childAll);
      setStones(childCurrent, childAll, childMoves);
      if (sharing) startedSearching(childKey);
      // Forced replies may have made it this side's turn again.
      const score = ((childMoves - moves) & 1) == 0 ? negamax(alpha, beta) : -negamax(-beta, -alpha);
      if (sharing) stoppedSearching(childKey);
      setStones(current, all, moves);
      if (searchStopped() || stopRequested()) return 0;
      if (score > best) {
        best = score;
        bestColumn = childColumn(moves, i);
        if (score > value) value = score;
        if (score > alpha) alpha = score;
      }
    }
    if (deferred == 0) break;
  }
  if (best > -INFINITE) {
    expanded++;
    if (bestColumn == childColumn(moves, 0)) firstBest++;
  }
  const type = boundType(value, windowAlpha, windowBeta, entry);
  tablePut(k, mirrored ? boardWidth() - 1 - bestColumn : bestColumn, type, value, nodesSoFar() - nodesBefore);
  return value;
}

/** The position's value within (alpha, beta) for the side to move, which cannot win at once. */
function searchWindow(alpha: i32, beta: i32): i32 {
  const current = ownStones();
  const all = allStones();
  const moves = stones();
  settled = false;
  let value = staticLook(alpha, beta, threatsOf(opponentStones()));
  if (!settled) {
    const after = stones();
    value = ((after - moves) & 1) == 0 ? negamax(alpha, beta) : -negamax(-beta, -alpha);
  }
  setStones(current, all, moves);
  return value;
}

/**
 * A window searched by every thread (lazy SMP): the helpers search it too, sharing the table, each putting off
 * the children another thread is in (negamax), and the first to finish answers for all. Single-threaded, just
 * the window. No move-order noise (c4 gives each helper its own): without it the threads go the same way and part
 * only where one is already searching, which repeats less work (docs/rules/connect4.md has the figures).
 */
function searchWindowAllThreads(alpha: i32, beta: i32): i32 {
  if (helpers() == 0) return searchWindow(alpha, beta);
  startHelpers(ownStones(), allStones(), stones(), alpha, beta);
  const own = searchWindow(alpha, beta);
  if (!searchStopped() && !stopRequested()) claimResult(own);
  const value = finishHelpers(own);
  addNodes(takeHelperNodes());
  return value;
}

/**
 * A helper thread's share of one window (the threaded build): the position and window the first thread handed
 * out, searched as the first thread searches it, but for the children another thread is in (negamax); its worker
 * calls it each time the generation word moves.
 */
export function helperSearch(): void {
  setStones(workCurrent(), workAll(), workMoves());
  startSearch(0, 0);
  syncTable();
  const value = searchWindow(workAlpha(), workBeta());
  if (!stopRequested()) claimResult(value);
  helperDone(nodesSoFar());
}

/**
 * The score of the position for the side to move (weak: only its sign, searching [-1, 1]) by null-window
 * searches, each reported as an iteration; stops when the budget (0 = none) is spent. Which window comes next is
 * decided by what the searches found:
 * - while the score is not bracketed (no search has failed high and another low) and Pons' next window is far
 *   from 0, Pons' bisection (the middle, moved out to half the bound on its side where it lies nearer 0 than
 *   that: an empty board's first window is half-way to the lowest score): far from 0 a bound is cheap to prove
 *   (the bounds from the moves left cut the search short), so a won or lost position finds the region of its
 *   score in a few cheap searches (c4's way walks there from 0, a point a search: 20x the positions on Pons' easy
 *   7x6 set); on a draw those searches are the price, 2% to 3% of the positions on the small empty boards;
 * - then Steininger's (c4's) way, from the bracket's middle: each window next to the bound the last search
 *   returned. A score near 0 (a draw, as most empty boards are) is found by the two searches next to it that any
 *   way needs, without the bisection's searches on the way (on the empty boards 6x5 to 8x4, 22% to 36% fewer
 *   positions). A window within NEAR_ZERO of 0 costs about what the walk's own do, so it starts the walk at once.
 */
export function solve(weak: bool, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  probes = hits = expanded = firstBest = 0;
  threadBlock();
  syncTable();
  const moves = stones();
  if (moves == boardCells()) return 0;
  if (canWinNext()) return weak ? 1 : winScore(moves + 1);
  // The score lies in [low, high].
  let low = max(weak ? -1 : minScore(), -winScore(moves + 2));
  let high = min(weak ? 1 : maxScore(), winScore(moves + 1));
  let failedHigh = false;
  let failedLow = false;
  let walking = false;
  let lastHigh = false;
  let iterations = 0;
  while (low < high) {
    let med = low + (high - low) / 2;
    if (med <= 0 && low / 2 < med) med = low / 2;
    else if (med >= 0 && high / 2 > med) med = high / 2;
    if (walking) {
      med = lastHigh ? low : high - 1;
    } else if (!weak && ((failedHigh && failedLow) || abs(med) <= NEAR_ZERO)) {
      walking = true;
      med = max(low + (high - low) / 2, low + 1) - 1;
    }
    const score = searchWindowAllThreads(med, med + 1);
    if (searchStopped() || stopRequested()) break;
    lastHigh = score > med;
    if (lastHigh) {
      low = score;
      failedHigh = true;
    } else {
      high = score;
      failedLow = true;
    }
    reportIteration(++iterations, score, -1);
  }
  // A weak search can fail high past its window: only the sign of its result means anything.
  return weak ? (low > 0 ? 1 : low < 0 ? -1 : 0) : low;
}

/**
 * Does playing this column reach at least `score` for the side to move? One null-window search on the child
 * (after a solve the table makes it cheap): used to find a best move in centre order.
 */
export function reachesScore(column: i32, score: i32, nodeLimit: f64, msLimit: f64): bool {
  startSearch(nodeLimit, msLimit);
  threadBlock();
  syncTable();
  if (isWinningMove(column)) return winScore(stones() + 1) >= score;
  playColumn(column);
  let reaches: bool;
  if (stones() == boardCells()) {
    reaches = 0 >= score;
  } else if (canWinNext()) {
    reaches = -winScore(stones() + 1) >= score;
  } else {
    // The child's score is at most -score exactly when a search of the window (-score, -score + 1) fails low.
    reaches = searchWindow(-score, -score + 1) <= -score;
  }
  undo();
  return reaches;
}
