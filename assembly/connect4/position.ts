// A Connect 4 position as bitboards in u64 (columns of cells plus a sentinel row: bit column * (height + 1) +
// row, board.ts): the stones of the player to move and all stones, Pascal Pons' representation, and the threats
// (empty cells that complete four) the search reads. Exports are numbers only to the host; 64-bit values stay
// inside.

import { undoAddress } from "./thread-memory";
import { deadStones } from "./dead-stones";
import { boardCells, boardHeight, boardMask, boardWidth, bottomMask } from "./board";

export { boardCells, boardHeight, boardMask, boardWidth, bottomMask } from "./board";

/** The lowest and highest scores of the size: a win or loss by the last stones of each side. */
@inline
export function minScore(): i32 {
  return -boardCells() / 2 + 3;
}

@inline
export function maxScore(): i32 {
  return (boardCells() + 1) / 2 - 3;
}

/** The scores' range, for the host. */
export function lowestScore(): i32 {
  return minScore();
}

export function highestScore(): i32 {
  return maxScore();
}

@inline
function topMaskColumn(column: i32): u64 {
  return (<u64>1 << (boardHeight() - 1)) << (column * (boardHeight() + 1));
}

@inline
function bottomMaskColumn(column: i32): u64 {
  return <u64>1 << (column * (boardHeight() + 1));
}

@inline
export function columnMask(column: i32): u64 {
  return ((<u64>1 << boardHeight()) - 1) << (column * (boardHeight() + 1));
}

// The position: the stones of the player to move, all stones, and how many. undo() takes back playColumn()
// from the positions kept in the thread's memory.
let current: u64 = 0;
let mask: u64 = 0;
let moves: i32 = 0;

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

/** Plays a column (0-based) that can be played. */
export function playColumn(column: i32): void {
  store<u64>(undoAddress(moves), current);
  store<u64>(undoAddress(moves), mask, 8);
  play((mask + bottomMaskColumn(column)) & columnMask(column));
}

export function undo(): void {
  moves--;
  current = load<u64>(undoAddress(moves));
  mask = load<u64>(undoAddress(moves), 8);
}

/** Plays a move given as its cell's bit (one of possible()). */
@inline
export function play(move: u64): void {
  current ^= mask;
  mask |= move;
  moves++;
}

/** Sets the position to one saved from ownStones(), allStones() and stones(). */
@inline
export function setStones(savedCurrent: u64, savedMask: u64, savedMoves: i32): void {
  current = savedCurrent;
  mask = savedMask;
  moves = savedMoves;
}

/** The stones of the player to move, and all stones. */
@inline
export function ownStones(): u64 {
  return current;
}

@inline
export function allStones(): u64 {
  return mask;
}

@inline
export function stones(): i32 {
  return moves;
}

/** Would playing this column make four in a row for the player to move? */
export function isWinningMove(column: i32): bool {
  return (threatsOf(current) & possible() & columnMask(column)) != 0;
}

export function canWinNext(): bool {
  return (threatsOf(current) & possible()) != 0;
}

/** 0 empty, 1 the first player's stone, 2 the second's; rows from the bottom. */
export function cellAt(column: i32, row: i32): i32 {
  const bit = <u64>1 << (column * (boardHeight() + 1) + row);
  if ((mask & bit) == 0) return 0;
  const mine = (current & bit) != 0;
  // `current` is the player to move: the first player moves when the count is even.
  return mine == ((moves & 1) == 0) ? 1 : 2;
}

/** Whether the stone in this cell is dead (dead-stones.ts): its colour cannot change the game. */
export function isDeadStone(column: i32, row: i32): bool {
  return ((deadStones(current, current ^ mask) >> (column * (boardHeight() + 1) + row)) & 1) != 0;
}

/** The position's key: unique per position, below 2^((height + 1) x width). */
@inline
export function key(): u64 {
  return current + mask;
}

/** The cells playable now: one per column that is not full. */
@inline
export function possible(): u64 {
  return (mask + bottomMask()) & boardMask();
}

/** The stones of the player who moved last. */
@inline
export function opponentStones(): u64 {
  return current ^ mask;
}

/** The empty cells where these stones would complete four. */
@inline
export function threatsOf(position: u64): u64 {
  // vertical
  let r = (position << 1) & (position << 2) & (position << 3);
  // horizontal
  let p = (position << (boardHeight() + 1)) & (position << (2 * (boardHeight() + 1)));
  r |= p & (position << (3 * (boardHeight() + 1)));
  r |= p & (position >> (boardHeight() + 1));
  p = (position >> (boardHeight() + 1)) & (position >> (2 * (boardHeight() + 1)));
  r |= p & (position << (boardHeight() + 1));
  r |= p & (position >> (3 * (boardHeight() + 1)));
  // diagonal /
  p = (position << boardHeight()) & (position << (2 * boardHeight()));
  r |= p & (position << (3 * boardHeight()));
  r |= p & (position >> boardHeight());
  p = (position >> boardHeight()) & (position >> (2 * boardHeight()));
  r |= p & (position << boardHeight());
  r |= p & (position >> (3 * boardHeight()));
  // diagonal \
  p = (position << (boardHeight() + 2)) & (position << (2 * (boardHeight() + 2)));
  r |= p & (position << (3 * (boardHeight() + 2)));
  r |= p & (position >> (boardHeight() + 2));
  p = (position >> (boardHeight() + 2)) & (position >> (2 * (boardHeight() + 2)));
  r |= p & (position << (boardHeight() + 2));
  r |= p & (position >> (3 * (boardHeight() + 2)));
  return r & (boardMask() ^ mask);
}

let keyMirrored = false;

/** The stones column by column in reverse order (the board seen in a mirror): each pair of columns swapped. */
@inline
function mirrorColumns(k: u64): u64 {
  const bits = boardHeight() + 1;
  const column: u64 = (<u64>1 << bits) - 1;
  const middle = boardWidth() / 2;
  // The middle column of an odd width stays; a constant width makes this loop straight code.
  let mirrored: u64 = boardWidth() & 1 ? k & (column << (middle * bits)) : 0;
  for (let left = 0; left < middle; left++) {
    const shift = (boardWidth() - 1 - 2 * left) * bits;
    mirrored |= ((k & (column << (left * bits))) << shift) | ((k >> shift) & (column << (left * bits)));
  }
  return mirrored;
}

/**
 * The transposition table's key: the mover's stones, its dead stones counted as its own (so that positions that
 * differ only in them share a key, as in c4), with a marker above each column's top stone (unique per position,
 * below 2^((height + 1) x width)). A position and its mirror image share one, the smaller; mirroredKey() says which.
 */
@inline
export function tableKey(): u64 {
  const own = current | deadStones(current, current ^ mask);
  const k = own | (mask + bottomMask());
  const m = mirrorColumns(k);
  keyMirrored = m < k;
  return keyMirrored ? m : k;
}

/** Whether the last tableKey() was the mirror image's: its stored column is mirrored too. */
@inline
export function mirroredKey(): bool {
  return keyMirrored;
}
