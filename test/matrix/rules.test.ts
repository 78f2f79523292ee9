import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { format, generate, legalMoves, outcome, parse, play, seatToMove } from '../../src/games/matrix/rules';

describe('matrix rules', () => {
  it('generates the same board for the same seed, values in -9..9, every value about equally often', () => {
    expect(generate(7, 5)).toEqual(generate(7, 5));
    expect(generate(7, 5).values).not.toEqual(generate(8, 5).values);
    const counts = new Map<number, number>();
    for (let seed = 0; seed < 400; seed++) {
      const board = generate(seed, 6);
      expect(board.startRow).toBeGreaterThanOrEqual(0);
      expect(board.startRow).toBeLessThan(6);
      for (const value of board.values) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...Array(19).keys()].map((i) => i - 9));
    for (const count of counts.values()) expect(Math.abs(count - 14400 / 19)).toBeLessThan(120);
  });

  it('lets the first player pick in the start row and the second in the picked column, alternately', () => {
    let position = parse('3 1 1 2 3 4 5 6 7 8 9');
    expect(seatToMove(position)).toBe(0);
    expect(legalMoves(position)).toEqual([0, 1, 2]);
    position = play(position, 2); // row 1, column 2: 6
    expect(position.points).toEqual([6, 0]);
    expect(seatToMove(position)).toBe(1);
    expect(position.line).toBe(2);
    expect(legalMoves(position)).toEqual([0, 2]); // column 2 without row 1
    position = play(position, 0); // row 0, column 2: 3
    expect(position.points).toEqual([6, 3]);
    expect(position.line).toBe(0);
    expect(legalMoves(position)).toEqual([0, 1]); // row 0 without column 2
  });

  it('ends the game when the player to move has no free cell in its line, and counts the points', () => {
    // 2x2: rows 0 -> column 1 (2), columns -> row 1 (4), rows -> column 0 (3), columns -> row 0 (1), rows: row 0 is full.
    let position = parse('2 0 1 2 3 4');
    for (const k of [1, 1, 0, 0]) {
      expect(outcome(position)).toBeNull();
      position = play(position, k);
    }
    expect(legalMoves(position)).toEqual([]);
    expect(outcome(position)).toEqual({ winner: null, margin: 0 });
    expect(() => play(position, 0)).toThrow('is used already');
  });

  it("ends random games exactly when the mover's line is empty, often with free cells left elsewhere", () => {
    const rng = new Rng(5);
    let endedEarly = 0;
    for (let game = 0; game < 300; game++) {
      let position = generate(game, 4);
      while (legalMoves(position).length > 0) {
        expect(outcome(position)).toBeNull();
        position = play(position, rng.pick(legalMoves(position)));
      }
      const margin = position.points[0] - position.points[1];
      expect(outcome(position)).toEqual({ winner: margin > 0 ? 0 : margin < 0 ? 1 : null, margin });
      if (position.used.includes(false)) endedEarly++;
    }
    expect(endedEarly).toBeGreaterThan(30); // 65 of these 300
  });

  it('refuses illegal moves with a reason', () => {
    const position = play(parse('3 1 1 2 3 4 5 6 7 8 9'), 2);
    expect(() => play(position, 1)).toThrow('cell (row 1, column 2) is used already');
    expect(() => play(position, 3)).toThrow('move 3 is outside the line: use 0 to 2');
  });

  it('writes and reads positions with their moves', () => {
    let position = generate(3, 4);
    for (let i = 0; i < 5; i++) position = play(position, legalMoves(position)[0]);
    expect(parse(format(position))).toEqual(position);
    expect(format(position)).toMatch(/ \/ \d( \d){4}$/);
  });

  it.each([
    ['', 'empty position'],
    ['21 0', 'size 21 is over 20'],
    ['1 0 5', 'size 1 is under 2'],
    ['x 0', 'size "x" is not an integer'],
    ['3', 'the start row is missing'],
    ['3 3 1 2 3 4 5 6 7 8 9', 'start row 3 is out of range 0..2'],
    ['3 -1 1 2 3 4 5 6 7 8 9', 'start row -1 is out of range 0..2'],
    ['3 0 1 2 3 4 5 6 7 8', 'a 3x3 board needs 9 values, got 8'],
    ['3 0 1 2 3 4 5 6 7 8 9 1', 'a 3x3 board needs 9 values, got 10'],
    ['3 0 1 2 3 4 -10 6 7 8 9', 'value -10 at row 1, column 1 is out of range -9..9'],
    ['3 0 1 2 3 4 5 6 7 8 1.5', 'value "1.5" is not an integer'],
    ['3 0 1 2 3 4 5 6 7 8 9 / 1 1 1', 'move 3: cell (row 1, column 1) is used already'],
    ['3 0 1 2 3 4 5 6 7 8 9 / 1 / 2', "at most one '/'"],
  ])('refuses "%s": %s', (line, message) => {
    expect(() => parse(line)).toThrow(message);
  });
});
