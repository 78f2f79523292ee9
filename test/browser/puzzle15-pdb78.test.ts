// The 15-puzzle page and the 7-8 pattern database in Chromium: the page says what the database takes and offers
// to build it; the build runs in a worker with its progress (minutes: the whole build, as a person meets it), then
// the page solves with it, and after a reload it chooses it from the browser's cache without building again.

import { mkdtempSync, rmSync } from 'node:fs';
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
