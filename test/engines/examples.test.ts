// The example engines of examples/engines/: the Python and the JavaScript Connect 4 engines are two programs of
// the same search, so they must answer every position alike; each takes a win in one when there is one (the
// rules say which moves win), and plays whole games through the CLI against our bots without a forfeit.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
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

describe.skipIf(!hasPython)('the example Connect 4 engines', () => {
  it('answer alike, and take a win in one whenever there is one', () => {
    const lines = positions(60);
    const fromPython = answers(python, lines, 3);
    const fromJavaScript = answers(javascript, lines, 3);
    expect(fromPython).toEqual(fromJavaScript);
    let wins = 0;
    for (const [i, line] of lines.entries()) {
      const position = rules.parse(line);
      const winning = rules.legalMoves(position).filter((move) => rules.outcome(rules.play(position, move))?.winner === rules.seatToMove(position));
      if (winning.length === 0) continue;
      wins++;
      expect(winning.map(rules.formatMove)).toContain(fromPython[i].move);
    }
    expect(wins).toBeGreaterThan(5);
  }, 60_000);

  it.each([
    ['Python', python],
    ['JavaScript', javascript],
  ])(
    'the %s engine plays whole games against our bots through the CLI',
    async (_, command) => {
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
    },
    60_000,
  );
});
