// The combinations of docs/rules/red-ten.md: what a set of cards is, what beats what, and every
// legal move of a hand in the canonical order of the move-generation vectors. A move is identified by how many
// cards of each of the 16 classes it uses, and written in class names: `3`, `10b 10r`, `A 2 3`, `BJ RJ`, `pass`.

import { BLACK_TEN, CLASS_NAMES, CLASSES, classRank, GREY, RED, RED_TEN, rankAtPlace, SINGLE_ORDER, singleKey, straightPlace, TEN } from './cards';

export type ComboType = 'single' | 'pair' | 'straight' | 'bomb';

export interface Combo {
  readonly type: ComboType;
  /** The classes of its cards, in the order they are written. */
  readonly classes: readonly number[];
  /** Compared within a type: the single key, the pair's rank, the straight's first place, the bomb's strength. */
  readonly key: number;
}

export type Move = Combo | 'pass';

/** Bomb strength: 3-card bombs by rank (0-12), 4-card bombs by rank (13-25), double joker, double red ten. */
export const DOUBLE_JOKER = 26;
export const DOUBLE_RED_TEN = 27;

export function beats(play: Combo, last: Combo): boolean {
  if (play.type === 'bomb') return last.type !== 'bomb' || play.key > last.key;
  if (play.type !== last.type) return false;
  if (play.type === 'straight' && play.classes.length !== last.classes.length) return false;
  return play.key > last.key;
}

/** The combination a multiset of classes forms, or a message saying why it is none. */
export function classify(classes: readonly number[]): Combo | { readonly error: string } {
  const counts = Array<number>(CLASSES).fill(0);
  for (const cls of classes) counts[cls]++;
  const n = classes.length;
  const ranks = classes.map(classRank);
  const jokers = counts[GREY] + counts[RED];
  const sameRank = jokers === 0 && ranks.every((rank) => rank === ranks[0]);
  if (n === 0) return { error: 'no cards' };
  if (n === 1) return { type: 'single', classes: [...classes], key: singleKey(classes[0]) };
  if (n === 2 && counts[GREY] && counts[RED]) return { type: 'bomb', classes: [GREY, RED], key: DOUBLE_JOKER };
  if (n === 2 && counts[RED_TEN] === 2) return { type: 'bomb', classes: [RED_TEN, RED_TEN], key: DOUBLE_RED_TEN };
  if (n === 2 && sameRank) return { type: 'pair', classes: tensBlackFirst(classes), key: ranks[0] };
  if ((n === 3 || n === 4) && sameRank) return { type: 'bomb', classes: tensBlackFirst(classes), key: (n === 3 ? 0 : 13) + ranks[0] };
  if (n >= 3 && jokers === 0) {
    const places = ranks.map(straightPlace).sort((a, b) => a - b);
    if (places.every((place, i) => i === 0 || place === places[i - 1] + 1)) {
      const ordered = [...classes].sort((a, b) => straightPlace(classRank(a)) - straightPlace(classRank(b)));
      return { type: 'straight', classes: ordered, key: places[0] };
    }
  }
  return {
    error: `${classes.map((cls) => CLASS_NAMES[cls]).join(' ')} is not a combination: a single, a pair, a straight of 3 or more (A and 2 only at the low end) or a bomb`,
  };
}

function tensBlackFirst(classes: readonly number[]): number[] {
  return [...classes].sort((a, b) => (a === b ? 0 : a === RED_TEN ? 1 : b === RED_TEN ? -1 : a - b));
}

export function formatMove(move: Move): string {
  return move === 'pass' ? 'pass' : move.classes.map((cls) => CLASS_NAMES[cls]).join(' ');
}

/** Reads a move in class names (`pass`, `10b 10r`, `8 9 10r`); a plain `10` is a black ten. */
export function parseMove(text: string): Move {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 1 && tokens[0].toLowerCase() === 'pass') return 'pass';
  if (tokens.length === 0) throw new Error('empty move: write the classes of the cards (like "5 5" or "10r") or "pass"');
  const classes = tokens.map((token) => {
    const cls = token === '10' ? BLACK_TEN : CLASS_NAMES.findIndex((name) => name.toLowerCase() === token.toLowerCase());
    if (cls < 0) throw new Error(`unknown card class "${token}": use 3-9, 10b, 10r, J, Q, K, A, 2, BJ, RJ`);
    return cls;
  });
  const combo = classify(classes);
  if ('error' in combo) throw new Error(combo.error);
  return combo;
}

export function sameMove(a: Move, b: Move): boolean {
  return formatMove(a) === formatMove(b);
}

/** Every combination a hand (class counts) can play, in the canonical order: singles, pairs, straights, bombs. */
export function combinations(counts: readonly number[]): Combo[] {
  const moves: Combo[] = [];
  for (const cls of SINGLE_ORDER) if (counts[cls] > 0) moves.push({ type: 'single', classes: [cls], key: singleKey(cls) });
  for (let rank = 0; rank <= 12; rank++) {
    if (rank === TEN) {
      if (counts[BLACK_TEN] >= 2) moves.push({ type: 'pair', classes: [BLACK_TEN, BLACK_TEN], key: TEN });
      if (counts[BLACK_TEN] >= 1 && counts[RED_TEN] >= 1) moves.push({ type: 'pair', classes: [BLACK_TEN, RED_TEN], key: TEN });
    } else if (counts[rank] >= 2) moves.push({ type: 'pair', classes: [rank, rank], key: rank });
  }
  for (let start = 0; start <= 10; start++) {
    for (let length = 3; start + length <= 13; length++) {
      let complete = true;
      for (let place = start; place < start + length; place++) if (!holdsRank(counts, rankAtPlace(place))) complete = false;
      if (!complete) break;
      const ranks = Array.from({ length }, (_, i) => rankAtPlace(start + i));
      // The ten may be black or red: two moves when both are held, the black one first.
      const tenChoices = ranks.includes(TEN) ? [BLACK_TEN, RED_TEN].filter((cls) => counts[cls] > 0) : [BLACK_TEN];
      for (const ten of tenChoices) moves.push({ type: 'straight', classes: ranks.map((rank) => (rank === TEN ? ten : rank)), key: start });
    }
  }
  for (const size of [3, 4]) {
    for (let rank = 0; rank <= 12; rank++) {
      const key = (size === 3 ? 0 : 13) + rank;
      if (rank !== TEN) {
        if (counts[rank] >= size) moves.push({ type: 'bomb', classes: Array(size).fill(rank), key });
        continue;
      }
      // Ten bombs, the ones with more black tens first.
      for (let black = Math.min(2, size); black >= 0; black--) {
        const red = size - black;
        if (black <= counts[BLACK_TEN] && red <= counts[RED_TEN])
          moves.push({ type: 'bomb', classes: [...Array(black).fill(BLACK_TEN), ...Array(red).fill(RED_TEN)], key });
      }
    }
  }
  if (counts[GREY] && counts[RED]) moves.push({ type: 'bomb', classes: [GREY, RED], key: DOUBLE_JOKER });
  if (counts[RED_TEN] === 2) moves.push({ type: 'bomb', classes: [RED_TEN, RED_TEN], key: DOUBLE_RED_TEN });
  return moves;
}

function holdsRank(counts: readonly number[], rank: number): boolean {
  return rank === TEN ? counts[BLACK_TEN] + counts[RED_TEN] > 0 : counts[rank] > 0;
}

/** The legal moves of a hand against the last play (null: a lead, which cannot pass); `pass` first. */
export function movesOf(counts: readonly number[], last: Combo | null): Move[] {
  const all = combinations(counts);
  if (!last) return all;
  return ['pass', ...all.filter((combo) => beats(combo, last))];
}
