// The moves of a node sorted by score, one list per ply (no allocation during a search): added in any order,
// taken best first. Equal scores are taken in the order they were added, last first: the solver adds the
// columns from the edges inwards so that the centre goes first among equals.

import { CELLS, WIDTH } from "./position";

const sortedMoves = new StaticArray<u64>(CELLS * WIDTH);
const sortedScores = new StaticArray<i32>(CELLS * WIDTH);

/** Adds a move to the list of the ply starting at `base`, which holds `count` moves; insertion by score. */
@inline
export function addMove(base: i32, count: i32, move: u64, score: i32): void {
  let position = count;
  while (position > 0 && sortedScores[base + position - 1] > score) {
    sortedMoves[base + position] = sortedMoves[base + position - 1];
    sortedScores[base + position] = sortedScores[base + position - 1];
    position--;
  }
  sortedMoves[base + position] = move;
  sortedScores[base + position] = score;
}

/** The move at `index` of the ply's list (the best is the last). */
@inline
export function moveAt(base: i32, index: i32): u64 {
  return sortedMoves[base + index];
}
