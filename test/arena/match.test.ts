// `playground <game> match`: pairs of games until the SPRT decides, counted in start order so that the result is
// the same on one worker and on two, the pairs' scores those of the same games played as a tournament, the run
// kept with --out and carried on with --resume to the same result, and bad settings refused with a reason.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSavedRun } from '../../src/arena/saved-run';
import { llrLogistic, type Pentanomial, SprtTest } from '../../src/arena/sprt';
import { runCli } from '../helpers/cli';

const match = ['matrix', 'match', '--bots', 'exact,article:depth=3', '--sprt', 'elo0=0,elo1=50', '--seed', '1', '--json'];

describe('a match', () => {
  it('stops at the first pair in start order on which the test decides, the same on 1 and 2 workers', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'match-'));
    const one = await runCli([...match, '--workers', '1']);
    expect(one.stderr).toBe('');
    const report = JSON.parse(one.stdout);
    expect(report).toMatchObject({ result: 'H1', bots: ['exact', 'article:depth=3'], elo0: 0, elo1: 50 });
    expect(JSON.parse((await runCli([...match, '--workers', '2', '--out', join(folder, 'run.json')])).stdout)).toEqual(report);
    expect(report.games).toBe(2 * report.pairs);
    expect(report.pentanomial.reduce((a: number, b: number) => a + b, 0)).toBe(report.pairs);
    expect(report.trajectory).toHaveLength(report.pairs);
    // The LLR before the last pair was between the bounds: the match went no further than it had to.
    expect(report.trajectory.slice(0, -1).every((llr: number) => llr > report.lower && llr < report.upper)).toBe(true);
    expect(report.elo_model).toBe('logistic');

    // The same starts and seeds played as a tournament give the same pairs.
    const tournament = join(folder, 'tournament.json');
    await runCli(['matrix', 'tournament', '--bots', 'exact,article:depth=3', '--games', String(report.pairs), '--seed', '1', '--out', tournament]);
    const records = parseSavedRun(readFileSync(tournament, 'utf8')).records;
    const counts = [0, 0, 0, 0, 0];
    const scores: number[] = [];
    for (let pair = 0; pair < report.pairs; pair++) {
      const [first, second] = [records[2 * pair]!, records[2 * pair + 1]!];
      // exact sits first in the pair's first game and second in its second.
      scores.push((first.winner === 0 ? 2 : first.winner === null ? 1 : 0) + (second.winner === 1 ? 2 : second.winner === null ? 1 : 0));
      counts[scores[pair]]++;
    }
    expect(report.pentanomial).toEqual(counts);
    expect(report.llr).toBeCloseTo(llrLogistic(counts as unknown as Pentanomial, { elo0: 0, elo1: 50 }), 9);
    // The test (checked against fishtest's update_SPRT in sprt.test.ts) fed the tournament's pairs first decides
    // at the match's last pair.
    const test = new SprtTest({ elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 });
    const sofar = [0, 0, 0, 0, 0];
    const verdicts = scores.map((score) => {
      sofar[score]++;
      return test.update(sofar as unknown as Pentanomial).result;
    });
    expect(verdicts.findIndex(Boolean)).toBe(report.pairs - 1);
    expect(verdicts[report.pairs - 1]).toBe('H1');

    // The saved run is a finished match; cut back to three pairs, --resume plays on to the same result.
    const saved = parseSavedRun(readFileSync(join(folder, 'run.json'), 'utf8'));
    expect(saved).toMatchObject({ kind: 'match', finished: true, sprt: { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 } });
    const cut = { ...saved, finished: false, records: saved.records.map((record, i) => (i < 6 ? record : null)) };
    writeFileSync(join(folder, 'cut.json'), JSON.stringify(cut));
    const resumed = await runCli(['matrix', 'match', '--resume', join(folder, 'cut.json'), '--json']);
    expect(resumed.stderr).toBe('');
    expect(JSON.parse(resumed.stdout)).toEqual(report);
  }, 60_000);

  it('finds no elo1 advantage for the weaker bot (H0), and stops inconclusive at --max-games', async () => {
    const weaker = JSON.parse((await runCli(['matrix', 'match', '--bots', 'article:depth=1,exact', '--sprt', 'elo0=0,elo1=50', '--json'])).stdout);
    expect(weaker.result).toBe('H0');
    expect(weaker.llr).toBeLessThan(0);
    const short = JSON.parse((await runCli([...match, '--max-games', '4'])).stdout);
    expect(short).toMatchObject({ result: 'inconclusive', pairs: 2, games: 4 });
    expect(short.stop).toMatch(/^inconclusive: the 4 games ran out/);
  }, 60_000);

  it.each([
    [['--bots', 'exact'], 'match needs --bots A,B: two configurations, got 1'],
    [['--bots', 'exact,greedy', '--sprt', 'elo0=10,elo1=5'], '--sprt needs elo0 < elo1'],
    [['--bots', 'exact,greedy', '--sprt', 'elo1=5'], '--sprt is elo0=E0,elo1=E1'],
    [['--bots', 'exact,greedy', '--alpha', '0.9'], '--alpha must be a number from 0.001 to 0.5'],
    [['--bots', 'exact,greedy', '--max-games', '1'], '--max-games must be'],
  ])('refuses %j with a reason', async (args, message) => {
    const { status, stderr } = await runCli(['matrix', 'match', ...args]);
    expect(status).toBe(2);
    expect(stderr).toContain(message);
  });
});
