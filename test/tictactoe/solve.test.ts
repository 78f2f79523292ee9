// `playground tictactoe solve`, run as a command: the solve contract of docs/cli.md on every reachable position.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachablePositions } from '../../src/contracts/enumerate';
import { newGame, outcome, parse, rules } from '../../src/games/tictactoe/rules';
import { runCli } from '../helpers/cli';
import { negate, perfectValue } from './oracle';

describe('playground tictactoe solve', () => {
  it('gives the exact value and an optimal move for every reachable non-terminal position', async () => {
    const lines = [...reachablePositions(rules, newGame()).entries()].filter(([, p]) => !outcome(p)).map(([text]) => text);
    const file = join(mkdtempSync(join(tmpdir(), 'ttt-')), 'positions.txt');
    writeFileSync(file, `# every reachable position with the game on\n\n${lines.join('\n')}\n`);
    const { status, stdout } = await runCli(['tictactoe', 'solve', '--file', file]);
    expect(status).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers.length).toBe(4520);
    answers.forEach((answer, i) => {
      const position = parse(lines[i]);
      expect(Object.keys(answer)).toEqual(['value', 'move', 'nodes', 'ms']);
      expect(answer.value, lines[i]).toBe(perfectValue(position));
      expect(negate(perfectValue(rules.play(position, answer.move))), `${lines[i]} move ${answer.move}`).toBe(answer.value);
      expect(answer.nodes).toBeGreaterThan(0);
    });
  });

  it('answers a malformed or impossible line with an error object, goes on, and exits with 1', async () => {
    const input = ['X........', 'XO', 'XO.X.O.X.O', 'XO.x.....', 'OO.......', 'XXXOOOX..', 'XXXOO.O..', '', '# a comment', 'XXXOO....', 'XOXXOOOXX'].join('\n');
    const { status, stdout } = await runCli(['tictactoe', 'solve'], input);
    expect(status).toBe(1);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers.map((answer) => answer.error ?? answer.value)).toEqual([
      0,
      "a position is 9 characters X, O or '.', got 2",
      "a position is 9 characters X, O or '.', got 10",
      "character 4 is 'x': use X, O or '.'",
      '0 X and 2 O: X moves first, so X has as many marks as O or one more',
      'both X and O have three in a row',
      'O moved after X had already won',
      -1,
      0,
    ]);
    expect(answers[7]).toMatchObject({ move: null });
    expect(answers[8]).toMatchObject({ move: null });
  });

  it('reads standard input and exits with 0 when every line is good', async () => {
    const { status, stdout } = await runCli(['tictactoe', 'solve'], 'XX.OO....\n');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ value: 1, move: 2 });
  });

  it('says so when a file cannot be read', async () => {
    const { status, stderr } = await runCli(['tictactoe', 'solve', '--file', '/nonexistent/positions.txt']);
    expect(status).toBe(2);
    expect(stderr).toContain('no such file');
  });
});
