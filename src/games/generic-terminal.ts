// The terminal game (`playground <game> play`) of a game that brings none of its own: the position in its
// notation and the legal moves in theirs; a move is typed as the rules write it.

import type { GameRules, TerminalUi } from '../contracts/game';

export function genericTerminal<P, M>(rules: GameRules<P, M>): TerminalUi<P, M> {
  return {
    draw: (position) => rules.format(position),
    prompt: (position) => `${rules.seats[rules.seatToMove(position)]} to move: ${rules.legalMoves(position).map(rules.formatMove).join(', ')}`,
    readMove(position, line) {
      const text = line.trim();
      if (text === '') return { error: 'Empty line: type a move.' };
      let move: M;
      try {
        move = rules.parseMove(text);
      } catch (error) {
        return { error: (error as Error).message };
      }
      const legal = rules.legalMoves(position).map(rules.formatMove);
      if (!legal.includes(rules.formatMove(move))) return { error: `${text} is not a legal move here: ${legal.join(', ')}` };
      return { move };
    },
    verdict(position) {
      const outcome = rules.outcome(position);
      if (!outcome) return '';
      return outcome.winner === null ? 'A draw.' : `${rules.seats[outcome.winner]} wins.`;
    },
  };
}
