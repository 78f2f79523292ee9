// The plus-minus page and the arena in Chromium: whole games by clicking, values under perfect play, AI vs AI,
// links, and a tournament in the page that gives the same results as the CLI.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { format, generate, type Position } from '../../src/games/matrix/rules';
import { runCli } from '../helpers/cli';
import { linkedPosition, useBrowser } from './browser';

const browser = useBrowser();
const status = (page: Page) => page.locator('matrix-page p.status');
const playable = (page: Page) => page.locator('matrix-board button.cell');

/** The position the page shows, read back from the URL. */
function urlPosition(page: Page) {
  return linkedPosition<Position>(page, 'matrix');
}

describe('plus-minus page', () => {
  it('plays a whole game against the article bot by clicking, with the scores of the rules', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/matrix?seed=3`);
    await expect.poll(() => status(page).textContent()).toMatch(/^Rows to move: your turn\.$/);
    for (let turn = 0; turn < 20; turn++) {
      const text = await status(page).textContent();
      if (!/your turn/.test(text!)) break;
      await playable(page).first().click();
      await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toMatch(/your turn|won|lost|Draw/);
    }
    const final = await status(page).textContent();
    expect(final).toMatch(/You won, \d+ to -?\d+!|You lost: the AI won, -?\d+ to -?\d+\.|Draw, -?\d+ to -?\d+\./);
    const position = urlPosition(page);
    expect(await page.locator('matrix-page .score.rows strong').textContent()).toBe(String(position.points[0]));
    expect(await page.locator('matrix-page .score.columns strong').textContent()).toBe(String(position.points[1]));
    expect(position.values).toEqual(generate(3, 5).values);
  });

  it("shows each playable cell's value under perfect play and what the last move lost", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/matrix?mode=two&pos=${encodeURIComponent(format(generate(5, 4)))}`);
    await page.getByLabel('Show values').check();
    await expect.poll(() => page.locator('matrix-board .value').count()).toBe(4);
    const badges = await page.locator('matrix-board .value').allTextContents();
    const worst = badges.map(Number).indexOf(Math.min(...badges.map(Number)));
    const best = Math.max(...badges.map(Number));
    await playable(page).nth(worst).click();
    const lost = best - Math.min(...badges.map(Number));
    await expect
      .poll(() => page.locator('matrix-page p.hint[aria-live]').textContent())
      .toMatch(lost === 0 ? /was a best move/ : new RegExp(`lost ${lost} point`));
  });

  it('runs a game between two bots to its end, the chart showing each move', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/matrix?mode=bots&seed=8`);
    await page.getByLabel('Delay between AI moves in milliseconds').fill('0');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toMatch(/win|Draw/);
    const moves = urlPosition(page).moves.length;
    expect(await page.locator('search-chart').evaluate((chart) => (chart as unknown as { entries: unknown[] }).entries.length)).toBe(moves);
  });

  it('plays "Move now" from the exact bot\'s deepest finished depth on a board too large to solve', async () => {
    const { page, url } = browser;
    const values = Array.from({ length: 64 }, (_, i) => ((i * 7) % 19) - 9);
    await page.goto(`${url}#/matrix?mode=bots&pos=${encodeURIComponent(`8 0 ${values.join(' ')}`)}`);
    await page.getByRole('button', { name: 'Step' }).click();
    const moveNow = page.getByRole('button', { name: 'Move now' });
    await expect.poll(() => moveNow.isEnabled()).toBe(true);
    await moveNow.click();
    await expect.poll(() => status(page).textContent()).toContain('paused');
    // One cell of the start row taken, by the move of the last finished depth shown on the chart.
    expect(
      await page
        .locator('matrix-page search-chart')
        .first()
        .evaluate((chart) => (chart as unknown as { entries: { live: boolean }[] }).entries.map((entry) => entry.live)),
    ).toEqual([false]);
  });

  it('says what is wrong with a link to a bad position', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/matrix?pos=${encodeURIComponent('3 5 1 2 3 4 5 6 7 8 9')}`);
    expect(await page.getByRole('alert').textContent()).toContain('start row 5 is out of range 0..2');
  });
});

describe('arena page', () => {
  it('runs a 200-game-per-pair tournament with the same results as the CLI for the same seed', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=matrix`);
    await page.getByLabel('Starts').fill('100');
    await page.getByLabel('Seed').fill('7');
    await page.getByLabel('Seed').press('Tab');
    await page.getByRole('button', { name: 'Run tournament' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 60_000 }).toMatch(/600\/600 games, done/);
    const rows = await page
      .locator('table[aria-label="Pairs"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const cli = JSON.parse((await runCli(['matrix', 'tournament', '--bots', 'greedy,article,exact', '--games', '100', '--seed', '7', '--json'])).stdout);
    expect(rows.map((row) => row.slice(0, 4))).toEqual(
      cli.pairs.map((p: { a: string; b: string; wins: number; draws: number; losses: number }) => [
        `${p.a} vs ${p.b}`,
        String(p.wins),
        String(p.draws),
        String(p.losses),
      ]),
    );
    expect(await page.locator('rating-chart canvas').count()).toBe(1);
  });

  it('cancels a run and keeps the finished games', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=matrix`);
    await page.getByLabel('Starts').fill('2000');
    await page.getByLabel('Starts').press('Tab');
    await page.getByRole('button', { name: 'Run tournament' }).click();
    await expect.poll(async () => Number((await page.getByRole('status').first().textContent())!.split('/')[0]), { timeout: 30_000 }).toBeGreaterThan(30);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/cancelled: the finished games are kept/);
    const games = await page.locator('table[aria-label="Ratings"] tbody tr td:nth-child(4)').allTextContents();
    expect(games.map(Number).reduce((a, b) => a + b, 0)).toBeGreaterThan(60);
  });

  it("sweeps the article bot's grid and names the best parameters", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=matrix`);
    await page.getByLabel('Starts').fill('4');
    await page.getByLabel('Starts').press('Tab');
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await expect.poll(() => page.getByText(/^Best mean margin:/).textContent(), { timeout: 60_000 }).toMatch(/article:depth=\d:advantage=\d/);
    expect(await page.locator('sweep-heatmap td').count()).toBe(25);
    // The parameters read as the settings name them, the settings and the results alike.
    expect(await page.getByRole('region', { name: 'Sweep' }).getByRole('checkbox', { name: 'Jackpot threshold (advantage)' }).count()).toBe(1);
    expect(await page.locator('table[aria-label="Grid points"] thead th').allTextContents()).toEqual(
      expect.arrayContaining(['Depth', 'Jackpot threshold (advantage)']),
    );
    expect(await page.locator('sweep-heatmap thead th').first().textContent()).toBe('Depth \\ Jackpot threshold (advantage)');
  });
});
