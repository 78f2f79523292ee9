// Red Ten bots. Which look at the other hand: the article bot (as in the article; with looks=0 it guesses the
// hand once instead) and the strong bot do; the honest bot and the random bot do not. With a full deal every
// hand can be deduced, so looking only matters in a short deal.
//
// - random: a seeded legal move.
// - article: the article's evaluation under negamax to `depth` (article-bot.ts, run in the core).
// - strong: proves a win with the exact solver when the hands are small enough for its budget, else the
//   deepest heuristic search its node budget allows (the core's alpha-beta over plays-to-go and control).
// - honest: determinization: draws the other hand from the cards it has not seen (as many as the other
//   holds), scores every move on each draw (exactly once the hands are small, else by the heuristic search),
//   and plays the move with the most votes: the one that wins the most draws when they can be solved.
// - inference: the honest bot's vote, on draws weighed by the other's plays (inference.ts), and as many as its
//   time allows.

import { deepen } from '../../contracts/deepening';
import type { Bot, BotContext, Decision, Iteration } from '../../contracts/game';
import { MoveClock, tableLog2ForMove } from '../../contracts/move-clock';
import { Rng } from '../../contracts/rng';
import { ARTICLE_DEPTH, ARTICLE_WEIGHTS } from './article-bot';
import type { Move } from './combos';
import { ANY_TABLE, BOT_TABLE_LOG2, setPosition, type CardsCore } from './core';
import { HandPool, otherTurns, uniformDraw } from './inference';
import { FITTED_WEIGHTS } from './opponent-model';
import { legalMoves, type Position } from './rules';

type CardsBot = Bot<Position, Move, CardsCore> & { readonly looks: boolean };

const single = (move: Move, iteration: Iteration<Move>): Decision<Move> => ({
  move,
  report: { iterations: [iteration], nodes: iteration.nodes, ms: iteration.ms },
});

/** The hands as the mover sees them: its own, and the other's (the true one, or a guess). */
function handsWith(position: Position, other: readonly number[]): [readonly number[], readonly number[]] {
  const hands: [readonly number[], readonly number[]] = [[], []];
  hands[position.toMove] = position.hands[position.toMove];
  hands[1 - position.toMove] = other;
  return hands;
}

export const randomBot: CardsBot = {
  id: 'random',
  label: 'Random',
  description: 'A legal move drawn with the seed. Does not look at the other hand.',
  looks: false,
  params: [],
  async choose(position, { seed, progress }) {
    const move = new Rng(seed).pick(legalMoves(position));
    const iteration = { depth: 0, nodes: 0, ms: 0, score: 0, best: move };
    progress(iteration);
    return single(move, iteration);
  },
};

export const articleBot: CardsBot = {
  id: 'article',
  label: 'Article bot',
  description:
    "The article's minimax: its hand evaluation (red ten, pair, straight, bomb, double joker and double red ten bonuses, with the quirks of its code) to `depth` plies below its move. Looks at the other hand (looks=0: guesses it once from the unseen cards).",
  looks: true,
  params: [
    { name: 'depth', label: 'Depth', min: 1, max: 8, default: ARTICLE_DEPTH },
    { name: 'looks', label: 'Looks at the other hand (1) or guesses it (0)', min: 0, max: 1, default: 1 },
    { name: 'redTen', label: 'Red ten bonus', min: 0, max: 100, default: ARTICLE_WEIGHTS.redTen },
    { name: 'pair', label: 'Pair bonus', min: 0, max: 50, default: ARTICLE_WEIGHTS.pair },
    { name: 'straight', label: 'Straight bonus (per card)', min: 0, max: 50, default: ARTICLE_WEIGHTS.straight },
    { name: 'bomb', label: 'Bomb bonus (per card)', min: 0, max: 100, default: ARTICLE_WEIGHTS.bomb },
    { name: 'doubleJoker', label: 'Double joker bonus', min: 0, max: 500, default: ARTICLE_WEIGHTS.doubleJoker },
    { name: 'doubleRedTen', label: 'Double red ten bonus', min: 0, max: 500, default: ARTICLE_WEIGHTS.doubleRedTen },
  ],
  async choose(position, context) {
    const { params, seed, progress } = context;
    const clock = MoveClock.of(context.budget);
    const moves = legalMoves(position);
    if (moves.length === 0) throw new Error('the game is over');
    const other = params.looks ? position.hands[1 - position.toMove] : uniformDraw(position, new Rng(seed));
    const core = await context.core();
    setPosition(core, handsWith(position, other), position.toMove, position.last, ANY_TABLE);
    core.setArticleWeights(params.redTen, params.pair, params.straight, params.bomb, params.doubleJoker, params.doubleRedTen);
    // Without a clock, the depth at once (the article's search); under one, each depth in turn until time is up.
    const depths = clock.depths(params.depth);
    const iterations: Iteration<Move>[] = [];
    let nodes = 0;
    for (const depth of depths) {
      if (iterations.length > 0 && clock.spent()) break;
      const started = performance.now();
      // The first depth always finishes: a move needs one.
      const value = core.articleValue(depth, iterations.length > 0 ? clock.left().ms : 0);
      nodes += core.articleNodes();
      if (core.searchStopped()) break;
      const iteration = { depth: depth + 1, nodes: core.articleNodes(), ms: performance.now() - started, score: value, best: moves[core.articleBest()] };
      iterations.push(iteration);
      progress(iteration);
    }
    const cutShort = iterations.at(-1)!.depth !== params.depth + 1;
    return { move: iterations.at(-1)!.best!, report: { iterations, nodes, ms: clock.elapsed(), ...(cutShort ? { cutShort } : {}) } };
  },
};

/** The deepest heuristic search the budget allows; depth reports as iterations. */
const MAX_DEPTH = 60;

function heuristicDecision(
  core: CardsCore,
  moves: readonly Move[],
  clock: MoveClock,
  progress: (iteration: Iteration<Move>) => void,
  earlier: Iteration<Move>[],
): Decision<Move> {
  const budget = { ms: clock.ms, nodes: clock.maxNodes };
  const { report, last, cutShort } = deepen(
    MAX_DEPTH,
    budget,
    progress,
    (depth, nodesLeft, msLeft) => {
      const score = core.search(depth, nodesLeft, msLeft);
      const move = core.bestMove();
      return { complete: !core.searchStopped(), nodes: core.nodeCount(), ms: core.elapsedMs(), score, best: move >= 0 ? moves[move] : undefined };
    },
    clock,
  );
  const move = last?.best ?? moves[0];
  const iterations = [...earlier, ...report.iterations];
  return { move, report: { iterations, nodes: clock.nodesSpent, ms: clock.elapsed(), cutShort } };
}

export const strongBot: CardsBot = {
  id: 'strong',
  label: 'Strong',
  description:
    'Proves a win with the exact solver when the hands are small enough for its budget, else searches as deep as its node budget allows. Looks at the other hand.',
  looks: true,
  params: [
    { name: 'budget', label: 'Heuristic search nodes per move (thousands)', min: 1, max: 100_000, default: 300 },
    { name: 'exact', label: 'Exact solver nodes per move (thousands)', min: 0, max: 100_000, default: 1000 },
  ],
  async choose(position, context) {
    const clock = MoveClock.of(context.budget);
    const moves = legalMoves(position);
    if (moves.length === 0) throw new Error('the game is over');
    const core = await context.core();
    setPosition(core, position.hands, position.toMove, position.last, tableLog2ForMove(clock.ms, BOT_TABLE_LOG2));
    core.clearTable();
    const earlier: Iteration<Move>[] = [];
    if (context.params.exact > 0) {
      // Half the move's time at most for a proof: the heuristic search needs the rest when there is none.
      const result = core.solve(context.params.exact * 1000, clock.left(0.5).ms);
      clock.count(core.nodeCount());
      const cards = position.hands[0].length + position.hands[1].length;
      if (result >= 0) {
        // A proven loss has no best move.
        const iteration = {
          depth: cards,
          nodes: core.nodeCount(),
          ms: core.elapsedMs(),
          score: result ? 1 : -1,
          best: result ? moves[core.bestMove()] : undefined,
        };
        context.progress(iteration);
        earlier.push(iteration);
        if (result === 1)
          return { move: moves[core.bestMove()], report: { iterations: [iteration], nodes: iteration.nodes, ms: clock.elapsed(), proven: true } };
      }
    }
    // Unproven, or a proven loss: the heuristic's best try (the other may still go wrong).
    if (moves.length === 1) return { move: moves[0], report: { iterations: earlier, nodes: 0, ms: 0 } };
    const heuristicClock = new MoveClock(clock.left().ms, context.budget.nodes || context.params.budget * 1000);
    return heuristicDecision(core, moves, heuristicClock, context.progress, earlier);
  },
};

/**
 * Determinization: plays against hands of the other player from `nextHand`, one after another until `samples`
 * are done or the move's time is up, and plays the move with the most votes. A hand that can be solved votes for
 * each move that wins it (exactly); one that cannot, for the best move of a search `depth` deep; a hand drawn
 * again votes again as it did. A hand under way at the deadline does not vote.
 */
async function voteOnHands(
  position: Position,
  context: BotContext<CardsCore>,
  clock: MoveClock,
  { samples, budget, depth }: Readonly<Record<string, number>>,
  nextHand: () => readonly number[],
): Promise<Decision<Move>> {
  const moves = legalMoves(position);
  const core = await context.core();
  const tally = moves.map(() => 0);
  let nodes = 0;
  let ms = 0;
  /** Counts the core's last search into this decision's report. */
  const spent = () => {
    nodes += core.nodeCount();
    ms += core.elapsedMs();
  };
  core.clearTable();
  /** Each hand's vote, searched once however often it is drawn (a full deal's hand is the only one there is). */
  const votes = new Map<string, number[]>();
  let drawn = 0;
  for (let sample = 0; sample < samples && !clock.spent(); sample++) {
    const hand = nextHand();
    const key = hand.join(' ');
    let vote = votes.get(key);
    if (!vote) {
      setPosition(core, handsWith(position, hand), position.toMove, position.last, tableLog2ForMove(clock.ms, BOT_TABLE_LOG2));
      const solved = core.solveMoves(budget * 1000, clock.left().ms);
      spent();
      if (solved === 1) vote = moves.map((_, i) => core.rootValue(i));
      else {
        // The hand's last chance is a search as deep as `depth`, unless the time is already up (then depth 1,
        // a handful of nodes, so that the first hand always votes).
        const late = clock.spent();
        if (late && drawn > 0) break;
        core.searchMoves(late ? 1 : depth, 0, late ? 0 : clock.left().ms);
        spent();
        if (core.searchStopped() && drawn > 0) break;
        const values = moves.map((_, i) => core.rootValue(i));
        const top = values.indexOf(Math.max(...values));
        vote = moves.map((_, i) => (i === top ? 1 : 0));
      }
      votes.set(key, vote);
    }
    for (let i = 0; i < moves.length; i++) tally[i] += vote[i];
    drawn++;
  }
  const best = tally.indexOf(Math.max(...tally));
  const iteration = { depth: drawn, nodes, ms, score: tally[best], best: moves[best] };
  context.progress(iteration);
  const cutShort = drawn < samples;
  return { move: moves[best], report: { iterations: [iteration], nodes, ms: clock.elapsed(), ...(cutShort ? { cutShort } : {}) } };
}

const searchParams = [
  { name: 'budget', label: 'Nodes per draw (thousands)', min: 1, max: 100_000, default: 100 },
  { name: 'depth', label: 'Heuristic depth when a draw cannot be solved', min: 1, max: 12, default: 3 },
];

export const honestBot: CardsBot = {
  id: 'honest',
  label: 'Honest',
  description:
    'Does not look: draws the other hand from the cards it has not seen, many times, votes on each draw for the moves that win it (exactly, once hands are small) or for the best move of a short search, and plays the move with the most votes.',
  looks: false,
  params: [{ name: 'samples', label: 'Draws of the other hand', min: 1, max: 500, default: 48 }, ...searchParams],
  async choose(position, context) {
    const clock = MoveClock.of(context.budget);
    const moves = legalMoves(position);
    if (moves.length === 0) throw new Error('the game is over');
    if (moves.length === 1) return { move: moves[0], report: { iterations: [], nodes: 0, ms: 0 } };
    const rng = new Rng(context.seed);
    return voteOnHands(position, context, clock, context.params, () => uniformDraw(position, rng));
  },
};

export const inferenceBot: CardsBot = {
  id: 'inference',
  label: 'Inference',
  description:
    "Does not look, and reads the other player's plays: weighs uniform draws of the other hand by how likely a player holding each would have played as the other did (its passes, the plays it chose), draws the hands it votes on by those weights, and votes as the honest bot does until its time or its draws are spent.",
  looks: false,
  params: [
    { name: 'samples', label: 'Draws voted on', min: 1, max: 5000, default: 400 },
    { name: 'pool', label: 'Uniform draws weighed', min: 1, max: 20_000, default: 2000 },
    { name: 'trust', label: "How much the other's plays weigh, in tenths (10: as the model says; 0: uniform draws)", min: 0, max: 40, default: 10 },
    ...searchParams,
  ],
  async choose(position, context) {
    const { params } = context;
    const clock = MoveClock.of(context.budget);
    const moves = legalMoves(position);
    if (moves.length === 0) throw new Error('the game is over');
    if (moves.length === 1) return { move: moves[0], report: { iterations: [], nodes: 0, ms: 0 } };
    const rng = new Rng(context.seed);
    if (params.trust === 0 || otherTurns(position).length === 0) return voteOnHands(position, context, clock, params, () => uniformDraw(position, rng));
    // Weighing takes a third of the move's time at most; the vote has the rest.
    const weighing = clock.slice(1 / 3);
    const pool = new HandPool(position, params.pool, FITTED_WEIGHTS, rng, params.trust / 10, () => weighing.spent());
    return voteOnHands(position, context, clock, params, () => pool.hands[pool.draw(rng)]);
  },
};

export const bots: readonly CardsBot[] = [randomBot, articleBot, honestBot, inferenceBot, strongBot];

export const levels = [
  { label: 'Random', config: 'random' },
  { label: 'Article (depth 3)', config: 'article:depth=3' },
  { label: 'Article (depth 5)', config: 'article' },
  { label: 'Honest', config: 'honest' },
  { label: 'Inference', config: 'inference:samples=64:pool=300' },
  { label: 'Strong', config: 'strong' },
] as const;
