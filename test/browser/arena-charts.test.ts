// The arena's charts in Chromium, read by their pixels: the ratings chart draws each bot's Elo as a point in its
// interval.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser';

const browser = useBrowser();

/** Pixels of one colour (within a small tolerance) in a chart's plot area (the legend's swatches left out). */
function pixelsOf(page: Page, selector: string, [r, g, b]: readonly [number, number, number]): Promise<number> {
  return page.locator(selector).evaluate(
    (element, rgb) => {
      const canvas = element.shadowRoot!.querySelector('canvas')!;
      const area = (element as unknown as { chart: { chartArea: { left: number; top: number; width: number; height: number } } }).chart.chartArea;
      const scale = canvas.width / canvas.clientWidth;
      const data = canvas.getContext('2d')!.getImageData(area.left * scale, area.top * scale, area.width * scale, area.height * scale).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.abs(data[i] - rgb[0]) < 12 && Math.abs(data[i + 1] - rgb[1]) < 12 && Math.abs(data[i + 2] - rgb[2]) < 12 && data[i + 3] > 200) count++;
      return count;
    },
    [r, g, b],
  );
}

describe('arena charts', () => {
  it('draws each Elo point on the ratings chart, not only the intervals', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=tictactoe`);
    await page.getByLabel('Starts').fill('3');
    await page.getByLabel('Starts').press('Tab');
    await page.getByRole('button', { name: 'Run tournament' }).click();
    await expect.poll(() => page.locator('table[aria-label="Saved runs"] tbody tr').count(), { timeout: 30_000 }).toBe(1);
    // The points' colour (#1d4ed8): five bots, five discs of radius 5.
    await expect.poll(() => pixelsOf(page, 'rating-chart', [0x1d, 0x4e, 0xd8])).toBeGreaterThan(5 * 40);
  });
});

describe('arena runs of games without points', () => {
  it('ranks Connect 4 by score with no margin anywhere, names the best sweep point by score, and starts with defaults that end within a minute', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=connect4`);
    // Connect 4's defaults: 5 starts (100 games of the five levels); Red Ten's: quick deals, 10 starts.
    expect(await page.getByLabel('Starts').inputValue()).toBe('5');
    await page.getByLabel('Starts').fill('1');
    await page.getByLabel('Starts').press('Tab');
    await page.getByRole('button', { name: 'Run tournament' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/estimating the time left…|about \d+ s left|done in/);
    await expect.poll(() => page.locator('table[aria-label="Saved runs"] tbody tr').count(), { timeout: 60_000 }).toBe(1);
    const headers = await page.locator('table[aria-label="Ratings"] th').allTextContents();
    expect(headers).toContain('score');
    expect(headers).not.toContain('margin');
    expect(headers).not.toContain('loss/move');
    expect(await page.locator('margin-histogram').count()).toBe(0);
    await page.getByText(/^Games \(/).click();
    expect(await page.locator('table[aria-label="Games"] th').allTextContents()).not.toContain('margin');

    await page.getByRole('region', { name: 'Sweep' }).getByRole('checkbox', { name: 'Tolerance' }).uncheck();
    await page.getByRole('region', { name: 'Sweep' }).getByRole('checkbox', { name: 'Depth', exact: true }).check();
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await expect.poll(() => page.locator('table[aria-label="Saved runs"] tbody tr').count(), { timeout: 60_000 }).toBe(2);
    const status = (await page.getByRole('region', { name: 'Results' }).getByRole('status').textContent())!;
    expect(status).toMatch(/^Best score: /);
    // The best point's score is the highest of the grid's; each score lies within its 95% interval.
    const gridHeaders = await page.locator('table[aria-label="Grid points"] thead th').allTextContents();
    const cells = await page
      .locator('table[aria-label="Grid points"] tbody tr')
      .evaluateAll((rows, at) => rows.map((row) => [row.children[at].textContent!, row.children[at + 1].textContent!]), gridHeaders.indexOf('score'));
    const scores = cells.map(([score]) => Number(score.replace('%', '')));
    expect(status).toContain(`(${Math.max(...scores)}%`);
    for (const [score, interval] of cells) {
      const [lo, hi] = interval.split('..').map((end) => Number(end.replace('%', '')));
      expect(lo <= Number(score.replace('%', '')) && Number(score.replace('%', '')) <= hi, `${score} in ${interval}`).toBe(true);
    }
    // The heatmap says what its colours span: centred on an even score, as far either way as the farthest point.
    const legend = (await page.locator('sweep-heatmap .legend').getAttribute('aria-label'))!;
    const [red, middle, green] = /^Colours: red (\d+)% to yellow (\d+)% \(even\) to green (\d+)%$/.exec(legend)!.slice(1).map(Number);
    expect(middle).toBe(50);
    expect(red + green).toBe(100);
    const farthest = Math.max(...scores.map((score) => Math.abs(score - 50)));
    expect(Math.abs(green - 50 - farthest)).toBeLessThanOrEqual(1);
    expect(await page.getByLabel('Colour by').locator('option').allTextContents()).toEqual(['score (wins + draws / 2)']);

    await page.goto(`${url}#/arena?game=cards`);
    await expect.poll(() => page.getByLabel('Starts').inputValue()).toBe('10');
    expect(await page.getByLabel('Size', { exact: true }).inputValue()).toBe('10');
  });
});
