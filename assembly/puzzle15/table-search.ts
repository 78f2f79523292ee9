// IDA* over a board of any width with the pattern tables (tables.ts): h = the larger of the groups' sum for the board and for the
// board mirrored about the main diagonal (REFLECTED), or the board's alone (REGULAR), or the larger of those and the
// dual boards' estimates (DUAL, patterns.ts). Blank moves are tried in
// the order U, L, R, D; the move that undoes the previous one is never made. Counting (as Korf's published node
// counts do): an expansion is a node with f = g + h <= threshold whose children are generated (the root in every
// iteration); the search stops at the first generated child that is the goal. One iteration may be shared among
// workers, each searching the subtrees dealt to it at a given depth.

import { countsAt, ownsNode, splitDepth } from "./shares";
import { cut, reachGoal, searchOver, startIteration, threshold } from "./ida";
import { countNode } from "../common/stats";
import { TILES, boardCells, boardWidth, cellOf, manhattanFrom, mirrorTile, notFirst, notLast, tileOn } from "./board";
import { dualExtra, groupEntry, groupOfTile, tableGroupCount } from "./tables";

export const REGULAR: i32 = 0;
export const REFLECTED: i32 = 1;
export const DUAL: i32 = 2;

/**
 * A bound on the moves any board up to 5x5 needs (Karlemo and Östergård showed 210 suffice for 5x5): a threshold
 * past it means tables that do not hold (bytes gone wrong), and the search says so (-2) rather than search for ever.
 */
export const TABLES_DIAMETER: i32 = 210;

const MAX_GROUPS: i32 = 8;
let lookups: i32 = REFLECTED;
let startManhattan: i32 = 0;
/** The children generated (Korf and Felner's published count): every move made from an expanded node. */
let generated: u64 = 0;

// Each group's entry for the board and for its mirror, and their sums, kept move by move.
const directEntry = new StaticArray<i32>(MAX_GROUPS);
const mirrorEntry = new StaticArray<i32>(MAX_GROUPS);
let directSum: i32 = 0;
let mirrorSum: i32 = 0;

/** Sets up the lookups' state for the board set with setTile; returns h. */
export function setUpTables(which: i32): i32 {
  lookups = which;
  generated = 0;
  startManhattan = 0;
  for (let cell = 0; cell < boardCells(); cell++) {
    const tile = tileOn(cell);
    if (tile != 0) startManhattan += manhattanFrom(tile, cell);
  }
  directSum = 0;
  mirrorSum = 0;
  for (let g = 0; g < tableGroupCount(); g++) {
    directEntry[g] = groupEntry(g, false);
    mirrorEntry[g] = groupEntry(g, true);
    directSum += directEntry[g];
    mirrorSum += mirrorEntry[g];
  }
  const h = startManhattan + 2 * (lookups == REGULAR ? directSum : max(directSum, mirrorSum));
  return lookups == DUAL ? max(h, startManhattan + max(dualExtra(false), dualExtra(true))) : h;
}

function search(g: i32, previous: i32, blank: i32, manhattan: i32): void {
  if (g <= splitDepth ? !ownsNode(g) : countNode()) return;
  // One call per direction with the direction a constant: the inlined move folds its tests on it away.
  const width = boardWidth();
  if (previous != 3 && blank >= width && child(0, g, blank, manhattan)) return;
  if (previous != 2 && (notFirst() & (1 << blank)) != 0 && child(1, g, blank, manhattan)) return;
  if (previous != 1 && (notLast() & (1 << blank)) != 0 && child(2, g, blank, manhattan)) return;
  if (previous != 0 && blank < boardCells() - width) child(3, g, blank, manhattan);
}

/**
 * The blank's move in `direction` (0 U, 1 L, 2 R, 3 D) and the search below it; true when the search is over
 * (found or stopped). The estimates are looked at one at a time, the cheapest first, and the child is cut at the
 * first that shows f above the threshold. Each changes by one a move (an entry counts its tiles' moves wherever the
 * blank is, so it is consistent, and keeps the parity of their Manhattan distance), so f keeps the threshold's
 * parity and a cut on one estimate leaves the same next threshold as on all of them.
 */
@inline
function child(direction: i32, g: i32, blank: i32, manhattan: i32): bool {
  const width = boardWidth();
  const from = direction == 0 ? blank - width : direction == 1 ? blank - 1 : direction == 2 ? blank + 1 : blank + width;
  const tile = tileOn(from);
  const limit = threshold - g - 1;
  // Above the depth where a shared iteration is dealt out, every worker makes the same moves: the first counts them.
  if (countsAt(g)) generated++;
  const nextManhattan = manhattan + manhattanFrom(tile, blank) - manhattanFrom(tile, from);
  if (nextManhattan > limit) return cut(g + 1 + nextManhattan);
  unchecked((cellOf[tile] = <u8>blank));
  const group = groupOfTile(tile);
  const direct = groupEntry(group, false);
  const nextDirect = directSum - unchecked(directEntry[group]) + direct;
  if (nextManhattan + 2 * nextDirect > limit) {
    unchecked((cellOf[tile] = <u8>from));
    return cut(g + 1 + nextManhattan + 2 * nextDirect);
  }
  const mirrorGroup = groupOfTile(mirrorTile(tile));
  let mirror = 0;
  let nextMirror = 0;
  if (lookups != REGULAR) {
    mirror = groupEntry(mirrorGroup, true);
    nextMirror = mirrorSum - unchecked(mirrorEntry[mirrorGroup]) + mirror;
    if (nextManhattan + 2 * nextMirror > limit) {
      unchecked((cellOf[tile] = <u8>from));
      return cut(g + 1 + nextManhattan + 2 * nextMirror);
    }
  }
  slide(tile, from, blank);
  if (nextManhattan == 0) return reachGoal(g, direction);
  // The duals are looked up on the child's board, and last: they cost the most (ranks computed afresh). Their
  // estimate may change by more than one a move, but keeps the parity of the moves left, as the others do.
  if (lookups == DUAL) {
    let dual = nextManhattan + dualExtra(false);
    if (dual <= limit) dual = max(dual, nextManhattan + dualExtra(true));
    if (dual > limit) {
      slide(tile, blank, from);
      return cut(g + 1 + dual);
    }
  }
  const savedDirect = unchecked(directEntry[group]);
  const savedMirror = unchecked(mirrorEntry[mirrorGroup]);
  const savedDirectSum = directSum;
  const savedMirrorSum = mirrorSum;
  unchecked((directEntry[group] = direct));
  directSum = nextDirect;
  if (lookups != REGULAR) {
    unchecked((mirrorEntry[mirrorGroup] = mirror));
    mirrorSum = nextMirror;
  }
  search(g + 1, direction, from, nextManhattan);
  if (searchOver(g, direction)) return true;
  slide(tile, blank, from);
  unchecked((directEntry[group] = savedDirect));
  unchecked((mirrorEntry[mirrorGroup] = savedMirror));
  directSum = savedDirectSum;
  mirrorSum = savedMirrorSum;
  return false;
}

/** Slides `tile` from `from` onto the empty cell `to` (the blank goes the other way). */
@inline
function slide(tile: i32, from: i32, to: i32): void {
  store<u8>(TILES + <usize>to, <u8>tile);
  store<u8>(TILES + <usize>from, 0);
  unchecked((cellOf[tile] = <u8>to));
  unchecked((cellOf[0] = <u8>from));
}


/** One iteration at the current threshold with the tables' lookups (search.ts runs them). */
export function tablesIteration(_which: i32): void {
  startIteration();
  search(0, -1, <i32>cellOf[0], startManhattan);
}

/** The children generated by the last search (or share of one). */
export function generatedCount(): f64 {
  return <f64>generated;
}
