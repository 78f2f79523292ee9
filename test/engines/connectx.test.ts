// Kaggle ConnectX submissions as engines (`--engine NAME=connectx:FILE.py`): Kaggle's own negamax and random
// agents, unchanged (test/fixtures/kaggle/, Apache 2.0, from kaggle-environments), play Connect 4 in the arena,
// the same games for the same seed; an agent sees Kaggle's observation and configuration of each position (the
// board built here by dropping the stones, row-major from the top); an agent that raises, answers a column the
// board does not have, or defines no function is the engine's forfeit or refusal with its reason.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSavedRun, type SavedRun } from '../../src/arena/saved-run';
import { runCli } from '../helpers/cli';

const KAGGLE = 'test/fixtures/kaggle';
const FIXTURES = 'test/fixtures/connectx';

/** Plays a Connect 4 tournament with the CLI, kept in a file; the saved run. */
async function tournament(args: readonly string[]): Promise<SavedRun> {
  const out = join(mkdtempSync(join(tmpdir(), 'connectx-')), 'run.json');
  const { status, stderr } = await runCli(['connect4', 'tournament', ...args, '--out', out]);
  expect(stderr).toBe('');
  expect(status).toBe(0);
  return parseSavedRun(readFileSync(out, 'utf8'));
}

/** Kaggle's board of the position after `moves` (columns from 1): rows from the top, 0 empty, 1 and 2 the players. */
function kaggleBoard(moves: readonly string[]): number[] {
  const grid = Array.from({ length: 6 }, () => Array(7).fill(0));
  moves.forEach((move, ply) => {
    const column = Number(move) - 1;
    const row = grid.map((cells) => cells[column]).lastIndexOf(0);
    grid[row][column] = 1 + (ply % 2);
  });
  return grid.flat();
}

describe('a Kaggle ConnectX agent as an engine', () => {
  it("plays Kaggle's negamax and random agents unchanged, the same games for the same seed", async () => {
    const args = ['--engine', `negamax=connectx:${KAGGLE}/negamax.py`, '--engine', `kaggle-random=connectx:${KAGGLE}/random_agent.py`];
    const first = await tournament([...args, '--bots', 'negamax,kaggle-random', '--games', '4', '--seed', '1']);
    expect(first.records.every((record) => record && !record.forfeit)).toBe(true);
    const negamaxWins = first.records.filter((record) => record!.winner !== null && record!.seats[record!.winner] === 'negamax').length;
    expect(negamaxWins).toBeGreaterThanOrEqual(7);
    const again = await tournament([...args, '--bots', 'negamax,kaggle-random', '--games', '4', '--seed', '1']);
    expect(again.records.map((record) => record!.moves.map((move) => move.move))).toEqual(
      first.records.map((record) => record!.moves.map((move) => move.move)),
    );
  }, 120_000);

  it("gives the agent Kaggle's observation and configuration, its globals kept for one game", async () => {
    const run = await tournament([
      '--engine',
      `probe=connectx:${FIXTURES}/probe.py`,
      '--bots',
      'probe,classic:depth=1',
      '--games',
      '1',
      '--seed',
      '2',
      '--ms',
      '500',
    ]);
    for (const record of run.records) {
      const seat = record!.seats.indexOf('probe') as 0 | 1;
      const seen = record!
        .logs![seat].trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const moves = record!.moves.map((move) => move.move);
      const own = moves.flatMap((_, ply) => (ply % 2 === seat ? [ply] : []));
      expect(seen.length).toBe(own.length);
      seen.forEach((observed, i) => {
        const ply = own[i];
        const board = kaggleBoard(moves.slice(0, ply));
        expect(observed).toEqual({
          board,
          mark: seat + 1,
          step: ply,
          overage: 60,
          configuration: { columns: 7, rows: 6, inarow: 4, actTimeout: 0.5, timeout: 0.5 },
          moves_made: i + 1,
        });
        // The probe plays the first column with room, counted from 0 as Kaggle does: the playground's column is one more.
        expect(Number(moves[ply])).toBe(board.slice(0, 7).indexOf(0) + 1);
      });
    }
  }, 60_000);

  it('counts an agent that raises or answers a column the board does not have as its forfeit, and plays the next game', async () => {
    const run = await tournament([
      '--engine',
      `raises=connectx:${FIXTURES}/raises.py`,
      '--engine',
      `wide=connectx:${FIXTURES}/bad_column.py`,
      '--bots',
      'raises,wide,random',
      '--games',
      '1',
      '--seed',
      '3',
    ]);
    for (const record of run.records) {
      const [a, b] = record!.seats;
      if (a === 'random' && b === 'random') continue;
      const faulty = record!.forfeit!;
      const bot = record!.seats[faulty.seat];
      if (bot === 'wide') {
        // Its first move is column 9 from 0: "a" here (the 10th column of the widest boards), refused by the rules on 7x6.
        expect(faulty).toMatchObject({ reason: 'illegal-move', detail: expect.stringMatching(/^a in /) });
        expect(record!.moves.filter((_, ply) => ply % 2 === faulty.seat)).toEqual([]);
      } else {
        expect(bot).toBe('raises');
        expect(faulty).toMatchObject({ reason: 'crash', detail: 'the engine exited (code 1): RuntimeError: this agent gives up' });
        // It raises on its third move in every game: each game starts the adapter afresh after the last one's crash.
        expect(record!.moves.filter((_, ply) => ply % 2 === faulty.seat).length).toBe(2);
        expect(record!.logs![faulty.seat]).toContain('raise RuntimeError("this agent gives up")');
      }
    }
  }, 60_000);

  it('refuses a file that defines no function, a file that is not there, and another game, with the reason', async () => {
    const none = await runCli(['connect4', 'tournament', '--engine', `x=connectx:${FIXTURES}/nothing.py`, '--bots', 'x,random', '--games', '1']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('crash: the engine exited (code 1): ValueError: ');
    expect(none.stderr).toContain("nothing.py defines no function: a submission's last function is its agent");
    const missing = await runCli(['connect4', 'tournament', '--engine', 'x=connectx:no-such-agent.py', '--bots', 'x,random', '--games', '1']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/there is no ConnectX submission .*no-such-agent\.py/);
    const other = await runCli(['tictactoe', 'tournament', '--engine', `x=connectx:${KAGGLE}/random_agent.py`, '--bots', 'x,random', '--games', '1']);
    expect(other.status).toBe(2);
    expect(other.stderr).toContain('a ConnectX agent plays connect4, not tictactoe');
  }, 60_000);
});
