// Solving Connect 4 positions with the core: the score (strong or weak), a best column, and every column's
// score (analysis), with each null-window iteration of the core's search reported.

import { withIterations } from '../../contracts/core';
import { budgetAnswer, type Analysis, type Budget, type Iteration, type SolveAnswer } from '../../contracts/game';
import { setPosition, type Connect4Core } from './core';
import type { BookAnswer } from './book';
import { cells, height, outcome, play, type Position } from './rules';

/** Columns from the centre out (Pons' order; on an even width the left of the two middle ones first): among equal moves the centre is played first. */
export function centreOrder(width: number): number[] {
  return Array.from({ length: width }, (_, i) => Math.floor(width / 2) + (1 - 2 * (i % 2)) * Math.floor((i + 1) / 2));
}

/** The score of a win by the stone that makes `stones` stones on the board (Pons': 22 less the winner's stones on 7x6). */
export function winScore(position: Position, stones: number): number {
  return Math.floor((cells(position) + 2 - stones) / 2);
}

export interface Searched {
  readonly score: number;
  readonly nodes: number;
  readonly ms: number;
  /** False when the budget ran out first: the score then means nothing. */
  readonly complete: boolean;
}

/** The score of the core's position for the side to move, each null-window search reported as an iteration when someone listens. */
export function searchScore(core: Connect4Core, weak: boolean, budget: Budget, progress?: (iteration: Iteration<number>) => void): Searched {
  const search = () => core.solve(weak ? 1 : 0, budget.nodes ?? 0, budget.ms ?? 0);
  let before = { nodes: 0, ms: 0 };
  const score = progress
    ? withIterations(
        core,
        (depth, nodes, ms, score) => {
          const statistics = { 'table hits': core.tableHitRate(), 'best move first': core.firstMoveRate(), threads: core.threadCount() };
          progress({ depth, nodes: nodes - before.nodes, ms: ms - before.ms, score, statistics });
          before = { nodes, ms };
        },
        search,
      )
    : search();
  return { score, nodes: core.nodeCount(), ms: core.elapsedMs(), complete: !core.searchStopped() };
}

/** The budget of an analysis ran out: the nodes and ms it had spent. */
export class BudgetSpent extends Error {
  constructor(
    readonly nodes: number,
    readonly ms: number,
  ) {
    super(`the analysis ran out of its budget (${nodes} nodes)`);
  }
}

/** What is left of a budget after `nodes` and `ms` were spent (0 stays no limit; a spent one keeps 1 to stop at once). */
export function remaining(budget: Budget, nodes: number, ms: number): { nodes: number; ms: number } {
  return { nodes: budget.nodes ? Math.max(1, budget.nodes - nodes) : 0, ms: budget.ms ? Math.max(1e-3, budget.ms - ms) : 0 };
}

/**
 * The first column, centre first, that reaches `score` (found by one null-window search each); null when the
 * budget ran out first. A weak loss (-1) is reached by every column: they all lose.
 */
export function bestColumn(
  core: Connect4Core,
  width: number,
  score: number,
  weak = false,
  budget: Budget = {},
): { column: number | null; nodes: number; ms: number } {
  let nodes = 0;
  let ms = 0;
  for (const column of centreOrder(width)) {
    if (!core.canPlay(column)) continue;
    if (weak && score < 0) return { column, nodes, ms };
    const left = remaining(budget, nodes, ms);
    const reaches = core.reachesScore(column, score, left.nodes, left.ms);
    nodes += core.nodeCount();
    ms += core.elapsedMs();
    if (core.searchStopped()) return { column: null, nodes, ms };
    if (reaches) return { column, nodes, ms };
  }
  throw new Error(`no column reaches the score ${score}`);
}

/** The score of a finished game for the side to move: lost to the opponent's last stone, or a tie. */
export function finishedScore(position: Position, weak: boolean): number {
  if (outcome(position)?.winner === null) return 0;
  return weak ? -1 : -winScore(position, position.moves.length);
}

/**
 * Every column's score for the side to move (null for a full column); the table is kept across them. Throws
 * BudgetSpent when the budget runs out first.
 */
export function analyzeColumns(
  position: Position,
  core: Connect4Core,
  weak: boolean,
  budget: Budget,
  progress?: (iteration: Iteration<number>) => void,
): Analysis {
  setPosition(core, position);
  const values: (number | null)[] = Array(position.width).fill(null);
  let nodes = 0;
  let ms = 0;
  const moves = position.moves.length;
  for (const column of centreOrder(position.width)) {
    if (height(position, column) === position.height) continue;
    if (core.isWinningMove(column)) {
      values[column] = weak ? 1 : winScore(position, moves + 1);
      continue;
    }
    core.playColumn(column);
    const child = searchScore(core, weak, remaining(budget, nodes, ms), progress);
    core.undo();
    nodes += child.nodes;
    ms += child.ms;
    if (!child.complete) throw new BudgetSpent(nodes, ms);
    values[column] = 0 - child.score; // not -0 for a draw
  }
  return { values, depth: cells(position) - moves, exact: true, nodes, ms };
}

/**
 * The best line from a position: perfect play by both sides to the game's end, each move the most central of the
 * best (the book's move where the book has the position); the table is kept from one move to the next, which
 * share most of their search. Null when the budget runs out first.
 */
export function principalVariation(
  position: Position,
  core: Connect4Core,
  budget: Budget,
  book: (position: Position) => BookAnswer | undefined,
): { line: number[] | null; score: number; nodes: number; ms: number } {
  const line: number[] = [];
  let nodes = 0;
  let ms = 0;
  setPosition(core, position);
  core.clearTable();
  let current = position;
  while (!outcome(current)) {
    let column = book(current)?.column;
    if (column === undefined) {
      setPosition(core, current);
      const searched = searchScore(core, false, remaining(budget, nodes, ms));
      nodes += searched.nodes;
      ms += searched.ms;
      if (!searched.complete) return { line: null, score: 0, nodes, ms };
      const best = bestColumn(core, current.width, searched.score, false, remaining(budget, nodes, ms));
      nodes += best.nodes;
      ms += best.ms;
      if (best.column === null) return { line: null, score: 0, nodes, ms };
      column = best.column;
    }
    line.push(column);
    current = play(current, column);
  }
  // The line's end says the score: who won, with which stone.
  const winner = current.winner;
  const score = winner === null ? 0 : (winner === position.moves.length % 2 ? 1 : -1) * winScore(current, current.moves.length);
  return { line, score, nodes, ms };
}

/**
 * The solve's options: `--analyze` (every column's score), `--weak` (win, draw or loss only), and the bench's
 * `scoreOnly` (the score search alone, as Pons' figures and the native reference count it).
 */
export interface Connect4SolveOptions {
  readonly analyze?: boolean;
  readonly weak?: boolean;
  /** Search even a position the opening book has. */
  readonly 'no-book'?: boolean;
  /** Search with this many threads sharing one table (`--threads N`, 1 to 16). */
  readonly threads?: string;
  /** Keep the table from one position to the next (the book's build: its positions share much). */
  readonly 'keep-table'?: boolean;
  /** The table's size, log2 of its entries (`--table 25`: 2^25 entries, 256 MB). */
  readonly table?: string;
  /** Add the best line, the moves of perfect play to the end. */
  readonly pv?: boolean;
  readonly scoreOnly?: boolean;
}

/**
 * The solve answer (docs/cli.md): {"score": S, "move": C} for the side to move (C the column from 1, centre first
 * among the best), with "columns" (a score per column, null for a full one) when analysing; a finished game has move null. Every position
 * starts from a clear table, so its node count does not depend on the lines before it, unless 'keep-table'. `scoreOnly` (for the
 * bench) leaves the move out.
 */
export function solve(
  position: Position,
  options: Connect4SolveOptions,
  core: Connect4Core,
  budget: Budget = {},
  progress?: (iteration: Iteration<number>) => void,
): SolveAnswer {
  const weak = options.weak === true;
  if (outcome(position)) {
    const score = finishedScore(position, weak);
    return { score, move: null, ...(options.analyze ? { columns: Array(position.width).fill(null) } : {}), nodes: 0, ms: 0 };
  }
  setPosition(core, position);
  if (!options['keep-table']) core.clearTable();
  if (options.analyze) {
    let analysis: Analysis;
    try {
      analysis = analyzeColumns(position, core, weak, budget, progress);
    } catch (error) {
      if (error instanceof BudgetSpent) return budgetAnswer(error.nodes, error.ms);
      throw error;
    }
    const score = Math.max(...analysis.values.filter((v): v is number => v !== null));
    const move = centreOrder(position.width).find((column) => analysis.values[column] === score)!;
    return { score, move: move + 1, columns: analysis.values, nodes: analysis.nodes, ms: analysis.ms };
  }
  const searched = searchScore(core, weak, budget, progress);
  if (!searched.complete) return budgetAnswer(searched.nodes, searched.ms);
  // The bench compares the score search alone with Pons' figures and the native solver.
  if (options.scoreOnly) return { score: searched.score, nodes: searched.nodes, ms: searched.ms };
  const best = bestColumn(core, position.width, searched.score, weak, remaining(budget, searched.nodes, searched.ms));
  const nodes = searched.nodes + best.nodes;
  const ms = searched.ms + best.ms;
  if (best.column === null) return budgetAnswer(nodes, ms);
  return { score: searched.score, move: best.column + 1, nodes, ms };
}
