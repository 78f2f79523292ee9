// Accessibility on every page, in Chromium: every control has a name, every text reads at 4.5:1 or more against
// what it is drawn on (3:1 when large), the keyboard focus is visible, colour is never the only sign (a Connect 4
// stone's colour has a ring or none, a taken plus-minus cell names its taker), and the status is a live region.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { games } from '../../src/games';
import { useBrowser } from './browser';

const browser = useBrowser();

/** Controls without a name, and texts below their contrast, on the page (through shadow roots). */
function audit(page: Page): Promise<{ unlabelled: string[]; low: string[] }> {
  return page.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const ch = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const parentOf = (n: Element): Element | null => n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null);
    const backgroundOf = (element: Element) => {
      for (let n: Element | null = element; n; n = parentOf(n)) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const opacityOf = (element: Element) => {
      let opacity = 1;
      for (let n: Element | null = element; n; n = parentOf(n)) opacity *= Number(getComputedStyle(n).opacity);
      return opacity;
    };
    const unlabelled: string[] = [];
    const low: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const where = `${el.tagName.toLowerCase()} in ${(el.getRootNode() as ShadowRoot).host?.tagName.toLowerCase() ?? 'document'}`;
        if (['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) {
          const control = el as HTMLInputElement;
          const name =
            el.getAttribute('aria-label') ||
            el.getAttribute('aria-labelledby') ||
            [...(control.labels ?? [])].map((label) => label.textContent!.trim()).join(' ') ||
            (el.tagName === 'BUTTON' && el.textContent!.trim()) ||
            el.getAttribute('title');
          if (!name) unlabelled.push(where);
        }
        if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())) continue;
        if ((el as HTMLButtonElement).disabled || el.closest('[disabled]')) continue;
        const style = getComputedStyle(el);
        const background = backgroundOf(el);
        const alpha = opacityOf(el);
        const text = rgb(style.color)
          .slice(0, 3)
          .map((c, i) => c * alpha + background[i] * (1 - alpha));
        const [light, dark] = [lum(text), lum(background)].sort((a, b) => b - a);
        const ratio = (light + 0.05) / (dark + 0.05);
        const size = Number.parseFloat(style.fontSize);
        const large = size >= 24 || (size >= 18.6 && Number(style.fontWeight) >= 700);
        if (ratio < (large ? 3 : 4.5)) low.push(`${ratio.toFixed(2)}: "${el.textContent!.trim().slice(0, 30)}" (${where})`);
      }
    };
    visit(document);
    return { unlabelled: [...new Set(unlabelled)], low: [...new Set(low)] };
  });
}

const routes = ['', ...Object.values(games).flatMap((game) => game.pages.map((p) => p.route)), 'arena', 'my-bots'];

describe('accessibility', () => {
  it('names every control and keeps every text at 4.5:1, on every page', async () => {
    const { page, url } = browser;
    for (const route of routes) {
      await page.goto(`${url}#/${route}`);
      await page.waitForTimeout(500);
      expect(await audit(page), route).toEqual({ unlabelled: [], low: [] });
    }
    // A game under way, with taken cells, stones and cards.
    for (const route of ['connect4?mode=two&moves=4,4,3', 'matrix?mode=two&moves=0,0,1', 'cards?mode=bots&seed=2']) {
      await page.goto(`${url}#/${route}`);
      await page.waitForTimeout(500);
      expect(await audit(page), route).toEqual({ unlabelled: [], low: [] });
    }
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
});
