// Tic-tac-toe bots: random, a depth-limited minimax (the weaker levels) and the perfect player.

import { deepen } from '../../contracts/deepening';
import type { Bot, BotContext, Decision } from '../../contracts/game';
import { Rng } from '../../contracts/rng';
import { setPosition, type TicTacToeCore } from './core';
import { legalMoves, type Position } from './rules';

type TicTacToeBot = Bot<Position, number, TicTacToeCore>;

/**
 * Iterative deepening to `maxDepth` plies, one progress report per depth; the move is drawn with the
 * seed among the moves that score best at the deepest finished depth.
 */
async function lookAhead(position: Position, maxDepth: number, context: BotContext<TicTacToeCore, number>): Promise<Decision<number>> {
  const moves = legalMoves(position);
  if (moves.length === 0) throw new Error('the game is over');
  const core = await context.core();
  setPosition(core, position);
  const { report, last } = deepen(Math.min(maxDepth, moves.length), context.budget, context.progress, (depth, nodesLeft, msLeft) => {
    const score = core.search(depth, nodesLeft, msLeft);
    return {
      complete: !core.searchStopped(),
      nodes: core.nodeCount(),
      ms: core.elapsedMs(),
      score,
      best: core.chooseBest(context.seed),
    };
  });
  // A budget spent before depth 1 finished still gets a legal move.
  return { move: last?.best ?? moves[0], report };
}

export const randomBot: TicTacToeBot = {
  id: 'random',
  label: 'Random',
  description: 'Plays any free cell, drawn with the seed.',
  params: [],
  async choose(position, context) {
    const moves = legalMoves(position);
    if (moves.length === 0) throw new Error('the game is over');
    return { move: new Rng(context.seed).pick(moves), report: { iterations: [], nodes: 0, ms: 0 } };
  },
};

export const minimaxBot: TicTacToeBot = {
  id: 'minimax',
  label: 'Minimax',
  description: 'Looks depth plies ahead (a line it cannot see counts as a draw), ties drawn with the seed.',
  params: [{ name: 'depth', label: 'Depth', min: 1, max: 9, default: 2 }],
  choose: (position, context) => lookAhead(position, context.params.depth, context),
};

export const perfectBot: TicTacToeBot = {
  id: 'perfect',
  label: 'Perfect',
  description: 'Searches to the end: never loses, wins as fast as it can, ties drawn with the seed.',
  params: [],
  choose: (position, context) => lookAhead(position, 9, context),
};

export const bots: readonly TicTacToeBot[] = [randomBot, minimaxBot, perfectBot];

/** The levels a person picks from, weakest first, as bot configurations. */
export const levels: readonly { readonly label: string; readonly config: string }[] = [
  { label: 'Random', config: 'random' },
  { label: 'Easy', config: 'minimax:depth=1' },
  { label: 'Medium', config: 'minimax:depth=2' },
  { label: 'Hard', config: 'minimax:depth=4' },
  { label: 'Perfect', config: 'perfect' },
];
