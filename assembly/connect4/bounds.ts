// Bounds on a position's score that cost no search: whether a player can still make any four, and Allis'
// "claimeven" (the second player answers each move in the cell above it, so takes every even cell): what it
// leaves the first player is an upper bound on the first player's score. After Christophe Steininger's c4.

import { VERTICAL, falling, horizontal, rising } from "./board";
import { allStones, boardHeight, boardMask, bottomMask, maxScore, opponentStones, ownStones } from "./position";

/** The cells of rows 2, 4, 6, ... (counting from 1 at the bottom). */
@inline
function evenCells(): u64 {
  return bottomMask() * (0xaaaaaaaaaaaaaaaa & ((<u64>1 << boardHeight()) - 1));
}

/** The marker row above the columns. */
@inline
function aboveColumns(): u64 {
  return bottomMask() << boardHeight();
}

/** The last cell of every four in a row of these stones in one direction. */
@inline
function foursIn(stones: u64, shift: i32): u64 {
  const pairs = stones & (stones << (2 * shift));
  return pairs & (pairs << shift);
}

/** Every cell of every four in a row of these stones in one direction. */
@inline
function cellsOfFours(stones: u64, shift: i32): u64 {
  const last = foursIn(stones, shift);
  const halves = last | (last >> shift);
  return halves | (halves >> (2 * shift));
}

@inline
function hasFour(stones: u64): bool {
  return (foursIn(stones, VERTICAL) | foursIn(stones, horizontal()) | foursIn(stones, falling()) | foursIn(stones, rising())) != 0;
}

/** Whether the player to move could still make a four if it got every empty cell. */
@inline
export function moverCanStillWin(): bool {
  return hasFour(ownStones() | (boardMask() & ~allStones()));
}

/**
 * An upper bound on the score of the first player to move (an even number of stones on the board, and an even
 * height: with an odd one the second player cannot answer a stone in the top row above it): the
 * second player claims every even cell not playable now, the first takes the rest. If the first player gets no
 * four that way, it cannot win; if the second gets one on a row before any of the first's, the first loses by
 * the last move at which the second's four can fill.
 */
export function claimevenBound(): i32 {
  const mover = ownStones();
  const playable = allStones() + bottomMask();
  const evens = opponentStones() | (evenCells() & ~mover & ~playable);
  const odds = boardMask() & ~evens;
  if (foursIn(odds, VERTICAL)) return maxScore();

  const evenRows = foursIn(evens, horizontal());
  const evenFalling = foursIn(evens, falling());
  const evenRising = foursIn(evens, rising());
  // A four of the first player's below (before, in bit order) one of the second's in the same direction
  // breaks the strategy: no bound.
  const below = aboveColumns() + 1;
  if (
    (foursIn(odds, horizontal()) & (evenRows - below)) |
    (foursIn(odds, falling()) & (evenFalling - below)) |
    (foursIn(odds, rising()) & (evenRising - below))
  )
    return maxScore();
  if (!evenRows && !evenFalling && !evenRising) return 0;

  if (evenRows) {
    // The lowest even row with a four of the second player's: 2 (score -3), else 4 (score -2).
    for (let row = boardHeight() / 2; row > 1; row--) {
      if (evenRows & (aboveColumns() >> (2 * row - 1))) return -row;
    }
  } else {
    const open = ~allStones() & (cellsOfFours(evens, rising()) | cellsOfFours(evens, falling()));
    for (let row = 1; row <= boardHeight() / 2; row++) {
      if (open & (aboveColumns() >> (2 * row - 1))) return -row;
    }
  }
  return -1;
}
