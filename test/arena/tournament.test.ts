// Tournaments and sweeps from the CLI: the JSON document of docs/cli.md, the same results on 1 and 2 workers, and
// games that repeat counted as such.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scoreInterval } from '../../src/arena/report';
import { gridConfigs, parseGrid, tournament } from '../../src/arena/schedule';
import { matrix } from '../../src/games/matrix';
import { tictactoe } from '../../src/games/tictactoe';
import { runCli } from '../helpers/cli';

describe('arena schedules', () => {
  it('plays every start twice per pairing, seats swapped, and the same starts for the same seed', () => {
    const schedule = tournament(matrix, ['greedy', 'article', 'exact'], { games: 4, seed: 9, size: 4 });
    expect(schedule.pairings.length).toBe(3);
    expect(schedule.games.length).toBe(3 * 4 * 2);
    expect(schedule.games[0].seats).toEqual(['greedy', 'article']);
    expect(schedule.games[1].seats).toEqual(['article', 'greedy']);
    expect(schedule.games[1].start).toBe(schedule.games[0].start);
    expect(tournament(matrix, ['greedy', 'exact'], { games: 4, seed: 9, size: 4 }).starts).toEqual(schedule.starts);
    expect(new Set(schedule.starts).size).toBe(4);
  });

  it('refuses bad configurations and settings with a reason', () => {
    expect(() => tournament(matrix, ['greedy'], { games: 2, seed: 1 })).toThrow('at least two bots');
    expect(() => tournament(matrix, ['greedy', 'article:depth=9'], { games: 2, seed: 1 })).toThrow('article depth=9 is out of range 1..8');
    expect(() => tournament(matrix, ['greedy', 'greedy'], { games: 2, seed: 1 })).toThrow('named twice');
    expect(() => tournament(tictactoe, ['random', 'perfect'], { games: 2, seed: 1, size: 4 })).toThrow('has no board sizes');
    expect(() => parseGrid('depth=3..1')).toThrow('runs backwards');
    expect(() => parseGrid('depth')).toThrow('is not name=lo..hi');
  });

  it('expands a grid with the first axis varying slowest', () => {
    expect(gridConfigs('article', parseGrid('depth=1..2,jackpot=8..9'))).toEqual([
      'article:depth=1:jackpot=8',
      'article:depth=1:jackpot=9',
      'article:depth=2:jackpot=8',
      'article:depth=2:jackpot=9',
    ]);
  });
});

describe('playground matrix tournament', () => {
  const args = ['matrix', 'tournament', '--bots', 'greedy,article:depth=3,exact', '--games', '100', '--seed', '1', '--json'];

  it('prints the document of docs/cli.md and ranks exact > article > greedy, the same on one worker and on two', async () => {
    const [one, two] = await Promise.all([runCli([...args, '--workers', '1']), runCli([...args, '--workers', '2'])]);
    expect(one.status).toBe(0);
    const report = JSON.parse(one.stdout);
    // Everything but the measured time is the same: results, ratings, nodes.
    const withoutTime = (text: string) => JSON.parse(text, (key, value) => (key === 'ms' ? undefined : value));
    expect(withoutTime(two.stdout)).toEqual(withoutTime(one.stdout));
    expect(Object.keys(report).slice(0, 5)).toEqual(['game', 'seed', 'bots', 'pairs', 'ratings']);
    expect(report).toMatchObject({ game: 'matrix', seed: 1, bots: ['greedy', 'article:depth=3', 'exact'] });
    for (const pair of report.pairs) {
      expect(Object.keys(pair)).toEqual(['a', 'b', 'wins', 'draws', 'losses', 'margin']);
      expect(pair.wins + pair.draws + pair.losses).toBe(200);
    }
    for (const rating of report.ratings) expect(Object.keys(rating)).toEqual(['bot', 'rating', 'lo', 'hi']);
    const elo = Object.fromEntries(report.ratings.map((r: { bot: string; rating: number }) => [r.bot, r.rating]));
    expect(elo.exact).toBeGreaterThan(elo['article:depth=3']);
    expect(elo['article:depth=3']).toBeGreaterThan(elo.greedy);
    const exact = report.totals.find((t: { bot: string }) => t.bot === 'exact');
    expect(exact.meanLoss).toBe(0); // perfect play loses nothing on any measured move
  });

  it('has the exact bot beat the article bot (depth 3, in its own seat: columns) in at least 90% of 200 5x5 games', async () => {
    const { stdout } = await runCli(['matrix', 'tournament', '--bots', 'exact,article:depth=3', '--games', '200', '--seed', '1', '--json']);
    const { seats } = JSON.parse(stdout);
    // a = exact; "first" = exact plays rows, the article bot columns, the seats of the article's game.
    expect(seats[0].first.wins / 200).toBeGreaterThanOrEqual(0.9);
  });

  it('refuses a bad bot configuration with exit status 2', async () => {
    const { status, stderr } = await runCli(['matrix', 'tournament', '--bots', 'greedy,article:jackpot=99']);
    expect(status).toBe(2);
    expect(stderr).toContain('article jackpot=99 is out of range 0..30');
  });
});

describe('playground matrix sweep', () => {
  it('prints one entry per grid point against the opponents', async () => {
    const { status, stdout } = await runCli([
      'matrix',
      'sweep',
      '--bot',
      'article',
      '--grid',
      'depth=1..3,advantage=5..6',
      '--vs',
      'greedy',
      '--games',
      '20',
      '--seed',
      '4',
      '--json',
    ]);
    expect(status).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.points.map((p: { params: object }) => p.params)).toEqual([
      { depth: 1, advantage: 5 },
      { depth: 1, advantage: 6 },
      { depth: 2, advantage: 5 },
      { depth: 2, advantage: 6 },
      { depth: 3, advantage: 5 },
      { depth: 3, advantage: 6 },
    ]);
    for (const point of report.points) expect(point.wins + point.draws + point.losses).toBe(40);
    // depth 1 is findMaxInRow, the greedy bot itself: every game against greedy mirrors.
    expect(report.points[0].margin).toBe(0);
  });

  it('counts the distinct games of bots that choose without the seed, and says the intervals count repeats', async () => {
    // greedy and article choose without the seed: from one start, each seating plays one game over and over.
    const start = readFileSync('src/games/matrix/data/openings.txt', 'utf8')
      .split('\n')
      .find((line) => line && !line.startsWith('#'))!;
    const openings = join(mkdtempSync(join(tmpdir(), 'repeats-')), 'one.txt');
    writeFileSync(openings, `${start}\n`);
    const args = ['matrix', 'tournament', '--bots', 'greedy,article', '--games', '4', '--openings', openings];
    const report = JSON.parse((await runCli([...args, '--json'])).stdout);
    expect(report).toMatchObject({ played: 8, distinct_games: 2 });
    expect((await runCli(args)).stdout).toContain('note: 6 of the 8 games repeat an earlier one');
    // Seeded starts: no game repeats, and nothing is said.
    const seeded = await runCli(['matrix', 'tournament', '--bots', 'greedy,article', '--games', '4']);
    expect(seeded.stdout).not.toContain('repeat');
  });

  it("gives a sweep point's score its 95% interval from the trinomial variance", () => {
    // 30/40/30: score 0.5, a game's variance (30 + 40/4)/100 − 0.25 = 0.15, half-width 1.959964·√(0.15/100).
    const [lo, hi] = scoreInterval(30, 40, 30);
    expect(hi - 0.5).toBeCloseTo(1.959964 * Math.sqrt(0.0015), 6);
    expect(0.5 - lo).toBeCloseTo(hi - 0.5, 12);
    // Only wins: no spread, and the interval stays within 0..1.
    expect(scoreInterval(10, 0, 0)).toEqual([1, 1]);
    expect(scoreInterval(0, 0, 0)).toEqual([0, 1]);
  });
});
