// The estimate: what the strongest player plays when the solver cannot finish in the move's time. Negamax with
// alpha-beta to a depth (the host deepens it one ply at a time while the time lasts), with the solver's certainties
// (a win now, a loss next turn, forced replies searched without spending depth, the solver's table entries that
// prove a result) and an evaluation at the horizon that reasons about threats as Allis does:
// - a threat is an empty cell that completes a four; one on a row of its owner's parity (odd rows, counted from 1,
//   for the first player, even rows for the second, on boards of even height, where the second player can answer
//   each stone in the same column: Allis' zugzwang control) is worth most, and one directly above the opponent's
//   threat is worth little (the cell below must be filled first, and whoever fills it loses);
// - every four still open to one side (no stone of the other) with two of its stones counts a little: the
//   threats to come (the article's win places, counted on bitboards).
// Proven results score beyond every estimate: PROVEN + Pons' score for a win, -(PROVEN + |score|) for a loss.
// Its own table keeps each position's bound, depth and best move between the iterations of a move. It is searched
// in a core of one thread only (prepareEstimates says why).

import { countNode, searchStopped, startSearch } from "../common/stats";
import { boardCells, boardHeight, boardMask, bottomMask, boardWidth, directionShift } from "./board";
import {
  allStones,
  canWinNext,
  columnMask,
  isWinningMove,
  opponentStones,
  ownStones,
  play,
  possible,
  setStones,
  stones,
  tableKey,
  threatsOf,
} from "./position";
import { ANY_THREAT, NEXT_THREAT, winScore } from "./solver";
import { EXACT, LOWER, UPPER, entryScore, entryType, syncTable, tableGet } from "./transposition-table";

/** Scores at or beyond this are proven: a win (or a loss) by PROVEN + Pons' score. */
export const PROVEN: i32 = 1_000_000;
const INFINITE: i32 = 10_000_000;

const GOOD_THREAT = 40;
const THREAT = 16;
const BLOCKED_THREAT = 4;
const OPEN_TWO = 3;
const OPEN_THREE = 6;

// The estimate's own table: 2^TABLE_LOG2 slots of (key, data), allocated on first use (a helper thread of the
// threaded build never searches it). Data, from bit 0: score + INFINITE (25 bits), depth (7), bound (2), column (4).
const TABLE_LOG2: i32 = 20;
let estimateKeys: StaticArray<u64> | null = null;
let estimateData: StaticArray<u64> | null = null;
// Each ply's children (column and order score), at most 16 a ply, 64 plies.
let children: StaticArray<i32> | null = null;
let orders: StaticArray<i32> | null = null;

let bestColumn: i32 = -1;

/** A solver's score as a proven estimate. */
@inline
function proven(score: i32): i32 {
  return score > 0 ? PROVEN + score : score < 0 ? -PROVEN + score : 0;
}

@inline
function slot(k: u64): i32 {
  return <i32>((k * 0x9e3779b97f4a7c15) >> (64 - TABLE_LOG2));
}

/** The columns of the stones: bit column * (height + 1) + row, rows from 0 at the bottom. */
function rowsOfParity(odd: bool): u64 {
  // Row r (from 0) is counted r + 1 from the bottom: odd rows are r = 0, 2, 4, ...
  let rows: u64 = 0;
  for (let r = odd ? 0 : 1; r < boardHeight(); r += 2) rows |= bottomMask() << r;
  return rows;
}

/** Fours open to `own` (no stone of `other`) holding exactly two of its stones, and exactly three. */
@inline
function openFours(own: u64, other: u64, three: bool): i32 {
  let count = 0;
  const free = ~other;
  for (let direction = 0; direction < 4; direction++) {
    const s = directionShift(direction);
    const starts = boardMask() & (boardMask() >> s) & (boardMask() >> (2 * s)) & (boardMask() >> (3 * s));
    const open = starts & free & (free >> s) & (free >> (2 * s)) & (free >> (3 * s));
    const a = own;
    const b = own >> s;
    const c = own >> (2 * s);
    const d = own >> (3 * s);
    // Bit-sliced count of the four cells: ones and twos of a + b, c + d, then their sum's 2 and 3.
    const ab1 = a ^ b;
    const ab2 = a & b;
    const cd1 = c ^ d;
    const cd2 = c & d;
    const sum1 = ab1 ^ cd1;
    const carry = ab1 & cd1;
    const sum2 = ab2 ^ cd2 ^ carry;
    const sum4 = (ab2 & cd2) | ((ab2 ^ cd2) & carry);
    const exactly = three ? sum1 & sum2 & ~sum4 : ~sum1 & sum2 & ~sum4;
    count += <i32>popcnt(open & exactly);
  }
  return count;
}

/** The horizon's estimate for the side to move, which cannot win at once and is not lost next turn. */
function evaluate(): i32 {
  const mover = ownStones();
  const other = opponentStones();
  const empty = boardMask() & ~allStones();
  const moverThreats = threatsOf(mover) & empty;
  // threatsOf masks by the stones on the board, not by whose they are: the other's threats the same way.
  const otherThreats = threatsOf(other) & empty;
  const firstToMove = (stones() & 1) == 0;
  const evenHeight = (boardHeight() & 1) == 0;
  const moverRows = evenHeight ? rowsOfParity(firstToMove) : 0;
  const otherRows = evenHeight ? rowsOfParity(!firstToMove) : 0;
  let score = 0;
  score += GOOD_THREAT * <i32>popcnt(moverThreats & moverRows & ~(otherThreats << 1));
  score -= GOOD_THREAT * <i32>popcnt(otherThreats & otherRows & ~(moverThreats << 1));
  score += THREAT * <i32>popcnt(moverThreats & ~moverRows & ~(otherThreats << 1));
  score -= THREAT * <i32>popcnt(otherThreats & ~otherRows & ~(moverThreats << 1));
  score += BLOCKED_THREAT * (<i32>popcnt(moverThreats & (otherThreats << 1)) - <i32>popcnt(otherThreats & (moverThreats << 1)));
  score += OPEN_TWO * (openFours(mover, other, false) - openFours(other, mover, false));
  score += OPEN_THREE * (openFours(mover, other, true) - openFours(other, mover, true));
  return score;
}

/** What the solver's table proves of the position, or INFINITE when it proves nothing. */
@inline
function solverCertainty(): i32 {
  const entry = tableGet(tableKey());
  if (!entry) return INFINITE;
  const score = entryScore(entry);
  const type = entryType(entry);
  if (type == EXACT) return proven(score);
  if (type == LOWER && score > 0) return proven(score);
  if (type == UPPER && score < 0) return proven(score);
  return INFINITE;
}

/** The value for the side to move within (alpha, beta), looking `depth` plies on. */
function node(depth: i32, alpha: i32, beta: i32): i32 {
  if (countNode()) return 0;
  const moves = stones();
  if (moves == boardCells()) return 0;
  if (canWinNext()) return proven(winScore(moves + 1));
  const opponentThreats = threatsOf(opponentStones());
  const playable = possible();
  const nonLosing = playable & ~(opponentThreats >> 1);
  const opponentWins = opponentThreats & playable;
  if (nonLosing == 0 || (opponentWins != 0 && ((opponentWins & (opponentWins - 1)) != 0 || (opponentWins & nonLosing) == 0)))
    return proven(-winScore(moves + 2));
  const certain = solverCertainty();
  if (certain != INFINITE) return certain;

  const current = ownStones();
  const all = allStones();
  // A forced reply is searched without spending depth.
  const forced = opponentWins != 0 ? opponentWins : (nonLosing & (nonLosing - 1)) == 0 ? nonLosing : 0;
  if (forced) {
    play(forced);
    const value = -node(depth, -beta, -alpha);
    setStones(current, all, moves);
    return value;
  }
  if (depth <= 0) return evaluate();

  const k = current + all;
  const at = slot(k);
  const table = estimateData!;
  const tableKeys = estimateKeys!;
  let tableColumn = -1;
  if (unchecked(tableKeys[at]) == k) {
    const entry = unchecked(table[at]);
    const score = <i32>(entry & 0x1ffffff) - INFINITE;
    const entryDepth = <i32>((entry >> 25) & 0x7f);
    const bound = <i32>((entry >> 32) & 3);
    tableColumn = <i32>((entry >> 34) & 15);
    if (entryDepth >= depth) {
      if (bound == EXACT) return score;
      if (bound == LOWER && score >= beta) return score;
      if (bound == UPPER && score <= alpha) return score;
    }
  }

  const count = orderChildren(moves, nonLosing, opponentThreats, tableColumn);
  const windowAlpha = alpha;
  let best = -INFINITE;
  let bestAt = -1;
  for (let i = 0; i < count; i++) {
    const column = unchecked(children![moves * 16 + i]);
    play(nonLosing & columnMask(column));
    const value = -node(depth - 1, -beta, -alpha);
    setStones(current, all, moves);
    if (searchStopped()) return 0;
    if (value > best) {
      best = value;
      bestAt = column;
      if (value > alpha) alpha = value;
      if (alpha >= beta) break;
    }
  }
  const bound = best <= windowAlpha ? UPPER : best >= beta ? LOWER : EXACT;
  unchecked((tableKeys[at] = k));
  unchecked((table[at] = <u64>(best + INFINITE) | (<u64>min(depth, 127) << 25) | (<u64>bound << 32) | (<u64>bestAt << 34)));
  return best;
}

/**
 * The children of the ply's position to search, best first: the table's move, then by the threats each makes
 * (next to be playable first), then the centre. Returns how many.
 */
function orderChildren(moves: i32, movesAllowed: u64, opponentThreats: u64, tableColumn: i32): i32 {
  const current = ownStones();
  const all = allStones();
  const list = children!;
  const order = orders!;
  const base = moves * 16;
  let count = 0;
  for (let column = 0; column < boardWidth(); column++) {
    const move = movesAllowed & columnMask(column);
    if (move == 0) continue;
    play(move);
    const threats = threatsOf(opponentStones()) & ~(opponentThreats << 1);
    setStones(current, all, moves);
    const next = (((all | move) + bottomMask()) & boardMask()) << 1;
    // The solver's weights for the threats a move makes (solver.ts), the table's move first.
    let score = NEXT_THREAT * <i32>popcnt(threats & next) + ANY_THREAT * <i32>popcnt(threats);
    if (column == tableColumn) score += 10_000;
    score = score * boardWidth() + min(column, boardWidth() - 1 - column);
    let j = count++;
    while (j > 0 && unchecked(order[base + j - 1]) < score) {
      unchecked((order[base + j] = order[base + j - 1]));
      unchecked((list[base + j] = list[base + j - 1]));
      j--;
    }
    unchecked((order[base + j] = score));
    unchecked((list[base + j] = column));
  }
  return count;
}

/**
 * Allocates the estimate's table (empty) unless it has it. Only in a core searched by one thread: in the threaded
 * builds the first thread must not allocate once its helpers have started (each instance has an allocator of its
 * own on the one memory, and a helper's start sets its up over the first thread's).
 */
export function prepareEstimates(): void {
  if (estimateKeys) return;
  estimateKeys = new StaticArray<u64>(1 << TABLE_LOG2);
  estimateData = new StaticArray<u64>(1 << TABLE_LOG2);
  children = new StaticArray<i32>(64 * 16);
  orders = new StaticArray<i32>(64 * 16);
}

/**
 * The value of the position for the side to move, searched `depth` plies deep (proven results beyond +-PROVEN),
 * within the budget (0 = none); estimateColumn() is then its best move. A stopped search's result means nothing.
 * The position must not be over.
 */
export function estimate(depth: i32, nodeLimit: f64, msLimit: f64): i32 {
  prepareEstimates();
  startSearch(nodeLimit, msLimit);
  syncTable();
  bestColumn = -1;
  const moves = stones();
  // A win now is the answer at any depth.
  for (let column = 0; column < boardWidth(); column++) {
    if ((possible() & columnMask(column)) != 0 && isWinningMove(column)) {
      bestColumn = column;
      return proven(winScore(moves + 1));
    }
  }
  // Every move is searched at the root, those that lose included, so that there is always one to play.
  const current = ownStones();
  const all = allStones();
  const k = current + all;
  const at = slot(k);
  const tableColumn = unchecked(estimateKeys![at]) == k ? <i32>((unchecked(estimateData![at]) >> 34) & 15) : -1;
  const count = orderChildren(moves, possible(), 0, tableColumn);
  let alpha = -INFINITE;
  for (let i = 0; i < count; i++) {
    const column = unchecked(children![moves * 16 + i]);
    play(possible() & columnMask(column));
    const value = -node(depth - 1, -INFINITE, -alpha);
    setStones(current, all, moves);
    if (searchStopped()) return 0;
    if (value > alpha || bestColumn < 0) {
      alpha = value;
      bestColumn = column;
    }
  }
  unchecked((estimateKeys![at] = k));
  unchecked((estimateData![at] = <u64>(alpha + INFINITE) | (<u64>min(depth, 127) << 25) | (<u64>EXACT << 32) | (<u64>bestColumn << 34)));
  return alpha;
}

/** Scores beyond this are proven (for the host). */
export function provenScore(): i32 {
  return PROVEN;
}

/** The best column of the last estimate that finished. */
export function estimateColumn(): i32 {
  return bestColumn;
}
