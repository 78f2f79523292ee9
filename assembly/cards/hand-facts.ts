// Facts about a hand that depend on it alone, kept in a small cache (the same hands come back at many nodes):
// what it can answer with (its highest single, pair and bomb, and per straight length its highest start;
// -1: none), packed + 1 into a u64, and its play code when the whole hand is one combination (else -1).

import { BOMB, cardCount, codeCards, codeKey, codeType, count, handCode, heldPlaces, PAIR, rankCount, SINGLE, singleKey } from "./moves";

const FACT_SLOTS_LOG2: i32 = 14;
const factHands = new StaticArray<u64>(1 << FACT_SLOTS_LOG2);
const factAnswers = new StaticArray<u64>(1 << FACT_SLOTS_LOG2);
const factCodes = new StaticArray<i32>(1 << FACT_SLOTS_LOG2);
const NO_HAND: u64 = u64.MAX_VALUE; // all counts 15: no hand has it
for (let i = 0; i < 1 << FACT_SLOTS_LOG2; i++) unchecked((factHands[i] = NO_HAND));

// Packed answers: bits 0-4 single, 5-8 pair, 9-13 bomb, then 4 bits per straight length 3..13.
function answersOf(hand: u64): u64 {
  let topSingle = -1;
  let topPair = -1;
  let topBomb = -1;
  for (let cls = 0; cls < 16; cls++) if (count(hand, cls) > 0) topSingle = max(topSingle, singleKey(cls));
  for (let rank = 0; rank < 13; rank++) {
    const c = rankCount(hand, rank);
    // Two red tens are a bomb, not a pair: a pair of tens needs a black one.
    const pairs = rank == 7 ? count(hand, 7) >= 1 && c >= 2 : c >= 2;
    if (pairs) topPair = max(topPair, rank);
    if (c >= 3) topBomb = max(topBomb, (c >= 4 ? 13 : 0) + rank);
  }
  if (count(hand, 14) + count(hand, 15) == 2) topBomb = max(topBomb, 26);
  if (count(hand, 13) == 2) topBomb = 27;
  let packed = <u64>(topSingle + 1) | (<u64>(topPair + 1) << 5) | (<u64>(topBomb + 1) << 9);
  const places = heldPlaces(hand);
  let run = 0;
  for (let place = 12; place >= 0; place--) {
    run = (places >> place) & 1 ? run + 1 : 0;
    // Places go down, so the first start seen for a length is its highest.
    for (let length = 3; length <= run; length++) {
      const shift = <u64>(14 + (length - 3) * 4);
      if (((packed >> shift) & 15) == 0) packed |= <u64>(place + 1) << shift;
    }
  }
  return packed;
}

/** The cache slot holding the facts of a hand. */
@inline
function factSlot(hand: u64): i32 {
  const slot = <i32>((hand * 0x9e3779b97f4a7c15) >> <u64>(64 - FACT_SLOTS_LOG2));
  if (unchecked(factHands[slot]) != hand) {
    unchecked((factHands[slot] = hand));
    unchecked((factAnswers[slot] = answersOf(hand)));
    unchecked((factCodes[slot] = handCode(hand)));
  }
  return slot;
}

/** A quick test that a hand might be one combination: at most 4 cards, or at most 13 with one of each class. */
@inline
export function maybeOneCombination(hand: u64): bool {
  const cards = cardCount(hand);
  return cards <= 4 || (cards <= 13 && (hand & 0xeeeeeeeeeeeeeeee) == 0);
}

/** Whether a hand with these answers (answersOf) can beat a play. */
@inline
export function answerable(answers: u64, code: i32): bool {
  const type = codeType(code);
  const key = codeKey(code);
  const topBomb = <i32>((answers >> 9) & 31) - 1;
  if (type == BOMB) return topBomb > key;
  if (topBomb >= 0) return true;
  if (type == SINGLE) return <i32>(answers & 31) - 1 > key;
  if (type == PAIR) return <i32>((answers >> 5) & 15) - 1 > key;
  return <i32>((answers >> <u64>(14 + (codeCards(code) - 3) * 4)) & 15) - 1 > key;
}

/** What the hand can answer with (answersOf), from the cache. */
@inline
export function answersOfHand(hand: u64): u64 {
  return unchecked(factAnswers[factSlot(hand)]);
}

/** The hand's play code when the whole hand is one combination, else -1, from the cache. */
@inline
export function codeOfHand(hand: u64): i32 {
  return unchecked(factCodes[factSlot(hand)]);
}
