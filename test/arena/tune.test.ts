// `playground <game> tune`: SPSA over a bot's parameters through the CLI, the same run on one worker and on two,
// a trajectory per parameter within its range ending at the tuned values, a verification match of the tuned
// against the start, its report kept after every step and carried on by --resume to an uninterrupted run's, the
// kept file read back (as the page reopens it) to the same report without a game played, and bad settings or
// files refused with a reason.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSavedTune } from '../../src/arena/saved-tune';
import { games } from '../../src/games';
import { replayedTune } from '../../src/runtime/tune';
import { runCli } from '../helpers/cli';

/** A report without its timing fields. */
function untimed(report: unknown): unknown {
  return JSON.parse(JSON.stringify(report), (key, value) => (key === 'ms' ? undefined : value));
}

/** A kept tuning's report: the file without what names it. */
function reportOf(path: string): unknown {
  const { format: _format, version: _version, id: _id, created: _created, game: _game, ...report } = JSON.parse(readFileSync(path, 'utf8'));
  return report;
}

const tune = ['matrix', 'tune', '--bot', 'article:depth=2', '--params', 'depth=1..6,jackpot=0..30', '--vs', 'greedy,exact', '--games', '200', '--json'];

describe('tune', () => {
  it('tunes within the ranges, the same on 1 and 2 workers, and verifies the tuned against the start', async () => {
    const one = await runCli([...tune, '--workers', '1']);
    expect(one.stderr).toBe('');
    const report = JSON.parse(one.stdout);
    expect(JSON.parse((await runCli([...tune, '--workers', '2'])).stdout)).toEqual(report);
    expect(report).toMatchObject({ bot: 'article:depth=2', vs: ['greedy', 'exact'], steps: 50, games: 200, start: { depth: 2, jackpot: 9 } });
    for (const [name, [min, max]] of [
      ['depth', [1, 6]],
      ['jackpot', [0, 30]],
    ] as const) {
      const path: number[] = report.trajectory[name];
      expect(path).toHaveLength(50);
      expect(path.every((value) => value >= min && value <= max)).toBe(true);
      expect(report.final[name]).toBe(Math.round(path.at(-1)!));
    }
    if ('skipped' in report.verification) expect(report.tuned).toBe('article:depth=2');
    else {
      expect(report.verification.bots).toEqual([report.tuned, 'article:depth=2']);
      expect(report.verification.pentanomial.reduce((a: number, b: number) => a + b, 0)).toBe(report.verification.pairs);
    }
  }, 120_000);

  it("tunes an engine's declared parameters", async () => {
    const args = ['connect4', 'tune', '--engine', 'r=node test/engines/connect4-random.mjs', '--bot', 'r', '--params', 'spice=0..9', '--vs', 'random'];
    const { stdout, stderr } = await runCli([...args, '--games', '16', '--verify-games', '4', '--json']);
    expect(stderr).toBe('');
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ bot: 'r', steps: 4, start: { spice: 3 } });
    expect(report.final.spice).toBeGreaterThanOrEqual(0);
    expect(report.final.spice).toBeLessThanOrEqual(9);
    expect(report.trajectory.spice).toHaveLength(4);
  }, 60_000);

  it('keeps its report in --out after every step, and ends on Ctrl-C with the values so far, the step under way dropped', async () => {
    // A gated engine plays 8 games (two steps of 4), then waits for its gate: the third step is under way for ever.
    const folder = mkdtempSync(join(tmpdir(), 'tune-'));
    const out = join(folder, 'tune.json');
    const args = ['connect4', 'tune', '--engine', `g=node test/engines/connect4-random.mjs gated ${folder} 8`, '--bot', 'g'];
    const child = spawn(
      process.execPath,
      ['bin/playground.mjs', ...args, '--params', 'spice=0..9', '--vs', 'random', '--games', '40', '--verify-games', '20', '--json', '--out', out],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const exit = new Promise<number | null>((done) => child.on('close', done));
    const steps = () => (existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { steps: number }).steps : 0);
    await expect.poll(steps, { timeout: 30_000, interval: 100 }).toBe(2);
    child.kill('SIGINT');
    expect(await exit).toBe(130);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ steps: 2, games: 8, verification: { skipped: 'the tuning was stopped: no verification' } });
    expect(report.trajectory.spice).toHaveLength(2);
    const kept = JSON.parse(readFileSync(out, 'utf8'));
    expect(kept).toMatchObject({ format: 'ai-playground-tune', version: 1, game: 'connect4' });
    expect(reportOf(out)).toEqual(report);
    // Carried on (the engine given again, ungated), it ends as a tuning never stopped does.
    const engine = ['--engine', 'g=node test/engines/connect4-random.mjs'];
    const resumed = await runCli(['connect4', 'tune', ...engine, '--resume', out, '--json']);
    expect(resumed.stderr).toBe('');
    const whole = await runCli([
      'connect4',
      'tune',
      ...engine,
      '--bot',
      'g',
      '--params',
      'spice=0..9',
      '--vs',
      'random',
      '--games',
      '40',
      '--verify-games',
      '20',
      '--json',
    ]);
    expect(untimed(JSON.parse(resumed.stdout))).toEqual(untimed(JSON.parse(whole.stdout)));
    expect(JSON.parse(resumed.stdout)).toMatchObject({ steps: 10, games: 40 });
    expect(untimed(reportOf(out))).toEqual(untimed(JSON.parse(whole.stdout)));
    // Still the same tuning: its id and start time are the first command's.
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ id: kept.id, created: kept.created });
    // A file that cannot be written is refused before the first step.
    const bad = await runCli(['matrix', 'tune', '--bot', 'article', '--params', 'depth=1..4', '--vs', 'exact', '--out', '/no/such/folder/tune.json']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--out: /no/such/folder/tune.json cannot be written');
  }, 60_000);

  it('refuses a tuning to resume that it did not write, or settings beside it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tune-'));
    const out = join(folder, 'tune.json');
    const first = await runCli([
      'matrix',
      'tune',
      '--bot',
      'article:depth=2',
      '--params',
      'depth=1..6',
      '--vs',
      'exact',
      '--games',
      '8',
      '--out',
      out,
      '--json',
    ]);
    expect(first.status).toBe(0);
    const saved = JSON.parse(readFileSync(out, 'utf8'));
    const cases: [object, string][] = [
      [{ ...saved, results: [7, 0] }, 'results.0: a step scores from -2 to 2 in halves'],
      [{ ...saved, results: [0, 0, 0] }, "it has 3 steps' results, more than its 8 games make"],
      [{ ...saved, settings: { ...saved.settings, params: [{ name: 'depth', min: 1, max: 99 }] } }, '--params: depth=1..99 must be a range within 1..8'],
      [{ ...saved, settings: { ...saved.settings, vs: ['nobody'] } }, 'nobody'],
      [{ ...saved, game: 'tictactoe' }, 'the tuning to resume is of tictactoe, not matrix'],
      [{ ...saved, game: 'puzzle15' }, 'game: the run is of a game this playground has no arena for'],
      [{ ...saved, format: 'ai-playground-run' }, 'format: Invalid type'],
      [{ ...saved, verification: { stop: 'decided' } }, 'verification'],
    ];
    for (const [document, message] of cases) {
      writeFileSync(out, JSON.stringify(document));
      const { status, stderr } = await runCli(['matrix', 'tune', '--resume', out]);
      expect(status).toBe(2);
      expect(stderr).toContain(message);
    }
    const both = await runCli(['matrix', 'tune', '--resume', out, '--games', '8']);
    expect(both.stderr).toContain('--resume carries on the tuning with its own settings: leave out --games');
  });

  it('reads its kept file back to the report it printed, without playing a game', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tune-'));
    const out = join(folder, 'tune.json');
    const { status, stdout } = await runCli([...tune, '--out', out]);
    expect(status).toBe(0);
    const printed = JSON.parse(stdout);
    const kept = checkSavedTune(JSON.parse(readFileSync(out, 'utf8')));
    const replayed = replayedTune(games.matrix.bots, { ...kept.settings, results: kept.results }, kept.verification);
    expect(JSON.parse(JSON.stringify(replayed))).toEqual(printed);
  }, 120_000);

  it.each([
    [['--bot', 'article', '--params', 'depth=1..9', '--vs', 'exact'], '--params: depth=1..9 must be a range within 1..8'],
    [['--bot', 'article', '--params', 'speed=1..3', '--vs', 'exact'], 'bot article has no parameter "speed"'],
    [['--bot', 'article', '--params', 'depth=1..3'], 'tune needs --vs'],
    [['--bot', 'greedy', '--params', 'depth', '--vs', 'exact'], '--params: "depth" is not NAME=MIN..MAX'],
    [['--bot', 'article', '--params', 'depth=1..4', '--vs', 'exact', '--openings', 'src/games/tictactoe/data/openings.txt'], 'opening 1 ("'],
  ])('refuses %j with a reason', async (args, message) => {
    const { status, stderr } = await runCli(['matrix', 'tune', ...args]);
    expect(status).toBe(2);
    expect(stderr).toContain(message);
  });
});
