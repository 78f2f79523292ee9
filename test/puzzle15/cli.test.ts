// `playground puzzle15 solve`, `generate` and `play`, run as commands.

import { describe, expect, it } from 'vitest';
import { isGoal, parse, play, type Direction } from '../../src/games/puzzle15/rules';
import { runCli } from '../helpers/cli';

describe('playground puzzle15', () => {
  it("solve: the optimal length and the blank's moves, replayable to the goal; errors per bad line", async () => {
    const boards = ['1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15', '1 2 3 4 5 6 0 8 9 10 7 11 13 14 15 12'];
    const { status, stdout } = await runCli(
      ['puzzle15', 'solve', '--heuristic', 'wdid'],
      [...boards, '1 2 3', '2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0'].join('\n'),
    );
    expect(status).toBe(1);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(Object.keys(answers[0])).toEqual(['length', 'moves', 'nodes', 'ms']);
    expect(answers[0]).toMatchObject({ length: 1, moves: 'R' });
    expect(answers[1].length).toBe(3);
    let position = parse(boards[1]);
    for (const move of answers[1].moves) position = play(position, move as Direction);
    expect(isGoal(position.tiles)).toBe(true);
    expect(answers[2].error).toBe('a board is 16 numbers 0 to 15, got 3');
    expect(answers[3].error).toContain('cannot be solved');
  });

  it('solve refuses an unknown heuristic', async () => {
    const { status, stderr } = await runCli(['puzzle15', 'solve', '--heuristic', 'fast']);
    expect(status).toBe(2);
    expect(stderr).toContain('--heuristic must be one of wd, wdid, md, pdb');
  });

  it('generate: walks, random boards and levels, the same for the same seed', async () => {
    const walk = await runCli(['puzzle15', 'generate', '--method', 'walk', '--difficulty', '25', '--seed', '4', '--count', '3']);
    expect(walk.stdout.trim().split('\n').length).toBe(3);
    expect((await runCli(['puzzle15', 'generate', '--method', 'walk', '--difficulty', '25', '--seed', '4', '--count', '3'])).stdout).toBe(walk.stdout);
    const level = await runCli(['puzzle15', 'generate', '--method', 'level', '--difficulty', '30-39', '--seed', '2']);
    const { stdout } = await runCli(['puzzle15', 'solve'], level.stdout);
    expect(JSON.parse(stdout).length).toBeGreaterThanOrEqual(30);
    expect(JSON.parse(stdout).length).toBeLessThanOrEqual(39);
    const bad = await runCli(['puzzle15', 'generate', '--method', 'spiral']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--method must be one of walk, random, level');
  });

  it('play: moves by letter or tile number, each kind of bad input with its own message, and the win', async () => {
    // A walk of one move from the goal: the blank went up or left, so going back down or right solves it.
    const board = (await runCli(['puzzle15', 'generate', '--method', 'walk', '--difficulty', '1', '--seed', '3'])).stdout.trim();
    const blank = board.split(' ').indexOf('0');
    const back = blank === 11 ? 'D' : 'R';
    const stuck = blank === 11 ? 'R' : 'D'; // the blank is on the right or the bottom edge
    const { status, stdout } = await runCli(
      ['puzzle15', 'play', '--method', 'walk', '--difficulty', '1', '--seed', '3'],
      ['', 'X', '17', '1', stuck, back].join('\n'),
    );
    expect(status).toBe(0);
    expect(stdout).toContain('Empty line: enter U, D, L or R');
    expect(stdout).toContain('"X" is not a move');
    expect(stdout).toContain('There is no tile 17: the tiles are 1 to 15.');
    expect(stdout).toContain('Tile 1 is not next to the blank.');
    expect(stdout).toMatch(/The blank is at the (right|bottom) edge: it cannot move [RD]\./);
    expect(stdout.trim().endsWith('Solved in 1 move!')).toBe(true);
    const tournament = await runCli(['puzzle15', 'tournament', '--bots', 'solver,solver']);
    expect(tournament.stderr).toContain('is a puzzle for one: it has no tournaments');
  });
});
