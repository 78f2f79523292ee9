// IDA* over the 4x4 board with the 15-puzzle's own heuristics (heuristic.ts), one depth-first search compiled per heuristic, and the same iteration shared among
// workers. Blank moves are tried in the order U, L, R, D; the move that undoes the previous one is never made.
// Counting (as Korf's published node counts do): an expansion is a node with f = g + h <= threshold whose
// children are generated (the root in every iteration); the search stops at the first generated child that is
// the goal.

import { ownsNode, splitDepth } from "./shares";
import { cut, reachGoal, searchOver, startIteration, threshold } from "./ida";
import { countNode } from "../common/stats";
import { TILES, blankCell } from "./board";
import { goalColumn, goalRow, mirrorCell, mirrorTile } from "./four-by-four";
import { MD, PDB, PDB78, PDB78_DUAL, PDB78_PAIR, WD, WDID, columnRank, inversionDistance, startColumnInversions, startColumns, startManhattan, startRowInversions, startRows } from "./heuristic";
import {
  directIndex,
  boardSum,
  directValue,
  groupTable,
  mirrorIndex,
  mirrorBoardSum,
  mirrorValue,
  setLookups,
  tileGroup,
  tileShift,
} from "./patterns";
import { commitMove, directExtraAfter, dualExtra, mirrorExtraAfter, undoMove } from "./ranked-patterns";
import { wdDistance, wdNext } from "./walking-distance";

// The search is compiled once per heuristic (a marker class as a type parameter): each keeps and updates only
// the state its heuristic needs, and restores it from saved values rather than by the reverse move.

class WalkingDistance {}
class WalkingInversion {}
class Manhattan {}
class Patterns {}
// The 7-8 databases with all their lookups (the board's, the mirrored board's, WD), with the duals' too, without WD,
// or the board's alone.
class RankedPatterns {}
class RankedDual {}
class RankedPair {}
class RankedRegular {}

// Directions of the blank: 0 U, 1 L, 2 R, 3 D (the search's order); 3 - d is the opposite. Cell steps:
const STEPS: usize = memory.data<i8>([-4, -1, 1, 4]);

/**
 * The most moves any 4x4 board needs (the 15-puzzle's diameter): a threshold past it means a heuristic that does
 * not hold (a pattern database whose bytes are wrong), and the search says so (-2) rather than search for ever.
 */
export const FOUR_BY_FOUR_DIAMETER: i32 = 80;


/**
 * IDA*'s depth-first search below a node at depth g. The blank's cell and the heuristic's state travel as
 * arguments (registers, not globals): for WD and WDID `rows` and `columns` are the walking-distance states and
 * `rowInv`, `columnInv` the inversion counts, for MD `rows` is the Manhattan distance, for the 7-8 databases
 * `rowInv` is; the pattern databases keep their lookups' state in patterns.ts and ranked-patterns.ts.
 */
let prefetchSink: u32 = 0;

/** Reads the table entries of every child's lookup at once, so that their memory latencies overlap. */
@inline
function prefetchChildren(blank: i32, previous: i32): void {
  for (let direction = 0; direction < 4; direction++) {
    if (direction == 3 - previous) continue;
    if (direction == 0 ? blank < 4 : direction == 3 ? blank >= 12 : direction == 1 ? (blank & 3) == 0 : (blank & 3) == 3) continue;
    const from = blank + <i32>load<i8>(STEPS + <usize>direction);
    const tile = <i32>load<u8>(TILES + <usize>from);
    const g = <i32>tileGroup[tile];
    const mirrored = mirrorTile(tile);
    const m = <i32>tileGroup[mirrored];
    prefetchSink += <u32>load<u8>(groupTable[g] + directIndex[g] + (<u32>(blank - from) << tileShift[tile]));
    prefetchSink += <u32>load<u8>(groupTable[m] + mirrorIndex[m] + (<u32>(mirrorCell(blank) - mirrorCell(from)) << tileShift[mirrored]));
  }
}

function search<H>(g: i32, previous: i32, blank: i32, rows: i32, columns: i32, rowInv: i32, columnInv: i32): void {
  if (g <= splitDepth ? !ownsNode(g) : countNode()) return;
  // One call per direction with the direction a constant: the inlined move folds its tests on it away.
  if (idof<H>() == idof<Patterns>()) {
    prefetchChildren(blank, previous);
    if (previous != 3 && blank >= 4 && patternChild(0, g, blank, rows, columns)) return;
    if (previous != 2 && (blank & 3) != 0 && patternChild(1, g, blank, rows, columns)) return;
    if (previous != 1 && (blank & 3) != 3 && patternChild(2, g, blank, rows, columns)) return;
    if (previous != 0 && blank < 12) patternChild(3, g, blank, rows, columns);
    return;
  }
  if (isRanked<H>()) {
    if (previous != 3 && blank >= 4 && rankedChild<H>(0, g, blank, rows, columns, rowInv)) return;
    if (previous != 2 && (blank & 3) != 0 && rankedChild<H>(1, g, blank, rows, columns, rowInv)) return;
    if (previous != 1 && (blank & 3) != 3 && rankedChild<H>(2, g, blank, rows, columns, rowInv)) return;
    if (previous != 0 && blank < 12) rankedChild<H>(3, g, blank, rows, columns, rowInv);
    return;
  }
  if (previous != 3 && blank >= 4 && child<H>(0, g, blank, rows, columns, rowInv, columnInv)) return;
  if (previous != 2 && (blank & 3) != 0 && child<H>(1, g, blank, rows, columns, rowInv, columnInv)) return;
  if (previous != 1 && (blank & 3) != 3 && child<H>(2, g, blank, rows, columns, rowInv, columnInv)) return;
  if (previous != 0 && blank < 12) child<H>(3, g, blank, rows, columns, rowInv, columnInv);
}

/** The blank's move in `direction` and the search below it; true when the search is over (found or stopped). */
@inline
function child<H>(direction: i32, g: i32, blank: i32, rows: i32, columns: i32, rowInv: i32, columnInv: i32): bool {
  const from = blank + <i32>load<i8>(STEPS + <usize>direction);
  const tile = <i32>load<u8>(TILES + <usize>from);
  const vertical = direction == 0 || direction == 3;
  let nextRows = rows;
  let nextColumns = columns;
  let nextRowInv = rowInv;
  let nextColumnInv = columnInv;
  if (idof<H>() == idof<WalkingDistance>() || idof<H>() == idof<WalkingInversion>()) {
    if (vertical) nextRows = wdNext(rows, direction == 3 ? 1 : 0, goalRow(tile));
    else nextColumns = wdNext(columns, direction == 2 ? 1 : 0, goalColumn(tile));
  }
  if (idof<H>() == idof<WalkingInversion>()) {
    if (vertical) nextRowInv += inversionChange(direction, from, blank, tile);
    else nextColumnInv += inversionChange(direction, from, blank, tile);
  }
  if (idof<H>() == idof<Manhattan>()) {
    nextRows += manhattanChange(vertical, tile, from, blank);
  }
  slide(tile, from, blank);
  let h: i32;
  if (idof<H>() == idof<WalkingDistance>()) {
    h = wdDistance(nextRows) + wdDistance(nextColumns);
  } else if (idof<H>() == idof<WalkingInversion>()) {
    h = max(wdDistance(nextRows), inversionDistance(nextRowInv)) + max(wdDistance(nextColumns), inversionDistance(nextColumnInv));
  } else {
    h = nextRows;
  }
  if (h == 0) return reachGoal(g, direction);
  const f = g + 1 + h;
  if (f <= threshold) {
    search<H>(g + 1, direction, from, nextRows, nextColumns, nextRowInv, nextColumnInv);
    if (searchOver(g, direction)) return true;
  } else cut(f);
  slide(tile, blank, from);
  return false;
}

/**
 * The pattern database search's move. h is the largest of three estimates: the walking distance (it cuts
 * about a sixth of the nodes on Korf's 100 for one cached lookup), the groups' sum and the mirrored board's
 * sum. They are looked up one at a time and the child is cut as soon as one shows f above the threshold; the
 * lookup state changes only for a child searched. Each estimate changes by one per move, so f keeps the
 * parity of the threshold and a cut on one estimate leaves the same next threshold as on all three.
 */
@inline
function patternChild(direction: i32, g: i32, blank: i32, rows: i32, columns: i32): bool {
  const from = blank + <i32>load<i8>(STEPS + <usize>direction);
  const tile = <i32>load<u8>(TILES + <usize>from);
  const limit = threshold - g - 1;
  let nextRows = rows;
  let nextColumns = columns;
  if (direction == 0 || direction == 3) nextRows = wdNext(rows, direction == 3 ? 1 : 0, goalRow(tile));
  else nextColumns = wdNext(columns, direction == 2 ? 1 : 0, goalColumn(tile));
  const walking = wdDistance(nextRows) + wdDistance(nextColumns);
  if (walking > limit) return cut(g + 1 + walking);
  // Tile t moves from `from` to `blank`: its group's index and value change, and in the mirrored board the
  // tile mirrorTile(t) moves from the mirror of `from` to the mirror of `blank`.
  const group = <i32>tileGroup[tile];
  const index = directIndex[group] + (<u32>(blank - from) << tileShift[tile]);
  const value = <i32>load<u8>(groupTable[group] + index);
  const sum = boardSum() + value - directValue[group];
  if (sum > limit) return cut(g + 1 + sum);
  const mirrored = mirrorTile(tile);
  const mirrorGroup = <i32>tileGroup[mirrored];
  const mirror = mirrorIndex[mirrorGroup] + (<u32>(mirrorCell(blank) - mirrorCell(from)) << tileShift[mirrored]);
  const mirrorValueNow = <i32>load<u8>(groupTable[mirrorGroup] + mirror);
  const mirrorSumNow = mirrorBoardSum() + mirrorValueNow - mirrorValue[mirrorGroup];
  if (mirrorSumNow > limit) return cut(g + 1 + mirrorSumNow);
  slide(tile, from, blank);
  if ((walking | sum | mirrorSumNow) == 0) return reachGoal(g, direction);
  const savedIndex = directIndex[group];
  const savedValue = directValue[group];
  const savedSum = boardSum();
  const savedMirrorIndex = mirrorIndex[mirrorGroup];
  const savedMirrorValue = mirrorValue[mirrorGroup];
  const savedMirrorSum = mirrorBoardSum();
  setLookups(group, index, value, sum, mirrorGroup, mirror, mirrorValueNow, mirrorSumNow);
  search<Patterns>(g + 1, direction, from, nextRows, nextColumns, 0, 0);
  if (searchOver(g, direction)) return true;
  slide(tile, blank, from);
  setLookups(group, savedIndex, savedValue, savedSum, mirrorGroup, savedMirrorIndex, savedMirrorValue, savedMirrorSum);
  return false;
}

@inline
function isRanked<H>(): bool {
  return idof<H>() == idof<RankedPatterns>() || idof<H>() == idof<RankedDual>() || idof<H>() == idof<RankedPair>() || idof<H>() == idof<RankedRegular>();
}

/**
 * The 7-8 databases' move: h is the largest of the walking distance and MD + 2 · the larger of the board's and
 * the mirrored board's extra sums (ranked-patterns.ts), cut at the first that shows f above the threshold (fewer
 * lookups for RankedPair and RankedRegular; for RankedDual, then MD + 2 · the dual boards' extra sums).
 */
@inline
function rankedChild<H>(direction: i32, g: i32, blank: i32, rows: i32, columns: i32, manhattan: i32): bool {
  const from = blank + <i32>load<i8>(STEPS + <usize>direction);
  const tile = <i32>load<u8>(TILES + <usize>from);
  const limit = threshold - g - 1;
  let nextRows = rows;
  let nextColumns = columns;
  const vertical = direction == 0 || direction == 3;
  if (vertical) nextRows = wdNext(rows, direction == 3 ? 1 : 0, goalRow(tile));
  else nextColumns = wdNext(columns, direction == 2 ? 1 : 0, goalColumn(tile));
  const nextManhattan = manhattan + manhattanChange(vertical, tile, from, blank);
  if (idof<H>() == idof<RankedPatterns>() || idof<H>() == idof<RankedDual>()) {
    const walking = wdDistance(nextRows) + wdDistance(nextColumns);
    if (walking > limit) return cut(g + 1 + walking);
  }
  if (nextManhattan > limit) return cut(g + 1 + nextManhattan);
  const direct = nextManhattan + 2 * directExtraAfter(tile, from, blank, TILES);
  if (direct > limit) return cut(g + 1 + direct);
  if (idof<H>() != idof<RankedRegular>()) {
    const mirror = nextManhattan + 2 * mirrorExtraAfter(tile, from, blank, TILES);
    if (mirror > limit) return cut(g + 1 + mirror);
  }
  slide(tile, from, blank);
  if (nextManhattan == 0) return reachGoal(g, direction);
  // The duals are looked up on the child's board, and last: they cost the most (ranks computed afresh). Their
  // estimate can jump by more than one in a move; propagating it to the parent (bidirectional pathmax) saved 59 of
  // 7.1 M nodes on the 80-move boards, so it is not done.
  if (idof<H>() == idof<RankedDual>()) {
    let dual = nextManhattan + 2 * dualExtra(from, false);
    if (dual <= limit) dual = max(dual, nextManhattan + 2 * dualExtra(from, true));
    if (dual > limit) {
      slide(tile, blank, from);
      return cut(g + 1 + dual);
    }
  }
  commitMove(tile, g);
  search<H>(g + 1, direction, from, nextRows, nextColumns, nextManhattan, 0);
  if (searchOver(g, direction)) return true;
  slide(tile, blank, from);
  undoMove(tile, g);
  return false;
}

/** The change in the Manhattan distance when `tile` moves from `from` to `to` (up or down when `vertical`). */
@inline
function manhattanChange(vertical: bool, tile: i32, from: i32, to: i32): i32 {
  if (vertical) return abs(goalRow(tile) - (to >> 2)) - abs(goalRow(tile) - (from >> 2));
  return abs(goalColumn(tile) - (to & 3)) - abs(goalColumn(tile) - (from & 3));
}

/** Slides `tile` from `from` onto the empty cell `to` (the blank goes the other way). */
@inline
function slide(tile: i32, from: i32, to: i32): void {
  store<u8>(TILES + <usize>to, tile);
  store<u8>(TILES + <usize>from, 0);
}


/** The change in row (vertical move) or column (horizontal) inversions when `tile` passes three tiles. */
@inline
function inversionChange(direction: i32, from: i32, blank: i32, tile: i32): i32 {
  let change = 0;
  if (direction == 0 || direction == 3) {
    const low = min(from, blank) + 1;
    for (let cell = low; cell < low + 3; cell++) change += <i32>load<u8>(TILES + <usize>cell) > tile ? 1 : -1;
    return direction == 0 ? change : -change;
  }
  const fromKey = (from & 3) * 4 + (from >> 2);
  const blankKey = (blank & 3) * 4 + (blank >> 2);
  const low = min(fromKey, blankKey) + 1;
  const rank = <i32>columnRank[tile];
  for (let key = low; key < low + 3; key++) change += <i32>columnRank[<i32>load<u8>(TILES + <usize>((key & 3) * 4 + (key >> 2)))] > rank ? 1 : -1;
  return direction == 1 ? change : -change;
}

/** One iteration at the current threshold: sets nextThreshold, or found and the path. */
function iteration<H>(): void {
  startIteration();
  if (isRanked<H>()) search<H>(0, -1, blankCell(), startRows(), startColumns(), startManhattan(), 0);
  else search<H>(0, -1, blankCell(), startRows(), startColumns(), startRowInversions(), startColumnInversions());
}

/** One iteration at the current threshold with one of the 15-puzzle's own heuristics (search.ts runs them). */
export function fourByFourIteration(which: i32): void {
  if (which == WD) iteration<WalkingDistance>();
  else if (which == WDID) iteration<WalkingInversion>();
  else if (which == MD) iteration<Manhattan>();
  else if (which == PDB) iteration<Patterns>();
  else if (which == PDB78) iteration<RankedPatterns>();
  else if (which == PDB78_DUAL) iteration<RankedDual>();
  else if (which == PDB78_PAIR) iteration<RankedPair>();
  else iteration<RankedRegular>();
}
