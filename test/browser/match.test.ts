// The arena's match in Chromium: pairs of games until the SPRT decides, the same verdict, pairs and LLR as the
// CLI's `match` for the same seed, its charts drawn, and the run kept and reopened like the others; a tuning as
// the CLI's `tune` gives it, kept and reopened like the runs, and the CLI's kept tuning loaded into the page.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';
import { useBrowser } from './browser';

const browser = useBrowser();

describe('arena match', () => {
  it('decides exact against the article bot as the CLI does, and keeps the run', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=matrix`);
    await page.getByLabel('Is', { exact: true }).selectOption('exact');
    await page.getByLabel('stronger than', { exact: true }).selectOption('article');
    await page.getByLabel('elo1').fill('50');
    await page.getByLabel('elo1').press('Tab');
    await page.getByRole('button', { name: 'Run match' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 60_000 }).toMatch(/the match is decided \(H1 after \d+ games\)/);
    const cli = JSON.parse((await runCli(['matrix', 'match', '--bots', 'exact,article', '--sprt', 'elo0=0,elo1=50', '--json'])).stdout);
    expect(await page.getByLabel('Verdict').textContent()).toContain(`H1: exact is at least 50 Elo stronger than article. ${cli.stop}.`);
    const rows = await page.locator('table[aria-label="Match"] td').allTextContents();
    expect(rows[0]).toContain(`${cli.llr.toFixed(3)} (bounds ${cli.lower.toFixed(3)} and ${cli.upper.toFixed(3)}`);
    expect(rows[1]).toBe(`${cli.elo.toFixed(1)} (95%: ${cli.elo_lo.toFixed(1)} to ${cli.elo_hi.toFixed(1)}), LOS ${(cli.los * 100).toFixed(1)}%`);
    expect(rows[2]).toBe(`${cli.nelo.toFixed(1)} (95%: ${cli.nelo_lo.toFixed(1)} to ${cli.nelo_hi.toFixed(1)})`);
    expect(rows[4]).toBe(cli.pentanomial.join(' '));
    for (const chart of ['sprt-chart', 'elo-trend-chart', 'pentanomial-chart']) expect(await page.locator(`${chart} canvas`).count()).toBe(1);
    expect(await page.locator('sprt-chart canvas').getAttribute('aria-label')).toContain(`after each of ${cli.pairs} pairs`);
    // The games it counted are listed apart from any played past the deciding pair.
    await page.getByText(/^Games \(\d+\)$/).click();
    const counted = await page.locator('table[aria-label="Games"] tbody tr').count();
    const past = await page.locator('table[aria-label="Games not counted"] tbody tr').count();
    expect(counted).toBe(Math.min(cli.games, 40));
    expect((await page.getByText(/^Games \(\d+\)$/).textContent())!.match(/\d+/)![0]).toBe(String(cli.games + past));
    // Kept: the saved runs list has it with its verdict, and it reopens as a match.
    await page.reload();
    await expect.poll(() => page.locator('table[aria-label="Saved runs"] td:nth-child(5)').first().textContent()).toBe(`H1 after ${cli.games} games`);
    await page.getByRole('button', { name: /^Open/ }).first().click();
    await expect.poll(() => page.getByLabel('Verdict').textContent()).toContain('H1');
  }, 120_000);
});

describe('arena tuning', () => {
  it('tunes the sweep bot against the opponents as the CLI does, drawing the trajectory', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=matrix`);
    await page.getByLabel('Tuning games').fill('40');
    await page.getByLabel('Tuning games').press('Tab');
    await page.getByRole('button', { name: 'Tune (SPSA)' }).click();
    await expect.poll(() => page.getByLabel('Tuning progress').textContent(), { timeout: 60_000 }).toMatch(/^Done: 10 steps, 40 games/);
    // The page's defaults: the article bot's first two parameters, two either side of their defaults, against exact.
    const out = join(mkdtempSync(join(tmpdir(), 'tune-')), 'tune.json');
    const cli = JSON.parse(
      (await runCli(['matrix', 'tune', '--bot', 'article', '--params', 'depth=1..5,advantage=4..8', '--vs', 'exact', '--games', '40', '--json', '--out', out]))
        .stdout,
    );
    expect(await page.getByLabel('Tuning progress').textContent()).toBe(`Done: 10 steps, 40 games. Tuned: ${cli.tuned}`);
    expect(await page.locator('tune-chart canvas').getAttribute('aria-label')).toBe(
      `Parameters over the tuning steps: depth ${cli.trajectory.depth.at(-1).toFixed(2)}, advantage ${cli.trajectory.advantage.at(-1).toFixed(2)}`,
    );
    const chartLabel = await page.locator('tune-chart canvas').getAttribute('aria-label');
    if (!('skipped' in cli.verification)) await expect.poll(() => page.getByLabel('Verdict').textContent()).toContain(cli.verification.stop);
    // Kept with the saved runs, it reopens as it ended without a game played again: its values and trajectory
    // replayed from its steps' results, its verification's report as it was.
    const verdict = 'skipped' in cli.verification ? '40/40' : `verified ${cli.verification.result} after ${cli.verification.games} games`;
    const tunings = page.locator('table[aria-label="Saved runs"] tbody tr').filter({ has: page.locator('td:nth-child(3)', { hasText: /^tuning$/ }) });
    await page.reload();
    await expect.poll(() => tunings.count()).toBe(1);
    expect(await tunings.locator('td:nth-child(5)').textContent()).toBe(verdict);
    await tunings.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByLabel('Tuning progress').textContent()).toBe(`Done: 10 steps, 40 games. Tuned: ${cli.tuned}`);
    expect(await page.locator('tune-chart canvas').getAttribute('aria-label')).toBe(chartLabel);
    if (!('skipped' in cli.verification)) expect(await page.getByLabel('Verdict').textContent()).toContain(cli.verification.stop);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('section[aria-label="Tuning"]').getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(JSON.parse(readFileSync((await download.path())!, 'utf8'))).toMatchObject({ format: 'ai-playground-tune', tuned: cli.tuned, results: cli.results });
    // The CLI's --out file loads into the saved runs too, and opens the same way.
    await page.reload();
    await page.locator('input[type="file"]').setInputFiles(out);
    await expect.poll(() => tunings.count()).toBe(2);
    await expect.poll(() => page.getByLabel('Tuning progress').textContent()).toBe(`Done: 10 steps, 40 games. Tuned: ${cli.tuned}`);
    expect(page.url()).toContain(`run=${JSON.parse(readFileSync(out, 'utf8')).id}`);
  }, 120_000);
});
