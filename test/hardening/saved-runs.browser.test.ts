// Issue 15, item 13, in the page: the list of saved runs shows the runs it can read and, for an entry of the
// browser's store that is not a run (a `created` that is a number, a run without records, a tuning without its
// settings), a row saying why, with a Delete button; a run file of 400 bots is refused at once and the page stays
// responsive; a tuning file of a bot the game does not have is refused, and not kept.

import { describe, expect, it } from 'vitest';
import { savedRun } from '../../src/arena/saved-run';
import { tournament } from '../../src/arena/schedule';
import { tictactoe } from '../../src/games/tictactoe';
import { api } from '../helpers/api';
import { useBrowser } from '../browser/browser';

const browser = useBrowser();

describe('saved runs in the page', () => {
  it('lists the readable runs and offers to delete an unreadable entry, after a reload too', async () => {
    const { page, url } = browser;
    const schedule = tournament(tictactoe, ['random', 'perfect'], { games: 1, seed: 4 });
    const good = savedRun('tournament', schedule, await api.playGames('tictactoe', schedule.games), 5, new Date('2026-11-30T10:00:00Z'));
    const broken = { ...good, id: 'broken', created: 1764496800000 };
    const empty = { id: 'empty', format: 'ai-playground-run', version: 1 };
    const tuning = { id: 'tuning', format: 'ai-playground-tune', version: 1, created: '2026-11-30T10:00:00Z', game: 'tictactoe' };
    await page.goto(`${url}#/arena?game=tictactoe`);
    await page.evaluate(
      async (runs) => {
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          // The page's database (src/ui/database.ts), as the page may have made it already.
          const request = indexedDB.open('ai-playground', 2);
          request.onupgradeneeded = () => {
            for (const name of ['runs', 'bots']) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name, { keyPath: 'id' });
          };
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const store = database.transaction('runs', 'readwrite').objectStore('runs');
        for (const run of runs) store.put(run);
        await new Promise((done) => (store.transaction.oncomplete = done));
        database.close();
      },
      [good, broken, empty, tuning],
    );
    await page.reload();
    const rows = page.locator('table[aria-label="Saved runs"] tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.nth(0).textContent()).toContain('random, perfect');
    expect(await rows.nth(1).textContent()).toMatch(/not a run \(the run is malformed: created/);
    expect(await rows.nth(2).textContent()).toContain('not a run (the run has no schedule)');
    expect(await rows.nth(3).textContent()).toContain('not a run (it is no tuning this playground wrote: settings:');
    page.once('dialog', (dialog) => void dialog.accept());
    await rows.nth(1).getByRole('button', { name: 'Delete the unreadable entry' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await page.reload();
    await expect.poll(() => rows.count()).toBe(3);
    // The good run still opens.
    await rows.nth(0).getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.locator('table[aria-label="Ratings"] tbody tr').count()).toBe(2);
  });

  it('refuses a run file of 400 bots at once', async () => {
    const { page, url } = browser;
    const schedule = tournament(tictactoe, ['random', 'perfect'], { games: 1, seed: 4 });
    const run = savedRun('tournament', schedule, await api.playGames('tictactoe', schedule.games), 5, new Date('2026-11-30T10:00:00Z'));
    const bots = Array.from({ length: 400 }, (_, i) => `minimax:depth=${(i % 9) + 1}${'x'.repeat(i)}`);
    const hostile = { ...run, schedule: { ...run.schedule, bots, pairings: [{ a: bots[0], b: bots[1] }] } };
    await page.goto(`${url}#/arena?game=tictactoe`);
    await page
      .getByLabel(/Load a run or tuning/)
      .setInputFiles({ name: 'many.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(hostile)) });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('many.json cannot be loaded: the run is malformed');
    // The page answers at once after it.
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
  });

  it('refuses a tuning file of a bot the game does not have, and does not keep it', async () => {
    const { page, url } = browser;
    const tuning = {
      format: 'ai-playground-tune',
      version: 1,
      id: 'stranger',
      created: '2026-11-30T10:00:00Z',
      game: 'tictactoe',
      settings: {
        bot: 'stranger:depth=2',
        params: [{ name: 'depth', min: 1, max: 4 }],
        vs: ['random'],
        games: 8,
        seed: 1,
        verify: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: 10 },
      },
      results: [1, -0.5],
      verification: { skipped: 'the tuning was stopped: no verification' },
    };
    await page.goto(`${url}#/arena?game=tictactoe`);
    await page
      .getByLabel(/Load a run or tuning/)
      .setInputFiles({ name: 'tune.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tuning)) });
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^tune\.json cannot be loaded: .*stranger/);
    expect(await page.locator('table[aria-label="Saved runs"] tbody tr').count()).toBe(0);
  });
});
