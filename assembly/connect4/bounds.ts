// Bounds on a position's score that cost no search: whether a player can still make any four, and Allis'
// "claimeven" (the second player answers each move in the cell above it, so takes every even cell): what it
// leaves the first player is an upper bound on the first player's score. After Christophe Steininger's c4.

import { BOARD_MASK, BOTTOM_MASK, HEIGHT, MAX_SCORE, allStones, opponentStones, ownStones } from "./position";

/** Shifts to the next cell in each direction: up, right, down-right, up-right. */
const VERTICAL = 1;
const HORIZONTAL = HEIGHT + 1;
const FALLING = HEIGHT;
const RISING = HEIGHT + 2;

/** The cells of rows 2, 4 and 6 (counting from 1 at the bottom). */
const EVEN_CELLS: u64 = (BOTTOM_MASK * 0b010101) << 1;
/** The marker row above the columns, and the bottom cell of the first column. */
const ABOVE_COLUMNS: u64 = BOTTOM_MASK << HEIGHT;

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
  return (foursIn(stones, VERTICAL) | foursIn(stones, HORIZONTAL) | foursIn(stones, FALLING) | foursIn(stones, RISING)) != 0;
}

/** Whether the player to move could still make a four if it got every empty cell. */
@inline
export function moverCanStillWin(): bool {
  return hasFour(ownStones() | (BOARD_MASK & ~allStones()));
}

/**
 * An upper bound on the score of the first player to move (an even number of stones on the board): the
 * second player claims every even cell not playable now, the first takes the rest. If the first player gets no
 * four that way, it cannot win; if the second gets one on a row before any of the first's, the first loses by
 * the last move at which the second's four can fill.
 */
export function claimevenBound(): i32 {
  const mover = ownStones();
  const playable = allStones() + BOTTOM_MASK;
  const evens = opponentStones() | (EVEN_CELLS & ~mover & ~playable);
  const odds = BOARD_MASK & ~evens;
  if (foursIn(odds, VERTICAL)) return MAX_SCORE;

  const evenRows = foursIn(evens, HORIZONTAL);
  const evenFalling = foursIn(evens, FALLING);
  const evenRising = foursIn(evens, RISING);
  // A four of the first player's below (before, in bit order) one of the second's in the same direction
  // breaks the strategy: no bound.
  const below = ABOVE_COLUMNS + 1;
  if (
    (foursIn(odds, HORIZONTAL) & (evenRows - below)) |
    (foursIn(odds, FALLING) & (evenFalling - below)) |
    (foursIn(odds, RISING) & (evenRising - below))
  )
    return MAX_SCORE;
  if (!evenRows && !evenFalling && !evenRising) return 0;

  if (evenRows) {
    // The lowest even row with a four of the second player's: 2 (score -3), else 4 (score -2).
    for (let row = HEIGHT / 2; row > 1; row--) {
      if (evenRows & (ABOVE_COLUMNS >> (2 * row - 1))) return -row;
    }
  } else {
    const open = ~allStones() & (cellsOfFours(evens, RISING) | cellsOfFours(evens, FALLING));
    for (let row = 1; row <= HEIGHT / 2; row++) {
      if (open & (ABOVE_COLUMNS >> (2 * row - 1))) return -row;
    }
  }
  return -1;
}
