// Accessibility on every page, in Chromium: axe-core (the standard engine, through @axe-core/playwright) finds
// nothing against WCAG 2.1 A and AA (every control named, every text at 4.5:1 or more, 3:1 when large, roles
// and their parents right), the keyboard focus is visible, colour is never the only sign (a Connect 4
// stone's colour has a ring or none, a taken plus-minus cell names its taker), and the status is a live region.

import { describe, expect, it } from 'vitest';
import { games } from '../../src/games';
import { accessibilityAudit, useBrowser } from './browser';

const browser = useBrowser();

const routes = ['', ...Object.values(games).flatMap((game) => game.pages.map((p) => p.route)), 'arena', 'lab', 'ladder', 'my-bots'];

describe('accessibility', () => {
  it("passes axe-core's WCAG 2.1 A and AA rules on every page, and on games under way", async () => {
    const { page, url } = browser;
    // Every page, then a game under way, with taken cells, stones and cards.
    const found: Record<string, string[]> = {};
    for (const route of [...routes, 'connect4?mode=two&moves=4,4,3', 'matrix?mode=two&moves=0,0,1', 'cards?mode=bots&seed=2']) {
      await page.goto(`${url}#/${route}`);
      await page.waitForTimeout(500);
      const broken = await accessibilityAudit(page);
      if (broken.length > 0) found[route] = broken;
    }
    expect(found).toEqual({});
  });

  it('shows the keyboard focus, signs more than colour, and announces the status', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=two&moves=4,4`);
    await page.getByRole('button', { name: 'New game' }).first().focus();
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      let active: Element | null = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      const style = getComputedStyle(active!);
      return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
    });
    expect(outline).toBe(true);
    const rings = await page
      .locator('connect4-board .stone')
      .evaluateAll((stones) => stones.map((s) => [s.classList.contains('yellow'), getComputedStyle(s, '::after').content]));
    expect(rings.sort()).toEqual([
      [false, 'none'],
      [true, '""'],
    ]);
    await page.goto(`${url}#/matrix?mode=two&moves=0,0`);
    const marks = await page.locator('matrix-board .taken').evaluateAll((cells) => cells.map((c) => getComputedStyle(c, '::before').content));
    expect(marks.sort()).toEqual(['"C"', '"R"']);
    for (const game of ['tictactoe', 'matrix', 'connect4', 'cards', 'puzzle15']) {
      await page.goto(`${url}#/${game}`);
      expect(await page.locator(`${game}-page p.status`).getAttribute('role'), game).toBe('status');
      expect(await page.locator(`${game}-page p.status`).getAttribute('aria-live'), game).toBe('polite');
    }
  });

  it("lets the keyboard skip the header's links: the first Tab is a skip link, seen when focused, to the page itself", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4`);
    await page.locator('connect4-board').waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('button', { name: 'Skip to the page' });
    expect(await skip.evaluate((el) => el.matches(':focus'))).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    // The next stop is inside the page, past the 11 links of the header.
    const focused = await page.evaluate(() => {
      let element: Element | null = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      let node: Node | null = element;
      const path: string[] = [];
      while (node) {
        if (node instanceof Element) path.push(node.tagName.toLowerCase());
        node = node.parentNode ?? (node as ShadowRoot).host ?? null;
      }
      return path;
    });
    expect(focused).toContain('main');
    expect(focused).not.toContain('nav');
  });

  it('offers the 24-puzzle from the home page', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/`);
    expect(await page.locator('app-shell .card').filter({ hasText: '24-puzzle' }).count()).toBe(1);
  });
});
