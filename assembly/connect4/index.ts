// Connect 4 core: Pascal Pons' solver in AssemblyScript. Bitboards in u64 (7 columns of 6 cells plus a
// sentinel row: bit col * 7 + row), negamax with alpha-beta on Pons' score convention (README: the solve contract),
// centre-first order refined by the threats a move creates, never a move that lets the opponent win at once,
// a transposition table holding upper and lower bounds, and null-window searches converging on the score.
// Exports are numbers only; 64-bit boards stay inside.

import { countNode, reportIteration, searchStopped, startSearch } from "../common/stats";

export { nodeCount, elapsedMs, searchStopped, setReporting } from "../common/stats";

const WIDTH: i32 = 7;
const HEIGHT: i32 = 6;
const CELLS: i32 = WIDTH * HEIGHT;
export const MIN_SCORE: i32 = -CELLS / 2 + 3;
export const MAX_SCORE: i32 = (CELLS + 1) / 2 - 3;

/** The bottom cell of every column, and every cell of the board (not the sentinel row). */
const BOTTOM_MASK: u64 = 0x0040810204081;
const BOARD_MASK: u64 = 0xfdfbf7efdfbf;
/** Columns from the centre outwards: 3, 2, 4, 1, 5, 0, 6. */
const COLUMN_ORDER: StaticArray<i32> = [3, 2, 4, 1, 5, 0, 6];

@inline
function topMaskColumn(column: i32): u64 {
  return (<u64>1 << (HEIGHT - 1)) << (column * (HEIGHT + 1));
}

@inline
function bottomMaskColumn(column: i32): u64 {
  return <u64>1 << (column * (HEIGHT + 1));
}

@inline
function columnMask(column: i32): u64 {
  return ((<u64>1 << HEIGHT) - 1) << (column * (HEIGHT + 1));
}

// The position: the stones of the player to move, all stones, and how many.
let current: u64 = 0;
let mask: u64 = 0;
let moves: i32 = 0;
// For undo(): the positions before each move played with playColumn().
const currentStack = new StaticArray<u64>(CELLS + 1);
const maskStack = new StaticArray<u64>(CELLS + 1);

export function reset(): void {
  current = 0;
  mask = 0;
  moves = 0;
}

export function moveCount(): i32 {
  return moves;
}

export function canPlay(column: i32): bool {
  return (mask & topMaskColumn(column)) == 0;
}

/** Plays a column (0-6) that can be played. */
export function playColumn(column: i32): void {
  currentStack[moves] = current;
  maskStack[moves] = mask;
  play((mask + bottomMaskColumn(column)) & columnMask(column));
}

export function undo(): void {
  moves--;
  current = currentStack[moves];
  mask = maskStack[moves];
}

@inline
function play(move: u64): void {
  current ^= mask;
  mask |= move;
  moves++;
}

/** Would playing this column make four in a row for the player to move? */
export function isWinningMove(column: i32): bool {
  return (winningPosition() & possible() & columnMask(column)) != 0;
}

export function canWinNext(): bool {
  return (winningPosition() & possible()) != 0;
}

/** 0 empty, 1 the first player's stone, 2 the second's; rows from the bottom. */
export function cellAt(column: i32, row: i32): i32 {
  const bit = <u64>1 << (column * (HEIGHT + 1) + row);
  if ((mask & bit) == 0) return 0;
  const mine = (current & bit) != 0;
  // `current` is the player to move: the first player moves when the count is even.
  return mine == ((moves & 1) == 0) ? 1 : 2;
}

@inline
function key(): u64 {
  return current + mask;
}

@inline
function possible(): u64 {
  return (mask + BOTTOM_MASK) & BOARD_MASK;
}

@inline
function winningPosition(): u64 {
  return computeWinningPosition(current, mask);
}

@inline
function opponentWinningPosition(): u64 {
  return computeWinningPosition(current ^ mask, mask);
}

/** The empty cells that would complete four in a row for the stones of `position`. */
@inline
function computeWinningPosition(position: u64, all: u64): u64 {
  // vertical
  let r = (position << 1) & (position << 2) & (position << 3);
  // horizontal
  let p = (position << (HEIGHT + 1)) & (position << (2 * (HEIGHT + 1)));
  r |= p & (position << (3 * (HEIGHT + 1)));
  r |= p & (position >> (HEIGHT + 1));
  p = (position >> (HEIGHT + 1)) & (position >> (2 * (HEIGHT + 1)));
  r |= p & (position << (HEIGHT + 1));
  r |= p & (position >> (3 * (HEIGHT + 1)));
  // diagonal /
  p = (position << HEIGHT) & (position << (2 * HEIGHT));
  r |= p & (position << (3 * HEIGHT));
  r |= p & (position >> HEIGHT);
  p = (position >> HEIGHT) & (position >> (2 * HEIGHT));
  r |= p & (position << HEIGHT);
  r |= p & (position >> (3 * HEIGHT));
  // diagonal \
  p = (position << (HEIGHT + 2)) & (position << (2 * (HEIGHT + 2)));
  r |= p & (position << (3 * (HEIGHT + 2)));
  r |= p & (position >> (HEIGHT + 2));
  p = (position >> (HEIGHT + 2)) & (position >> (2 * (HEIGHT + 2)));
  r |= p & (position << (HEIGHT + 2));
  r |= p & (position >> (3 * (HEIGHT + 2)));
  return r & (BOARD_MASK ^ all);
}

/**
 * The moves that do not lose at once: none when the opponent has two threats to block, only the block when it
 * has one, and never a stone right under a cell where the opponent would complete four.
 */
@inline
function possibleNonLosingMoves(): u64 {
  let possibleMask = possible();
  const opponentWin = opponentWinningPosition();
  const forced = possibleMask & opponentWin;
  if (forced) {
    if (forced & (forced - 1)) return 0;
    possibleMask = forced;
  }
  return possibleMask & ~(opponentWin >> 1);
}

/** A move's order: how many cells it would leave where the player completes four (threats). */
@inline
function moveScore(move: u64): i32 {
  return <i32>popcnt(computeWinningPosition(current | move, mask));
}

// The transposition table: a prime number of entries indexed by key % size, each the key's low 32 bits and
// a byte. Keys are below 2^49 and the size above 2^17, so (key % size, key & 0xffffffff) identifies the key:
// no false hit (Chinese remainder theorem). The byte is 0 (empty), an upper bound v - MIN_SCORE + 1, or a
// lower bound v + MAX_SCORE - 2 * MIN_SCORE + 2.
const TABLE_SIZE: u32 = 8388617; // the first prime after 2^23
const tableKeys = new StaticArray<u32>(TABLE_SIZE);
const tableValues = new StaticArray<u8>(TABLE_SIZE);

/**
 * Empties the table. A value of 0 is "nothing stored" whatever the key, but the keys are cleared too, as
 * Pons' solver and our native reference do: a search then starts with the same table in the cache.
 */
export function clearTable(): void {
  memory.fill(changetype<usize>(tableKeys), 0, <usize>TABLE_SIZE << 2);
  memory.fill(changetype<usize>(tableValues), 0, <usize>TABLE_SIZE);
}

const INVERSE_SIZE: f64 = 1.0 / <f64>TABLE_SIZE;

/**
 * key % TABLE_SIZE without a 64-bit division (slow in WebAssembly, where C compilers would multiply): keys are
 * below 2^49, so the quotient from a double reciprocal is exact or one too large or too small.
 */
@inline
function slot(k: u64): u32 {
  // Signed conversions: one instruction each on x86, where the unsigned ones take a branchy sequence.
  let r = <i64>k - <i64>(<f64><i64>k * INVERSE_SIZE) * <i64>TABLE_SIZE;
  if (r < 0) r += TABLE_SIZE;
  else if (r >= <i64>TABLE_SIZE) r -= TABLE_SIZE;
  return <u32>r;
}

@inline
function tableGet(k: u64): i32 {
  const i = slot(k);
  return tableKeys[i] == <u32>k ? <i32>tableValues[i] : 0;
}

@inline
function tablePut(k: u64, value: i32): void {
  const i = slot(k);
  tableKeys[i] = <u32>k;
  tableValues[i] = <u8>value;
}

// Move lists per ply: the moves sorted by score, popped from the end (best first). Equal scores keep the
// order of addition, so the centre goes first among them.
const sortedMoves = new StaticArray<u64>(CELLS * WIDTH);
const sortedScores = new StaticArray<i32>(CELLS * WIDTH);

/**
 * Negamax score within (alpha, beta) for the side to move, which must not be able to win at once. Fail-hard
 * against the bounds it proves; a budget that runs out makes the result meaningless (searchStopped()) and
 * leaves wrong bounds in the table, which solve() then clears.
 */
function negamax(alpha: i32, beta: i32): i32 {
  if (countNode()) return 0;
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

  // Sort the moves by the threats they create; add from the edges inwards so the centre wins ties.
  const base = moves * WIDTH;
  let count = 0;
  for (let i = WIDTH - 1; i >= 0; i--) {
    const move = next & columnMask(COLUMN_ORDER[i]);
    if (move == 0) continue;
    const score = moveScore(move);
    let position = count++;
    while (position > 0 && sortedScores[base + position - 1] > score) {
      sortedMoves[base + position] = sortedMoves[base + position - 1];
      sortedScores[base + position] = sortedScores[base + position - 1];
      position--;
    }
    sortedMoves[base + position] = move;
    sortedScores[base + position] = score;
  }

  const savedCurrent = current;
  const savedMask = mask;
  while (count > 0) {
    const move = sortedMoves[base + --count];
    play(move);
    const score = -negamax(-beta, -alpha);
    current = savedCurrent;
    mask = savedMask;
    moves--;
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
  if (isWinningMove(column)) return (CELLS + 1 - moves) / 2 >= score;
  playColumn(column);
  let reaches: bool;
  if (canWinNext()) {
    reaches = -((CELLS + 1 - moves) / 2) >= score;
  } else {
    // The child's score is at most -score exactly when a search of the window (-score, -score + 1) fails low.
    reaches = negamax(-score, -score + 1) <= -score;
  }
  undo();
  if (searchStopped()) clearTable();
  return reaches;
}

// Counting the distinct positions `ply` stones deep (perft), to prove move generation and keys: an
// open-addressing set of keys (+1, so that 0 is empty) in a buffer allocated on first use.
let seen: StaticArray<u64> | null = null;
let seenMask: u32 = 0;
let seenCount: i32 = 0;

function remember(k: u64): void {
  const set = seen!;
  let i = <u32>((k * 0x9e3779b97f4a7c15) >> 40) & seenMask;
  while (set[i] != 0) {
    if (set[i] == k + 1) return;
    i = (i + 1) & seenMask;
  }
  set[i] = k + 1;
  seenCount++;
}

function collect(depth: i32): void {
  if (depth == 0) {
    remember(key());
    return;
  }
  for (let column = 0; column < WIDTH; column++) {
    if (!canPlay(column)) continue;
    // A move that makes four ends the game: the position counts, nothing follows it.
    const wins = isWinningMove(column);
    playColumn(column);
    if (wins) {
      if (depth == 1) remember(key());
    } else {
      collect(depth - 1);
    }
    undo();
  }
}

/** How many distinct positions are `ply` stones away from the current one (1, 7, 49, 238, … from empty). */
export function countPositions(ply: i32): i32 {
  if (seen == null) {
    seen = new StaticArray<u64>(1 << 22);
    seenMask = (1 << 22) - 1;
  }
  memory.fill(changetype<usize>(seen), 0, (<usize>1 << 22) << 3);
  seenCount = 0;
  collect(ply);
  return seenCount;
}
