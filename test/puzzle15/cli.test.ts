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

  it('puzzle24 solve (and puzzle15 solve --size 5): 5x5 lines, optimal as a breadth-first search finds, errors per bad line', async () => {
    const walks = (await runCli(['puzzle24', 'generate', '--method', 'walk', '--difficulty', '14', '--seed', '7', '--count', '3'])).stdout.trim().split('\n');
    expect(walks.every((line) => line.startsWith('5x5: '))).toBe(true);
    // Plain lines of 25 numbers (as Korf and Felner's are written), one with its size, a short one, an unsolvable one.
    const plain = walks.map((line) => line.replace('5x5: ', ''));
    const unsolvable = [2, 1, ...Array.from({ length: 22 }, (_, i) => i + 3), 0].join(' ');
    const input = [plain[0], walks[1], plain[2], '1 2 3', unsolvable].join('\n');
    for (const command of [
      ['puzzle24', 'solve', '--workers', '1'],
      ['puzzle15', 'solve', '--size', '5', '--workers', '1'],
    ]) {
      const { status, stdout } = await runCli(command, input);
      expect(status, command.join(' ')).toBe(1);
      const answers = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(Object.keys(answers[0])).toEqual(['length', 'moves', 'nodes', 'generated', 'ms']);
      for (const [i, walk] of walks.entries()) {
        let position = parse(walk);
        expect(answers[i].length).toBe(breadthFirstLength(position.tiles));
        for (const move of answers[i].moves) position = play(position, move as Direction);
        expect(isGoal(position.tiles)).toBe(true);
      }
      expect(answers[3].error).toBe('a 5x5 board is 25 numbers 0 to 24, got 3');
      expect(answers[4].error).toContain('on a board of odd width only an even number reaches the goal');
    }
    const wrong = await runCli(['puzzle24', 'solve', '--heuristic', 'wd'], plain[0]);
    expect(JSON.parse(wrong.stdout).error).toContain('the 24-puzzle has no heuristic "wd"');
  }, 600_000);
});

/** The optimal length of a short board by a breadth-first search over its boards (the oracle, written here). */
function breadthFirstLength(tiles: readonly number[]): number {
  const width = Math.round(Math.sqrt(tiles.length));
  const goal = [...Array(tiles.length - 1).keys()]
    .map((i) => i + 1)
    .concat(0)
    .join(',');
  let frontier = [tiles.slice()];
  const seen = new Set([tiles.join(',')]);
  for (let depth = 0; ; depth++) {
    const next: number[][] = [];
    for (const board of frontier) {
      if (board.join(',') === goal) return depth;
      const blank = board.indexOf(0);
      for (const step of [-width, width, -1, 1]) {
        const from = blank + step;
        if (from < 0 || from >= board.length || (Math.abs(step) === 1 && Math.floor(from / width) !== Math.floor(blank / width))) continue;
        const moved = board.slice();
        [moved[blank], moved[from]] = [moved[from], 0];
        const key = moved.join(',');
        if (!seen.has(key)) {
          seen.add(key);
          next.push(moved);
        }
      }
    }
    frontier = next;
  }
}
