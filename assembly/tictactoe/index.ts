// Tic-tac-toe core: the board as one flat array of 9 cells, as in the article (0 empty, 1 X, 2 O), and a
// negamax with alpha-beta. Exports are numbers only.

import { countNode, startSearch } from "../common/stats";
import { nextBelow, seedRandom } from "../common/rng";

export { nodeCount, elapsedMs, searchStopped } from "../common/stats";

const EMPTY: u8 = 0;
const X: u8 = 1;
const O: u8 = 2;
/** Score of a cell that is not a legal move. */
export const NO_MOVE: i32 = -1000;
const INFINITE: i32 = 1000;
/** Centre, corners, edges: the strongest cells first, so alpha-beta cuts early. */
const ORDER: StaticArray<i32> = [4, 0, 2, 6, 8, 1, 3, 5, 7];

const board = new StaticArray<u8>(9);
const rootScores = new StaticArray<i32>(9);
let filled: i32 = 0;

export function clear(): void {
  for (let i = 0; i < 9; i++) board[i] = EMPTY;
  filled = 0;
}

/** Puts a mark (0, 1 or 2) on a cell, to set up a position. */
export function setCell(cell: i32, mark: i32): void {
  if (board[cell] != EMPTY) filled--;
  board[cell] = <u8>mark;
  if (mark != EMPTY) filled++;
}

export function cellAt(cell: i32): i32 {
  return board[cell];
}

/** X moves first, so X is to move when both have the same number of marks. */
export function sideToMove(): i32 {
  return filled & 1 ? O : X;
}

export function play(cell: i32): void {
  board[cell] = <u8>sideToMove();
  filled++;
}

export function undo(cell: i32): void {
  board[cell] = EMPTY;
  filled--;
}

/** The article's test: does the mark on cell n complete a line? Only the lines through n are checked. */
function winsAt(n: i32): bool {
  const mark = board[n];
  const row = n - n % 3;
  if (board[row] == mark && board[row + 1] == mark && board[row + 2] == mark) return true;
  const column = n % 3;
  if (board[column] == mark && board[column + 3] == mark && board[column + 6] == mark) return true;
  if (n & 1) return false; // edges lie on no diagonal
  if (n % 4 == 0 && board[0] == mark && board[4] == mark && board[8] == mark) return true;
  return (n == 2 || n == 4 || n == 6) && board[2] == mark && board[4] == mark && board[6] == mark;
}

/** 0 game on, 1 X has a line, 2 O has a line, 3 draw. */
export function result(): i32 {
  for (let n = 0; n < 9; n++) {
    if (board[n] != EMPTY && winsAt(n)) return board[n];
  }
  return filled == 9 ? 3 : 0;
}

/** Bit i set when cell i is a legal move. */
export function legalMask(): i32 {
  if (result() != 0) return 0;
  let mask = 0;
  for (let i = 0; i < 9; i++) if (board[i] == EMPTY) mask |= 1 << i;
  return mask;
}

/**
 * Score for the side to move, searching `depth` plies: a win scores 1 + the empty cells left after the
 * winning move (a quicker win scores more), a loss the negative of that, a draw or the horizon 0.
 */
function negamax(depth: i32, alpha: i32, beta: i32): i32 {
  if (countNode() || filled == 9 || depth == 0) return 0;
  let best = -INFINITE;
  for (let k = 0; k < 9; k++) {
    const cell = ORDER[k];
    if (board[cell] != EMPTY) continue;
    play(cell);
    const score = winsAt(cell) ? 10 - filled : -negamax(depth - 1, -beta, -alpha);
    undo(cell);
    if (score > best) {
      best = score;
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
  }
  return best;
}

/**
 * Scores every legal move exactly to `depth` plies (each with a full window, so ties are real ties) and
 * returns the best score, or NO_MOVE when the game is over. Read the scores with rootScore.
 */
export function search(depth: i32, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  countNode();
  const legal = legalMask();
  let best = NO_MOVE;
  for (let cell = 0; cell < 9; cell++) {
    if (!(legal & (1 << cell))) {
      rootScores[cell] = NO_MOVE;
      continue;
    }
    play(cell);
    const score = winsAt(cell) ? 10 - filled : -negamax(depth - 1, -INFINITE, INFINITE);
    undo(cell);
    rootScores[cell] = score;
    if (score > best) best = score;
  }
  return best;
}

export function rootScore(cell: i32): i32 {
  return rootScores[cell];
}

/** One of the best-scoring cells of the last search, chosen uniformly with the seeded generator. */
export function chooseBest(seed: u32): i32 {
  let best = NO_MOVE;
  let ties = 0;
  for (let cell = 0; cell < 9; cell++) {
    if (rootScores[cell] > best) {
      best = rootScores[cell];
      ties = 1;
    } else if (rootScores[cell] == best) ties++;
  }
  if (best == NO_MOVE) return -1;
  seedRandom(seed);
  let pick = <i32>nextBelow(ties);
  for (let cell = 0; cell < 9; cell++) {
    if (rootScores[cell] == best && pick-- == 0) return cell;
  }
  return -1;
}
