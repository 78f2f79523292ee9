// Small things a user meets, in Chromium: the solver bench refuses N = 0, shows a random board's optimum once IDA*
// has proved it and exports its table; the arena keeps its settings across a reload; a link with a bad mode or
// a negative seed says what is wrong.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const browser = useBrowser();

describe('small things', () => {
  it('refuses N = 0 on the bench, proves random boards optimal, and exports the table', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/puzzle15-bench`);
    await page.getByLabel('N', { exact: true }).fill('0');
    await page.getByLabel('N', { exact: true }).press('Tab');
    expect(await page.getByRole('alert').textContent()).toBe('N is a whole number from 1 to 100, got "0"');
    expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
    await page.getByLabel('Set', { exact: true }).selectOption('random');
    await page.getByLabel('N', { exact: true }).fill('2');
    await page.getByLabel('N', { exact: true }).press('Tab');
    // WD+ID alone: the pattern database would take its build.
    await page.getByLabel('PDB 6-6-3').uncheck();
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 60_000 }).toMatch(/^2\/2 solves/);
    const rows = page.locator('table[aria-label="Instances"] tbody tr');
    const cells = await rows.first().locator('td').allTextContents();
    // optimal, then WD+ID's length: the optimum is the length IDA* found with an admissible heuristic.
    expect(cells[1]).toMatch(/^\d+$/);
    expect(cells[2]).toBe(cells[1]);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const lines = readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('board,tiles,optimal,heuristic,length,nodes,ms');
    expect(lines.length).toBe(1 + 2);
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
    const document = JSON.parse(readFileSync((await json.path())!, 'utf8'));
    expect(document.rows.length).toBe(2);
    expect(document.rows[0].optimal).toBe(Number(cells[1]));
  });

  it('keeps the arena’s settings across a reload', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/arena?game=connect4`);
    await page.getByLabel('Starts').fill('7');
    await page.getByLabel('Starts').press('Tab');
    await page.getByLabel('Seed').first().fill('9');
    await page.getByLabel('Seed').first().press('Tab');
    const tournament = page.getByRole('region', { name: 'Tournament' });
    const bots = await tournament.locator('bot-picker').count();
    await tournament.getByRole('button', { name: 'Add bot' }).click();
    await page.reload();
    await expect.poll(() => page.getByLabel('Starts').inputValue()).toBe('7');
    expect(await page.getByLabel('Seed').first().inputValue()).toBe('9');
    expect(await page.getByRole('region', { name: 'Tournament' }).locator('bot-picker').count()).toBe(bots + 1);
  });

  it('says what is wrong with a link’s mode or seed', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe?mode=banana`);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This link cannot be opened: mode "banana" is not one of vs-bot, bots, two. The game shown is not the link\'s.');
    await page.goto(`${url}#/connect4?seed=-3`);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This link cannot be opened: seed "-3" is not a whole number. The game shown is not the link\'s.');
  });

  it('stops the game shown when a link followed in the same tab cannot be opened, and keeps the link in the address', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=bots&bot0=classic:depth=2&bot1=classic:depth=2`);
    await page.getByLabel('Delay between AI moves in milliseconds').fill('0');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.locator('connect4-page .move-row').count()).toBeGreaterThan(0);
    // Followed in the same tab (the address bar, a link): a hash navigation, as a load is checked.
    await page.evaluate(() => {
      location.hash = '#/connect4?mode=two&moves=4,9';
    });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe("This link cannot be opened: move 2 (9): column 9 does not exist: columns are 1 to 7. The game shown is not the link's.");
    // The game shown is held: no bot plays on in it, and the address is the link's.
    const held = () =>
      page.locator('connect4-page').evaluate((el) => {
        const { session } = el as unknown as { session: { held: boolean; isThinking: boolean } };
        return { held: session.held, isThinking: session.isThinking };
      });
    expect(await held()).toMatchObject({ held: true, isThinking: false });
    expect(new URL(page.url()).hash).toBe('#/connect4?mode=two&moves=4,9');
    // A person's action takes the game on again, and the address follows it.
    await page.getByRole('button', { name: 'New game' }).first().click();
    expect((await held()).held).toBe(false);
    expect(new URL(page.url()).hash).toMatch(/^#\/connect4\?mode=bots&seed=\d+/);
  });
});
