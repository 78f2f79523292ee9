// The learned player's bots (docs/neural.md): `neural` plays the network's most likely column as it is (the raw
// policy); `neural-search` searches over the network (PUCT with the rules' tactics and proofs: neural-search.ts):
// `simulations`, or fewer when the move's time runs out first; `neural-alphabeta` searches it by alpha-beta, the
// network's value at the horizon (neural-alphabeta.ts), deepening while the move's time allows. The model is a
// resource of the game, loaded once a worker.

import type { Bot, BotContext, Decision, Iteration } from '../../contracts/game';
import { MoveClock } from '../../contracts/move-clock';
import { MODEL_FILE, NeuralNet, topColumn } from './neural';
import { alphaBetaSearch } from './neural-alphabeta';
import { puctSearch } from './neural-search';
import { legalMoves, type Position } from './rules';

let loaded: Promise<NeuralNet> | undefined;

/** The network, loaded from the game's resources on first use (again after a failure). */
function networkOf(context: BotContext<unknown, number>): Promise<NeuralNet> {
  loaded ??= context.resource(MODEL_FILE).then((bytes) => {
    if (!bytes) throw new Error(`the learned player's model (src/games/${MODEL_FILE}) is missing`);
    return NeuralNet.load(bytes);
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
    "The learned network's most likely column as it is, no search: a convolutional net taught by our solver (docs/neural.md), one net for every board size. The fastest bot, and the measure of what the network alone knows.",
  params: [],
  async choose(position, context): Promise<Decision<number>> {
    if (legalMoves(position).length === 0) throw new Error('the game is over');
    const started = performance.now();
    const [{ policy, value }] = await (await networkOf(context)).evaluate([position]);
    const column = topColumn(position, policy);
    const iteration: Iteration<number> = { depth: 0, nodes: 1, ms: performance.now() - started, score: value, best: column, stage: 'network' };
    context.progress(iteration);
    return { move: column, report: { iterations: [iteration], nodes: 1, ms: iteration.ms } };
  },
  async ready(_position, context) {
    await networkOf(context);
  },
};

/** What a search over the network gives its bot: the move, and whether its clock stopped it short. */
interface Searched {
  readonly column: number;
  readonly proven: boolean;
  readonly evaluations: number;
  readonly cutShort: boolean;
}

/** A search over the network as a bot's decision: each step it reports (its depth, value and column) an iteration. */
async function searchDecision(
  position: Position,
  context: BotContext<unknown, number>,
  search: (net: NeuralNet, clock: MoveClock, step: (depth: number, evaluations: number, value: number, column: number) => void) => Promise<Searched>,
): Promise<Decision<number>> {
  if (legalMoves(position).length === 0) throw new Error('the game is over');
  const clock = MoveClock.of(context.budget);
  const iterations: Iteration<number>[] = [];
  const result = await search(await networkOf(context), clock, (depth, nodes, score, best) => {
    const iteration = { depth, nodes, ms: clock.elapsed(), score, best };
    iterations.push(iteration);
    context.progress(iteration);
  });
  const { proven, cutShort } = result;
  return { move: result.column, report: { iterations, nodes: result.evaluations, ms: clock.elapsed(), proven, ...(cutShort ? { cutShort } : {}) } };
}

export const neuralSearchBot: Bot<Position, number> = {
  id: 'neural-search',
  label: 'Neural search',
  description:
    "PUCT (as AlphaZero searches) over the learned network, with the rules' immediate tactics and proofs at every node: `simulations` of them, fewer when the move's time or node budget (an evaluation is a node) runs out first; the most it allows plays for the whole time. Its score is the root's mean value (1 a win, -1 a loss), or a proven one.",
  params: [{ name: 'simulations', label: 'Simulations (at most)', min: 1, max: 1_000_000, default: 400 }],
  choose: (position, context) =>
    searchDecision(position, context, async (net, clock, step) => {
      const { simulations } = context.params;
      const result = await puctSearch(net, position, clock, simulations, (found) => step(found.simulations, found.evaluations, found.value, found.column));
      // Stopped by the clock (its time or its nodes) before its simulations or a proof.
      return { ...result, cutShort: !result.proven && result.simulations < simulations };
    }),
  async ready(_position, context) {
    await networkOf(context);
  },
};

export const neuralAlphaBetaBot: Bot<Position, number> = {
  id: 'neural-alphabeta',
  label: 'Neural alpha-beta',
  description:
    "Alpha-beta over the learned network: negamax with the network's value at the horizon and the rules' immediate tactics at every node, deepened one ply at a time to `depth`, or less when the move's time runs out (the deepest depth finished plays). Its score is the network's value of the best line (1 a win, -1 a loss), or a proven one.",
  params: [{ name: 'depth', label: 'Depth (at most)', min: 1, max: 64, default: 4 }],
  choose: (position, context) =>
    searchDecision(position, context, async (net, clock, step) => {
      const result = await alphaBetaSearch(net, position, clock, context.params.depth, (found) =>
        step(found.depth, found.evaluations, found.value, found.column),
      );
      const empty = position.width * position.height - position.moves.length;
      return { ...result, cutShort: !result.proven && result.depth < Math.min(context.params.depth, empty) };
    }),
  async ready(_position, context) {
    await networkOf(context);
  },
};
