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
