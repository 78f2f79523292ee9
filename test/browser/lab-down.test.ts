// The lab's page while the lab's PostgreSQL is down (crashed, then started again): it says the lab is
// unreachable, the rest of the app goes on, and once the database is back the page shows the runs again.

import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type LocalPostgres, startLocalPostgres } from '../../src/lab/local-postgres';
import { startServer } from '../../src/server/server';
import { useBrowser } from './browser';

let postgres: LocalPostgres | undefined;
afterAll(async () => postgres?.stop(), 60_000);

const browser = useBrowser(
  async () => {
    postgres = await startLocalPostgres();
    const started = await startServer({ root: resolve('dist'), port: 0, host: '127.0.0.1', lab: { location: { url: postgres.url }, build: 'test-build' } });
    return { url: started.url, stop: () => started.close() };
  },
  // The lab's answers while its database is down.
  /status of 503/,
);

describe('the lab page when its database goes down', () => {
  it('says the lab is unreachable, and shows the runs again once the database is back', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/lab`);
    await expect.poll(() => page.getByText('No run here yet.').count(), { timeout: 60_000 }).toBe(1);
    await postgres!.crash();
    await page.reload();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^the lab is unreachable/);
    await page.goto(`${url}#/tictactoe`);
    await expect.poll(() => page.locator('tictactoe-page h1').count()).toBe(1);
    await postgres!.restart();
    await page.goto(`${url}#/lab`);
    await expect.poll(() => page.getByText('No run here yet.').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
