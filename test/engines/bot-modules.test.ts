// JavaScript bot modules (docs/bot-modules.md): the example plays perfectly where it sees to the end (against a
// brute-force answer key), plays in the arena through the CLI with its parameters and seed, and every error of a
// module (a syntax error, an exception, a loop, an illegal move, its worker ending) is a clear message naming
// its line or the module's forfeit, never a crash of the run.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSavedRun } from '../../src/arena/saved-run';
import { loadBotModule } from '../../src/engines/bot-module';
import { chooseMove } from '../../src/engines/choose';
import { ModuleEngine } from '../../src/engines/module-engine';
import { spawnNodeBotWorker } from '../../src/engines/node-bot-worker';
import type { EngineInfo } from '../../src/engines/protocol';
import { matrix } from '../../src/games/matrix';
import { cellOf, legalMoves, play, type Position } from '../../src/games/matrix/rules';
import { Rng } from '../../src/contracts/rng';
import { runCli } from '../helpers/cli';
import { moverValue, perfectMargin } from '../matrix/oracle';

const example = 'examples/engines/plus-minus-lookahead.mjs';
const load = (path: string) => loadBotModule(pathToFileURL(resolve(path)).href, readFileSync(path, 'utf8'));

describe('a bot module', () => {
  it('the plus-minus example, looking to the end of 3 x 3 games, picks a move of the best value', async () => {
    const bot = await load(example);
    expect(bot.params).toEqual([{ name: 'depth', label: 'Moves looked ahead', min: 1, max: 8, default: 3 }]);
    for (let seed = 0; seed < 40; seed++) {
      const rng = new Rng(seed);
      // After one move at most 8 are left: depth 8 sees the end.
      const position: Position = play(matrix.rules.start(seed, 3), rng.pick(legalMoves(matrix.rules.start(seed, 3))));
      const request = { position: matrix.rules.format(position), ms: 1000, seed, seat: 1 as const, params: { depth: 8 } };
      const reports: EngineInfo[] = [];
      const answer = await chooseMove(matrix.rules, bot, request, { onInfo: (info) => reports.push(info) });
      const move = Number(answer.move);
      expect(position.values[cellOf(position, move)] - moverValue(play(position, move))).toBe(moverValue(position));
      expect(answer.log[0]).toMatch(/^depth 8: \d+ best moves worth -?\d+$/);
      // Its `info` reports, one a depth, come live and the last with the move: at depth 8 the exact final margin.
      expect(reports.map((info) => info.depth)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(reports.every((info, i) => i === 0 || info.nodes! > reports[i - 1].nodes!)).toBe(true);
      expect(answer.info).toEqual(reports.at(-1));
      const mover = matrix.rules.seatToMove(position);
      expect(answer.info?.score).toBeCloseTo(position.points[mover] - position.points[1 - mover] + moverValue(position)); // -0 is 0
    }
  });

  it('plays in a tournament with its parameters, the same games for the same seed', async () => {
    const args = ['matrix', 'tournament', '--engine', `look=${example}`, '--bots', 'look,look:depth=1,greedy', '--games', '10', '--seed', '5', '--json'];
    const first = await runCli(args);
    expect(first.stderr).toBe('');
    const report = JSON.parse(first.stdout);
    expect(report.played).toBe(60);
    expect(report.totals.map((total: { forfeits: number }) => total.forfeits)).toEqual([0, 0, 0]);
    expect(JSON.parse((await runCli(args)).stdout).pairs).toEqual(report.pairs);
  }, 60_000);

  it.each([
    ['test/engines/modules/syntax.mjs', /engine bad \(.*syntax\.mjs\): crash: line 5: SyntaxError/],
    ['test/engines/modules/no-choose.mjs', /the default export must be \{ name, params\?, choose\(position, tools\) \}: it has no choose function/],
    ['test/engines/modules/missing.mjs', /cannot read the bot module .*missing\.mjs/],
  ])('that does not load (%s) is refused with its reason', async (path, message) => {
    const { status, stderr } = await runCli(['connect4', 'tournament', '--engine', `bad=${path}`, '--bots', 'bad,random', '--games', '1']);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
  });

  it.each([
    ['loops', 'time', 'no move within 550 ms'],
    ['throws', 'crash', "line 7: TypeError: Cannot read properties of undefined (reading 'column')"],
    ['same-cell', 'illegal-move', 'choose returned "0" (cell 0 is taken); legalMoves() here: ['],
    ['exits', 'crash', "the bot's worker ended"],
    ['answers-itself', 'protocol', "the bot's worker answered something that is no move's answer"],
    ['signals', 'crash', 'a bot module sends no signals'],
  ])(
    'that fails (%s) forfeits with its reason, and the run goes on',
    async (name, reason, detail) => {
      const args = [
        'tictactoe',
        'tournament',
        '--engine',
        `bad=test/engines/modules/${name}.mjs`,
        '--bots',
        'bad,random',
        '--games',
        '2',
        '--ms',
        '50',
        '--json',
      ];
      const file = join(mkdtempSync(join(tmpdir(), 'modules-')), 'run.json');
      const { status, stdout, stderr } = await runCli([...args, '--out', file]);
      expect(stderr).toBe('');
      expect(status).toBe(0);
      const report = JSON.parse(stdout);
      expect(report.played).toBe(4);
      const bad = report.totals.find((total: { bot: string }) => total.bot === 'bad');
      const run = JSON.parse(readFileSync(file, 'utf8'));
      const forfeits = run.records.filter((record: { forfeit?: unknown }) => record.forfeit);
      expect(bad.forfeits).toBe(forfeits.length);
      expect(forfeits.length).toBe(4);
      for (const record of forfeits) expect(record.forfeit).toMatchObject({ reason, detail: expect.stringContaining(detail) });
    },
    60_000,
  );

  it("exposes nothing of the host to the module: its messages on the reports' port are read as reports, never as calls", async () => {
    const path = resolve('test/engines/modules/pollutes.mjs');
    const { engine } = await ModuleEngine.start(pathToFileURL(path).href, readFileSync(path, 'utf8'), 'tictactoe', () =>
      spawnNodeBotWorker('dist-node/bot-worker.mjs'),
    );
    try {
      const reports: EngineInfo[] = [];
      engine.newGame(0, {});
      const answer = await engine.move('.........', { ms: 1000, limitMs: 1000 }, 1, (info) => reports.push(info));
      expect(answer.move).toBe('0');
      expect(({} as Record<string, unknown>).pwnedByBot).toBeUndefined();
      expect(Object.hasOwn(Object.prototype, 'pwnedByBot')).toBe(false);
    } finally {
      engine.stop();
    }
  });

  it("keeps a move's log bounded as it is written: 30 lines of 20 MB cost the run nothing", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'modules-')), 'run.json');
    const { status, stdout, stderr } = await runCli([
      'tictactoe',
      'tournament',
      '--engine',
      'loud=test/engines/modules/logs-a-lot.mjs',
      '--bots',
      'loud,random',
      '--games',
      '1',
      '--json',
      '--out',
      file,
    ]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(JSON.parse(stdout).totals.map((total: { forfeits: number }) => total.forfeits)).toEqual([0, 0]);
    for (const record of parseSavedRun(readFileSync(file, 'utf8')).records) {
      const log = record!.logs![record!.seats.indexOf('loud')];
      expect(log.length).toBeGreaterThan(1000);
      expect(log.length).toBeLessThanOrEqual(16 * 1024);
    }
  }, 60_000);

  it.each([
    ['undefined', 'undefined (not a move of this game)'],
    ['9', '9 (column a (the 10th) does not exist: columns are 1 to 7)'],
    ['{"column":3}', '{"column":3} (not a move of this game)'],
  ])('that returns %s forfeits naming what it returned, and the moves it could have returned', async (returned, named) => {
    const folder = mkdtempSync(join(tmpdir(), 'modules-'));
    const path = join(folder, 'returns.mjs');
    writeFileSync(path, `export default { name: 'returns', choose: () => (${returned}) };\n`);
    const { status, stdout } = await runCli(['connect4', 'play', '--engine', `r=${path}`, '--bot', 'r', '--as', 'Yellow'], '');
    expect(status).toBe(0);
    expect(stdout).toContain(`r forfeits (illegal-move): choose returned ${named}; legalMoves() here: [0,1,2,3,4,5,6]`);
  });

  it('plays a person in the terminal (play --engine), and a fault is its forfeit there too', async () => {
    const moves = '0\n1\n2\n3\n4\n5\n6\n7\n8\n';
    const illegal = await runCli(['tictactoe', 'play', '--engine', 's=test/engines/modules/same-cell.mjs', '--bot', 's', '--as', 'O'], moves);
    expect(illegal.status).toBe(0);
    expect(illegal.stdout).toContain(
      's forfeits (illegal-move): choose returned "0" (cell 0 is taken); legalMoves() here: [2,3,4,5,6,7,8]\nO wins by forfeit.',
    );
    // Whatever a person plays, a module that sees to the end of a 3 x 3 board ends at least as well as perfect play promises.
    for (const seed of [4, 5, 6]) {
      const look = await runCli(
        ['matrix', 'play', '--engine', `look=${example}`, '--bot', 'look:depth=8', '--size', '3', '--seed', String(seed)],
        '0\n1\n2\n'.repeat(5),
      );
      expect(look.status).toBe(0);
      expect(look.stdout).toMatch(/look:depth=8\) plays \d+ {2}\[depth 8, \d+ nodes, score -?\d+, pv \d+\]/);
      // Its live reports, printed as they come, from the worker thread through the host.
      expect(look.stdout).toMatch(/ {2}info: depth 1, \d+ nodes, score -?\d+, pv \d+\n {2}info: depth 2, /);
      const won = /(Rows|Columns) win, (-?\d+) to (-?\d+)\./.exec(look.stdout);
      const columnsMargin = won ? (won[1] === 'Columns' ? 1 : -1) * (Number(won[2]) - Number(won[3])) : 0;
      expect(columnsMargin).toBeGreaterThanOrEqual(-perfectMargin(matrix.rules.start(seed, 3)));
    }
  }, 30_000);
});
