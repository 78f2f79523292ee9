// Connect 4 bots: the article's C4State evaluation under alpha-beta (the classic bot, whose tolerance and seed
// make the weaker levels), and the perfect player (the opening book, else the solver).

import type { Bot, BotContext, Decision, Iteration } from '../../contracts/game';
import { Rng } from '../../contracts/rng';
import { loadBook } from './book';
import { setPosition, type Connect4Cores } from './core';
import { height, legalMoves, seatToMove, type Position } from './rules';
import { symbolColumn } from './sizes';
import { bestColumn, centreOrder, searchScore } from './solve';
import { WinPlaceScores } from './win-places';

type Connect4Bot = Bot<Position, number, Connect4Cores>;

/** The book's move for a position it has, reported as a step named "book" (no search). */
async function bookMove(position: Position, context: BotContext<Connect4Cores>): Promise<Decision<number> | undefined> {
  const known = (await loadBook(context.resource, position))?.lookup(position);
  if (!known) return undefined;
  const iteration = { depth: 0, nodes: 0, ms: 0, score: known.score, best: known.column, stage: 'book' };
  context.progress(iteration);
  return { move: known.column, report: { iterations: [iteration], nodes: 0, ms: 0 } };
}

/** A win found at `plies` from the root scores this minus the plies, so the classic bot wins quickly. */
const WIN_SCORE = 1_000_000;

/** Depth-limited negamax over the article's win-place scores, on a board kept as arrays. */
class ClassicSearch {
  nodes = 0;
  private readonly heights: number[];
  private readonly rows: number;
  /** Columns from the centre out. */
  readonly order: readonly number[];

  constructor(
    position: Position,
    private scores: WinPlaceScores,
    private side: 0 | 1,
  ) {
    this.heights = [...Array(position.width).keys()].map((column) => height(position, column));
    this.rows = position.height;
    this.order = centreOrder(position.width);
  }

  static of(position: Position): ClassicSearch {
    const scores = new WinPlaceScores(position.width, position.height);
    const heights = Array<number>(position.width).fill(0);
    [...position.moves].forEach((symbol, ply) => {
      const column = symbolColumn(symbol);
      scores.drop((ply % 2) as 0 | 1, column, heights[column]++);
    });
    return new ClassicSearch(position, scores, seatToMove(position));
  }

  /** The value for the side to move of playing `column`, looking `depth` plies in all. */
  moveValue(column: number, depth: number, alpha: number, beta: number): number {
    const saved = this.scores;
    this.scores = saved.copy();
    const row = this.heights[column]++;
    const won = this.scores.drop(this.side, column, row);
    this.side = (1 - this.side) as 0 | 1;
    const value = won ? WIN_SCORE + depth : -this.negamax(depth - 1, -beta, -alpha);
    this.side = (1 - this.side) as 0 | 1;
    this.heights[column]--;
    this.scores = saved;
    return value;
  }

  private negamax(depth: number, alpha: number, beta: number): number {
    this.nodes++;
    if (depth === 0) return this.scores.evaluate(this.side);
    let best = -Infinity;
    for (const column of this.order) {
      if (this.heights[column] === this.rows) continue;
      const value = this.moveValue(column, depth, alpha, beta);
      if (value > best) best = value;
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
    return best === -Infinity ? 0 : best; // a full board is a tie
  }
}

export const classicBot: Connect4Bot = {
  id: 'classic',
  label: 'Classic',
  description:
    "The article's C4State: each win place scores 2^(own stones), zero once the opponent is in it; alpha-beta to `depth`, then a seeded pick among the moves within `tolerance` of the best (the levels' mistakes); the opening book's move while the game has fewer than `book` stones.",
  params: [
    { name: 'depth', label: 'Depth', min: 1, max: 8, default: 4 },
    { name: 'tolerance', label: 'Tolerance', min: 0, max: 100, default: 0 },
    { name: 'book', label: 'Book plies', min: 0, max: 60, default: 0 },
  ],
  async choose(position, context) {
    const { params, seed, progress } = context;
    const moves = legalMoves(position);
    if (moves.length === 0) throw new Error('the game is over');
    // The opening: the book's move while the game has fewer than `book` stones and the book has the position.
    if (position.moves.length < params.book) {
      const known = await bookMove(position, context);
      if (known) return known;
    }
    const started = performance.now();
    const search = ClassicSearch.of(position);
    const values = new Map(
      search.order.filter((c) => moves.includes(c)).map((column) => [column, search.moveValue(column, params.depth, -Infinity, Infinity)]),
    );
    const best = Math.max(...values.values());
    const good = [...values].filter(([, value]) => value >= best - params.tolerance).map(([column]) => column);
    const move = good.length === 1 ? good[0] : new Rng(seed).pick(good);
    const iteration = { depth: params.depth, nodes: search.nodes, ms: performance.now() - started, score: values.get(move)!, best: move };
    progress(iteration);
    return { move, report: { iterations: [iteration], nodes: iteration.nodes, ms: iteration.ms } };
  },
};

/** The depth of the perfect bot's quick move: a few thousand positions, milliseconds on any size. */
const QUICK_DEPTH = 6;

/** The classic search's best move (the first of equal ones), as the step "quick move" of a search. */
function quickMove(position: Position): Iteration<number> & { readonly best: number } {
  const started = performance.now();
  const search = ClassicSearch.of(position);
  const moves = legalMoves(position);
  let best = { column: -1, value: -Infinity };
  for (const column of search.order.filter((c) => moves.includes(c))) {
    const value = search.moveValue(column, QUICK_DEPTH, -Infinity, Infinity);
    if (value > best.value) best = { column, value };
  }
  return { depth: QUICK_DEPTH, nodes: search.nodes, ms: performance.now() - started, score: best.value, best: best.column, stage: 'quick move' };
}

export const perfectBot: Connect4Bot = {
  id: 'perfect',
  label: 'Perfect',
  description:
    'The opening book, else the solver: never misses a win, wins as fast and loses as late as possible. Stopped before the solver has proved a move (Move now, its time), it plays its quick move (the classic search, depth 6).',
  params: [],
  async choose(position, context): Promise<Decision<number>> {
    if (legalMoves(position).length === 0) throw new Error('the game is over');
    const known = await bookMove(position, context);
    if (known) return known;
    // A move at once, before the proof: the classic search's, reported as a step of its own, so that a search
    // stopped early (Move now, the budget) always has a move to play, and says which.
    const quick = quickMove(position);
    context.progress(quick);
    const core = await (await context.core()).forSize(position);
    setPosition(core, position);
    core.clearTable();
    const iterations: Iteration<number>[] = [quick];
    const searched = searchScore(core, false, context.budget, (iteration) => {
      iterations.push(iteration);
      context.progress(iteration);
    });
    if (!searched.complete) return { move: quick.best, report: { iterations, nodes: quick.nodes + searched.nodes, ms: quick.ms + searched.ms } };
    const best = bestColumn(core, position.width, searched.score);
    return { move: best.column!, report: { iterations, nodes: quick.nodes + searched.nodes + best.nodes, ms: quick.ms + searched.ms + best.ms } };
  },
};

export const bots: readonly Connect4Bot[] = [classicBot, perfectBot];

/**
 * Weakest first. The weaker levels' mistakes are their tolerance: a seeded pick among the moves the article's
 * evaluation rates within it of the best (40 and 12 points of win-place score). Every level above Beginner
 * opens from the book (its first 8 plies: a won or drawn opening is not thrown away), then searches.
 */
export const levels = [
  { label: 'Beginner', config: 'classic:depth=2:tolerance=40' },
  { label: 'Casual', config: 'classic:depth=4:tolerance=12:book=8' },
  { label: 'Article (depth 4)', config: 'classic:book=8' },
  { label: 'Strong', config: 'classic:depth=8:book=8' },
  { label: 'Perfect', config: 'perfect' },
] as const;
