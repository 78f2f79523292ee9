// An independent answer key for small Red Ten positions: whether the mover wins, by trying every move of the
// TypeScript rules, remembering the positions already searched.

import { format, legalMoves, outcome, play, type Position } from '../../src/games/cards/rules';

const searched = new Map<string, boolean>();

export function moverWins(position: Position): boolean {
  const key = format(position);
  let wins = searched.get(key);
  if (wins === undefined) {
    wins = legalMoves(position).some((move) => {
      const next = play(position, move);
      const result = outcome(next);
      return result ? result.winner === position.toMove : !moverWins(next);
    });
    searched.set(key, wins);
  }
  return wins;
}
