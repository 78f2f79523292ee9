// `playground matrix solve` and `matrix play`, run as commands.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { format, generate, legalMoves, outcome, parse, play, seatToMove } from '../../src/games/matrix/rules';
import { runCli } from '../helpers/cli';
import { moverValue, perfectMargin } from './oracle';

describe('playground matrix solve', () => {
  it('gives the perfect-play margin and an optimal column for 200 seeded boards of 2x2 to 4x4 and 12 of 5x5', async () => {
    const boards = [...Array.from({ length: 200 }, (_, i) => generate(i, 2 + (i % 3))), ...Array.from({ length: 12 }, (_, i) => generate(500 + i, 5))];
    const { status, stdout } = await runCli(['matrix', 'solve'], boards.map(format).join('\n'));
    expect(status).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers.length).toBe(212);
    answers.forEach((answer, i) => {
      expect(Object.keys(answer)).toEqual(['value', 'move', 'nodes', 'ms']);
      expect(answer.value).toBe(perfectMargin(boards[i]));
      // The move is a column of the start row that keeps the perfect-play margin.
      const next = play(boards[i], answer.move);
      expect(next.points[0] - moverValue(next)).toBe(answer.value);
    });
  });

  it('solves positions given with the moves played so far', async () => {
    const rng = new Rng(3);
    const positions = Array.from({ length: 50 }, (_, i) => {
      let position = generate(1000 + i, 4);
      for (let m = rng.below(6); m > 0 && !outcome(position); m--) position = play(position, rng.pick(legalMoves(position)));
      return position;
    });
    const { stdout } = await runCli(['matrix', 'solve'], positions.map(format).join('\n'));
    stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .forEach((answer, i) => {
        expect(answer.value).toBe(perfectMargin(positions[i]));
        if (outcome(positions[i])) expect(answer.move).toBeNull();
        else expect(legalMoves(positions[i])).toContain(answer.move);
      });
    expect(seatToMove(parse('2 0 1 2 3 4 / 1'))).toBe(1);
  });

  it('answers bad lines with error objects and exits with 1', async () => {
    const input = ['3 0 1 2 3 4 5 6 7 8', '3 0 1 2 3 4 5 6 7 8 10', '3 3 1 2 3 4 5 6 7 8 9', '21 0 1', '2 0 1 2 3 4'].join('\n');
    const { status, stdout } = await runCli(['matrix', 'solve'], input);
    expect(status).toBe(1);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).error ?? 'ok'),
    ).toEqual([
      'a 3x3 board needs 9 values, got 8',
      'value 10 at row 2, column 2 is out of range -9..9',
      'start row 3 is out of range 0..2',
      'size 21 is over 20',
      'ok',
    ]);
  });
});

describe('playground matrix play', () => {
  it('refuses each kind of bad input with its own message, then plays on', async () => {
    // Seed 5, 4x4: rows start in row 3. Rows take column 0; columns, in column 0, try the used cell (3,0).
    const input = ['', 'left', '7', '0', '3', '2'].join('\n');
    const { status, stdout } = await runCli(['matrix', 'play', '--size', '4', '--seed', '5', '--two-players'], input);
    expect(status).toBe(1); // the input ends before the game
    expect(stdout).toContain('Rows to move in row 3: enter the column of a free cell, 0 to 3');
    expect(stdout).toContain('Empty line: please enter a number from 0 to 3.');
    expect(stdout).toContain('"left" is not a number');
    expect(stdout).toContain('There is no cell 7 in this line');
    expect(stdout).toContain('Columns to move in column 0: enter the row of a free cell, 0 to 3');
    expect(stdout).toContain('The cell at row 3, column 0 is used: choose a free one.');
    expect(stdout).toContain('Rows to move in row 2');
  });

  it('plays a whole game against a bot to its result', async () => {
    const tries = Array.from({ length: 20 }, () => '0\n1\n2\n3').join('\n');
    const { status, stdout } = await runCli(['matrix', 'play', '--size', '4', '--seed', '5', '--bot', 'article:depth=2'], tries);
    expect(status).toBe(0);
    expect(stdout).toMatch(/columns \(article:depth=2\) plays \d {2}\[depth 2, \d+ nodes\]\n/);
    expect(stdout.trim()).toMatch(/(Rows win|Columns win|Draw), -?\d+ to -?\d+\.$/);
  });

  it('refuses a size the game does not have', async () => {
    const { status, stderr } = await runCli(['matrix', 'play', '--size', '21']);
    expect(status).toBe(2);
    expect(stderr).toContain('--size must be a whole number from 2 to 20');
  });
});
