// The arena's runs on the cluster, in Chromium: the built server started with REDIS_URL (a real redis-server, a
// `playground worker` process) offers "Run on the cluster"; a tournament and an SPRT match played there land in
// the page's saved runs with the games a local run of the CLI plays (timing aside).

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseSavedRun, type SavedRun } from '../../src/arena/saved-run';
import { runCli } from '../helpers/cli';
import { type RedisProcess, startClusterServer, startRedis, startWorker, type WorkerProcess } from '../helpers/redis';
import { useBrowser } from './browser';

let redis: RedisProcess;
let worker: WorkerProcess;

beforeAll(async () => {
  redis = await startRedis();
  worker = await startWorker(redis.url, 'page-worker', 2);
}, 30_000);

afterAll(async () => {
  await worker?.stop();
  await redis?.stop();
});

const browser = useBrowser(() => startClusterServer(redis.url));

/** Each game's record without its timing. */
function untimed(run: SavedRun): unknown {
  return JSON.parse(JSON.stringify(run.records), (key, value) => (key === 'ms' ? undefined : value));
}

async function exported(page: Page): Promise<SavedRun> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
  return parseSavedRun(readFileSync((await download.path())!, 'utf8'));
}

describe('the arena on the cluster', () => {
  it('plays a tournament and a match on the cluster, kept as local runs are, game for game as the CLI plays them', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=matrix`);
    const onCluster = page.getByLabel(/Run on the cluster/);
    await expect.poll(() => onCluster.count()).toBe(1);
    expect(await page.getByRole('radiogroup', { name: 'Where the runs are played' }).textContent()).toMatch(/1 worker connected/);
    await onCluster.check();
    await page.getByLabel('Starts').fill('3');
    await page.getByLabel('Starts').press('Tab');
    await page.getByRole('button', { name: 'Run tournament' }).click();
    await expect.poll(() => page.locator('table[aria-label="Saved runs"] tbody tr').count(), { timeout: 60_000 }).toBe(1);
    const tournament = await exported(page);
    expect(tournament.records.every((record) => record !== null)).toBe(true);
    const folder = mkdtempSync(join(tmpdir(), 'cluster-page-'));
    const local = join(folder, 'tournament.json');
    const cli = await runCli(['matrix', 'tournament', '--bots', tournament.schedule.bots.join(','), '--games', '3', '--seed', '1', '--out', local]);
    expect(cli.status).toBe(0);
    expect(untimed(tournament)).toEqual(untimed(parseSavedRun(readFileSync(local, 'utf8'))));

    // A match stops once its test decides, as the CLI's does, pair for pair.
    await page.getByRole('button', { name: 'Run match' }).click();
    await expect.poll(() => page.locator('table[aria-label="Saved runs"] tbody tr').count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/the match is decided \((H0|H1) after \d+ games\)/);
    const match = await exported(page);
    const [a, b] = match.schedule.bots;
    const cliMatch = await runCli(['matrix', 'match', '--bots', `${a},${b}`, '--sprt', 'elo0=0,elo1=50', '--max-games', '2000', '--json']);
    const report = JSON.parse(cliMatch.stdout) as { result: string; games: number; pentanomial: number[] };
    expect(await page.getByRole('status').textContent()).toContain(`the match is decided (${report.result} after ${report.games} games)`);
    expect(await page.getByRole('row', { name: /^pentanomial/ }).textContent()).toBe(`pentanomial${report.pentanomial.join(' ')}`);
    const decided = match.records.slice(0, report.games);
    expect(decided.every((record) => record !== null)).toBe(true);
  }, 180_000);
});
