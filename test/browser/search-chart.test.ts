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
    // No bar for a book move (it searched nothing), and a log axis that starts at 1 with whole ticks at powers of ten.
    await page.getByRole('button', { name: 'Step' }).click();
    await page.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => chart.evaluate((el) => (el as unknown as { entries: unknown[] }).entries.length)).toBe(3);
    const drawn = await chart.evaluate((el) => {
      const chart = (
        el as unknown as { chart: { data: { datasets: { data: (number | null)[] }[] }; scales: Record<string, { min: number; ticks: { label: string }[] }> } }
      ).chart;
      return { bars: chart.data.datasets[0].data, min: chart.scales.nodes.min, ticks: chart.scales.nodes.ticks.map((tick) => tick.label).filter(Boolean) };
    });
    expect(drawn.bars.slice(0, 2)).toEqual([null, null]);
    expect(drawn.min).toBe(1);
    for (const tick of drawn.ticks) expect(tick).toMatch(/^1(0|,000)*$/);
  });

  it("labels the line by the bots that played (passes for the perfect bot), and keeps the last solve's passes with Show solution on", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=two&moves=${'2252576253462244'.split('').join(',')}`);
    const [moves, passes] = [page.locator('connect4-page search-chart').first(), page.locator('connect4-page search-chart').nth(1)];
    expect(await moves.getAttribute('depthLabel')).toBe('depth');
    expect(await passes.locator('p').textContent()).toContain('No solve yet.');
    await page.getByLabel('Show solution').check();
    // The solution shown (every column's score), then the solve's passes: they come on a port of their own and may
    // arrive after the result, and still count.
    await expect.poll(() => page.locator('connect4-board .scores > :not(.pending)').count(), { timeout: 60_000 }).toBe(7);
    expect(await page.locator('connect4-page .thinking').count()).toBe(0);
    await expect.poll(() => passes.evaluate((el) => (el as unknown as { entries: unknown[] }).entries.length)).toBeGreaterThan(0);
    expect(await passes.locator('p').textContent()).toMatch(/Last pass \(\d+\): score bound -?\d+, [\d,]+ nodes/);
    // The line is the bound each pass tested (not the pass's own number), and the legend's nodes swatch is a bar's blue.
    const drawn = await passes.evaluate((el) => {
      const chart = (
        el as unknown as { chart: { data: { labels: string[]; datasets: { data: (number | null)[] }[] }; legend: { legendItems: { fillStyle: string }[] } } }
      ).chart;
      return { labels: chart.data.labels, line: chart.data.datasets[1].data, swatch: chart.legend.legendItems[0].fillStyle };
    });
    expect(drawn.line).not.toEqual(drawn.labels.map(Number));
    expect(drawn.swatch).toBe('#3b82f6');
  }, 120_000);

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
