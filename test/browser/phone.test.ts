// Every page on a phone (390 x 844), in Chromium: nothing scrolls sideways, the header is one line, Connect 4's
// seventh column is on the screen, and the current page's link is in sight in the header.

import { describe, expect, it } from 'vitest';
import { games } from '../../src/games';
import { useBrowser } from './browser';

const browser = useBrowser();

describe('on a phone', () => {
  it('keeps every page within 390 px, the header on one line', async () => {
    const context = await browser.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      for (const route of ['', ...Object.values(games).flatMap((game) => game.pages.map((p) => p.route)), 'arena', 'my-bots']) {
        await page.goto(`${browser.url}#/${route}`);
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(390);
        const header = await page.locator('app-shell header').boundingBox();
        expect(header!.height, route).toBeLessThanOrEqual(48);
        if (route) {
          const link = await page.locator(`app-shell nav a[aria-current="page"]`).boundingBox();
          expect(link!.x + link!.width, route).toBeLessThanOrEqual(391);
        }
      }
      await page.goto(`${browser.url}#/connect4`);
      const seventh = await page.locator('connect4-board button[data-column="6"][data-row="0"]').boundingBox();
      expect(seventh!.x + seventh!.width).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
