import { describe, expect, it } from 'vitest';
import { canonicalKey, OpeningBook, positionKey } from '../../src/games/connect4/book';
import { legalMoves, newGame, outcome, parse, play, rules, type Position } from '../../src/games/connect4/rules';
import { WinPlaceScores, winPlaceCount, winPlaces } from '../../src/games/connect4/win-places';

describe('connect 4 rules', () => {
  it('reaches 1, 7, 49, 238, 1120, 4263, 16422, 54859 distinct positions at plies 0 to 7 (by position key)', () => {
    const counts: number[] = [];
    let frontier: Position[] = [newGame()];
    for (let ply = 0; ply <= 7; ply++) {
      const distinct = new Map(frontier.map((position) => [positionKey(position), position]));
      counts.push(distinct.size);
      frontier = [...distinct.values()].flatMap((position) => legalMoves(position).map((column) => play(position, column)));
    }
    expect(counts).toEqual([1, 7, 49, 238, 1120, 4263, 16422, 54859]);
  });

  it('finds four in a row across, up and on both diagonals, and a tie on a full board', () => {
    expect(parse('1122334').winner).toBe(0); // across
    expect(parse('1212121').winner).toBe(0); // up
    expect(parse('12234334544').winner).toBe(0); // diagonal /
    expect(parse('76654554344').winner).toBe(0); // diagonal \
    expect(parse('121212').winner).toBeNull();
    const tie = parse('344173546223223242317416415557673171766655');
    expect(outcome(tie)).toEqual({ winner: null });
    expect(legalMoves(tie)).toEqual([]);
  });

  it.each([
    ['48', "move 2 is '8': columns are 1 to 7"],
    ['40', "move 2 is '0': columns are 1 to 7"],
    ['4a', "move 2 is 'a': columns are 1 to 7"],
    ['4444444', 'move 7 plays column 4 a seventh time'],
    ['12121212', 'move 8 comes after a four in a row'],
  ])('refuses "%s": %s', (line, message) => {
    expect(() => parse(line)).toThrow(message);
  });

  it('reads only the first token of a line, and refuses a full column as an illegal move', () => {
    expect(parse('4453 -2').moves).toBe('4453');
    expect(() => play(parse('444444'), 3)).toThrow('column 4 is full');
    expect(rules.parseMove(' 7 ')).toBe(6);
    expect(() => play(newGame(), rules.parseMove('8'))).toThrow('columns are 1 to 7');
    expect(() => rules.parseMove('x')).toThrow('is not a column');
  });
});

describe("the article's win places", () => {
  it('number 4wh - 3wn - 3hn + 3w + 3h - 4n + 2n^2 + 2: 69 on 7x6 for four, and on other boards', () => {
    expect(winPlaces(7, 6, 4).length).toBe(69);
    for (const [w, h, n] of [
      [7, 6, 4],
      [8, 8, 4],
      [5, 4, 3],
      [10, 10, 5],
      [6, 7, 4],
      [4, 4, 4],
    ])
      expect(winPlaces(w, h, n).length).toBe(winPlaceCount(w, h, n));
    expect(new Set(winPlaces(7, 6, 4).map((place) => place.join())).size).toBe(69);
    // The formula as the article prints it leaves out 3w + 2: it gives 46, not the 69 it announces.
    const printed = (w: number, h: number, n: number) => 4 * w * h - 3 * w * n - 3 * h * n + 3 * h - 4 * n + 2 * n * n;
    expect(printed(7, 6, 4)).toBe(46);
    expect(printed(7, 6, 4) + 3 * 7 + 2).toBe(69);
  });

  it('score 2^(own stones) per win place, zero once the opponent is in it, 16 for four', () => {
    const scores = new WinPlaceScores(7, 6);
    scores.drop(0, 3, 0);
    scores.drop(0, 3, 1);
    scores.drop(0, 3, 2);
    expect(scores.isWinner(0)).toBe(false);
    expect(scores.drop(0, 3, 3)).toBe(true);
    expect(scores.isWinner(0)).toBe(true);
    const blocked = new WinPlaceScores(7, 6);
    blocked.drop(0, 0, 0);
    blocked.drop(1, 1, 0);
    const place = winPlaces(7, 6, 4).findIndex((p) => p.join() === [0, 6, 12, 18].join()); // row 0, columns 0-3
    expect(blocked.score[0][place]).toBe(0);
    expect(blocked.score[1][place]).toBe(0);
  });
});

describe('opening book', () => {
  it('keeps a position and its mirror image as one entry, the columns mirrored back, and refuses a bad file', () => {
    const position = parse('12');
    const mirror = parse('76');
    expect(canonicalKey(position).key).toBe(canonicalKey(mirror).key);
    const { key, mirrored } = canonicalKey(position);
    // In the position's own orientation: column 2 (index 1) best at -1, ties broken towards the centre.
    const own = [-3, -1, -2, -1, -4, null, -5];
    const stored = mirrored ? [...own].reverse() : own;
    const bytes = OpeningBook.write({ width: 7, height: 6 }, [{ key, values: stored }]);
    const book = OpeningBook.read(bytes.buffer as ArrayBuffer);
    expect(book.lookup(position)).toEqual({ values: own, score: -1, column: 3 });
    expect(book.lookup(mirror)).toEqual({ values: [...own].reverse(), score: -1, column: 3 });
    expect(() => OpeningBook.read(bytes.buffer.slice(0, bytes.length - 1) as ArrayBuffer)).toThrow('truncated');
    expect(() => OpeningBook.read(new TextEncoder().encode('C4B1\0\0\0\0').buffer as ArrayBuffer)).toThrow('version 3');
    expect(book.lookup(parse('44'))).toBeUndefined();
  });
});
