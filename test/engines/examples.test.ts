// The example engines of examples/engines/: the Python and the JavaScript Connect 4 engines, and the bot module,
// are three programs of the same search, so they must answer every position alike (the module in its worker and in
// the sandbox of submitted code); each takes a win in one when there is one (the
// rules say which moves win), and plays whole games through the CLI against our bots without a forfeit. Only
// what runs the Python engine needs python3 (.ci/run installs it; without it those tests are skipped, and the
// test run counts a skipped test as not passed).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadBotModule } from '../../src/engines/bot-module';
import { chooseMove } from '../../src/engines/choose';
import { createSandboxBotApi } from '../../src/engines/sandbox-bot';
import { Rng } from '../../src/contracts/rng';
import { rules } from '../../src/games/connect4/rules';
import { runCli } from '../helpers/cli';

const python = 'python3 examples/engines/connect4_negamax.py';
const javascript = 'node examples/engines/connect4-negamax.mjs';
const hasPython = spawnSync('python3', ['--version']).status === 0;

/** Seeded positions of random games, none over. */
function positions(count: number): string[] {
  const found: string[] = [];
  for (let seed = 0; found.length < count; seed++) {
    const rng = new Rng(seed);
    let position = rules.start(seed);
    for (let plies = rng.below(30); plies > 0 && !rules.outcome(position); plies--) position = rules.play(position, rng.pick(rules.legalMoves(position)));
    if (!rules.outcome(position)) found.push(rules.format(position));
  }
  return found;
}

function answers(command: string, lines: readonly string[], depth: number): { move: string }[] {
  const input = [
    { type: 'hello', protocol: 1, game: 'connect4' },
    { type: 'newgame', seat: 0, params: { depth } },
    ...lines.map((position) => ({ type: 'move', position, ms: 0 })),
  ];
  const [program, ...args] = command.split(' ');
  const run = spawnSync(program, args, { input: `${input.map((message) => JSON.stringify(message)).join('\n')}\n` });
  expect(run.status).toBe(0);
  return run.stdout
    .toString()
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line));
}

/** The moves of `answered` that are not a win in one where the position has one (the rules say which moves win). */
function missedWins(lines: readonly string[], answered: readonly { move: string }[]): { wins: number; missed: string[] } {
  let wins = 0;
  const missed: string[] = [];
  for (const [i, line] of lines.entries()) {
    const position = rules.parse(line);
    const winning = rules.legalMoves(position).filter((move) => rules.outcome(rules.play(position, move))?.winner === rules.seatToMove(position));
    if (winning.length === 0) continue;
    wins++;
    if (!winning.map(rules.formatMove).includes(answered[i].move)) missed.push(line);
  }
  return { wins, missed };
}

/** Whole games of an engine against our bots through the CLI: none forfeited, every one won against random play. */
async function playsWholeGames(command: string): Promise<void> {
  const { status, stdout, stderr } = await runCli([
    'connect4',
    'tournament',
    '--engine',
    `mine=${command}`,
    '--bots',
    'mine:depth=3,classic:depth=2,random',
    '--games',
    '2',
    '--json',
  ]);
  expect(stderr).toBe('');
  expect(status).toBe(0);
  const report = JSON.parse(stdout);
  expect(report.played).toBe(12);
  expect(report.totals.every((total: { forfeits: number }) => total.forfeits === 0)).toBe(true);
  // A three-ply search does not lose to moves picked at random.
  const mineVsRandom = report.pairs.find((pair: { a: string; b: string }) => pair.a === 'mine:depth=3' && pair.b === 'random');
  expect(mineVsRandom.wins).toBe(4);
}

describe('the example JavaScript Connect 4 engine', () => {
  it('takes a win in one whenever there is one', () => {
    const lines = positions(60);
    const { wins, missed } = missedWins(lines, answers(javascript, lines, 3));
    expect(wins).toBeGreaterThan(5);
    expect(missed).toEqual([]);
  }, 60_000);

  it('plays whole games against our bots through the CLI', () => playsWholeGames(javascript), 60_000);
});

describe.skipIf(!hasPython)('the example Python Connect 4 engine', () => {
  it('answers every position as the JavaScript engine does', () => {
    const lines = positions(60);
    expect(answers(python, lines, 3)).toEqual(answers(javascript, lines, 3));
  }, 60_000);

  it('plays whole games against our bots through the CLI', () => playsWholeGames(python), 60_000);
});

describe('the example Connect 4 bot module', () => {
  it('answers every position as the JavaScript engine does, in its worker and in the sandbox', async () => {
    const lines = positions(60);
    const expected = answers(javascript, lines, 3).map((answer) => answer.move);
    const path = resolve('examples/engines/connect4-negamax-module.mjs');
    const source = readFileSync(path, 'utf8');
    const bot = await loadBotModule(pathToFileURL(path).href, source);
    const sandbox = createSandboxBotApi(readFileSync('build/sandbox-prelude.js', 'utf8'));
    await sandbox.load('bot.mjs', source, 'connect4');
    for (const [i, position] of lines.entries()) {
      const request = { position, ms: 10_000, limitMs: 10_000, seed: i, seat: 0 as const, params: { depth: 3 } };
      expect((await chooseMove(rules, bot, request)).move).toBe(expected[i]);
      expect((await sandbox.choose(request)).move).toBe(expected[i]);
    }
  }, 60_000);

  it(
    'plays whole games against our bots through the CLI, in the sandbox',
    () => playsWholeGames('sandbox:examples/engines/connect4-negamax-module.mjs'),
    60_000,
  );
});
