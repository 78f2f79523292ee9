// Connect 4 bots: the article's C4State evaluation under alpha-beta (the classic bot, whose tolerance and seed
// make the weaker levels), and the perfect player (the opening book, else the strongest move in its time:
// strongest.ts).

import type { Bot, BotContext, Decision, Iteration } from '../../contracts/game';
import { MoveClock } from '../../contracts/move-clock';
import { Rng } from '../../contracts/rng';
import { loadBook } from './book';
import { neuralAlphaBetaBot, neuralBot, neuralSearchBot } from './neural-bots';
import type { Connect4Cores } from './core';
import { height, legalMoves, seatToMove, type Position } from './rules';
import { symbolColumn } from './sizes';
import { centreOrder } from './solve';
import { strongestMove } from './strongest';
import { WinPlaceScores } from './win-places';

type Connect4Bot = Bot<Position, number, Connect4Cores>;

/** The book's move for a position it has, reported as a step named "book" (no search). */
async function bookMove(position: Position, context: BotContext<Connect4Cores>): Promise<Decision<number> | undefined> {
  const known = (await loadBook(context.resource, position))?.lookup(position);
  if (!known) return undefined;
  const iteration = { depth: 0, nodes: 0, ms: 0, score: known.score, best: known.column, stage: 'book' };
  context.progress(iteration);
  return { move: known.column, report: { iterations: [iteration], nodes: 0, ms: 0, proven: true } };
}

/** A win found at `plies` from the root scores this minus the plies, so the classic bot wins quickly. */
const WIN_SCORE = 1_000_000;

/** Thrown inside a search when its move's clock runs out: the depth under way is not used. */
const OUT_OF_TIME = Symbol('out of time');

/** The clock is read every this many nodes. */
const CLOCK_NODES = 1024;

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
    private readonly clock: MoveClock,
  ) {
    this.heights = [...Array(position.width).keys()].map((column) => height(position, column));
    this.rows = position.height;
    this.order = centreOrder(position.width);
  }

  static of(position: Position, clock: MoveClock): ClassicSearch {
    const scores = new WinPlaceScores(position.width, position.height);
    const heights = Array<number>(position.width).fill(0);
    [...position.moves].forEach((symbol, ply) => {
      const column = symbolColumn(symbol);
      scores.drop((ply % 2) as 0 | 1, column, heights[column]++);
    });
    return new ClassicSearch(position, scores, seatToMove(position), clock);
  }

  /** The value for the side to move of playing `column`, looking `depth` plies in all. */
  moveValue(column: number, depth: number, alpha: number, beta: number): number {
    const saved = this.scores;
    this.scores = saved.copy();
    const row = this.heights[column]++;
    const won = this.scores.drop(this.side, column, row);
    this.side = (1 - this.side) as 0 | 1;
    try {
      return won ? WIN_SCORE + depth : -this.negamax(depth - 1, -beta, -alpha);
    } finally {
      this.side = (1 - this.side) as 0 | 1;
      this.heights[column]--;
      this.scores = saved;
    }
  }

  private negamax(depth: number, alpha: number, beta: number): number {
    if (++this.nodes % CLOCK_NODES === 0 && this.clock.spent()) throw OUT_OF_TIME;
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

  /** Every legal column's value at `depth`, or null when the clock ran out first. */
  values(moves: readonly number[], depth: number): Map<number, number> | null {
    try {
      return new Map(this.order.filter((c) => moves.includes(c)).map((column) => [column, this.moveValue(column, depth, -Infinity, Infinity)]));
    } catch (error) {
      if (error === OUT_OF_TIME) return null;
      throw error;
    }
  }
}

export const classicBot: Connect4Bot = {
  id: 'classic',
  label: 'Classic',
  description:
    "The article's C4State: each win place scores 2^(own stones), zero once the opponent is in it; alpha-beta to `depth`, then a seeded pick among the moves within `tolerance` of the best (the levels' mistakes); the opening book's move while the game has fewer than `book` stones. Under a clock it deepens one ply at a time to `depth` and plays from the deepest it finished.",
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
    const clock = MoveClock.of(context.budget);
    const search = ClassicSearch.of(position, clock);
    // Without a clock, the depth at once (the article's search); under one, each depth in turn until time is up.
    const depths = clock.depths(params.depth);
    const iterations: Iteration<number>[] = [];
    let values: Map<number, number> | null = null;
    let pick = { move: moves[0], value: 0 };
    for (const depth of depths) {
      const started = performance.now();
      const nodesBefore = search.nodes;
      const found = depth === 1 || !clock.spent() ? search.values(moves, depth) : null;
      if (!found) break;
      values = found;
      const best = Math.max(...values.values());
      const good = [...values].filter(([, value]) => value >= best - params.tolerance).map(([column]) => column);
      const move = good.length === 1 ? good[0] : new Rng(seed).pick(good);
      pick = { move, value: values.get(move)! };
      const iteration = { depth, nodes: search.nodes - nodesBefore, ms: performance.now() - started, score: pick.value, best: move };
      iterations.push(iteration);
      progress(iteration);
    }
    const cutShort = iterations.at(-1)?.depth !== params.depth;
    return { move: pick.move, report: { iterations, nodes: search.nodes, ms: clock.elapsed(), ...(cutShort ? { cutShort } : {}) } };
  },
  async ready(position, context) {
    if (context.params.book > 0) await loadBook(context.resource, position);
  },
};

export const perfectBot: Connect4Bot = {
  id: 'perfect',
  label: 'Perfect',
  description:
    "The opening book, else the solver when it proves the position within the move's time (its table kept from move to move), else the best move of an anytime search of threats (the estimate); it says which. Never misses a win it can prove, wins as fast and loses as late as possible when proven. With no time given it takes `seconds` a move.",
  params: [{ name: 'seconds', label: 'Seconds a move when no time is given', min: 1, max: 3600, default: 10 }],
  async choose(position, context): Promise<Decision<number>> {
    if (legalMoves(position).length === 0) throw new Error('the game is over');
    const clock = MoveClock.of(context.budget, context.params.seconds * 1000);
    const known = await bookMove(position, context);
    if (known) return known;
    const core = await (await context.core()).forSize(position);
    return strongestMove(core, position, clock, context);
  },
  async ready(position, context) {
    await loadBook(context.resource, position);
    (await (await context.core()).forSize(position)).prepareEstimates();
  },
};

export const bots: readonly Connect4Bot[] = [classicBot, perfectBot, neuralBot, neuralSearchBot, neuralAlphaBetaBot];

/**
 * Weakest first (as matches from the openings placed them: docs/neural.md). The weaker classic levels' mistakes
 * are their tolerance: a seeded pick among the moves the article's evaluation rates within it of the best (40 and
 * 12 points of win-place score); every classic level above Beginner opens from the book (its first 8 plies: a won
 * or drawn opening is not thrown away), then searches. The learned player's two levels: the network alone, and
 * its search (400 simulations, fewer if the move's time runs out).
 */
export const levels = [
  { label: 'Beginner', config: 'classic:depth=2:tolerance=40' },
  { label: 'Casual', config: 'classic:depth=4:tolerance=12:book=8' },
  { label: 'Neural (network alone)', config: 'neural' },
  { label: 'Article (depth 4)', config: 'classic:book=8' },
  { label: 'Strong', config: 'classic:depth=8:book=8' },
  { label: 'Neural search', config: 'neural-search' },
  { label: 'Perfect', config: 'perfect' },
] as const;
