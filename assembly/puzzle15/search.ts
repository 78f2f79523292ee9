// Solving the board set with setTile, by a heuristic's number: 0 to 7 the 15-puzzle's own on the 4x4 board
// (heuristic.ts: walking distance … the 7-8 databases, searched by four-by-four-search.ts), 8 to 10 the pattern
// tables on a board of any width (tables.ts: the board's lookup alone, with its mirror's, with the duals' too,
// searched by table-search.ts). Both run on IDA*'s driver (ida.ts), whole or one share of an iteration.

import { startSearch } from "../common/stats";
import { iterate, iterateShare, startSolution } from "./ida";
import { setUpHeuristic } from "./heuristic";
import { FOUR_BY_FOUR_DIAMETER, fourByFourIteration } from "./four-by-four-search";
import { TABLES_DIAMETER, setUpTables, tablesIteration } from "./table-search";

/** The first of the tables' heuristics: 8 + REGULAR, REFLECTED or DUAL (table-search.ts). */
export const TABLES: i32 = 8;

/** Sets up the heuristic's state for the board; returns its estimate. */
export function prepare(which: i32): i32 {
  return which >= TABLES ? setUpTables(which - TABLES) : setUpHeuristic(which);
}

/** Starts a search: the budget, the heuristic's state, the solution; returns h. */
function begin(which: i32, nodeLimit: f64, msLimit: f64): i32 {
  startSearch(nodeLimit, msLimit);
  const h = prepare(which);
  startSolution(h);
  return h;
}

/**
 * Solves the board with a heuristic: returns the optimal number of moves (read them with solutionMove), -1 when
 * the budget ran out, -2 when the threshold passed the puzzle's diameter (tables whose bytes do not hold). Each
 * threshold is reported as an iteration (threshold, expansions so far, ms so far). The board is left solved.
 */
export function solve(which: i32, nodeLimit: f64, msLimit: f64): i32 {
  const h = begin(which, nodeLimit, msLimit);
  if (which >= TABLES) return iterate(h, TABLES_DIAMETER, which - TABLES, tablesIteration);
  return iterate(h, FOUR_BY_FOUR_DIAMETER, which, fourByFourIteration);
}

/**
 * One iteration of IDA* at `limit` (at least the board's estimate) over share `part` of `parts`, dealt at `depth`
 * (shares.ts): returns the solution's length, 0 for the goal, -1 when this share holds none (then searchedLimit and
 * nextLimit give the threshold searched and the next one) or the budget ran out, -2 as solve.
 */
export function searchShare(which: i32, limit: i32, depth: i32, part: i32, parts: i32, nodeLimit: f64, msLimit: f64): i32 {
  const h = begin(which, nodeLimit, msLimit);
  if (which >= TABLES) return iterateShare(limit, h, TABLES_DIAMETER, depth, part, parts, which - TABLES, tablesIteration);
  return iterateShare(limit, h, FOUR_BY_FOUR_DIAMETER, depth, part, parts, which, fourByFourIteration);
}
