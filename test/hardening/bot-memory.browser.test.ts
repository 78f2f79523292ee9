// Issue 35, item 15: a page's bot module that allocates without end. Its worker runs in a frame of no origin,
// which Chromium runs in a process of its own: the browser ends that process, not the person's tab, and the bot
// forfeits when its time is up; the page goes on, and the next bot gets a sandbox of its own.
//
// Playwright reports any ended process of a page's frames as the page's crash and drops the page, so the test
// looks at the tab through a second connection to the same browser, made after the frame's process has ended.

import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/cluster/local-redis';
import { launchBrowser, type Served, serveHere } from '../browser/browser';

/** Keeps 128 MB arrays until the memory runs out (here a heap of 512 MB: the browser's switch below). */
const GREEDY = `export default {
  name: 'greedy',
  choose() {
    const kept = [];
    for (let x = 0; ; x++) kept.push(new Array(1 << 24).fill(x + 0.5));
  },
};
`;

const FIRST = `export default { name: 'first', choose(position, { legalMoves }) { return legalMoves()[0]; } };
`;

let served: Served;
let browser: Browser;
let debuggingPort: number;

beforeAll(async () => {
  served = await serveHere();
  debuggingPort = await freePort();
  // A small heap makes the greedy bot run out within a second or two, long before its 30 s are up.
  browser = await launchBrowser([`--remote-debugging-port=${debuggingPort}`, '--js-flags=--max-old-space-size=512']);
});

afterAll(async () => {
  await browser?.close();
  await served?.stop();
});

async function testModule(page: Page, name: string, code: string): Promise<void> {
  await page.locator('my-bots-page input[type="file"]').setInputFiles({ name, mimeType: 'text/javascript', buffer: Buffer.from(code) });
  await page.getByRole('button', { name: 'Test on this position' }).click();
}

describe("a page's bot module that takes all the memory it can", () => {
  it("loses its sandbox's process and forfeits on time; the tab goes on, and the next bot plays", async () => {
    const page = await browser.newPage();
    let frameEnded = false;
    page.on('crash', () => (frameEnded = true));
    await page.goto(`${served.url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('matrix');
    await page.getByLabel('Time (ms)').fill('30000');
    await page.getByLabel('Time (ms)').dispatchEvent('change');
    await testModule(page, 'greedy.mjs', GREEDY);
    await expect.poll(() => frameEnded, { timeout: 30_000 }).toBe(true);

    const second = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
    try {
      const tab = second
        .contexts()
        .flatMap((context) => context.pages())
        .find((each) => each.url().includes('#/my-bots'));
      expect(tab, 'the tab is still there').toBeDefined();
      const errors: string[] = [];
      tab!.on('pageerror', (error) => errors.push(error.message));
      const result = () =>
        tab!
          .getByLabel('Test result')
          .textContent()
          .then((text) => text?.trim());
      await expect.poll(result, { timeout: 60_000 }).toBe('time: no move within 30500 ms');
      await testModule(tab!, 'first.mjs', FIRST);
      await expect.poll(result, { timeout: 30_000 }).toMatch(/^Move \d+ \(\d+ in the notation\) in \d+ ms/);
      expect(errors).toEqual([]);
    } finally {
      await second.close();
    }
  }, 120_000);
});
