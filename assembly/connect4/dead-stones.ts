// Dead stones: stones that no four still to be made can pass through, so that their colour cannot change the
// game. The table's key counts them as the mover's, and positions that differ only in them share one entry
// (Christophe Steininger's c4 does the same). The test is local, by bit patterns along each direction; a stone
// is dead when it is dead in all four.

import { boardMask, directionShift, edgeCells, shortCells } from "./board";

/**
 * The stones dead in a direction across the columns (horizontal, falling or rising): those buried (every empty
 * cell on the line is too far, or the stones between them are of both colours), those at the board's edge whose
 * only four is already blocked by both colours, and every cell no four in this direction passes through.
 */
@inline
function deadAcross(own: u64, other: u64, played: u64, empty: u64, direction: i32): u64 {
  const shift = directionShift(direction);
  // Stones next to an empty cell, and one stone further.
  const open = played & ((empty >> shift) | (empty << shift));
  const nearOpen = played & ((open >> shift) | (open << shift));
  // Stones two further, where the two stones towards the empty cell are of one colour: a four may join them.
  const pairs = (own & (own >> shift)) | (other & (other >> shift));
  const behindPair = ((nearOpen >> shift) & (pairs >> shift)) | ((nearOpen << shift) & (pairs << (2 * shift)));
  const buried = played & ~open & ~nearOpen & ~behindPair;
  // At the edge: the line of four from here holds a stone of each colour beyond the next cell.
  const between = ((own >> shift) & (other << shift)) | ((other >> shift) & (own << shift));
  const pinned = edgeCells(direction) & played & ((between >> (2 * shift)) | (between << (2 * shift)));
  return buried | pinned | shortCells(direction);
}

/**
 * The stones dead in their column: all but the top two, and the third from the top unless the two above it are of
 * one colour (the same test as across, where a column's only empty cells are above its top stone).
 */
@inline
function deadInColumn(own: u64, other: u64, played: u64, empty: u64): u64 {
  const top = played & (empty >> 1);
  const pairs = (own & (own >> 1)) | (other & (other >> 1));
  return played & ~(top | (top >> 1) | ((top >> 2) & (pairs >> 1)));
}

/** The dead stones of a position, given the stones of each side. */
export function deadStones(own: u64, other: u64): u64 {
  const played = own | other;
  const empty = boardMask() & ~played;
  const vertical = deadInColumn(own, other, played, empty);
  if (vertical == 0) return 0;
  const horizontal = deadAcross(own, other, played, empty, 1);
  if (horizontal == 0) return 0;
  const falling = deadAcross(own, other, played, empty, 2);
  if (falling == 0) return 0;
  return vertical & horizontal & falling & deadAcross(own, other, played, empty, 3);
}
