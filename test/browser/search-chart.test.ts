// The search chart says what it shows, in Chromium: nothing drawn before the first search, a book move marked as
// the book's (not a search of 0 nodes), the move shown by the move list drawn as the one shown, and the sweep's
// parameters named as the bot's form names them.

import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const browser = useBrowser();

describe('search chart', () => {
  it('shows no empty axes before the first search, and marks a book move as the book’s', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=bots&bot0=perfect&bot1=perfect`);
    const chart = page.locator('connect4-page search-chart').first();
    expect(await chart.locator('.frame').isHidden()).toBe(true);
    expect(await chart.locator('p').textContent()).toContain('No bot move yet.');
    await page.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => chart.locator('p').textContent()).toContain('Last move (move 1, Red): from the opening book (no search)');
    expect(await chart.locator('.frame').isVisible()).toBe(true);
    expect(await chart.locator('canvas').getAttribute('aria-label')).toContain('move 1, Red from the book');
  });

  it('follows the move list: the move shown is the chart’s', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe?mode=bots&bot0=minimax:depth=1&bot1=minimax:depth=1`);
    await page.getByLabel('Delay between AI moves in milliseconds').fill('0');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.getByLabel('Game over').count(), { timeout: 20_000 }).toBe(1);
    await page
      .getByRole('region', { name: 'Moves' })
      .getByRole('button', { name: /^Move 2: O / })
      .click();
    await expect.poll(() => page.locator('tictactoe-page search-chart p').textContent()).toMatch(/^\s*Move shown \(move 2, O\): depth \d/);
  });

  it("names the sweep's parameters as the bot's form does", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=connect4`);
    const sweep = page.getByRole('region', { name: 'Sweep' });
    expect(await sweep.getByRole('checkbox', { name: 'Depth', exact: true }).count()).toBe(1);
    expect(await sweep.getByRole('checkbox', { name: 'Book plies' }).count()).toBe(1);
  });
});
