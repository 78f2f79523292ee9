// Red Ten moves for the core: a hand is a u64 of 16 four-bit counts, one per card class (docs/rules/red-ten.md
// section 7: 3-9, 10b, J Q K A 2, 10r, BJ, RJ); a move is the counts it takes away and a play code. The
// generator writes the legal moves of a hand against a last play in the canonical order of the rules in
// TypeScript (src/games/cards/combos.ts), so a move's index is the same on both sides.

/** Play code: type * 1024 + cards * 64 + key; 0 is a lead (nothing to beat). */
export const LEAD: i32 = 0;
export const PASS: i32 = -1;
export const SINGLE: i32 = 1;
export const PAIR: i32 = 2;
export const STRAIGHT: i32 = 3;
export const BOMB: i32 = 4;
const BLACK_TEN: i32 = 7;
const RED_TEN: i32 = 13;
const GREY: i32 = 14;
const RED: i32 = 15;
const TEN_RANK: i32 = 7;
const DOUBLE_JOKER: i32 = 26;
const DOUBLE_RED_TEN: i32 = 27;

/** Moves per position at most (a 27-card lead has well under 200), and plies of the move stack. */
export const MAX_MOVES: i32 = 256;
export const MAX_PLY: i32 = 160;

/** The move stack: the cards each move takes, and its play code. */
export const removals = new StaticArray<u64>(MAX_MOVES * MAX_PLY);
export const codes = new StaticArray<i32>(MAX_MOVES * MAX_PLY);

@inline
export function playCode(type: i32, cards: i32, key: i32): i32 {
  return type * 1024 + cards * 64 + key;
}

@inline
export function codeType(code: i32): i32 {
  return code >> 10;
}

@inline
export function codeCards(code: i32): i32 {
  return (code >> 6) & 15;
}

@inline
export function codeKey(code: i32): i32 {
  return code & 63;
}

@inline
export function count(hand: u64, cls: i32): i32 {
  return <i32>((hand >> (<u64>cls << 2)) & 15);
}

@inline
export function one(cls: i32): u64 {
  return <u64>1 << (<u64>cls << 2);
}

/** The number of cards in a hand: the sum of its 16 counts. */
@inline
export function cardCount(hand: u64): i32 {
  let sum = (hand & 0x0f0f0f0f0f0f0f0f) + ((hand >> 4) & 0x0f0f0f0f0f0f0f0f);
  return <i32>((sum * 0x0101010101010101) >> 56);
}

/** The strength of a class as a single: 3 … 2, grey joker, red joker, red ten. */
@inline
export function singleKey(cls: i32): i32 {
  return cls == RED_TEN ? 15 : cls == GREY ? 13 : cls == RED ? 14 : cls;
}

/** The cards of a rank (0-12) in a hand: both tens count as tens. */
@inline
export function rankCount(hand: u64, rank: i32): i32 {
  return rank == TEN_RANK ? count(hand, BLACK_TEN) + count(hand, RED_TEN) : count(hand, rank);
}

/** The rank at a place of the straight sequence A 2 3 … K. */
@inline
export function rankAtPlace(place: i32): i32 {
  return place < 2 ? place + 11 : place - 2;
}

export function beats(code: i32, last: i32): bool {
  if (last == LEAD) return true;
  const type = codeType(code);
  const lastType = codeType(last);
  if (type == BOMB) return lastType != BOMB || codeKey(code) > codeKey(last);
  if (type != lastType) return false;
  if (type == STRAIGHT && codeCards(code) != codeCards(last)) return false;
  return codeKey(code) > codeKey(last);
}

/** Bit 4 * cls + 3 set for each class with at least n cards (1-4: a count is at most 4, so nothing carries). */
@inline
function atLeast(hand: u64, n: i32): u64 {
  return (hand + <u64>(8 - n) * 0x1111111111111111) & 0x8888888888888888;
}

/** The classes 3 … 2 (0-12) of an atLeast mask, and the bit of class 7 (the black ten, or the rank of tens). */
const RANK_CLASSES: u64 = 0x0008888888888888;
const TEN_BIT: u64 = <u64>8 << (TEN_RANK * 4);

/** The class of the lowest bit of an atLeast mask. */
@inline
function classOfBit(mask: u64): i32 {
  return <i32>(ctz(mask) >> 2);
}

/** Bit p set when the hand holds the rank at place p of A 2 3 … K (A and 2 are ranks 11 and 12, at places 0 and 1). */
export function heldPlaces(hand: u64): i32 {
  let ranks = 0;
  for (let m = atLeast(hand, 1) & RANK_CLASSES; m; m &= m - 1) ranks |= 1 << classOfBit(m);
  if (count(hand, RED_TEN) > 0) ranks |= 1 << TEN_RANK;
  return ((ranks >> 11) & 3) | ((ranks & 0x7ff) << 2);
}

let top: i32 = 0;
let lastPlay: i32 = 0;

@inline
function push(removal: u64, code: i32): void {
  if (beats(code, lastPlay)) {
    unchecked((removals[top] = removal));
    unchecked((codes[top] = code));
    top++;
  }
}

/**
 * Writes the legal moves of `hand` against `last` at the stack slot of `ply` and returns how many: `pass`
 * first when responding, then singles, pairs, straights and bombs in the canonical order. Only the types
 * that can beat the last play are generated.
 */
export function generate(hand: u64, last: i32, ply: i32): i32 {
  const base = ply * MAX_MOVES;
  top = base;
  lastPlay = last;
  const type = last == LEAD ? 0 : codeType(last);
  if (last != LEAD) {
    unchecked((removals[top] = 0));
    unchecked((codes[top] = PASS));
    top++;
  }
  if (type == 0 || type == SINGLE) {
    for (let m = atLeast(hand, 1) & RANK_CLASSES; m; m &= m - 1) {
      const cls = classOfBit(m);
      push(one(cls), playCode(SINGLE, 1, cls));
    }
    if (count(hand, GREY) > 0) push(one(GREY), playCode(SINGLE, 1, 13));
    if (count(hand, RED) > 0) push(one(RED), playCode(SINGLE, 1, 14));
    if (count(hand, RED_TEN) > 0) push(one(RED_TEN), playCode(SINGLE, 1, 15));
  }
  const blackTens = count(hand, BLACK_TEN);
  const redTens = count(hand, RED_TEN);
  if (type == 0 || type == PAIR) {
    // Class 7's bit stands for the rank of tens: a pair of tens needs a black one.
    let m = atLeast(hand, 2) & RANK_CLASSES;
    if (blackTens >= 1 && redTens >= 1) m |= TEN_BIT;
    for (; m; m &= m - 1) {
      const rank = classOfBit(m);
      if (rank == TEN_RANK) {
        if (blackTens >= 2) push(one(BLACK_TEN) * 2, playCode(PAIR, 2, TEN_RANK));
        if (blackTens >= 1 && redTens >= 1) push(one(BLACK_TEN) + one(RED_TEN), playCode(PAIR, 2, TEN_RANK));
      } else push(one(rank) * 2, playCode(PAIR, 2, rank));
    }
  }
  if (type == 0 || type == STRAIGHT) {
    const places = heldPlaces(hand);
    // A start needs itself and the next two places held.
    for (let starts = places & (places >> 1) & (places >> 2); starts; starts &= starts - 1) {
      const start = <i32>ctz(starts);
      // Grow the straight one place at a time; the ten, if in it, is black or red (two moves when both are held).
      let removal: u64 = 0;
      let tenPlace = -1;
      for (let place = start; place < 13 && (places & (1 << place)); place++) {
        const rank = rankAtPlace(place);
        if (rank == TEN_RANK) tenPlace = place;
        else removal += one(rank);
        const length = place - start + 1;
        if (length < 3) continue;
        const code = playCode(STRAIGHT, length, start);
        if (tenPlace < 0) push(removal, code);
        else {
          if (blackTens > 0) push(removal + one(BLACK_TEN), code);
          if (redTens > 0) push(removal + one(RED_TEN), code);
        }
      }
    }
  }
  for (let size = 3; size <= 4; size++) {
    let m = atLeast(hand, size) & RANK_CLASSES & ~TEN_BIT;
    if (blackTens + redTens >= size) m |= TEN_BIT;
    for (; m; m &= m - 1) {
      const rank = classOfBit(m);
      const code = playCode(BOMB, size, (size == 3 ? 0 : 13) + rank);
      if (rank != TEN_RANK) {
        push(one(rank) * <u64>size, code);
        continue;
      }
      for (let black = min(2, size); black >= 0; black--) {
        const red = size - black;
        if (black <= blackTens && red <= redTens) push(one(BLACK_TEN) * <u64>black + one(RED_TEN) * <u64>red, code);
      }
    }
  }
  if (count(hand, GREY) > 0 && count(hand, RED) > 0) push(one(GREY) + one(RED), playCode(BOMB, 2, DOUBLE_JOKER));
  if (count(hand, RED_TEN) == 2) push(one(RED_TEN) * 2, playCode(BOMB, 2, DOUBLE_RED_TEN));
  return top - base;
}

/** The play code of a whole hand when it is one combination (it can go out in one play), else -1. */
export function handCode(hand: u64): i32 {
  const cards = cardCount(hand);
  if (cards == 0) return -1;
  if (cards == 1) {
    for (let cls = 0; cls < 16; cls++) if (count(hand, cls) == 1) return playCode(SINGLE, 1, singleKey(cls));
  }
  const jokers = count(hand, GREY) + count(hand, RED);
  if (cards == 2 && jokers == 2) return playCode(BOMB, 2, DOUBLE_JOKER);
  if (cards == 2 && count(hand, RED_TEN) == 2) return playCode(BOMB, 2, DOUBLE_RED_TEN);
  if (jokers > 0) return -1;
  // One rank: a pair, or a bomb of 3 or 4.
  for (let rank = 0; rank <= 12; rank++) {
    const held = rankCount(hand, rank);
    if (held == cards) return cards == 2 ? playCode(PAIR, 2, rank) : cards <= 4 ? playCode(BOMB, cards, (cards == 3 ? 0 : 13) + rank) : -1;
    if (held > 1) return -1;
  }
  // One card per rank (so a place per card), on consecutive places of A 2 3 … K.
  const places = heldPlaces(hand);
  const start = <i32>ctz(places);
  return cards >= 3 && places >> start == (1 << cards) - 1 ? playCode(STRAIGHT, cards, start) : -1;
}
