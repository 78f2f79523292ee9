// Red Ten duel (docs/rules/red-ten.md), the authority. Two hands; the leader plays any combination, then the players
// alternate, each beating the last play or passing; a pass ends the trick and the player whose play stood
// leads the next; the first to empty the hand wins. A full deal is 27 cards each (then each hand is known to
// the other); a short deal leaves cards out of play, hidden from both.
//
// Notation: `A-hand | B-hand | mover`, as the solve line of docs/cli.md (`3h 5d 10h | 4s 4c BJ | A`), optionally
// followed by `| last play to beat` (cards, `-` for a lead) and `| cards out of play`. The cards played so far
// are the rest of the deck. A hand of `-` is empty: that player has won.
//
// A seat's view of a short deal (what an engine is sent) hides what that player cannot see: the other hand is
// `?N` (N cards) and the last field is `?` and every card the seat has not seen, the other hand and the cards out
// of play together (`3h 5d 10h | ?3 | A | - | ? 4s 4c 7d BJ`). Read back, the hidden hand is drawn from those
// cards with a seed taken from the text: one guess, the same every time, which bots that look at the other
// hand then play against (the honest bot draws its own guesses from the same cards anyway).

import type { GameRules, Outcome } from '../../contracts/game';
import { deriveSeed, Rng } from '../../contracts/rng';
import { cardName, CLASS_NAMES, classCounts, classOf, DECK_SIZE, formatCards, parseCards, sortCards } from './cards';
import { beats, classify, formatMove, movesOf, parseMove, type Combo, type Move } from './combos';

export const SEATS = ['A', 'B'] as const;
export const FULL_DEAL = 27;
export const MIN_DEAL = 1;
export const SHORT_DEAL = 17;

export interface Position {
  /** Each seat's cards, sorted. */
  readonly hands: readonly [readonly number[], readonly number[]];
  /** Cards not dealt (a short deal): nobody sees them. */
  readonly out: readonly number[];
  readonly toMove: 0 | 1;
  /** The play to beat, or null when the mover leads. */
  readonly last: Combo | null;
  /** The plays since this position was written down (not part of the notation). */
  readonly history: readonly Play[];
}

/** A play of the game: who made it, what it was, and the play it answered (null: a lead). */
export interface Play {
  readonly seat: 0 | 1;
  readonly move: Move;
  readonly facing: Combo | null;
}

/**
 * A seeded deal of `each` cards to each player (27: the whole deck). The first seat leads: it gets the hand
 * with the 3 of hearts, or in a short deal without it, the hand with the lowest card.
 */
export function deal(seed: number, each = FULL_DEAL): Position {
  if (!Number.isInteger(each) || each < MIN_DEAL || each > FULL_DEAL) throw new Error(`a deal is ${MIN_DEAL} to ${FULL_DEAL} cards each, not ${each}`);
  const deck = Array.from({ length: DECK_SIZE }, (_, card) => card);
  const rng = new Rng(seed);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  let first = sortCards(deck.slice(0, each));
  let second = sortCards(deck.slice(each, 2 * each));
  if (second[0] < first[0]) [first, second] = [second, first];
  return { hands: [first, second], out: sortCards(deck.slice(2 * each)), toMove: 0, last: null, history: [] };
}

export function seatToMove(position: Position): 0 | 1 {
  return position.toMove;
}

/** The winner, and the margin from the first seat's side: the cards left in the loser's hand, negative when B wins. */
export function outcome(position: Position): Outcome | null {
  const [a, b] = position.hands;
  if (a.length === 0) return { winner: 0, margin: b.length };
  if (b.length === 0) return { winner: 1, margin: -a.length };
  return null;
}

export function legalMoves(position: Position): Move[] {
  if (outcome(position)) return [];
  return movesOf(classCounts(position.hands[position.toMove]), position.last);
}

/** The cards a move takes from a hand: of each class, the lowest cards of it. */
export function cardsOfMove(hand: readonly number[], move: Combo): number[] {
  const taken: number[] = [];
  for (const cls of move.classes) {
    const card = hand.find((c) => classOf(c) === cls && !taken.includes(c));
    if (card === undefined) throw new Error(`illegal move ${formatMove(move)}: the hand has no more cards of class ${CLASS_NAMES[cls]}`);
    taken.push(card);
  }
  return taken;
}

export function play(position: Position, move: Move): Position {
  if (outcome(position)) throw new Error('the game is over');
  const seat = position.toMove;
  const next = (1 - seat) as 0 | 1;
  const history = [...position.history, { seat, move, facing: position.last }];
  if (move === 'pass') {
    if (!position.last) throw new Error('illegal move: the leader cannot pass');
    return { ...position, toMove: next, last: null, history };
  }
  const hand = position.hands[seat];
  const taken = cardsOfMove(hand, move);
  if (position.last && !beats(move, position.last)) throw new Error(`illegal move: ${formatMove(move)} does not beat ${formatMove(position.last)}`);
  const hands = [...position.hands] as [readonly number[], readonly number[]];
  hands[seat] = hand.filter((card) => !taken.includes(card));
  return { ...position, hands, toMove: next, last: move, history };
}

export function parse(text: string): Position {
  const fields = text.split('|').map((field) => field.trim());
  if (fields.length < 3 || fields.length > 5)
    throw new Error('a position is "A-hand | B-hand | leader" (A or B), optionally "| last play | cards out of play"');
  const hidden = fields.slice(0, 2).map((field) => /^\?\s*(\d+)$/.exec(field));
  if (hidden[0] && hidden[1]) throw new Error('at most one hand is hidden (?N): the view is of the other seat');
  const hands = fields.slice(0, 2).map((field, seat) => (hidden[seat] ? [] : parseCards(field)));
  const mover = fields[2].toUpperCase();
  if (mover !== 'A' && mover !== 'B') throw new Error(`the leader must be A or B, not "${fields[2]}"`);
  const lastCards = fields.length > 3 ? parseCards(fields[3]) : [];
  const unseenField = fields.length > 4 && fields[4].startsWith('?');
  if (hidden[0] || hidden[1] ? !unseenField : unseenField)
    throw new Error('a hidden hand (?N) goes with a last field of "?" and the cards its seat has not seen, and only with it');
  let out = fields.length > 4 ? parseCards(unseenField ? fields[4].slice(1) : fields[4]) : [];
  const hiddenSeat = hidden[0] ? 0 : hidden[1] ? 1 : -1;
  if (hiddenSeat >= 0) {
    const size = Number(hidden[hiddenSeat]![1]);
    if (size > out.length) throw new Error(`the hidden hand has ${size} cards but only ${out.length} are unseen`);
    const unseen = [...out];
    const rng = new Rng(deriveSeed(0, text));
    for (let i = unseen.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [unseen[i], unseen[j]] = [unseen[j], unseen[i]];
    }
    hands[hiddenSeat] = unseen.slice(0, size);
    out = unseen.slice(size);
  }
  const owner = new Map<number, string>();
  const place = (cards: number[], where: string) => {
    for (const card of cards) {
      const before = owner.get(card);
      if (before === where) throw new Error(`${cardName(card)} is twice in ${where}`);
      if (before) throw new Error(`${cardName(card)} is in ${before} and in ${where}`);
      owner.set(card, where);
    }
  };
  place(hands[0], "A's hand");
  place(hands[1], "B's hand");
  place(lastCards, 'the last play');
  place(out, 'the cards out of play');
  if (hands[0].length === 0 && hands[1].length === 0) throw new Error('both hands are empty');
  let last: Combo | null = null;
  if (lastCards.length > 0) {
    const combo = classify(lastCards.map(classOf));
    if ('error' in combo) throw new Error(`the last play: ${combo.error}`);
    last = combo;
  }
  return { hands: [sortCards(hands[0]), sortCards(hands[1])], out: sortCards(out), toMove: mover === 'A' ? 0 : 1, last, history: [] };
}

/** The cards of the last play as they were played (the notation keeps cards, not classes). */
function lastPlayCards(position: Position): number[] {
  if (!position.last) return [];
  const played = Array.from({ length: DECK_SIZE }, (_, card) => card).filter(
    (card) => !position.hands[0].includes(card) && !position.hands[1].includes(card) && !position.out.includes(card),
  );
  return cardsOfMove(played, position.last);
}

export function format(position: Position): string {
  const fields = [formatCards(position.hands[0]), formatCards(position.hands[1]), SEATS[position.toMove]];
  if (position.last || position.out.length > 0) fields.push(formatCards(lastPlayCards(position)));
  if (position.out.length > 0) fields.push(formatCards(position.out));
  return fields.join(' | ');
}

/** The position as `seat` sees it: the whole position when nothing is hidden (a full deal), else its view. */
export function seatView(position: Position, seat: 0 | 1): string {
  if (position.out.length === 0) return format(position);
  const fields = [formatCards(position.hands[0]), formatCards(position.hands[1]), SEATS[position.toMove], formatCards(lastPlayCards(position))];
  fields[1 - seat] = `?${position.hands[1 - seat].length}`;
  return [...fields, `? ${formatCards(unseenBy(position, seat))}`].join(' | ');
}

/** The cards a player has not seen: the other hand and the cards out of play (what an honest bot samples from). */
export function unseenBy(position: Position, seat: 0 | 1): number[] {
  return sortCards([...position.hands[1 - seat], ...position.out]);
}

export const rules: GameRules<Position, Move> = {
  id: 'cards',
  title: 'Red Ten duel',
  seats: SEATS,
  start: (seed, size) => deal(seed, size ?? FULL_DEAL),
  parse,
  format,
  seatView,
  seatToMove,
  legalMoves,
  play,
  outcome,
  formatMove,
  parseMove,
};
