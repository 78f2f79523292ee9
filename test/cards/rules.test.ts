// Red Ten rules against docs/rules/red-ten.md: the 60 move-generation vectors, the legal and illegal responses of
// sections 5 and 6, the notation's errors, and whole seeded games played by random moves.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardName, classCounts, classOf, DECK_SIZE, parseCards, sortCards } from '../../src/games/cards/cards';
import { beats, classify, formatMove, movesOf, parseMove, type Combo } from '../../src/games/cards/combos';
import { deal, format, legalMoves, outcome, parse, play, seatView } from '../../src/games/cards/rules';
import { Rng } from '../../src/contracts/rng';

const vectors = readFileSync('test/data/cards/movegen.txt', 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [hand, last, count, moves] = line.split('|').map((field) => field.trim());
    return { hand, last, count: Number(count), moves: moves.split(' ; ') };
  });

function comboOfCards(text: string): Combo {
  const combo = classify(parseCards(text).map(classOf));
  if ('error' in combo) throw new Error(combo.error);
  return combo;
}

describe('move generation', () => {
  it('has the 60 vectors', () => expect(vectors.length).toBe(60));

  it.each(vectors.map((vector, i) => [i + 1, vector] as const))('vector %i: the legal moves in canonical order', (_, vector) => {
    const counts = classCounts(parseCards(vector.hand));
    // The last play is written in class names after its type: "pair 9 9", "straight 6 7 8 9 10r".
    const last = vector.last === 'lead' ? null : (parseMove(vector.last.split(' ').slice(1).join(' ')) as Combo);
    if (last) expect(last.type).toBe(vector.last.split(' ')[0]);
    const moves = movesOf(counts, last).map(formatMove);
    expect(moves).toEqual(vector.moves);
    expect(moves.length).toBe(vector.count);
  });
});

describe('beating (sections 5 and 6)', () => {
  const legal: [string, string][] = [
    ['7h', '8s'],
    ['2s', 'BJ'],
    ['BJ', 'RJ'],
    ['RJ', '10h'],
    ['10s', '10h'],
    ['10s', 'Jh'],
    ['10h', '3s 3c 3d'],
    ['5h 5s', '6h 6s'],
    ['9h 9s', '10h 10s'],
    ['10s 10c', 'Jh Js'],
    ['Ah Ad', '2h 2s'],
    ['2h 2s', 'BJ RJ'],
    ['3h 4s 5d', '4h 5s 6d'],
    ['Ah 2s 3d', '2h 3s 4d'],
    ['9h 10s Jd', '10h Js Qd'],
    ['3h 4s 5d 6c 7h', '3s 3c 3d'],
    ['2h 2s 2d', '3h 3s 3d 3c'],
    ['10s 10c 10h', 'Jh Js Jd'],
    ['2h 2s 2d 2c', 'BJ RJ'],
    ['BJ RJ', '10h 10d'],
  ];
  const illegal: [string, string][] = [
    ['7h', '7s'],
    ['10h', '10d'],
    ['10h', 'RJ'],
    ['5h 5s', '6h'],
    ['3h 4s 5d', '4h 5s 6d 7c'],
    ['2h 3s 4d', 'Ah 2s 3d'],
    ['2h 2s 2d', '3h 3s 3d'],
    ['3h 3s 3d 3c', '4h 4s 4d'],
    ['7h 7s 7d', '8h 8s'],
    ['BJ RJ', '3h 3s 3d 3c'],
    ['10h 10d', 'BJ RJ'],
    ['10h 10d', '2h 2s 2d 2c'],
  ];
  it.each(legal)('%s is beaten by %s', (last, response) => expect(beats(comboOfCards(response), comboOfCards(last))).toBe(true));
  it.each(illegal)('%s is not beaten by %s', (last, response) => expect(beats(comboOfCards(response), comboOfCards(last))).toBe(false));
  it.each(['Ah 2s', 'Qh Ks Ad', 'Ks Ad 2c', 'BJ 2s', '9h 10d Jd 2s', '5h 5s 5d 5c 6h'])('%s is not a combination', (cards) => {
    expect('error' in classify(parseCards(cards).map(classOf))).toBe(true);
  });
  it('the leader cannot pass', () => {
    const position = parse('3h 4h | 5s | A');
    expect(legalMoves(position)).not.toContain('pass');
    expect(() => play(position, 'pass')).toThrow(/leader cannot pass/);
  });
});

describe('notation', () => {
  it('reads and writes a position with a last play and cards out of play', () => {
    const text = '3h 5d 10h | 4s 4c BJ | B | 7h | 2c RJ';
    const position = parse(text);
    expect(position.toMove).toBe(1);
    expect(formatMove(position.last!)).toBe('7');
    expect(format(position)).toBe(text);
    expect(parse(format(position))).toEqual(position);
  });
  it.each([
    ['3h 5x | 4s | A', /unknown card "5x"/],
    ['3h 5d | 5d 4s | A', /5d is in A's hand and in B's hand/],
    ['3h 3h | 4s | A', /3h is twice in A's hand/],
    ['3h | 4s | C', /leader must be A or B/],
    ['3h | 4s', /a position is/],
    ['3h | 4s | A | 5h 6s', /the last play: 5 6 is not a combination/],
    ['- | - | A', /both hands are empty/],
    ['3h | ?2 | A', /a hidden hand \(\?N\) goes with/],
    ['3h | 4s | A | - | ? 5h', /a hidden hand \(\?N\) goes with/],
    ['?1 | ?2 | A | - | ? 5h 6h 7h', /at most one hand is hidden/],
    ['3h | ?3 | A | - | ? 5h 6h', /the hidden hand has 3 cards but only 2 are unseen/],
  ])('refuses %s', (text, message) => expect(() => parse(text)).toThrow(message));
});

describe("a seat's view", () => {
  it('of a short deal hides the other hand and the cards out of play, and reads back as what that seat knows', () => {
    for (let seed = 0; seed < 20; seed++) {
      const rng = new Rng(seed);
      let position = deal(seed, seed % 2 ? 10 : 17);
      for (let plies = rng.below(12); plies > 0 && !outcome(position); plies--) position = play(position, rng.pick(legalMoves(position)));
      if (outcome(position)) continue;
      const seat = position.toMove;
      const view = seatView(position, seat);
      const other = position.hands[1 - seat];
      // No card of the other hand or of those out of play is named before the unseen cards' field.
      const shown = view.split('|').slice(0, 4).join('|');
      for (const card of [...other, ...position.out]) expect(shown.split(/[\s|]+/)).not.toContain(cardName(card));
      expect(view.split('|')[1 - seat].trim()).toBe(`?${other.length}`);
      const seen = parse(view);
      expect(seen.hands[seat]).toEqual(position.hands[seat]);
      expect(seen.hands[1 - seat].length).toBe(other.length);
      expect(sortCards([...seen.hands[1 - seat], ...seen.out])).toEqual(sortCards([...other, ...position.out]));
      expect(seen.toMove).toBe(position.toMove);
      expect(seen.last).toEqual(position.last);
      expect(legalMoves(seen)).toEqual(legalMoves(position));
      expect(parse(view)).toEqual(seen);
    }
  });

  it('of a full deal is the whole position: each hand follows from the other', () => {
    const position = deal(4, 27);
    expect(seatView(position, 0)).toBe(format(position));
    expect(seatView(position, 1)).toBe(format(position));
  });
});

describe('deals and whole games', () => {
  it('deals 27 each from the whole deck with the 3 of hearts to the leader, and short deals with the rest out', () => {
    for (let seed = 0; seed < 20; seed++) {
      const full = deal(seed);
      expect(full.hands[0].length + full.hands[1].length).toBe(DECK_SIZE);
      expect(full.hands[0]).toContain(0);
      const short = deal(seed, 17);
      expect(new Set([...short.hands[0], ...short.hands[1], ...short.out]).size).toBe(DECK_SIZE);
      expect(Math.min(...short.hands[0])).toBeLessThan(Math.min(...short.hands[1]));
    }
    expect(format(deal(7))).toBe(format(deal(7)));
    expect(format(deal(7))).not.toBe(format(deal(8)));
  });

  it('plays random games to the end: hands only shrink, every move was legal, the winner has no cards', () => {
    for (let seed = 0; seed < 30; seed++) {
      const rng = new Rng(seed);
      let position = deal(seed, seed % 2 ? 27 : 10);
      let plies = 0;
      while (!outcome(position)) {
        const moves = legalMoves(position);
        expect(moves.length).toBeGreaterThan(0);
        const before = position.hands[position.toMove].length;
        const move = rng.pick(moves);
        position = play(position, move);
        expect(position.hands[1 - position.toMove].length).toBe(before - (move === 'pass' ? 0 : move.classes.length));
        expect(parse(format(position)).hands).toEqual(position.hands);
        plies++;
      }
      const result = outcome(position)!;
      expect(position.hands[result.winner!].length).toBe(0);
      expect(Math.abs(result.margin!)).toBe(position.hands[1 - result.winner!].length);
      expect(Math.sign(result.margin!)).toBe(result.winner === 0 ? 1 : -1);
      expect(plies).toBeGreaterThan(0);
    }
  });

  it('refuses a move that does not beat the last play, and one the hand cannot make', () => {
    const position = parse('3h 9s 9c | 5s | A | 10h');
    expect(() => play(position, parseMove('9 9'))).toThrow(/does not beat/);
    expect(() => play(position, parseMove('J'))).toThrow(/no more cards/);
  });
});
