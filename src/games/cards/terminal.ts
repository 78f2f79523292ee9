// Red Ten in the terminal: the person's hand in the article's order, the other's card count, the play to
// beat; a play is typed as cards (`5h 5s`) or `pass`, each kind of bad input with a message of its own.

import type { TerminalUi } from '../../contracts/game';
import { classOf, formatCards, parseCard } from './cards';
import { beats, classify, formatMove, type Move } from './combos';
import { outcome, SEATS, type Position } from './rules';

export function draw(position: Position): string {
  const mover = position.toMove;
  const lines = [
    `${SEATS[mover]}'s hand (${position.hands[mover].length}): ${formatCards(position.hands[mover])}`,
    `${SEATS[1 - mover]} holds ${position.hands[1 - mover].length} card${position.hands[1 - mover].length === 1 ? '' : 's'}`,
    position.last ? `To beat: ${formatMove(position.last)}` : `${SEATS[mover]} leads.`,
  ];
  return lines.join('\n');
}

export function readPlay(position: Position, line: string): { readonly move: Move } | { readonly error: string } {
  const text = line.trim();
  if (text === '') return { error: 'Empty line: type the cards to play (like "5h 5s") or "pass".' };
  if (text.toLowerCase() === 'pass') return position.last ? { move: 'pass' } : { error: 'You lead this trick: a leader cannot pass.' };
  const hand = position.hands[position.toMove];
  const cards: number[] = [];
  for (const token of text.split(/[\s,]+/)) {
    let card: number;
    try {
      card = parseCard(token);
    } catch (error) {
      return { error: (error as Error).message };
    }
    if (!hand.includes(card)) return { error: `You do not hold ${token}.` };
    if (cards.includes(card)) return { error: `${token} is named twice.` };
    cards.push(card);
  }
  const combo = classify(cards.map(classOf));
  if ('error' in combo) return { error: `${combo.error}.` };
  if (position.last && !beats(combo, position.last))
    return {
      error: `${formatMove(combo)} does not beat ${formatMove(position.last)}: play a higher ${position.last.type}${position.last.type === 'bomb' ? '' : ' or a bomb'}, or pass.`,
    };
  return { move: combo };
}

export const terminal: TerminalUi<Position, Move> = {
  draw,
  prompt: (position) => `${SEATS[position.toMove]}: your play (cards like "5h 5s", or "pass")`,
  readMove: readPlay,
  verdict(position) {
    const result = outcome(position)!;
    const history = position.history.map(({ seat, move }) => `${SEATS[seat]}: ${formatMove(move)}`).join('\n');
    const left = Math.abs(result.margin!);
    return `${history}\n${SEATS[result.winner!]} wins, ${left} card${left === 1 ? '' : 's'} left in the other hand.`;
  },
};
