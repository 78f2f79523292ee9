// Issue 15, items 9 to 12: the CLI against input that would occupy it forever, exhaust its memory, or lose its
// work. `solve` keeps to --max-nodes and --max-ms on every game and the worker goes on to the next line; it
// reads with back-pressure and refuses a line over 1 MB without holding it; a tournament written with --out
// survives Ctrl-C and carries on with --resume to the same results; names like `constructor` are unknown, and
// bot configurations are normalised.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSavedRun } from '../../src/arena/saved-run';
import { freePort } from '../../src/cluster/local-redis';
import { rules as cardRules } from '../../src/games/cards/rules';
import { runCli } from '../helpers/cli';

const answers = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('solve budgets', () => {
  const korf = readFileSync('src/games/puzzle15/data/korf100.txt', 'utf8')
    .split('\n')
    .find((line) => /^\d/.test(line))!
    .trim()
    .split(/\s+/)
    .slice(0, 16)
    .join(' ');
  const fullDeal = cardRules.format(cardRules.start(7));
  // Each game: a line that needs far more than the budget, then one that fits: the worker answers both, the
  // second as it does without a budget.
  it.each([
    ['tictactoe', ['--max-nodes', '50'], '.........', 'XX.OO....'],
    ['matrix', ['--max-nodes', '20000'], `7 0 ${Array.from({ length: 49 }, (_, i) => ((i * 7) % 19) - 9).join(' ')}`, '3 0 1 2 3 4 5 6 7 8 9'],
    ['connect4', ['--max-nodes', '20000', '--no-book'], '44', '4455443'],
    // The opening book answers '44' with every column: past the book, a position of Pons' Test_L1_R2.
    ['connect4', ['--max-nodes', '20000', '--analyze'], '32751571231557', '4455443'],
    ['puzzle15', ['--max-nodes', '5000'], korf, '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15'],
    ['cards', ['--max-ms', '300'], fullDeal, '3h 4h | 5h | A'],
  ])('%s %s: a line past the budget answers {"error":"budget"} and the next line is solved', async (game, flags, hard, easy) => {
    const { status, stdout } = await runCli([game, 'solve', '--workers', '1', ...flags], `${hard}\n${easy}\n`);
    expect(status).toBe(1);
    const [spent, solved] = answers(stdout);
    expect(Object.keys(spent)).toEqual(['error', 'nodes', 'ms']);
    expect(spent.error).toBe('budget');
    if (flags[0] === '--max-nodes') expect(spent.nodes).toBeLessThanOrEqual(Number(flags[1]));
    else expect(spent.ms as number).toBeGreaterThanOrEqual(Number(flags[1]) * 0.9);
    const unbudgeted = answers((await runCli([game, 'solve', ...flags.filter((flag) => flag === '--analyze')], `${easy}\n`)).stdout)[0];
    expect({ ...solved, ms: 0 }).toEqual({ ...unbudgeted, ms: 0 });
  });

  it('refuses a budget that is not a whole number', async () => {
    const { status, stderr } = await runCli(['tictactoe', 'solve', '--max-ms', '-5'], '');
    expect(status).toBe(2);
    expect(stderr).toContain('--max-ms must be a whole number');
  });
});

describe('solve input', () => {
  it('refuses a line over 1 MB without holding it, and answers the lines around it', async () => {
    const child = spawn(process.execPath, ['--max-old-space-size=48', 'bin/playground.mjs', 'tictactoe', 'solve', '--workers', '1'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const exit = new Promise<number | null>((done) => child.on('close', done));
    const write = (chunk: string | Buffer) => new Promise<void>((done) => (child.stdin.write(chunk) ? done() : child.stdin.once('drain', done)));
    await write('XX.OO....\n');
    // 130 MB of one line: more than V8 takes in one string, in a process allowed 48 MB of heap.
    const block = Buffer.alloc(1 << 20, 'X');
    for (let i = 0; i < 130; i++) await write(block);
    await write('\nX...O....\n');
    child.stdin.end();
    expect(await exit).toBe(1);
    const [first, long, last] = answers(stdout);
    expect(first).toMatchObject({ value: 1 });
    expect(long).toEqual({ error: `a line is at most 1 MB, this one has ${130 << 20} bytes` });
    expect(last).toMatchObject({ value: 0, move: 1 });
  });

  it('reads no further ahead than it solves (back-pressure)', async () => {
    const child = spawn(process.execPath, ['bin/playground.mjs', 'matrix', 'solve', '--workers', '1', '--max-ms', '3000'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const exit = new Promise<number | null>((done) => child.on('close', done));
    child.stdin.on('error', () => {}); // the child is killed while the test still writes
    // A line that takes the worker seconds, then short lines for as long as the CLI takes them.
    child.stdin.write(`7 0 ${Array.from({ length: 49 }, (_, i) => ((i * 5) % 19) - 9).join(' ')}\n`);
    const short = Buffer.from('3 0 1 2 3 4 5 6 7 8 9\n'.repeat(1000));
    let accepted = 0;
    const started = Date.now();
    while (Date.now() - started < 2000) {
      if (child.stdin.write(short)) accepted += short.length;
      else await Promise.race([new Promise((done) => child.stdin.once('drain', done)), new Promise((done) => setTimeout(done, 300))]);
    }
    // The pipe and the stream buffers hold a few hundred KB; without back-pressure it would take all it is sent.
    expect(accepted).toBeLessThan(2 << 20);
    child.kill();
    await exit;
  });
});

describe('tournaments and sweeps', () => {
  it('keep every finished game in --out on Ctrl-C, and --resume ends as an uninterrupted run', async () => {
    // A gated engine plays two games, then waits for its gate: the run is cut after two games by construction.
    const folder = mkdtempSync(join(tmpdir(), 'run-'));
    const gated = (gate: string) => ['--engine', `g=node test/engines/connect4-random.mjs gated ${gate}`];
    const args = ['connect4', 'tournament', '--bots', 'g,random,classic:depth=1', '--games', '2', '--seed', '5', '--workers', '1', '--json'];
    const open = mkdtempSync(join(tmpdir(), 'gate-'));
    writeFileSync(join(open, 'open'), '');
    const whole = await runCli([...args, ...gated(open), '--out', join(folder, 'whole.json')]);
    expect(whole.status).toBe(0);
    const shut = mkdtempSync(join(tmpdir(), 'gate-'));
    const file = join(folder, 'cut.json');
    const child = spawn(process.execPath, ['bin/playground.mjs', ...args, ...gated(shut), '--out', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exit = new Promise<number | null>((done) => child.on('close', done));
    const played = () => (existsSync(file) ? parseSavedRun(readFileSync(file, 'utf8')).records.filter(Boolean).length : 0);
    await expect.poll(played, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    child.kill('SIGINT');
    expect(await exit).toBe(130);
    const cut = parseSavedRun(readFileSync(file, 'utf8'));
    expect(cut.finished).toBe(false);
    const kept = cut.records.filter(Boolean).length;
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(kept).toBeLessThan(cut.records.length);
    writeFileSync(join(shut, 'open'), '');
    const resumed = await runCli(['connect4', 'tournament', ...gated(shut), '--resume', file, '--workers', '2', '--json']);
    expect(resumed.status).toBe(0);
    // The same figures (search times aside: they are measured, not played).
    const figures = (stdout: string) => ({ ...JSON.parse(stdout), totals: JSON.parse(stdout).totals.map((total: { ms: number }) => ({ ...total, ms: 0 })) });
    expect(figures(resumed.stdout)).toEqual(figures(whole.stdout));
    const done = parseSavedRun(readFileSync(file, 'utf8'));
    expect(done.finished).toBe(true);
    expect(done.records.map((record) => record && { ...record, moves: record.moves.map((move) => move.move), logs: undefined })).toEqual(
      parseSavedRun(readFileSync(join(folder, 'whole.json'), 'utf8')).records.map(
        (record) => record && { ...record, moves: record.moves.map((move) => move.move), logs: undefined },
      ),
    );
  });

  it('exit at once on a second Ctrl-C', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'run-')), 'run.json');
    const child = spawn(
      process.execPath,
      ['bin/playground.mjs', 'matrix', 'tournament', '--bots', 'exact,exact:budget=2', '--games', '50', '--size', '7', '--workers', '1', '--out', out],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exit = new Promise<number | string | null>((done) => child.on('close', (code, signal) => done(code ?? signal)));
    // The run listens for Ctrl-C before it first writes its file.
    await expect.poll(() => existsSync(out), { timeout: 30_000, interval: 50 }).toBe(true);
    child.kill('SIGINT');
    await expect.poll(() => stderr).toContain('interrupt again to quit at once');
    const asked = Date.now();
    child.kill('SIGINT');
    // 130 from the second interrupt's handler (or from the first, had it finished already); the signal itself
    // when it came as the process was closing.
    expect([130, 'SIGINT']).toContain(await exit);
    // The run itself would take minutes; a loaded machine takes its time to deliver a signal, not this long.
    expect(Date.now() - asked).toBeLessThan(20_000);
  });

  it('refuse a bad --out before playing, and a --resume with settings of its own', async () => {
    // A run of hours: refused before its first game, or the test's own time runs out.
    const bad = await runCli(['matrix', 'tournament', '--bots', 'exact,exact:budget=2', '--games', '5000', '--size', '7', '--out', '/no/such/folder/run.json']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('/no/such/folder/run.json cannot be written');
    const mixed = await runCli(['matrix', 'tournament', '--resume', 'x.json', '--bots', 'greedy,exact']);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toContain('leave out --bots');
    const missing = await runCli(['matrix', 'tournament', '--resume', '/no/such/run.json']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot be read');
  });
});

describe('names', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('%s is an unknown game and an unknown command', async (name) => {
    const game = await runCli([name, 'solve']);
    expect(game.status).toBe(2);
    expect(game.stderr).toContain(`unknown game "${name}"`);
    const command = await runCli(['tictactoe', name]);
    expect(command.status).toBe(2);
    expect(command.stderr).toContain(`unknown command "${name}"`);
  });

  it('normalises bot configurations, and refuses two that are one', async () => {
    const { status, stdout } = await runCli(['matrix', 'tournament', '--bots', 'greedy, article:depth=03', '--games', '1', '--size', '4', '--json']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout).bots).toEqual(['greedy', 'article:depth=3']);
    const twice = await runCli(['matrix', 'tournament', '--bots', 'article:depth=3,article:depth=03', '--games', '1']);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('named twice');
  });
});

describe('exit statuses', () => {
  it.each([
    [['matrix', 'tournament', '--bots', 'greedy,nonsense'], 'unknown bot "nonsense"'],
    [['matrix', 'tournament', '--bots', 'greedy,exact', '--seed', 'x'], '--seed: seed "x" is not a whole number'],
    [['matrix', 'sweep', '--bot', 'article', '--grid', 'depth=3..1', '--vs', 'exact'], '--grid: '],
    [['puzzle15', 'generate', '--method', 'walk', '--difficulty', 'many'], 'many'],
    [['tictactoe', 'solve', '--file', '/no/such/positions.txt'], '--file: '],
    [['connect4', 'play', '--bot', 'classic:depth=99'], 'depth'],
  ])('2 for a mistake in the command line: %j', async (args, message) => {
    const { status, stderr } = await runCli(args);
    expect(stderr).toContain(message);
    expect(stderr).toContain('run playground --help for the usage');
    expect(status).toBe(2);
  });

  it('1 for a failure of the work, without the usage line', async () => {
    // A position line that is not one: the solve goes on and fails at the end.
    const solve = await runCli(['tictactoe', 'solve'], 'XX\n');
    expect(solve.status).toBe(1);
    // Redis is named right but does not answer: nothing wrong with the command line.
    const nobody = await runCli(['runs', '--redis', `redis://127.0.0.1:${await freePort()}`]);
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toMatch(/^playground: cannot reach Redis at /);
    expect(nobody.stderr).not.toContain('--help');
  });

  it.each([
    ['dist-node/connect4-book.mjs', ['--plies', 'x'], '--plies must be a whole number from 0 to 41, got "x"'],
    ['dist-node/puzzle15-levels.mjs', ['--per-band', '0'], '--per-band must be a whole number from 1 to 10000, got "0"'],
    ['dist-node/openings.mjs', ['--only', 'chess'], '--only: there is no suite "chess"'],
    ['dist-node/openings.mjs', ['--count'], '--count needs a value (N)'],
  ])('2 for a build script given a bad option, before any work: %s %j', (script, args, message) => {
    const run = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('usage: npm run');
    expect(run.status).toBe(2);
  });
});
