// `playground tictactoe play`: the article's console game, with its input validation.

import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';

describe('playground tictactoe play', () => {
  it('tells each kind of bad input apart and asks again', async () => {
    const { status, stdout } = await runCli(['tictactoe', 'play', '--two-players'], ['', 'abc', '4.5', '9', '-1', '4', '4', '0', '1', '8'].join('\n'));
    expect(stdout).toContain('Empty line: please enter the number of a free cell, 0 to 8.');
    expect(stdout).toContain('"abc" is not a number');
    expect(stdout).toContain('"4.5" is not a number');
    expect(stdout).toContain('There is no cell 9: the cells are numbered 0 to 8.');
    expect(stdout).toContain('There is no cell -1');
    expect(stdout).toContain('Cell 4 is taken by X: choose a free cell.');
    expect(stdout.match(/^mark X$/gm)?.length).toBe(3);
    // X 4, O 0, X 1, O 8 and the input ends: the game is left unfinished.
    expect(stdout).toContain('The input ended before the game did.');
    expect(status).toBe(1);
  });

  it('draws the board as the article does and announces the winner', async () => {
    const { status, stdout } = await runCli(['tictactoe', 'play', '--two-players'], '0\n3\n1\n4\n2\n');
    expect(status).toBe(0);
    expect(stdout).toContain(['     |     |     ', '  X  |  X  |  X  ', '_____|_____|_____', '     |     |     ', '  O  |  O  |  5  '].join('\n'));
    expect(stdout.trim().endsWith('The winner is X!')).toBe(true);
  });

  it('ends a full board without a line as a draw', async () => {
    const { stdout } = await runCli(['tictactoe', 'play', '--two-players'], '0\n4\n8\n1\n7\n6\n2\n5\n3\n');
    expect(stdout.trim().endsWith('Draw')).toBe(true);
  });

  it('never lets a person beat the perfect AI, playing O', async () => {
    // The person tries the cells in order; invalid or taken ones are refused and the next line is read.
    const input = Array.from({ length: 5 }, () => '0\n1\n2\n3\n4\n5\n6\n7\n8\n').join('');
    const { status, stdout } = await runCli(['tictactoe', 'play', '--as', 'O', '--seed', '9'], input);
    expect(status).toBe(0);
    expect(stdout).toMatch(/X \(perfect\) plays \d/);
    expect(stdout.trim()).toMatch(/(The winner is X!|Draw)$/);
  });

  it('refuses a bad bot or seat before the game starts', async () => {
    const bot = await runCli(['tictactoe', 'play', '--bot', 'minimax:depth=12']);
    expect(bot.status).toBe(2);
    expect(bot.stderr).toContain('minimax depth=12 is out of range 1..9');
    const seat = await runCli(['tictactoe', 'play', '--as', 'Z']);
    expect(seat.status).toBe(2);
    expect(seat.stderr).toContain('--as must be one of X, O');
  });
});
