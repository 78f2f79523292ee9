// Pascal Pons' Connect 4 solver: negamax with alpha-beta on his score convention, the moves that do not lose at
// once only, ordered centre first and then by the threats they create, a transposition table of upper and lower
// bounds, and null-window searches converging on the score.

import { countNode, reportIteration, searchStopped, startSearch } from "../common/stats";
import { addMove, moveAt } from "./move-sorter";
import {
  CELLS,
  MAX_SCORE,
  MIN_SCORE,
  WIDTH,
  allStones,
  canWinNext,
  columnMask,
  isWinningMove,
  key,
  moveScore,
  ownStones,
  play,
  playColumn,
  possibleNonLosingMoves,
  stones,
  undo,
  unplay,
} from "./position";
import { clearTable, tableGet, tablePut } from "./transposition-table";

/** Plies up to which the children's table entries are probed before the search (enhanced transposition cutoffs). */
const ETC_PLIES: i32 = 27;

/** Columns from the centre outwards: 3, 2, 4, 1, 5, 0, 6. */
const COLUMN_ORDER: StaticArray<i32> = [3, 2, 4, 1, 5, 0, 6];

// A table value is an upper bound v - MIN_SCORE + 1, or a lower bound v + MAX_SCORE - 2 * MIN_SCORE + 2.

/**
 * Negamax score within (alpha, beta) for the side to move, which must not be able to win at once. Fail-hard
 * against the bounds it proves; a budget that runs out makes the result meaningless (searchStopped()) and
 * leaves wrong bounds in the table, which solve() then clears.
 */
function negamax(alpha: i32, beta: i32): i32 {
  if (countNode()) return 0;
  const moves = stones();
  const next = possibleNonLosingMoves();
  if (next == 0) return -(CELLS - moves) / 2; // every move loses: the opponent wins with its next stone
  if (moves >= CELLS - 2) return 0; // the board fills with no four

  let min = -(CELLS - 2 - moves) / 2; // the opponent cannot win with its next stone
  if (alpha < min) {
    alpha = min;
    if (alpha >= beta) return alpha;
  }
  let max = (CELLS - 1 - moves) / 2; // we cannot win with our next stone
  const k = key();
  const stored = tableGet(k);
  if (stored) {
    if (stored > MAX_SCORE - MIN_SCORE + 1) {
      min = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
      if (alpha < min) {
        alpha = min;
        if (alpha >= beta) return alpha;
      }
    } else {
      max = stored + MIN_SCORE - 1;
    }
  }
  if (beta > max) {
    beta = max;
    if (alpha >= beta) return beta;
  }

  // Enhanced transposition cutoff, in the first plies: a child whose stored upper bound (for the opponent) is at
  // most -beta proves this position at least beta before any search.
  if (moves < ETC_PLIES) {
    const opponent = ownStones() ^ allStones();
    for (let c = 0; c < WIDTH; c++) {
      const move = next & columnMask(c);
      if (move == 0) continue;
      const childStored = tableGet(opponent + (allStones() | move));
      if (childStored && childStored <= MAX_SCORE - MIN_SCORE + 1) {
        const childMax = childStored + MIN_SCORE - 1;
        if (-childMax >= beta) {
          tablePut(k, -childMax + MAX_SCORE - 2 * MIN_SCORE + 2);
          return -childMax;
        }
      }
    }
  }

  // Sort the moves by the threats they create; add from the edges inwards so the centre wins ties.
  const base = moves * WIDTH;
  let count = 0;
  for (let i = WIDTH - 1; i >= 0; i--) {
    const move = next & columnMask(COLUMN_ORDER[i]);
    if (move == 0) continue;
    addMove(base, count++, move, moveScore(move));
  }

  const savedCurrent = ownStones();
  const savedMask = allStones();
  while (count > 0) {
    play(moveAt(base, --count));
    const score = -negamax(-beta, -alpha);
    unplay(savedCurrent, savedMask);
    if (score >= beta) {
      tablePut(k, score + MAX_SCORE - 2 * MIN_SCORE + 2);
      return score;
    }
    if (score > alpha) alpha = score;
  }
  tablePut(k, alpha - MIN_SCORE + 1);
  return alpha;
}

/**
 * The score of the position for the side to move (weak: only its sign, searching [-1, 1]), by null-window
 * searches that halve the range of possible scores, each reported as an iteration. Stops when the budget
 * (0 = none) is spent.
 */
export function solve(weak: bool, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  const moves = stones();
  if (canWinNext()) return weak ? 1 : (CELLS + 1 - moves) / 2;
  let min = -(CELLS - moves) / 2;
  let max = (CELLS + 1 - moves) / 2;
  if (weak) {
    min = -1;
    max = 1;
  }
  let iterations = 0;
  while (min < max && !searchStopped()) {
    let med = min + (max - min) / 2;
    if (med <= 0 && min / 2 < med) med = min / 2;
    else if (med >= 0 && max / 2 > med) med = max / 2;
    const r = negamax(med, med + 1);
    if (r <= med) max = r;
    else min = r;
    if (!searchStopped()) reportIteration(++iterations, r, -1);
  }
  // A search cut short by its budget stored guesses: forget them (one check here, none per node).
  if (searchStopped()) clearTable();
  // A weak search can fail high past its window: only the sign of its result means anything.
  return weak ? (min > 0 ? 1 : min < 0 ? -1 : 0) : min;
}

/**
 * Does playing this column reach at least `score` for the side to move? One null-window search on the child
 * (after a solve the table makes it cheap): used to find a best move in centre order.
 */
export function reachesScore(column: i32, score: i32, nodeLimit: f64, msLimit: f64): bool {
  startSearch(nodeLimit, msLimit);
  if (isWinningMove(column)) return (CELLS + 1 - stones()) / 2 >= score;
  playColumn(column);
  let reaches: bool;
  if (canWinNext()) {
    reaches = -((CELLS + 1 - stones()) / 2) >= score;
  } else {
    // The child's score is at most -score exactly when a search of the window (-score, -score + 1) fails low.
    reaches = negamax(-score, -score + 1) <= -score;
  }
  undo();
  if (searchStopped()) clearTable();
  return reaches;
}
