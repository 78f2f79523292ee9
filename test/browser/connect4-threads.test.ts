// The Connect 4 solver's threads in Chromium: a cross-origin isolated page ("Show solution" with 2 threads, the
// scores each column's exact score, the statistics line naming the threads), and a page served without
// isolation, which searches with one thread and says why.

import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api';
import { type Served, useBrowser } from './browser';

// A position of Pons' Test_L1_R1 (score 8 for the side to move), beyond the opening book.
const LINE = '17516442226766';

/** Each column's score as the page shows it, once all seven are settled. */
async function shownScores(page: Page): Promise<(number | null)[]> {
  await expect.poll(() => page.locator('connect4-board .scores > :not(.pending)').count(), { timeout: 60_000 }).toBe(7);
  const labels = await page.locator('connect4-board .scores > *').evaluateAll((spans) => spans.map((span) => span.getAttribute('aria-label')!));
  return labels.map((label) => (label.endsWith(': full') ? null : Number(label.match(/: (-?\d+)/)![1])));
}

describe('a cross-origin isolated page', () => {
  const browser = useBrowser();

  it('solves every column with 2 threads, as the single-threaded solver does, and says how many threads searched', async () => {
    const { page, url } = browser;
    const expected = (await api.analyze('connect4', LINE)).values;
    expect(Math.max(...expected.filter((value): value is number => value !== null))).toBe(8);
    await page.goto(`${url}#/connect4?mode=two&pos=${LINE}`);
    await page.getByLabel('Threads').selectOption('2');
    await page.getByLabel('Show solution').check();
    expect(await shownScores(page)).toEqual(expected);
    await expect.poll(() => page.getByLabel('Search statistics').textContent()).toMatch(/table hits \d+\.\d%, best move searched first \d+\.\d%, 2 threads\./);
  });
});

/** dist/ served plainly, without the headers that make a page cross-origin isolated. */
async function servePlainly(): Promise<Served> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.wasm': 'application/wasm',
    '.css': 'text/css',
    '.bin': 'application/octet-stream',
  };
  const root = resolve('dist');
  const server = createServer((request, response) => {
    const path = join(root, decodeURIComponent(new URL(request.url!, 'http://here').pathname));
    const file = path.startsWith(root) && existsSync(path) && statSync(path).isFile() ? path : join(root, 'index.html');
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise<void>((done) => server.close(() => done())) };
}

describe('a page that is not cross-origin isolated', () => {
  const browser = useBrowser(servePlainly);

  it('offers no threads, says why, and still solves every column', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=two&pos=${LINE}`);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
    expect(await page.getByLabel('Threads').count()).toBe(0);
    await expect.poll(() => page.locator('connect4-page').getByText('one thread: this page is not cross-origin isolated').count()).toBe(1);
    await page.getByLabel('Show solution').check();
    expect(await shownScores(page)).toEqual((await api.analyze('connect4', LINE)).values);
    await expect.poll(() => page.getByLabel('Search statistics').textContent()).toMatch(/, 1 thread\.$/);
  });
});
