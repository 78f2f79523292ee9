// Solving the board set with setTile, by a heuristic's number: 0 to 7 the 15-puzzle's own on the 4x4 board
// (heuristic.ts: walking distance … the 7-8 databases, searched by four-by-four-search.ts), 8 to 10 the pattern
// tables on a board of any width (tables.ts: the board's lookup alone, with its mirror's, with the duals' too,
// searched by table-search.ts).

import { setUpHeuristic } from "./heuristic";
import { searchShareFourByFour, solveFourByFour } from "./four-by-four-search";
import { searchTablesShare, setUpTables, solveTables } from "./table-search";

/** The first of the tables' heuristics: 8 + REGULAR, REFLECTED or DUAL (table-search.ts). */
export const TABLES: i32 = 8;

/** Sets up the heuristic's state for the board; returns its estimate. */
export function prepare(which: i32): i32 {
  return which >= TABLES ? setUpTables(which - TABLES) : setUpHeuristic(which);
}

/**
 * Solves the board with a heuristic: returns the optimal number of moves (read them with solutionMove), -1 when
 * the budget ran out, -2 when the threshold passed the puzzle's diameter (tables whose bytes do not hold). Each
 * threshold is reported as an iteration (threshold, expansions so far, ms so far). The board is left solved.
 */
export function solve(which: i32, nodeLimit: f64, msLimit: f64): i32 {
  return which >= TABLES ? solveTables(which - TABLES, nodeLimit, msLimit) : solveFourByFour(which, nodeLimit, msLimit);
}

/**
 * One iteration of IDA* at `limit` (at least the board's estimate) over share `part` of `parts`, dealt at `depth`
 * (shares.ts): returns the solution's length, 0 for the goal, -1 when this share holds none (then searchedLimit and
 * nextLimit give the threshold searched and the next one) or the budget ran out, -2 as solve.
 */
export function searchShare(which: i32, limit: i32, depth: i32, part: i32, parts: i32, nodeLimit: f64, msLimit: f64): i32 {
  return which >= TABLES
    ? searchTablesShare(which - TABLES, limit, depth, part, parts, nodeLimit, msLimit)
    : searchShareFourByFour(which, limit, depth, part, parts, nodeLimit, msLimit);
}
