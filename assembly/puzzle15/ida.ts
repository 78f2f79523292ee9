// IDA*'s driver, the same for both searches (four-by-four-search.ts, table-search.ts): the search's state (the
// threshold, the next one, the solution's moves), the steps every node's search ends with (the goal reached, a
// child's search over, a cut), and the loop of iterations, whole (`iterate`) or one share of one (`iterateShare`,
// shares.ts). A search gives its own iteration (compiled per heuristic) as a function of the heuristic.

import { dealShares, endShares, restartDeal } from "./shares";
import { reportIteration, searchStopped } from "../common/stats";

const path = new StaticArray<i32>(256);
export let threshold: i32 = 0;
let nextThreshold: i32 = 0;
export let found = false;
let solutionLength: i32 = -1;

/** A search begins from a board whose estimate is `h`: solved at once when it is 0. */
export function startSolution(h: i32): void {
  found = false;
  solutionLength = h == 0 ? 0 : -1;
}

/** An iteration begins: the next threshold is the least f cut in it, and the shares are dealt afresh. */
export function startIteration(): void {
  nextThreshold = i32.MAX_VALUE;
  restartDeal();
}

/** The move in `direction` at depth g reached the goal: the search stops at once, the board stays solved. */
@inline
export function reachGoal(g: i32, direction: i32): bool {
  found = true;
  solutionLength = g + 1;
  path[g] = direction;
  return true;
}

/** After a child's search: whether the search is over (found or stopped); the path is written on the way back. */
@inline
export function searchOver(g: i32, direction: i32): bool {
  if (found) {
    path[g] = direction;
    return true;
  }
  return searchStopped();
}

/** A child cut with f above the threshold: f may be the next threshold. */
@inline
export function cut(f: i32): bool {
  if (f < nextThreshold) nextThreshold = f;
  return false;
}

/**
 * Iterations from threshold `h` until the goal, the end of the budget or a threshold past the puzzle's diameter
 * (a heuristic that does not hold: tables whose bytes are wrong): the solution's length, -1 when the budget ran
 * out, -2 past the diameter. Each threshold searched is reported as an iteration.
 */
export function iterate(h: i32, diameter: i32, which: i32, iteration: (which: i32) => void): i32 {
  threshold = h;
  endShares();
  while (solutionLength < 0 && !searchStopped()) {
    if (threshold > diameter) return -2;
    iteration(which);
    if (!searchStopped()) reportIteration(threshold, found ? solutionLength : -1, -1);
    threshold = nextThreshold;
  }
  return searchStopped() ? -1 : solutionLength;
}

/**
 * One iteration at `limit` (at least the board's estimate `h`) over share `part` of `parts`, dealt at `depth`:
 * the solution's length, 0 for the goal, -1 when this share holds none (then searchedLimit and nextLimit give the
 * threshold searched and the next one) or the budget ran out, -2 when the threshold is past the diameter.
 */
export function iterateShare(limit: i32, h: i32, diameter: i32, depth: i32, part: i32, parts: i32, which: i32, iteration: (which: i32) => void): i32 {
  threshold = max(limit, h);
  if (solutionLength == 0) return 0;
  if (threshold > diameter) return -2;
  dealShares(depth, part, parts);
  iteration(which);
  endShares();
  return searchStopped() ? -1 : solutionLength;
}

export function searchedLimit(): i32 {
  return threshold;
}

export function nextLimit(): i32 {
  return nextThreshold;
}

/** The blank's i-th move of the solution: 0 U, 1 L, 2 R, 3 D. */
export function solutionMove(i: i32): i32 {
  return path[i];
}
