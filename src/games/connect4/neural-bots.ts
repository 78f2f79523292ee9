// The learned player's bots (docs/neural.md): `neural` plays the network's most likely column (the raw policy, the
// board read as it is and in a mirror); `neural-search` searches over the network (PUCT with the rules' tactics and
// proofs: neural-search.ts): `simulations`, or fewer when the move's time runs out first; `neural-alphabeta` searches
// it by alpha-beta, the network's value at the horizon (neural-alphabeta.ts), deepening while the move's time allows.
// The model is a resource of the game, loaded once a worker; the searches share its evaluations kept by position.

import type { Bot, BotContext, Decision, Iteration } from '../../contracts/game';
import { MoveClock } from '../../contracts/move-clock';
import { EvaluationCache } from './evaluation-cache';
import { type Evaluator, MODEL_FILE, NeuralNet, topColumn } from './neural';
import { alphaBetaSearch } from './neural-alphabeta';
import { puctSearch } from './neural-search';
import { legalMoves, type Position } from './rules';
import { type Connect4Cores, setPosition } from './core';
import { centreOrder } from './solve';
import { provenMove } from './strongest';

/** The network, and its evaluations kept for the searches (evaluation-cache.ts): one of each a worker. */
interface Loaded {
  readonly net: NeuralNet;
  readonly cache: EvaluationCache;
}

let loaded: Promise<Loaded> | undefined;

/** The network, loaded from the game's resources on first use (again after a failure). */
function networkOf(context: BotContext<unknown, number>): Promise<Loaded> {
  loaded ??= context.resource(MODEL_FILE).then(async (bytes) => {
    if (!bytes) throw new Error(`the learned player's model (src/games/${MODEL_FILE}) is missing`);
    const net = await NeuralNet.load(bytes);
    return { net, cache: new EvaluationCache(net) };
  });
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

export const neuralBot: Bot<Position, number> = {
  id: 'neural',
  label: 'Neural',
  description:
    "The learned network's most likely column, no search: a convolutional net taught by our solver (docs/neural.md), one net for every board size, reading the board as it is and in a mirror (the two readings averaged). The fastest bot, and the measure of what the network alone knows.",
  params: [],
  async choose(position, context): Promise<Decision<number>> {
    if (legalMoves(position).length === 0) throw new Error('the game is over');
    const started = performance.now();
    const [{ policy, value }] = await (await networkOf(context)).net.evaluateBothWays([position]);
    const column = topColumn(position, policy);
    // Two readings of the network: the board and its mirror.
    const iteration: Iteration<number> = { depth: 0, nodes: 2, ms: performance.now() - started, score: value, best: column, stage: 'network' };
    context.progress(iteration);
    return { move: column, report: { iterations: [iteration], nodes: 2, ms: iteration.ms } };
  },
  async ready(_position, context) {
    await networkOf(context);
  },
};

/** What a search over the network gives its bot: the move, and whether its clock stopped it short. */
interface Searched {
  readonly column: number;
  readonly proven: boolean;
  /** The network's evaluations, or the solver's positions for a move it proved. */
  readonly nodes: number;
  readonly cutShort: boolean;
}

/** A step of a search over the network (its depth, value and column) as an iteration at the clock's time. */
function stepIteration(clock: MoveClock, depth: number, nodes: number, score: number, best: number): Iteration<number> {
  return { depth, nodes, ms: clock.elapsed(), score, best };
}

/** A search over the network as a bot's decision: the iterations it reports are the decision's. */
async function searchDecision<Core>(
  position: Position,
  context: BotContext<Core, number>,
  search: (net: Evaluator, clock: MoveClock, report: (iteration: Iteration<number>) => void) => Promise<Searched>,
): Promise<Decision<number>> {
  if (legalMoves(position).length === 0) throw new Error('the game is over');
  const clock = MoveClock.of(context.budget);
  const iterations: Iteration<number>[] = [];
  const result = await search((await networkOf(context)).cache, clock, (iteration) => {
    iterations.push(iteration);
    context.progress(iteration);
  });
  const { proven, cutShort } = result;
  return { move: result.column, report: { iterations, nodes: result.nodes, ms: clock.elapsed(), proven, ...(cutShort ? { cutShort } : {}) } };
}

/**
 * The solver's proven best column within `clock` (as the perfect bot proves one: strongest.ts), or null: the
 * strongest setting of the learned player is the network where the solver does not finish, the solver where it does.
 */
async function solverProof(
  position: Position,
  context: BotContext<Connect4Cores, number>,
  clock: MoveClock,
  report: (iteration: Iteration<number>) => void,
): Promise<number | null> {
  const core = await (await context.core()).forSize(position);
  setPosition(core, position);
  return provenMove(core, position, clock, centreOrder(position.width).find((column) => core.canPlay(column))!, report);
}

export const neuralSearchBot: Bot<Position, number, Connect4Cores> = {
  id: 'neural-search',
  label: 'Neural search',
  description:
    "PUCT (as AlphaZero searches) over the learned network, with the rules' immediate tactics and proofs at every node: `simulations` of them, fewer when the move's time or node budget (an evaluation is a node) runs out first; the most it allows plays for the whole time. Its score is the root's mean value (1 a win, -1 a loss), or a proven one. With `prove` above 0, a move with a time (or node budget) first gives that share of it to the solver (as Perfect proves a move), and plays the proven move when it finishes.",
  params: [
    { name: 'simulations', label: 'Simulations (at most)', min: 1, max: 1_000_000, default: 400 },
    { name: 'prove', label: "Share of a move's time for the solver's proof first (%)", min: 0, max: 90, default: 0 },
  ],
  choose: (position, context) =>
    searchDecision(position, context, async (net, clock, report) => {
      const { simulations, prove } = context.params;
      // Only a move with an allowance (its time or nodes) gives the solver a share of it, counted against the move's.
      if (prove > 0 && (clock.ms > 0 || clock.maxNodes > 0)) {
        const proofClock = clock.slice(prove / 100);
        const proven = await solverProof(position, context, proofClock, report);
        clock.count(proofClock.nodesSpent);
        if (proven !== null) return { column: proven, proven: true, nodes: proofClock.nodesSpent, cutShort: false };
      }
      const result = await puctSearch(net, position, clock, simulations, (found) =>
        report(stepIteration(clock, found.simulations, found.evaluations, found.value, found.column)),
      );
      // Stopped by the clock (its time or its nodes) before its simulations or a proof.
      return { ...result, nodes: result.evaluations, cutShort: !result.proven && result.simulations < simulations };
    }),
  async ready(position, context) {
    await networkOf(context);
    // The solver's core for the board's size (its tables allocated) would otherwise cost the first move's time.
    if (context.params.prove > 0) await (await context.core()).forSize(position);
  },
};

export const neuralAlphaBetaBot: Bot<Position, number> = {
  id: 'neural-alphabeta',
  label: 'Neural alpha-beta',
  description:
    "Alpha-beta over the learned network: negamax with the network's value at the horizon and the rules' immediate tactics at every node, deepened one ply at a time to `depth`, or less when the move's time runs out (the deepest depth finished plays). Its score is the network's value of the best line (1 a win, -1 a loss), or a proven one.",
  params: [{ name: 'depth', label: 'Depth (at most)', min: 1, max: 64, default: 4 }],
  choose: (position, context) =>
    searchDecision(position, context, async (net, clock, report) => {
      const result = await alphaBetaSearch(net, position, clock, context.params.depth, (found) =>
        report(stepIteration(clock, found.depth, found.evaluations, found.value, found.column)),
      );
      return { ...result, nodes: result.evaluations, cutShort: !result.proven && !result.finished };
    }),
  async ready(_position, context) {
    await networkOf(context);
  },
};
