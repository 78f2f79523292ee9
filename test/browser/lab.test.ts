// The lab's page in Chromium: a person signs up, makes a token, plays a run from the CLI with --lab into the
// server the page comes from, and sees it listed with its games, opened with the arena's tables (the same ratings
// the CLI printed), a game of it replayed from the lab; a run submitted from the arena plays on after its page
// closes, with the CLI's figures; two runs compared; a tuning file imported from the page opens as the CLI's.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';
import { useBrowser } from './browser';

const browser = useBrowser();
const account = (page: Page) => page.locator('section[aria-label="Account"]');

describe('the lab page', () => {
  it('signs up, makes a token, lists a run the CLI played with it, opens it and replays a game', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/lab`);
    await expect.poll(() => page.getByText('No run here yet.').count(), { timeout: 60_000 }).toBe(1);
    await account(page).getByLabel('Name', { exact: true }).fill('ada');
    await account(page).getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Signed in as').textContent()).toMatch(/^Signed in as ada\s+Sign out$/);
    await account(page).getByLabel('Label', { exact: true }).fill('laptop');
    await page.getByRole('button', { name: 'New token' }).click();
    const token = (await (await page.getByLabel('New token').elementHandle())!.textContent())!;
    expect(token).toMatch(/^lab_/);
    expect(await page.locator('table[aria-label="Tokens"] tbody tr').count()).toBe(1);

    const played = await runCli(['tictactoe', 'tournament', '--bots', 'random,minimax:depth=2,perfect', '--games', '2', '--lab', url, '--json'], '', {
      LAB_TOKEN: token,
    });
    expect(played.status).toBe(0);
    const cli = JSON.parse(played.stdout);
    await page.reload();
    const row = page.locator('table[aria-label="Lab runs"] tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').allTextContents()).toEqual([
      '',
      expect.any(String),
      expect.any(String),
      'Tic-tac-toe',
      'tournament',
      'random, minimax:depth=2, perfect',
      'finished',
      '12/12',
      expect.stringMatching(/^(random|minimax:depth=2|perfect) leads: Elo \d+ \(\d+\.\.\d+\), W\/D\/L \d+\/\d+\/\d+$/),
      'ada',
    ]);
    await row.getByRole('link').click();
    await expect.poll(() => page.locator('table[aria-label="Ratings"] tbody tr').count()).toBe(3);
    const ratings = await page.locator('table[aria-label="Ratings"] tbody tr td:first-child').allTextContents();
    // The page ranks them by rating, as the CLI's table does.
    const ranked = [...cli.ratings].sort((a: { rating: number }, b: { rating: number }) => b.rating - a.rating);
    expect(ratings).toEqual(ranked.map((rating: { bot: string }) => rating.bot));
    await page.getByText(/^Games \(12\)$/).click();
    await page.getByRole('link', { name: 'Replay' }).first().click();
    await expect.poll(() => page.url()).toMatch(/#\/tictactoe\?run=[\w-]+&game=0&from=lab$/);
    await expect.poll(() => page.getByText(/replay/i).count()).toBeGreaterThan(0);
    expect(await page.getByRole('alert').count()).toBe(0);

    // Another person sees the run without Delete, and a request of theirs to delete it anyway is refused.
    const id = new URLSearchParams(page.url().split('?')[1]).get('run')!;
    await page.goto(`${url}#/lab?run=${id}`);
    await expect.poll(() => page.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await account(page).getByLabel('Name', { exact: true }).fill('mallory');
    await account(page).getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Signed in as').textContent()).toMatch(/^Signed in as mallory/);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // The request sent with mallory's session, cookie and CSRF token both (from outside the page: the page would log the 403).
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const { csrf } = await (await fetch(new URL('api/lab/me', url), { headers: { cookie } })).json();
    const refused = await fetch(new URL(`api/lab/runs/${id}`, url), { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrf } });
    expect([refused.status, (await refused.json()).error]).toEqual([403, `run ${id} is not yours`]);
    expect((await fetch(new URL(`api/lab/runs/${id}`, url))).status).toBe(200);
  }, 180_000);

  it('plays a run submitted from the arena after its page closes, with the figures of the CLI, and compares two runs', async () => {
    const { page, url, browser: chromium } = browser;
    await page.goto(`${url}#/lab`);
    await account(page).getByLabel('Name', { exact: true }).fill('cy');
    await account(page).getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Signed in as').count()).toBe(1);
    await page.goto(`${url}#/arena?game=tictactoe`);
    await page.getByLabel(/Run on the server, kept in the lab/).check();
    await page.getByLabel('Seed').fill('11');
    await page.getByLabel('Seed').press('Tab');
    await page.getByLabel('Starts').fill('4');
    await page.getByLabel('Starts').press('Tab');
    await page.getByRole('button', { name: 'Run tournament' }).click();
    // The page goes to the run's page in the lab, and is closed at once: the server plays on.
    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/#\/lab\?run=[\w-]+$/);
    const id = new URLSearchParams(page.url().split('?')[1]).get('run')!;
    await page.close();

    const again = await chromium.newPage();
    try {
      await again.goto(`${url}#/lab`);
      const row = again.locator('table[aria-label="Lab runs"] tbody tr').filter({ hasText: id });
      await expect.poll(() => row.locator('td').nth(6).textContent(), { timeout: 120_000 }).toBe('finished');
      const bots = (await row.locator('td').nth(5).textContent())!.split(', ');
      const cli = await runCli([
        'tictactoe',
        'tournament',
        '--bots',
        bots.join(','),
        '--games',
        '4',
        '--seed',
        '11',
        '--openings',
        'src/games/tictactoe/data/openings.txt',
        '--json',
      ]);
      expect(cli.status, cli.stderr).toBe(0);
      const report = JSON.parse(cli.stdout) as { ratings: { bot: string; rating: number; lo: number; hi: number }[]; played: number };
      expect(await row.locator('td').nth(7).textContent()).toBe(`${report.played}/${report.played}`);
      await row.getByRole('link').click();
      await expect.poll(() => again.locator('table[aria-label="Ratings"] tbody tr').count()).toBe(bots.length);
      const shown = await again
        .locator('table[aria-label="Ratings"] tbody tr')
        .evaluateAll((rows) => rows.map((tr) => [...tr.children].slice(0, 2).map((td) => td.textContent!.trim())));
      const ranked = [...report.ratings].sort((a, b) => b.rating - a.rating);
      expect(shown).toEqual(ranked.map((rating) => [rating.bot, rating.rating.toFixed(0)]));
      expect(await again.getByRole('status').first().textContent()).toContain('played by the server');
      await again.getByText(/^Games \(\d+\)$/).click();
      await again.getByRole('link', { name: 'Replay' }).first().click();
      await expect.poll(() => again.url()).toMatch(/#\/tictactoe\?run=[\w-]+&game=0&from=lab$/);
      await expect
        .poll(() =>
          again
            .locator('tictactoe-page')
            .getByText(/^Move 0 of \d$/)
            .count(),
        )
        .toBe(1);

      // Rerun (signed in again: the closed page took its session with it): a second run of the same games, then
      // the two compared side by side.
      await again.goto(`${url}#/lab?run=${id}`);
      await account(again).getByLabel('Name', { exact: true }).fill('cy');
      await account(again).getByLabel('Password', { exact: true }).fill('long enough');
      await again.getByRole('button', { name: 'Sign in' }).click();
      await again.getByRole('button', { name: 'Rerun' }).click();
      await expect.poll(() => again.url(), { timeout: 30_000 }).not.toContain(id);
      await expect.poll(() => again.getByRole('status').first().textContent(), { timeout: 120_000 }).toMatch(/^finished/);
      const rerun = new URLSearchParams(again.url().split('?')[1]).get('run')!;
      await again.goto(`${url}#/lab`);
      await again.getByLabel(`Compare ${rerun}`).waitFor();
      await again.getByLabel(`Compare ${id}`).check();
      await again.getByLabel(`Compare ${rerun}`).check();
      await again.getByRole('link', { name: 'Compare the two ticked runs' }).click();
      const lines = again.locator('table[aria-label="The two runs"] tbody tr');
      await expect.poll(() => lines.count()).toBe(bots.length);
      // The same games: every bot's Elo the same in both, no change.
      for (const line of await lines.all()) {
        const cells = await line.locator('td').allTextContents();
        expect(cells[1]).toBe(cells[3]);
        expect(cells[5]).toBe('0');
      }
      expect(await again.getByRole('alert').count()).toBe(0);
    } finally {
      await again.close();
    }
  }, 300_000);

  it('takes a Connect 4 run of another size from the arena and plays it on that size', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/lab`);
    await account(page).getByLabel('Name', { exact: true }).fill('dee');
    await account(page).getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Signed in as').count()).toBe(1);
    await page.goto(`${url}#/arena?game=connect4`);
    await page.getByLabel(/Run on the server, kept in the lab/).check();
    await page.getByRole('combobox', { name: 'Size' }).selectOption({ label: '6x5' });
    await page.getByLabel('From the opening suite', { exact: false }).uncheck();
    await page.getByLabel('Starts').fill('1');
    await page.getByLabel('Starts').press('Tab');
    await page.getByRole('button', { name: 'Run tournament' }).click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/#\/lab\?run=[\w-]+$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    const id = new URLSearchParams(page.url().split('?')[1]).get('run')!;
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 120_000 }).toMatch(/^finished/);
    const exported = (await (await fetch(`${url}api/lab/runs/${id}/export`)).json()) as { schedule: { size: number; starts: string[] }; records: unknown[] };
    // 6x5 as the contract numbers it; its starts are empty 6x5 boards, as the rules write them.
    expect(exported.schedule.size).toBe(605);
    expect(exported.schedule.starts).toEqual(['6x5:-']);
    // Its owner deletes it, asked first: no keeps it.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Delete' }).click();
    expect(asked).toEqual([`Delete run ${id} and its ${exported.records.length} games from the lab? This cannot be undone (export it first to keep it).`]);
    expect((await fetch(`${url}api/lab/runs/${id}`)).status).toBe(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await fetch(`${url}api/lab/runs/${id}`)).status).toBe(404);
  }, 300_000);

  it('imports a tuning file and shows it as the CLI tuned it', async () => {
    const { page, url } = browser;
    const out = join(mkdtempSync(join(tmpdir(), 'lab-page-')), 'tune.json');
    const tuned = await runCli(['matrix', 'tune', '--bot', 'article', '--params', 'depth=1..5', '--vs', 'exact', '--games', '8', '--json', '--out', out]);
    const cli = JSON.parse(tuned.stdout);
    await page.goto(`${url}#/lab`);
    await account(page).getByLabel('Name', { exact: true }).fill('bob');
    await account(page).getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Signed in as').count()).toBe(1);
    await page.getByLabel('Import a saved run or tuning file').setInputFiles(out);
    await expect.poll(() => page.getByLabel('Tuning progress').textContent(), { timeout: 30_000 }).toBe(`Done: 2 steps, 8 games. Tuned: ${cli.tuned}`);
    await page.getByRole('link', { name: 'All runs' }).click();
    await expect.poll(() => page.locator('table[aria-label="Lab runs"] tbody tr').filter({ hasText: 'tuning' }).count()).toBe(1);
  }, 180_000);
});
