// The 15-puzzle's own heuristics (4x4 boards), by number, and their state for a board: the walking-distance states of its rows and columns, its row and column
// inversions, its Manhattan distance; and the estimate of the heuristic chosen: walking distance (WD), WD with
// the inversion distance by the larger per axis (WDID), Manhattan distance (MD), or the pattern databases with
// their mirrored lookup, combined with WD by the larger (PDB), or the same with the 7-8 databases (PDB78; with the
// dual boards' lookups too, PDB78_DUAL; without WD, PDB78_PAIR; the board's lookup alone, PDB78_REGULAR).

import { TILES, blankCell, cellOf } from "./board";
import { CELLS, goalColumn, goalRow } from "./four-by-four";
import { patternEstimate } from "./patterns";
import { dualExtra, rankedExtraEstimate } from "./ranked-patterns";
import { buildWalkingDistance, findState, withCount, wdDistance } from "./walking-distance";

export const WD: i32 = 0;
export const WDID: i32 = 1;
export const MD: i32 = 2;
export const PDB: i32 = 3;
export const PDB78: i32 = 4;
export const PDB78_PAIR: i32 = 5;
export const PDB78_REGULAR: i32 = 6;
export const PDB78_DUAL: i32 = 7;

let heuristic: i32 = WD;
let rowState: i32 = 0;
let columnState: i32 = 0;
let rowInversions: i32 = 0;
let columnInversions: i32 = 0;
let manhattan: i32 = 0;
/** Each tile's rank in goal column-major order, for column inversions. */
export const columnRank = new StaticArray<u8>(CELLS);

/** Sets up the heuristic's state for the 4x4 board set with setTile; returns h. */
export function setUpHeuristic(which: i32): i32 {
  buildWalkingDistance();
  heuristic = which;
  let rows: u64 = 0;
  let columns: u64 = 0;
  manhattan = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    const tile = <i32>load<u8>(TILES + <usize>(cell));
    cellOf[tile] = <u8>cell;
    if (tile == 0) continue;
    rows = withCount(rows, cell >> 2, goalRow(tile), 1);
    columns = withCount(columns, cell & 3, goalColumn(tile), 1);
    manhattan += abs(goalRow(tile) - (cell >> 2)) + abs(goalColumn(tile) - (cell & 3));
  }
  rowState = findState(rows);
  columnState = findState(columns);
  for (let tile = 1; tile < CELLS; tile++) columnRank[tile] = <u8>(goalColumn(tile) * 4 + goalRow(tile));
  rowInversions = 0;
  columnInversions = 0;
  for (let a = 0; a < CELLS; a++) {
    for (let b = a + 1; b < CELLS; b++) {
      const ta = <i32>load<u8>(TILES + <usize>(a));
      const tb = <i32>load<u8>(TILES + <usize>(b));
      if (ta != 0 && tb != 0 && ta > tb) rowInversions++;
      // Column-major reading: cell index (c * 4 + r).
      const ca = <i32>load<u8>(TILES + <usize>((a & 3) * 4 + (a >> 2)));
      const cb = <i32>load<u8>(TILES + <usize>((b & 3) * 4 + (b >> 2)));
      if (ca != 0 && cb != 0 && columnRank[ca] > columnRank[cb]) columnInversions++;
    }
  }
  return estimate();
}

@inline
export function inversionDistance(inversions: i32): i32 {
  return inversions / 3 + inversions % 3;
}

@inline
function estimate(): i32 {
  if (heuristic == MD) return manhattan;
  if (heuristic == PDB) return max(patternEstimate(), wdDistance(rowState) + wdDistance(columnState));
  if (heuristic == PDB78 || heuristic == PDB78_DUAL) {
    const h = max(manhattan + 2 * rankedExtraEstimate(true), wdDistance(rowState) + wdDistance(columnState));
    if (heuristic == PDB78) return h;
    return max(h, manhattan + 2 * max(dualExtra(blankCell(), false), dualExtra(blankCell(), true)));
  }
  if (heuristic == PDB78_PAIR) return manhattan + 2 * rankedExtraEstimate(true);
  if (heuristic == PDB78_REGULAR) return manhattan + 2 * rankedExtraEstimate(false);
  const rows = wdDistance(rowState);
  const columns = wdDistance(columnState);
  if (heuristic == WD) return rows + columns;
  return max(rows, inversionDistance(rowInversions)) + max(columns, inversionDistance(columnInversions));
}


/** The board's Manhattan distance. */
@inline
export function startManhattan(): i32 {
  return manhattan;
}

/** Where a search starts: the row state (the Manhattan distance for MD), the column state and the inversions. */
@inline
export function startRows(): i32 {
  return heuristic == MD ? manhattan : rowState;
}

@inline
export function startColumns(): i32 {
  return columnState;
}

@inline
export function startRowInversions(): i32 {
  return rowInversions;
}

@inline
export function startColumnInversions(): i32 {
  return columnInversions;
}
