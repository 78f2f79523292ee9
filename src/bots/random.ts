// The bot every two-player game has: a legal move drawn with the seed. It needs only the rules.

import type { Bot, GameRules } from '../contracts/game';
import { Rng } from '../contracts/rng';

export function randomBot<P, M>(rules: GameRules<P, M>): Bot<P, M> {
  return {
    id: 'random',
    label: 'Random',
    description: 'A legal move drawn with the seed.',
    params: [],
    async choose(position, { seed }) {
      const moves = rules.legalMoves(position);
      if (moves.length === 0) throw new Error('the game is over');
      return { move: new Rng(seed).pick(moves), report: { iterations: [], nodes: 0, ms: 0 } };
    },
  };
}
