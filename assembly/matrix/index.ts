// Plus-minus core: negamax on the final score difference. What is left to win does not depend on the points
// already won, so a position is (used cells, side to move, its line) and its value is the mover's best
// v(cell) - value(child); 0 when the mover's line is empty. MTD(f): a series of null-window alpha-beta
// searches converging on the value, with a transposition table that keeps a lower and an upper bound per
// position, moves tried after the table's move: those that end the game, then by value less the choices they
// leave the other; the children's table entries fetched together. Lines are bitmasks of unused cells. Exports
// are numbers only.

import { countNode, searchStopped, startSearch } from "../common/stats";
import { nextU32, seedRandom } from "../common/rng";
import { ttClear, ttInit, ttProbe, ttStore, ttTouch } from "../common/tt";

export { nodeCount, elapsedMs, searchStopped } from "../common/stats";

const MAX_SIZE = 20;
const INFINITE: i32 = 10000;
const NO_MOVE: i32 = 31;

let size: i32 = 0;
const values = new StaticArray<i32>(MAX_SIZE * MAX_SIZE);
/** Bit c of rowFree[r] / bit r of colFree[c]: cell (r, c) is unused. */
const rowFree = new StaticArray<u32>(MAX_SIZE);
const colFree = new StaticArray<u32>(MAX_SIZE);
/** For each line, its indices by value, largest first: row r at r * MAX_SIZE, column c at (MAX_SIZE + c) * MAX_SIZE. */
const order = new StaticArray<u8>(2 * MAX_SIZE * MAX_SIZE);
const cellKeys = new StaticArray<u64>(MAX_SIZE * MAX_SIZE);
const lineKeys = new StaticArray<u64>(2 * MAX_SIZE);

/** 0: the first player picks in row `line`; 1: the second player picks in column `line`. */
let side: i32 = 0;
let line: i32 = 0;
let freeCells: i32 = 0;
let cellHash: u64 = 0;
/** The moves played with play(), for undo(); and the line before each move of the search. */
const playedCells = new StaticArray<i32>(MAX_SIZE * MAX_SIZE);
const previousLines = new StaticArray<i32>(MAX_SIZE * MAX_SIZE);
const lineStack = new StaticArray<i32>(MAX_SIZE * MAX_SIZE);
let ply: i32 = 0;

let rootBest: i32 = NO_MOVE;
/** The ply of the position being searched (play() may have made moves before it). */
let rootPly: i32 = 0;

/** Forgets every position searched (a search from a clear table is repeatable: same nodes, same move). */
export function clearTable(): void {
  ttClear();
}

/** Sets the board size and clears the transposition table (2^log2Buckets buckets of 4 entries). */
export function setup(n: i32, log2Buckets: i32): void {
  size = n;
  ttInit(log2Buckets);
  seedRandom(0x5eed);
  for (let i = 0; i < MAX_SIZE * MAX_SIZE; i++) cellKeys[i] = (<u64>nextU32() << 32) | nextU32();
  for (let i = 0; i < 2 * MAX_SIZE; i++) lineKeys[i] = (<u64>nextU32() << 32) | nextU32();
}

export function setValue(cell: i32, value: i32): void {
  values[cell] = value;
}

/** Starts a game on the values set: nothing used, the first player to move in row startRow. */
export function begin(startRow: i32): void {
  const full: u32 = (<u32>1 << size) - 1;
  for (let i = 0; i < size; i++) {
    rowFree[i] = full;
    colFree[i] = full;
    sortLine(i);
    sortLine(MAX_SIZE + i);
  }
  side = 0;
  line = startRow;
  freeCells = size * size;
  cellHash = 0;
  ply = 0;
}

/** The board index of the k-th cell of line l (rows l < MAX_SIZE, columns MAX_SIZE + c). */
@inline
function cellOf(l: i32, k: i32): i32 {
  return l < MAX_SIZE ? l * size + k : k * size + (l - MAX_SIZE);
}

/** Insertion sort of line l's indices by value, largest first (equal values: lower index first). */
function sortLine(l: i32): void {
  const base = l * MAX_SIZE;
  for (let i = 0; i < size; i++) {
    const value = values[cellOf(l, i)];
    let j = i;
    while (j > 0 && values[cellOf(l, order[base + j - 1])] < value) {
      order[base + j] = order[base + j - 1];
      j--;
    }
    order[base + j] = <u8>i;
  }
}

export function sideToMove(): i32 {
  return side;
}

export function activeLine(): i32 {
  return line;
}

export function freeCellCount(): i32 {
  return freeCells;
}

/** Bit k set when the k-th cell of the mover's line is unused. */
export function legalMask(): i32 {
  return side == 0 ? rowFree[line] : colFree[line];
}

/** The mover takes the k-th cell of its line; returns the cell's value. */
export function play(k: i32): i32 {
  const cell = side == 0 ? line * size + k : k * size + line;
  const row = cell / size;
  const column = cell % size;
  rowFree[row] &= ~(<u32>1 << column);
  colFree[column] &= ~(<u32>1 << row);
  cellHash ^= cellKeys[cell];
  freeCells--;
  playedCells[ply] = cell;
  previousLines[ply] = line;
  ply++;
  side ^= 1;
  line = k;
  return values[cell];
}

export function undo(): void {
  ply--;
  const cell = playedCells[ply];
  const row = cell / size;
  const column = cell % size;
  rowFree[row] |= <u32>1 << column;
  colFree[column] |= <u32>1 << row;
  cellHash ^= cellKeys[cell];
  freeCells++;
  side ^= 1;
  line = previousLines[ply];
}

// A table payload: the depth in bits 0-5 (capped at 63), the best move in bits 6-10, a lower and an upper
// bound on the value (+512) in bits 11-20 and 21-30, bit 31 set so that it is never 0.
const MAX_STORED_DEPTH: i32 = 63;
const BOUND_OFFSET: i32 = 512;

@inline
function pack(lower: i32, upper: i32, depth: i32, move: i32): u32 {
  return (1 << 31) | (<u32>(upper + BOUND_OFFSET) << 21) | (<u32>(lower + BOUND_OFFSET) << 11) | (<u32>move << 6) | <u32>depth;
}

@inline
function lowerOf(entry: u32): i32 {
  return <i32>((entry >> 11) & 1023) - BOUND_OFFSET;
}

@inline
function upperOf(entry: u32): i32 {
  return <i32>((entry >> 21) & 1023) - BOUND_OFFSET;
}

@inline
function depthOf(entry: u32): i32 {
  return <i32>(entry & 63);
}

@inline
function moveOf(entry: u32): i32 {
  return <i32>((entry >> 6) & 31);
}

@inline
function key(): u64 {
  return cellHash ^ lineKeys[side * MAX_SIZE + line];
}

/** The search's move: the mover takes the k-th cell of its line (no undo stack: giveBack(k) undoes it). */
@inline
function take(k: i32): i32 {
  const row = side == 0 ? line : k;
  const column = side == 0 ? k : line;
  const cell = row * size + column;
  rowFree[row] ^= <u32>1 << column;
  colFree[column] ^= <u32>1 << row;
  cellHash ^= cellKeys[cell];
  freeCells--;
  side ^= 1;
  lineStack[ply] = line;
  ply++;
  line = k;
  return values[cell];
}

@inline
function giveBack(k: i32): void {
  ply--;
  line = lineStack[ply];
  side ^= 1;
  const row = side == 0 ? line : k;
  const column = side == 0 ? k : line;
  freeCells++;
  cellHash ^= cellKeys[row * size + column];
  colFree[column] ^= <u32>1 << row;
  rowFree[row] ^= <u32>1 << column;
}

/** The moves of the search at each ply, best first (the table's move is not among them). */
const moveList = new StaticArray<i32>(MAX_SIZE * MAX_SIZE * MAX_SIZE);
const movePriority = new StaticArray<i32>(MAX_SIZE);

/** The priority of a move that ends the game: above all others (its score is its value, no search). */
const ENDS_GAME: i32 = 100;

/**
 * Puts the free cells of the mover's line but the table's move in moveList at this ply, best first, and returns
 * how many. Moves that end the game come first, by value; then a cell is worth its value less 4 per free cell of
 * the line it gives the other: moves that leave the other few choices have small subtrees to refute them. (Against
 * an order by value alone, the exact search on 7x7 visits 27% of the nodes, on 6x6 71%; 4 per cell is the best
 * weight, 3 or 5 take 10-45% more nodes.) Equal priorities keep the order by value.
 */
@inline
function orderMoves(free: u32, ttMove: i32): i32 {
  const byValue = (side * MAX_SIZE + line) * MAX_SIZE;
  const movesAt = ply * MAX_SIZE;
  let count = 0;
  for (let i = 0; i < size; i++) {
    const k: i32 = unchecked(order[byValue + i]);
    if (k == ttMove || !(free & (<u32>1 << k))) continue;
    const value = unchecked(values[side == 0 ? line * size + k : k * size + line]);
    const choicesLeft = <i32>popcnt(side == 0 ? unchecked(colFree[k]) : unchecked(rowFree[k])) - 1; // but the cell taken
    const priority = choicesLeft == 0 ? ENDS_GAME + value : value - 4 * choicesLeft;
    let j = count;
    while (j > 0 && unchecked(movePriority[j - 1]) < priority) {
      unchecked((movePriority[j] = movePriority[j - 1]));
      unchecked((moveList[movesAt + j] = moveList[movesAt + j - 1]));
      j--;
    }
    unchecked((movePriority[j] = priority));
    unchecked((moveList[movesAt + j] = k));
    count++;
  }
  return count;
}

/**
 * The mover's best final score difference from here, looking `depth` plies ahead (0 at the horizon), within
 * (alpha, beta), fail-soft: a result <= alpha is an upper bound, >= beta a lower bound.
 */
function negamax(alpha: i32, beta: i32, depth: i32, cutNode: bool): i32 {
  if (countNode()) return 0;
  const free = side == 0 ? rowFree[line] : colFree[line];
  if (free == 0 || depth == 0) return 0;
  if (depth > freeCells) depth = freeCells; // no game lasts longer: deeper is the same search
  // A forced move (one free cell in the line) has no choice to remember: no table here, its child's entry says
  // the same one ply on. On 7x7 this saves a tenth of the time (fewer memory accesses), on 6x6 it is even.
  // (Not at the root: the root's entry is where the best move is read.)
  if (popcnt(free) == 1 && ply > rootPly) {
    const k = <i32>ctz(free);
    const value = take(k);
    const score = (side == 0 ? rowFree[k] : colFree[k]) == 0 ? value : value - negamax(value - beta, value - alpha, depth - 1, !cutNode);
    giveBack(k);
    return score;
  }
  const positionKey = key();
  const entry = ttProbe(positionKey);
  let ttMove = NO_MOVE;
  let lower = -BOUND_OFFSET;
  let upper = BOUND_OFFSET - 1;
  // Bounds serve a search no deeper than theirs (a depth over 63 is stored as 63 and never read back).
  if (entry != 0) {
    ttMove = moveOf(entry);
    if (depth <= MAX_STORED_DEPTH && depthOf(entry) >= depth) {
      lower = lowerOf(entry);
      upper = upperOf(entry);
      if (lower >= beta) return lower;
      if (upper <= alpha || lower == upper) return upper;
      if (lower > alpha) alpha = lower;
      if (upper < beta) beta = upper;
    }
  }
  // A node expected to search all its moves fetches its children's entries together, so that their memory
  // latencies overlap instead of adding up. (A node expected to cut usually needs only its first child.)
  if (!cutNode) {
    const childSide = (side ^ 1) * MAX_SIZE;
    for (let k = 0; k < size; k++) {
      if (free & (<u32>1 << k)) ttTouch(cellHash ^ cellKeys[side == 0 ? line * size + k : k * size + line] ^ lineKeys[childSide + k]);
    }
  }
  const count = orderMoves(free, ttMove);
  const windowAlpha = alpha;
  let best = -INFINITE;
  let bestMove = NO_MOVE;
  const movesAt = ply * MAX_SIZE;
  for (let i = -1; i < count; i++) {
    const k: i32 = i < 0 ? ttMove : unchecked(moveList[movesAt + i]);
    if (i < 0 && (k == NO_MOVE || !(free & (<u32>1 << k)))) continue; // (another position's move, its key alike)
    const value = take(k);
    // An empty line for the opponent ends the game: the cell's value is the whole score.
    const score = (side == 0 ? rowFree[k] : colFree[k]) == 0 ? value : value - negamax(value - beta, value - alpha, depth - 1, !cutNode || bestMove != NO_MOVE);
    giveBack(k);
    if (score > best) {
      best = score;
      bestMove = k;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) break;
      }
    }
  }
  if (searchStopped()) return 0; // an unfinished search must not leave its guesses in the table
  if (best <= windowAlpha) upper = best;
  else if (best >= beta) lower = best;
  else lower = upper = best;
  if (best > -BOUND_OFFSET && best < BOUND_OFFSET) ttStore(positionKey, pack(lower, upper, min(depth, MAX_STORED_DEPTH), bestMove));
  return best;
}

/**
 * MTD(f): null-window searches from a guess until the bounds meet at the value. The best move is the one that
 * proved the lower bound, in the last search that failed high (after a search that fails low, the table's
 * move is only the least bad of moves that all failed).
 */
function mtdf(guess: i32, depth: i32): i32 {
  let lowerBound = -INFINITE;
  let upperBound = INFINITE;
  let value = guess;
  rootBest = NO_MOVE;
  while (lowerBound < upperBound && !searchStopped()) {
    const beta = value == lowerBound ? value + 1 : value;
    value = negamax(beta - 1, beta, depth, true);
    if (value < beta) {
      upperBound = value;
    } else {
      lowerBound = value;
      const entry = ttProbe(key());
      if (entry != 0) rootBest = moveOf(entry);
    }
  }
  return value;
}

/**
 * The position's value for the mover, looking `depth` plies ahead (at least the free cells: exact), starting
 * from a guess of it; bestMove() is then a move that reaches it. Stops when the budget (0 = none) is spent,
 * and searchStopped() says so.
 */
export function search(depth: i32, guess: i32, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  rootPly = ply;
  return mtdf(guess, depth);
}

export function bestMove(): i32 {
  return rootBest == NO_MOVE ? -1 : rootBest;
}

/** The value for the mover of taking the k-th cell of its line, looking `depth` plies ahead in all. */
export function moveValue(k: i32, depth: i32, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  const value = play(k);
  rootPly = ply;
  const free = side == 0 ? rowFree[line] : colFree[line];
  const score = free == 0 ? value : value - mtdf(0, depth - 1);
  undo();
  return score;
}
