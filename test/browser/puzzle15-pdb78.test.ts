// The 15-puzzle page and the 7-8 pattern database in Chromium: the page says what the database takes and offers
// to build it; the build runs in a worker with its progress (minutes: the whole build, as a person meets it), then
// the page solves with it, and after a reload it chooses it from the browser's storage without building again.
// Where the storage is too small (Chromium's quota set low), the page says so before building, and a database it
// built is kept in the page's memory: no later solve builds it again while the page lives.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithProfile, serveHere, type Served } from './browser';

// A profile on disk: the database (288 MB) is more than a private context's storage keeps.
const profile = mkdtempSync(join(tmpdir(), 'pdb78-profile-'));
let served: Served;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
beforeAll(async () => {
  served = await serveHere();
  context = await launchWithProfile(profile);
  page = await context.newPage();
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
});
afterAll(async () => {
  await context?.close();
  await served?.stop();
  rmSync(profile, { recursive: true, force: true });
});

// Korf's first instance, converted to our goal: 57 moves.
const KORF_1 = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';
// The first of the 17 boards that need 80 moves: minutes for the 6-6-3.
const HARD_80 = readFileSync('src/games/puzzle15/data/hard80.txt', 'utf8')
  .split('\n')
  .find((line) => /^\d/.test(line))!
  .split(/\s+/)
  .slice(0, 16)
  .join(' ');

describe('15-puzzle page with the 7-8 database', () => {
  it('offers the build with its memory and time, builds it with its progress, solves with it, and keeps it', async () => {
    const url = served.url;
    await page.goto(`${url}#/puzzle15?pos=${encodeURIComponent(KORF_1)}`);
    const offer = page.getByRole('button', { name: 'Build the 7-8 database' });
    await expect.poll(() => offer.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByText(/this browser has not built it yet \(about three minutes, once\)/).count()).toBe(1);
    await page.getByLabel('Heuristic').selectOption('pdb78');
    expect(
      await page.getByText(/^The 7-8 database takes 288 MB in each worker that uses it \(its build, once: about three minutes and 1\.1 GB\)\.$/).count(),
    ).toBe(1);

    const started = Date.now();
    await offer.click();
    const bar = page.getByRole('progressbar', { name: 'Pattern database built' });
    await expect.poll(() => bar.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => Number(await bar.evaluate((el: HTMLProgressElement) => el.value)), { timeout: 300_000 }).toBeGreaterThan(0.05);
    expect(await page.getByLabel('Pattern database').getByRole('status').textContent()).toMatch(/^\d+%, about \d+ s left$/);
    await expect.poll(() => bar.count(), { timeout: 600_000 }).toBe(0);
    console.log(`the 7-8 database built in the browser in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    expect(await offer.count()).toBe(0);

    await page.getByRole('button', { name: 'Solve' }).click();
    await expect.poll(() => page.getByText(/^Optimal:/).textContent(), { timeout: 60_000 }).toMatch(/^Optimal: 57 moves/);

    await page.reload();
    await expect.poll(() => page.getByLabel('Heuristic').inputValue(), { timeout: 20_000 }).toBe('pdb78');
    expect(await offer.count()).toBe(0);
    expect(errors, 'console errors').toEqual([]);
  }, 900_000);
});

describe('a browser whose storage cannot keep a pattern database', () => {
  /**
   * A page of a new profile whose site may store `bytes` (Chromium's own quota override, through its DevTools
   * protocol: a write past it fails as a full disk's would). Chromium's estimate() does not report the override,
   * so the page is told the same quota there, as a browser short of room tells it.
   */
  async function pageWithQuota(bytes: number): Promise<{ page: Page; close(): Promise<void> }> {
    const folder = mkdtempSync(join(tmpdir(), 'quota-profile-'));
    const own = await launchWithProfile(folder);
    const small = await own.newPage();
    await small.addInitScript((quota) => {
      navigator.storage.estimate = async () => ({ quota, usage: 0 });
    }, bytes);
    await small.goto(`${served.url}#/`);
    await (await own.newCDPSession(small)).send('Storage.overrideQuotaForOrigin', { origin: new URL(served.url).origin, quotaSize: bytes });
    return {
      page: small,
      close: async () => {
        await own.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }

  it('says so before the 7-8 build: the database would be kept in the page’s memory only', async () => {
    const { page: small, close } = await pageWithQuota(100 * 2 ** 20);
    try {
      await small.goto(`${served.url}#/puzzle15?pos=${encodeURIComponent(KORF_1)}`);
      await expect
        .poll(
          () =>
            small
              .getByText(/This browser gives this site room for \d+ MB of storage, less than its 288 MB: it would be kept in this page's memory only/)
              .count(),
          {
            timeout: 20_000,
          },
        )
        .toBe(1);
      expect(await small.getByRole('button', { name: 'Build it for this visit' }).count()).toBe(1);
    } finally {
      await close();
    }
  });

  it('builds the 6-6-3 database once for the page’s life: later solves, on any worker, read it from the page', async () => {
    const { page: small, close } = await pageWithQuota(10 * 2 ** 20);
    try {
      await small.goto(`${served.url}#/puzzle15?pos=${encodeURIComponent(KORF_1)}`);
      await small.getByLabel('Heuristic').selectOption('pdb');
      // Every build the page shows, counted as it starts (its share done falls back: a DOM observer, so that
      // nothing is missed between polls).
      await small.evaluate(() => {
        const seen = { builds: 0, last: -1 };
        (window as unknown as { seen: typeof seen }).seen = seen;
        const page = document.querySelector('app-shell')!.shadowRoot!.querySelector('puzzle15-page')!.shadowRoot!;
        new MutationObserver(() => {
          const status = page.querySelector('[aria-label="Pattern database"] [role="status"]');
          const percent = Number(/^(\d+)%/.exec(status?.textContent ?? '')?.[1] ?? -1);
          if (percent < 0) return;
          if (seen.last < 0 || percent < seen.last) seen.builds++;
          seen.last = percent;
        }).observe(page, { subtree: true, childList: true, characterData: true });
      });
      await small.getByRole('button', { name: 'Solve' }).click();
      await expect.poll(() => small.getByText(/^Optimal:/).textContent(), { timeout: 120_000 }).toMatch(/^Optimal: 57 moves/);
      expect(await small.evaluate(() => (window as unknown as { seen: { builds: number } }).seen.builds)).toBe(1);
      // A solve cancelled ends its workers (an 80-move board: it is still searching when Cancel comes); the next
      // solve's workers are new, and read the database from the page.
      await small.goto(`${served.url}#/puzzle15?pos=${encodeURIComponent(HARD_80)}`);
      await small.getByRole('button', { name: 'Solve' }).click();
      await small.getByRole('button', { name: 'Cancel' }).click();
      await small.goto(`${served.url}#/puzzle15?pos=${encodeURIComponent('1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15')}`);
      await small.getByRole('button', { name: 'Solve' }).click();
      await expect.poll(() => small.getByText(/^Optimal:/).textContent(), { timeout: 60_000 }).toMatch(/^Optimal: 3 moves/);
      expect(await small.evaluate(() => (window as unknown as { seen: { builds: number } }).seen.builds)).toBe(1);
    } finally {
      await close();
    }
  }, 300_000);
});
