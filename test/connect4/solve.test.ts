// `playground connect4 solve` and `play`, run as commands, and the bots.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outcome, parse, play } from '../../src/games/connect4/rules';
import { exactScore } from '../helpers/connect4-oracle';
import { api } from '../helpers/api';
import { runCli } from '../helpers/cli';

const lines = (name: string, count: number) => readFileSync(`test/data/connect4/${name}`, 'utf8').trim().split('\n').slice(0, count);

describe('playground connect4 solve', () => {
  it("gives Pons' scores and a move that keeps the score, for 300 positions of Test_L2_R1", async () => {
    const positions = lines('Test_L2_R1', 300);
    const { status, stdout } = await runCli(['connect4', 'solve'], positions.join('\n'));
    expect(status).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const analyses = await Promise.all(positions.slice(0, 40).map((line) => api.analyze('connect4', line)));
    answers.forEach((answer, i) => {
      expect(Object.keys(answer)).toEqual(['score', 'move', 'nodes', 'ms']);
      expect(answer.score).toBe(Number(positions[i].split(' ')[1]));
      if (i < 40) expect(analyses[i].values[answer.move - 1]).toBe(answer.score);
    });
  });

  it('with --analyze gives every column its score, null for a full column: each the exact score of its child', async () => {
    // Late positions of Test_L3_R1 (at most 10 empty cells): an exhaustive search over the rules is the key.
    const late = lines('Test_L3_R1', 200)
      .map((line) => line.split(' ')[0])
      .filter((moves) => moves.length >= 32)
      .slice(0, 12);
    expect(late.length).toBe(12);
    const { stdout } = await runCli(['connect4', 'solve', '--analyze'], late.join('\n'));
    for (const [i, line] of stdout.trim().split('\n').entries()) {
      const answer = JSON.parse(line) as { score: number; move: number; columns: (number | null)[] };
      const position = parse(late[i]);
      const expected = [...Array(7).keys()].map((column) => {
        if (position.board[column][5] !== 0) return null;
        const child = play(position, column);
        const end = outcome(child);
        return end ? (end.winner === null ? 0 : 22 - (Math.floor(position.moves.length / 2) + 1)) : 0 - exactScore(child);
      });
      expect(answer.columns).toEqual(expected);
      expect(answer.score).toBe(exactScore(position));
      expect(expected[answer.move - 1]).toBe(answer.score);
    }
  });

  it('with --analyze on an early position: the two columns that win at once with a fourth stone score 18, no other does', async () => {
    // Red (to move) has 4 and 5 on the bottom row, yellow 4 and 5 above: 3 or 6 makes an open three.
    const { stdout } = await runCli(['connect4', 'solve', '--analyze'], '4455\n');
    const answer = JSON.parse(stdout) as { score: number; move: number; columns: number[] };
    expect(answer).toMatchObject({ score: 18, move: 3 });
    expect(answer.columns.map((score) => score === 18)).toEqual([false, false, true, false, false, true, false]);
  });

  it('with --weak gives only the sign', async () => {
    const positions = lines('Test_L1_R1', 50);
    const { stdout } = await runCli(['connect4', 'solve', '--weak'], positions.join('\n'));
    for (const [i, line] of stdout.trim().split('\n').entries()) expect(JSON.parse(line).score).toBe(Math.sign(Number(positions[i].split(' ')[1])));
  });

  it('answers bad lines with errors and exits with 1', async () => {
    const { status, stdout } = await runCli(['connect4', 'solve'], '48\n4444444\n12121212\n1212121\n');
    expect(status).toBe(1);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).error ?? JSON.parse(line).score),
    ).toEqual(["move 2 is '8': columns are 1 to 7", 'move 7 plays column 4 a seventh time', 'move 8 comes after a four in a row', -18]);
  });

  it('with --size reads the lines as positions of that size (the published 6x4 and 5x4 empty boards), or says why not', async () => {
    // 6x4: the second player wins on the last stone (-1); 5x4: a draw (Tromp's results).
    const six = await runCli(['connect4', 'solve', '--size', '6x4'], '-\n7\n');
    expect(
      six.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).score ?? JSON.parse(line).error),
    ).toEqual([-1, "move 1 is '7': columns are 1 to 6"]);
    expect(six.status).toBe(1);
    const five = await runCli(['connect4', 'solve', '--analyze'], '5x4:-\n');
    expect(JSON.parse(five.stdout)).toMatchObject({ score: 0, move: 3, columns: [-1, 0, 0, 0, -1] });
    const bad = await runCli(['connect4', 'solve', '--size', '9x7'], '-\n');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('9x7 is not a size here');
  });
});

describe('solving a batch in one worker', () => {
  it('gives the answers of one solve per line, in order, and names a bad line', async () => {
    const positions = lines('Test_L2_R1', 30).map((line) => line.split(' ')[0]);
    const batch = await api.solveAll('connect4', positions, { scoreOnly: true });
    const single = await Promise.all(positions.map((line) => api.solve('connect4', line, { scoreOnly: true })));
    expect(batch.map(({ score, nodes }) => [score, nodes])).toEqual(single.map(({ score, nodes }) => [score, nodes]));
    expect(batch.map(({ score }) => score)).toEqual(lines('Test_L2_R1', 30).map((line) => Number(line.split(' ')[1])));
    await expect(api.solveAll('connect4', [positions[0], `${positions[1]}8`], {})).rejects.toThrow(/^line 2: .*8/);
  });
});

describe('playground connect4 play', () => {
  it('refuses each kind of bad input with its own message, the full column as an illegal move', async () => {
    const input = ['', 'x', '9', '4', '4', '4', '4', '4', '4', '4', '3'].join('\n');
    const { stdout } = await runCli(['connect4', 'play', '--two-players'], input);
    expect(stdout).toContain('Empty line: please enter a column, 1 to 7.');
    expect(stdout).toContain('"x" is not a column: please enter a column, 1 to 7.');
    expect(stdout).toContain('There is no column 9: the columns are 1 to 7.');
    expect(stdout).toContain('Illegal move: column 4 is full.');
    expect(stdout).toContain('Yellow (O) to move: enter a column, 1 to 7');
  });

  it('ends a game with the winner', async () => {
    const { status, stdout } = await runCli(['connect4', 'play', '--two-players'], '1\n2\n1\n2\n1\n2\n1\n');
    expect(status).toBe(0);
    expect(stdout.trim().endsWith('Red (X) won!')).toBe(true);
  });
});

describe('connect 4 bots', () => {
  it('classic: takes a win it sees, and blocks a win of the opponent', async () => {
    const win = await api.botMove({ game: 'connect4', bot: 'classic:depth=2', position: '121212', seed: 1 });
    expect(win.move).toBe('1');
    // Red 7, Yellow 1, Red 7, Yellow 2, Red 6, Yellow 3: Yellow threatens the bottom row at 4.
    const block = await api.botMove({ game: 'connect4', bot: 'classic:depth=2', position: '717263', seed: 1 });
    expect(block.move).toBe('4');
    expect(parse('717263').winner).toBeNull();
  });

  it('perfect: plays a move with the best score, reporting each iteration of its search', async () => {
    for (const line of lines('Test_L2_R1', 20)) {
      const [moves] = line.split(' ');
      const answer = await api.botMove({ game: 'connect4', bot: 'perfect', position: moves, seed: 1 });
      const analysis = await api.analyze('connect4', moves);
      const best = Math.max(...analysis.values.filter((v): v is number => v !== null));
      expect(analysis.values[Number(answer.move) - 1]).toBe(best);
    }
  });
});

describe('connect4 solve and the opening book', () => {
  it('reads "-" as the empty board, answers a position of the book from it with "book":true, and searches it with --no-book', async () => {
    // Pons' published scores: the empty board 1 (the first player wins with its last stone, in the centre); after a
    // first stone in column 1 or 4, the second player's 2 and -1 (the first player's -2 and +1, negated).
    const booked = await runCli(['connect4', 'solve'], '-\n1\n4\n');
    expect(booked.status).toBe(0);
    const answers = booked.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers.map(({ score, book, nodes }) => [score, book, nodes])).toEqual([
      [1, true, 0],
      [2, true, 0],
      [-1, true, 0],
    ]);
    expect(answers[0].move).toBe(4);
    // With --no-book, two later positions of the book are searched, to the book's scores for every column.
    const lines = '4444\n44444\n';
    const searched = (await runCli(['connect4', 'solve', '--no-book', '--analyze'], lines)).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(searched.map((answer) => ['book' in answer, answer.nodes > 0])).toEqual([
      [false, true],
      [false, true],
    ]);
    const fromBook = (await runCli(['connect4', 'solve', '--analyze'], lines)).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(fromBook.map((answer) => [answer.book, answer.score, answer.move, answer.columns])).toEqual(
      searched.map((answer) => [true, answer.score, answer.move, answer.columns]),
    );
  }, 600_000);
});

describe('connect4 solve with threads', () => {
  it('gives every score of Pons’ sets with 2 and 3 threads sharing one table, as one thread does', async () => {
    // Mid-game and opening positions: Pons' scores are the oracle, the single-threaded search the comparison.
    const positions = [...lines('Test_L2_R2', 200), ...lines('Test_L1_R1', 100), ...lines('Test_L1_R2', 8)];
    const expected = positions.map((line) => Number(line.split(' ')[1]));
    const moves = positions.map((line) => line.split(' ')[0]);
    const single = await api.solveAll('connect4', moves, { scoreOnly: true });
    expect(single.map(({ score }) => score)).toEqual(expected);
    for (const threads of ['2', '3']) {
      const threaded = await api.solveAll('connect4', moves, { scoreOnly: true, threads });
      expect(threaded.map(({ score }) => score)).toEqual(expected);
    }
  });

  it('takes --threads N on the command line, a best column with it, and refuses a count out of range', async () => {
    const positions = lines('Test_L1_R1', 10);
    const { status, stdout } = await runCli(['connect4', 'solve', '--workers', '1', '--threads', '2'], positions.map((line) => line.split(' ')[0]).join('\n'));
    expect(status).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { score: number; move: number });
    expect(answers.map(({ score }) => score)).toEqual(positions.map((line) => Number(line.split(' ')[1])));
    const analyses = await Promise.all(positions.map((line) => api.analyze('connect4', line.split(' ')[0])));
    expect(answers.map(({ move }, i) => analyses[i].values[move - 1])).toEqual(answers.map(({ score }) => score));
    const refused = await runCli(['connect4', 'solve', '--threads', '0'], '4\n');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--threads must be one of 1, 2, .*16, got "0"/);
  });
});
