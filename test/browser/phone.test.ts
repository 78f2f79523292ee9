// Every page on a phone (390 x 844), in Chromium: nothing scrolls sideways, the header is one line with the page's
// name and a Menu whose links are whole words, Connect 4's seventh column is on the screen, and a table wider
// than its panel scrolls on its own with a shadow on the side where more of it is.

import { describe, expect, it } from 'vitest';
import { games } from '../../src/games';
import { useBrowser } from './browser';

const browser = useBrowser();

describe('on a phone', () => {
  it('keeps every page within 390 px, the header on one line, every link whole in its menu', async () => {
    const context = await browser.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      const routes = ['', ...Object.values(games).flatMap((game) => game.pages.map((p) => p.route)), 'arena', 'lab', 'ladder', 'my-bots'];
      for (const route of routes) {
        await page.goto(`${browser.url}#/${route}`);
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(390);
        const header = await page.locator('app-shell header').boundingBox();
        expect(header!.height, route).toBeLessThanOrEqual(48);
        // The links are folded: the menu opens them below the header, each whole, and one is taken by a click.
        expect(await page.locator('app-shell nav').isVisible(), route).toBe(false);
      }
      const menu = page.getByRole('button', { name: 'Menu' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      const links = page.locator('app-shell nav a');
      expect(await links.count()).toBe(routes.length - 1);
      for (const box of await links.evaluateAll((all) => all.map((a) => [a.getBoundingClientRect().right, a.scrollWidth - a.clientWidth]))) {
        expect(box[0]).toBeLessThanOrEqual(390);
        expect(box[1]).toBeLessThanOrEqual(0);
      }
      await links.filter({ hasText: 'Connect 4' }).click();
      await expect.poll(() => page.locator('app-shell nav').isVisible()).toBe(false);
      expect(await page.locator('app-shell .here').textContent()).toBe('Connect 4');
      const seventh = await page.locator('connect4-board button[data-column="6"][data-row="0"]').boundingBox();
      expect(seventh!.x + seventh!.width).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });

  it('scrolls a wide table within itself, with a shadow where more of it is', async () => {
    const context = await browser.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      // The bench's table of instances with two heuristics: eight columns.
      await page.goto(`${browser.url}#/puzzle15-bench`);
      await page.getByRole('spinbutton', { name: 'N' }).fill('2');
      await page.getByRole('spinbutton', { name: 'N' }).press('Tab');
      await page.getByLabel('PDB 6-6-3').uncheck();
      await page.getByLabel('WD', { exact: true }).check();
      await page.getByLabel('WD+ID', { exact: true }).check();
      await page.getByRole('button', { name: 'Run' }).click();
      await expect.poll(() => page.getByRole('status').textContent(), { timeout: 60_000 }).toMatch(/^4\/4 solves/);
      const table = page.locator('table[aria-label="Instances"]');
      const style = await table.evaluate((el) => {
        const css = getComputedStyle(el);
        return { overflow: css.overflowX, shadows: (css.backgroundImage.match(/radial-gradient/g) ?? []).length, wider: el.scrollWidth > el.clientWidth };
      });
      expect(style).toEqual({ overflow: 'auto', shadows: 2, wider: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
