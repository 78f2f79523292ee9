// Issue 15, item 6, in the page: under the server's Content-Security-Policy and cross-origin isolation the app
// works (a bot's move comes from a worker running a WebAssembly core) with no console error, and the page is
// cross-origin isolated, as shared memory between workers will need.

import { describe, expect, it } from 'vitest';
import { useBrowser } from '../browser/browser';

const browser = useBrowser();

describe('the app under its security headers', () => {
  it('is cross-origin isolated, and its workers compile and run the cores', async () => {
    const { page, url } = browser;
    const response = await page.goto(`${url}#/tictactoe`);
    expect(response!.headers()['content-security-policy']).toContain("worker-src 'self'");
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    await page.locator('tictactoe-board button[data-cell="4"]').click();
    await expect.poll(() => page.locator('tictactoe-page p.status').textContent()).toBe('X to move: your turn.');
    const marks = await page
      .locator('tictactoe-board button')
      .evaluateAll((cells) => cells.filter((cell) => !cell.getAttribute('aria-label')!.endsWith('empty')).length);
    expect(marks).toBe(2);
  });
});
