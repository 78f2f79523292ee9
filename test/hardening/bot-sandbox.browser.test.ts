// Issue 35, item 3: a bot module in the page reaches nothing but its position and the rules' helpers. Its worker
// runs in a sandboxed frame of no origin, under a policy that allows no connection: it cannot open the page's
// IndexedDB (the person's other bots) or its file system, fetch from the server, open the server's WebSocket, or
// import a script from anywhere; it still plays.

import { describe, expect, it } from 'vitest';
import { useBrowser } from '../browser/browser';

const browser = useBrowser();

/** A module that tries each of the page's powers and logs what it got, then plays the first legal move. */
function nosyBot(url: string): string {
  const ws = `${url.replace('http', 'ws')}ws`;
  return `export default {
  name: 'nosy',
  async choose(position, { legalMoves, log }) {
    const tries = {
      origin: async () => self.origin,
      indexedDB: () => new Promise((ok, no) => {
        const request = indexedDB.open('ai-playground');
        request.onsuccess = () => ok(request.result.objectStoreNames.length + ' stores');
        request.onerror = () => no(request.error);
      }),
      files: () => navigator.storage.getDirectory(),
      fetch: () => fetch('${url}').then((response) => response.status),
      websocket: () => new Promise((ok, no) => {
        const socket = new WebSocket('${ws}');
        socket.onopen = () => ok('open');
        socket.onerror = () => no(new Error('refused'));
      }),
      import: () => import('${url}index.html'),
      caches: () => caches.keys(),
    };
    for (const [name, attempt] of Object.entries(tries)) {
      try {
        log(name + ': reached ' + (await attempt()));
      } catch {
        log(name + ': refused');
      }
    }
    return legalMoves()[0];
  },
};
`;
}

describe("a page's bot module", () => {
  it("reaches none of the page's storage, server or scripts, and still plays", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('matrix');
    await page.locator('my-bots-page input[type="file"]').setInputFiles({ name: 'nosy.mjs', mimeType: 'text/javascript', buffer: Buffer.from(nosyBot(url)) });
    await page.getByRole('button', { name: 'Test on this position' }).click();
    await expect.poll(() => page.getByLabel('Log').textContent(), { timeout: 30_000 }).toContain('caches:');
    expect((await page.getByLabel('Log').textContent())!.split('\n')).toEqual([
      'origin: reached null',
      'indexedDB: refused',
      'files: refused',
      'fetch: refused',
      'websocket: refused',
      'import: refused',
      'caches: refused',
    ]);
    expect(await page.getByLabel('Test result').textContent()).toMatch(/Move \d+ \(\d+ in the notation\) in \d+ ms/);
  }, 60_000);
});
