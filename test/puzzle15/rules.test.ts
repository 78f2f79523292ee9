import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { BANDS, BANDS_OF, bandOf, levelBoard, parseLevels } from '../../src/games/puzzle15/levels';
import {
  format,
  goalOf,
  GOAL,
  inversions,
  isGoal,
  legalMoves,
  parse,
  play,
  randomBoard,
  randomWalk,
  slideTile,
  start,
  unsolvableReason,
} from '../../src/games/puzzle15/rules';

describe('15-puzzle rules', () => {
  it('moves the blank and knows the goal', () => {
    let position = start(GOAL);
    expect(isGoal(position.tiles)).toBe(true);
    expect(legalMoves(position)).toEqual([]);
    position = play(start(GOAL), 'U');
    expect(format(position)).toBe('1 2 3 4 5 6 7 8 9 10 11 0 13 14 15 12');
    expect(() => play(position, 'R')).toThrow('the blank cannot move R');
    expect(position.moves).toBe('U');
  });

  it('slides a whole row or column segment toward the blank, and nothing else', () => {
    const position = start(GOAL);
    expect(slideTile(position, 12)).toEqual(['L', 'L', 'L']); // tile 13, bottom left
    expect(slideTile(position, 3)).toEqual(['U', 'U', 'U']); // tile 4, top right
    expect(slideTile(position, 5)).toEqual([]); // not in line
    expect(slideTile(position, 15)).toEqual([]); // the blank itself
  });

  it("tells solvable boards by inversions plus the blank's row from the bottom", () => {
    const rng = new Rng(4);
    for (let i = 0; i < 500; i++) expect(unsolvableReason(randomWalk(rng.nextU32(), rng.below(200)).tiles)).toBeUndefined();
    const swapped = GOAL.slice();
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(unsolvableReason(swapped)).toContain("1 inversions + the blank's row from the bottom (1) is even");
  });

  it.each([
    ['1 2 3', 'a board is 16 numbers 0 to 15, got 3'],
    ['1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 0', '16 (cell 15) is out of range 0..15'],
    ['1 2 3 4 5 6 7 8 9 10 11 12 13 14 14 0', '14 appears twice (and 15 is missing)'],
    ['1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 0', '"x" (cell 15) is not a number 0 to 15'],
    ['2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0', 'this board cannot be solved'],
  ])('refuses "%s": %s', (line, message) => {
    expect(() => parse(line)).toThrow(message);
  });

  it('ignores tokens after the 16th (a data line with its length)', () => {
    expect(format(parse('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 0'))).toBe(GOAL.join(' '));
  });

  it('walks never undo their previous move, and the same seed gives the same board', () => {
    expect(randomWalk(9, 30)).toEqual(randomWalk(9, 30));
    // A walk that never undoes itself on this board cannot come back to the goal in 2 moves.
    for (let seed = 0; seed < 50; seed++) expect(isGoal(randomWalk(seed, 2).tiles)).toBe(false);
  });

  it('draws uniform random boards: solvable, every tile everywhere about equally often', () => {
    const counts = Array.from({ length: 16 }, () => Array<number>(16).fill(0));
    for (let seed = 0; seed < 3200; seed++) {
      const board = randomBoard(seed);
      expect(unsolvableReason(board.tiles)).toBeUndefined();
      for (const [cell, tile] of board.tiles.entries()) counts[tile][cell]++;
    }
    for (const row of counts) for (const count of row) expect(Math.abs(count - 200)).toBeLessThan(70);
  });

  it('ships at least 20 boards of every difficulty band, each in its band', () => {
    const levels = parseLevels(readFileSync('src/games/puzzle15/levels.txt', 'utf8'));
    for (const band of BANDS) {
      const boards = levels.filter((level) => level.band === band);
      expect(boards.length).toBeGreaterThanOrEqual(20);
      for (const board of boards) {
        expect(bandOf(board.length)).toBe(band);
        expect(unsolvableReason(board.tiles)).toBeUndefined();
      }
    }
    expect(levelBoard(levels, '60+', 3).optimal).toBeGreaterThanOrEqual(60);
    expect(() => levelBoard(levels, '90-99', 1)).toThrow('there is no difficulty "90-99"');
  });

  describe('the 5x5 size (the 24-puzzle)', () => {
    it('reads and writes a 5x5 board with its size first, or as of the size asked for', () => {
      const goal = goalOf(5);
      expect(format(start(goal))).toBe(`5x5: ${goal.join(' ')}`);
      expect(parse(`5x5: ${goal.join(' ')}`).tiles).toEqual(goal);
      expect(parse(goal.join(' '), 5).tiles).toEqual(goal);
      expect(() => parse('1 2 3', 5)).toThrow('a 5x5 board is 25 numbers 0 to 24, got 3');
      expect(() => parse(`5x5: ${goal.slice(0, 24).join(' ')} 25`)).toThrow('25 (cell 25) is out of range 0..24');
      expect(() => parse('6x6: 1 2 3')).toThrow('not a size of the puzzle');
      // The blank moves as on 4x4.
      expect(format(play(start(goal), 'U'))).toBe('5x5: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 0 21 22 23 24 20');
      expect(slideTile(start(goal), 20)).toEqual(['L', 'L', 'L', 'L']);
    });

    it('tells solvable boards by their inversions alone (odd width): every walk is, a swap of two tiles is not', () => {
      const rng = new Rng(5);
      for (let i = 0; i < 300; i++) {
        const board = randomWalk(rng.nextU32(), rng.below(300), 5);
        expect(board.tiles.length).toBe(25);
        expect(inversions(board.tiles) % 2).toBe(0);
        expect(unsolvableReason(board.tiles)).toBeUndefined();
      }
      const swapped = goalOf(5);
      [swapped[3], swapped[4]] = [swapped[4], swapped[3]];
      expect(unsolvableReason(swapped)).toContain('1 inversions, and on a board of odd width only an even number reaches the goal');
    });

    it('draws uniform random 5x5 boards, all solvable', () => {
      const counts = Array.from({ length: 25 }, () => Array<number>(25).fill(0));
      for (let seed = 0; seed < 5000; seed++) {
        const board = randomBoard(seed, 5);
        expect(unsolvableReason(board.tiles)).toBeUndefined();
        for (const [cell, tile] of board.tiles.entries()) counts[tile][cell]++;
      }
      for (const row of counts) for (const count of row) expect(Math.abs(count - 200)).toBeLessThan(70);
    });

    it('ships at least 20 boards of every 5x5 band, each in its band', () => {
      const levels = parseLevels(readFileSync('src/games/puzzle15/levels-5x5.txt', 'utf8'));
      for (const band of BANDS_OF[5]) {
        const boards = levels.filter((level) => level.band === band);
        expect(boards.length).toBeGreaterThanOrEqual(20);
        for (const board of boards) {
          expect(board.tiles.length).toBe(25);
          expect(bandOf(board.length, 5)).toBe(band);
          expect(unsolvableReason(board.tiles)).toBeUndefined();
        }
      }
      expect(levelBoard(levels, '70+', 3, 5).optimal).toBeGreaterThanOrEqual(70);
      expect(() => levelBoard(levels, '20-29', 1, 5)).toThrow('there is no difficulty "20-29"');
    });
  });
});
