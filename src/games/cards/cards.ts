// The 54 cards of Red Ten (docs/rules/red-ten.md): their names, the article's sort order, and the 16
// card classes that are all a move depends on (suits matter only to tell a red ten from a black one).
//
// A card is an id 0-53: rank * 4 + suit for the 52 (ranks 3 4 … K A 2 = 0-12, suits h d s c = 0-3), then the
// grey joker 52 and the red joker 53. Ids in increasing order are the article's sort: by rank, then h d s c,
// Grey, Red.

export const RANKS = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2'] as const;
export const SUITS = ['h', 'd', 's', 'c'] as const;
export const GREY_JOKER = 52;
export const RED_JOKER = 53;
export const DECK_SIZE = 54;
/** The 3 of hearts: its holder leads a full deal. */
export const THREE_OF_HEARTS = 0;
export const TEN = 7;

/** The 16 classes: 3-9, a black ten, J Q K A 2, a red ten, the grey joker, the red joker. */
export const CLASS_NAMES = ['3', '4', '5', '6', '7', '8', '9', '10b', 'J', 'Q', 'K', 'A', '2', '10r', 'BJ', 'RJ'] as const;
export const CLASSES = 16;
export const BLACK_TEN = 7;
export const RED_TEN = 13;
export const GREY = 14;
export const RED = 15;

export function cardName(card: number): string {
  if (card === GREY_JOKER) return 'BJ';
  if (card === RED_JOKER) return 'RJ';
  return RANKS[card >> 2] + SUITS[card & 3];
}

/** Reads a card such as `3h`, `10d`, `Qs`, `BJ`, `RJ` (case of the letters does not matter). */
export function parseCard(text: string): number {
  const upper = text.toUpperCase();
  if (upper === 'BJ') return GREY_JOKER;
  if (upper === 'RJ') return RED_JOKER;
  const rank = RANKS.indexOf(upper.slice(0, -1) as (typeof RANKS)[number]);
  const suit = SUITS.indexOf(text.slice(-1).toLowerCase() as (typeof SUITS)[number]);
  if (rank < 0 || suit < 0) throw new Error(`unknown card "${text}": a card is a rank 3-10, J, Q, K, A, 2 and a suit h, d, s, c (like 10h), or BJ / RJ`);
  return rank * 4 + suit;
}

/** Reads cards separated by spaces; `-` or nothing is no cards. */
export function parseCards(text: string): number[] {
  const tokens = text
    .trim()
    .split(/\s+/)
    .filter((token) => token !== '' && token !== '-');
  return tokens.map(parseCard);
}

export function formatCards(cards: readonly number[]): string {
  return cards.length === 0 ? '-' : cards.map(cardName).join(' ');
}

export function classOf(card: number): number {
  if (card === GREY_JOKER) return GREY;
  if (card === RED_JOKER) return RED;
  const rank = card >> 2;
  if (rank === TEN) return (card & 3) < 2 ? RED_TEN : BLACK_TEN;
  return rank;
}

/** How many cards of each class a set of cards has. */
export function classCounts(cards: readonly number[]): number[] {
  const counts = Array<number>(CLASSES).fill(0);
  for (const card of cards) counts[classOf(card)]++;
  return counts;
}

/** The rank (0-12) of a class, -1 for the jokers: both tens are rank 10. */
export function classRank(cls: number): number {
  if (cls === RED_TEN) return TEN;
  return cls >= GREY ? -1 : cls;
}

/** The strength of a class played as a single: 3 … 2, grey joker, red joker, red ten. */
export function singleKey(cls: number): number {
  if (cls === RED_TEN) return 15;
  if (cls === GREY) return 13;
  if (cls === RED) return 14;
  return cls;
}

/** The classes in the order of their strength as singles: the canonical order of single moves. */
export const SINGLE_ORDER = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, GREY, RED, RED_TEN] as const;

/** The place of a rank in the straight sequence A 2 3 … K (A and 2 only at the low end). */
export function straightPlace(rank: number): number {
  return rank >= 11 ? rank - 11 : rank + 2;
}

/** The rank at a place of the straight sequence A 2 3 … K. */
export function rankAtPlace(place: number): number {
  return place < 2 ? place + 11 : place - 2;
}

/** Sorts cards in the article's order (by rank, then h d s c, Grey, Red). */
export function sortCards(cards: readonly number[]): number[] {
  return [...cards].sort((a, b) => a - b);
}
