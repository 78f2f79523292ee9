// Dead stones: stones that no four still to be made can pass through, so that their colour cannot change the
// game. The table's key counts them as the mover's, and positions that differ only in them share one entry
// (Christophe Steininger's c4 does the same). The test is local, by bit patterns along each direction; a stone
// is dead when it is dead in all four.

import { boardMask, directionShift, edgeCells, shortCells } from "./board";

/**
 * The stones dead in one direction: those buried (every empty cell on the line is too far, or the stones
 * between them are of both colours), those at the board's edge whose only four is already blocked by both
 * colours, and every cell no four in this direction passes through.
 */
@inline
function deadInDirection(own: u64, other: u64, direction: i32): u64 {
  const shift = directionShift(direction);
  const played = own | other;
  const empty = boardMask() & ~played;
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

/** The dead stones of a position, given the stones of each side. */
export function deadStones(own: u64, other: u64): u64 {
  const vertical = deadInDirection(own, other, 0);
  if (vertical == 0) return 0;
  const horizontal = deadInDirection(own, other, 1);
  if (horizontal == 0) return 0;
  const falling = deadInDirection(own, other, 2);
  if (falling == 0) return 0;
  return vertical & horizontal & falling & deadInDirection(own, other, 3);
}
