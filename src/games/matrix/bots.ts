// Plus-minus bots: the article's findMaxInRow (greedy), the article's Bot with its parameters, and the exact
// bot (perfect play when the position can be solved, the deepest search the node budget allows otherwise).

import { deepen } from '../../contracts/deepening';
import type { Bot, Decision } from '../../contracts/game';
import { ARTICLE_DEFAULTS, ArticleBot } from './article-bot';
import { EXACT_FREE_CELLS, setPosition, tableLog2, type MatrixCore } from './core';
import { legalMoves, seatToMove, type Position } from './rules';

type MatrixBot = Bot<Position, number, MatrixCore>;

/** The article's Bot for the player to move (the first player plays rows, the second columns), as one search iteration. */
function articleDecision(position: Position, depth: number, advantage: number, jackpot: number): Decision<number> {
  const seat = seatToMove(position);
  const allowed = position.used.map((used) => !used);
  const bot = new ArticleBot(position.values, position.size, allowed, { depth, advantage, jackpot });
  const started = performance.now();
  const move = bot.move(position.line, seat === 1, position.points[seat], position.points[1 - seat]);
  if (move === position.size) throw new Error('the game is over');
  const ms = performance.now() - started;
  const iteration = { depth, nodes: bot.nodes, ms, score: 0, best: move };
  return { move, report: { iterations: [iteration], nodes: bot.nodes, ms } };
}

export const greedyBot: MatrixBot = {
  id: 'greedy',
  label: 'Greedy',
  description: "The article's findMaxInRow: the largest value in its line (the last of equal ones).",
  params: [],
  async choose(position, context) {
    const decision = articleDecision(position, 1, ARTICLE_DEFAULTS.advantage, ARTICLE_DEFAULTS.jackpot);
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
  async choose(position, { params, progress }) {
    const decision = articleDecision(position, params.depth, params.advantage, params.jackpot);
    progress(decision.report.iterations[0]);
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
    const core = await context.core();
    setPosition(core, position, tableLog2(position.size), true);
    const freeCells = core.freeCellCount();
    if (freeCells <= EXACT_FREE_CELLS) {
      const score = core.search(freeCells, 0, 0, 0);
      const iteration = { depth: freeCells, nodes: core.nodeCount(), ms: core.elapsedMs(), score, best: core.bestMove() };
      context.progress(iteration);
      return { move: core.bestMove(), report: { iterations: [iteration], nodes: iteration.nodes, ms: iteration.ms } };
    }
    let guess = 0;
    const budget = { ...context.budget, nodes: context.budget.nodes || context.params.budget * 1e6 };
    const { report, last } = deepen(freeCells, budget, context.progress, (depth, nodesLeft, msLeft) => {
      const score = core.search(depth, guess, nodesLeft, msLeft);
      if (!core.searchStopped()) guess = score;
      return { complete: !core.searchStopped(), nodes: core.nodeCount(), ms: core.elapsedMs(), score, best: core.bestMove() };
    });
    return { move: last?.best ?? legalMoves(position)[0], report };
  },
};

export const bots: readonly MatrixBot[] = [greedyBot, articleBot, exactBot];

export const levels = [
  { label: 'Greedy', config: 'greedy' },
  { label: 'Article bot (depth 3)', config: 'article' },
  { label: 'Exact', config: 'exact' },
] as const;
