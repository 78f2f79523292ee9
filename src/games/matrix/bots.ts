// Plus-minus bots: the article's findMaxInRow (greedy), the article's Bot with its parameters, and the exact
// bot (perfect play when the position can be solved, the deepest search the node budget allows otherwise).

import { deepen } from '../../contracts/deepening';
import type { Bot, Decision, Iteration } from '../../contracts/game';
import { MoveClock, tableLog2ForMove } from '../../contracts/move-clock';
import { ARTICLE_DEFAULTS, ArticleBot, OUT_OF_TIME } from './article-bot';
import { EXACT_FREE_CELLS, setPosition, tableLog2, type MatrixCore } from './core';
import { legalMoves, seatToMove, type Position } from './rules';

type MatrixBot = Bot<Position, number, MatrixCore>;

/**
 * The article's Bot for the player to move (the first player plays rows, the second columns), as one search
 * iteration; under a clock, one iteration a depth up to `depth` while the time lasts (the first always finishes).
 */
function articleDecision(position: Position, depth: number, advantage: number, jackpot: number, clock: MoveClock): Decision<number> {
  const seat = seatToMove(position);
  const iterations: Iteration<number>[] = [];
  let nodes = 0;
  for (const limit of clock.depths(depth)) {
    const allowed = position.used.map((used) => !used);
    const bot = new ArticleBot(position.values, position.size, allowed, { depth: limit, advantage, jackpot }, () => iterations.length > 0 && clock.spent());
    const started = performance.now();
    let move: number;
    try {
      move = bot.move(position.line, seat === 1, position.points[seat], position.points[1 - seat]);
    } catch (error) {
      if (error !== OUT_OF_TIME) throw error;
      nodes += bot.nodes;
      break;
    }
    if (move === position.size) throw new Error('the game is over');
    nodes += bot.nodes;
    iterations.push({ depth: limit, nodes: bot.nodes, ms: performance.now() - started, score: 0, best: move });
    if (iterations.length > 0 && clock.spent()) break;
  }
  const cutShort = iterations.at(-1)!.depth !== depth;
  return { move: iterations.at(-1)!.best!, report: { iterations, nodes, ms: clock.elapsed(), ...(cutShort ? { cutShort } : {}) } };
}

export const greedyBot: MatrixBot = {
  id: 'greedy',
  label: 'Greedy',
  description: "The article's findMaxInRow: the largest value in its line (the last of equal ones).",
  params: [],
  async choose(position, context) {
    const decision = articleDecision(position, 1, ARTICLE_DEFAULTS.advantage, ARTICLE_DEFAULTS.jackpot, MoveClock.of(context.budget));
    context.progress(decision.report.iterations[0]);
    return decision;
  },
};

export const articleBot: MatrixBot = {
  id: 'article',
  label: 'Article bot',
  description: "The article's Bot.java exactly: rates a move by its points minus the predicted reply's, plus a jackpot (GOOD_ADVANTAGE, JACKPOT_INCREASE).",
  params: [
    { name: 'depth', label: 'Depth', min: 1, max: 8, default: ARTICLE_DEFAULTS.depth },
    { name: 'advantage', label: 'Jackpot threshold', min: 0, max: 20, default: ARTICLE_DEFAULTS.advantage },
    { name: 'jackpot', label: 'Jackpot bonus', min: 0, max: 30, default: ARTICLE_DEFAULTS.jackpot },
  ],
  async choose(position, { params, budget, progress }) {
    const decision = articleDecision(position, params.depth, params.advantage, params.jackpot, MoveClock.of(budget));
    for (const iteration of decision.report.iterations) progress(iteration);
    return decision;
  },
};

export const exactBot: MatrixBot = {
  id: 'exact',
  label: 'Exact',
  description: `Perfect play once at most ${EXACT_FREE_CELLS} cells are free (6x6 from the start); deeper boards: the deepest search within its node budget.`,
  params: [{ name: 'budget', label: 'Node budget per move (millions)', min: 1, max: 10_000, default: 20 }],
  async choose(position, context): Promise<Decision<number>> {
    if (legalMoves(position).length === 0) throw new Error('the game is over');
    const clock = MoveClock.of(context.budget);
    const core = await context.core();
    setPosition(core, position, tableLog2ForMove(clock.ms, tableLog2(position.size)), true);
    const freeCells = core.freeCellCount();
    if (freeCells <= EXACT_FREE_CELLS) {
      // The whole game at once; past the move's time (half of it, the rest kept for a search by depth) it is
      // searched by depth instead.
      const score = core.search(freeCells, 0, 0, clock.left(0.5).ms);
      clock.count(core.nodeCount());
      if (!core.searchStopped()) {
        const iteration = { depth: freeCells, nodes: core.nodeCount(), ms: core.elapsedMs(), score, best: core.bestMove() };
        context.progress(iteration);
        return { move: core.bestMove(), report: { iterations: [iteration], nodes: iteration.nodes, ms: clock.elapsed(), proven: true } };
      }
    }
    let guess = 0;
    const budget = { ...context.budget, nodes: context.budget.nodes || context.params.budget * 1e6 };
    const depthClock = new MoveClock(clock.left().ms, budget.nodes);
    const { report, last, cutShort } = deepen(
      freeCells,
      budget,
      context.progress,
      (depth, nodesLeft, msLeft) => {
        const score = core.search(depth, guess, nodesLeft, msLeft);
        if (!core.searchStopped()) guess = score;
        return { complete: !core.searchStopped(), nodes: core.nodeCount(), ms: core.elapsedMs(), score, best: core.bestMove() };
      },
      depthClock,
    );
    const proven = last?.depth === freeCells;
    return { move: last?.best ?? legalMoves(position)[0], report: { ...report, ms: clock.elapsed(), cutShort, proven } };
  },
};

export const bots: readonly MatrixBot[] = [greedyBot, articleBot, exactBot];

export const levels = [
  { label: 'Greedy', config: 'greedy' },
  { label: 'Article bot (depth 3)', config: 'article' },
  { label: 'Exact', config: 'exact' },
] as const;
