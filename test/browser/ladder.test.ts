// The ladder in Chromium: a person signed in on the Lab page writes a bot on My bots (the Connect 4 template),
// submits it to the ladder, follows the link to its page there and sees it validated and playing, finds it on the
// leaderboard beside our bots, renames it, watches a game being played, replays one of its games on the Connect 4
// page, and retires it from My bots.

import { describe, expect, it } from 'vitest';
import { gameById } from '../../src/games';
import { fixedPoints } from '../../src/ladder/player';
import { useBrowser } from './browser';

const browser = useBrowser();

describe('the ladder page', () => {
  // Minutes, not seconds: its rated games may pair it with the learned player's search (about a second a move).
  it('takes a bot from My bots, shows it validated and rated on the leaderboard, and replays its games', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/lab`);
    const account = page.locator('section[aria-label="Account"]');
    await account.getByLabel('Name', { exact: true }).fill('ada');
    await account.getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Signed in as').textContent()).toMatch(/^Signed in as ada/);

    await page.goto(`${url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('connect4');
    await page.getByRole('button', { name: 'New bot' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('my-bots-page p[role="status"]').textContent()).toMatch(/^Saved as version 1/);
    await page.getByRole('button', { name: 'Submit to the ladder' }).click();
    const status = page.locator('my-bots-page p[role="status"]');
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Submitted to the Connect 4 ladder as \S+ version 1: it plays a validation game against itself first\./);
    // Its validation's verdict, on My bots.
    const mine = page.getByRole('table', { name: 'Your ladder entries' });
    await expect.poll(() => mine.locator('tbody tr td').nth(2).textContent(), { timeout: 60_000 }).toBe('active');
    // Under the page's two columns, not in the narrow one.
    expect((await page.locator('my-bots-page ladder-entries').boundingBox())!.width).toBeGreaterThan(600);
    await status.getByRole('link', { name: 'Its page on the ladder' }).click();

    // Its page: validated, then rated games, with their replays.
    const versions = page.getByRole('table', { name: 'Versions' });
    await expect.poll(() => versions.locator('tbody tr td').nth(1).textContent(), { timeout: 60_000 }).toBe('active');
    const games = page.getByRole('table', { name: 'Games' });
    await expect.poll(() => games.locator('tbody tr').count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    expect(await games.locator('tbody tr td:nth-child(2)').allTextContents()).toContain('validation');
    expect(await page.locator('skill-chart canvas').getAttribute('aria-label')).toMatch(/^Skill over the rated games: v1 \d+\.\d ± \d+\.\d after \d+ games$/);

    // Renamed by its owner, on its page.
    await page.getByLabel('New name').fill('ada-negamax');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => page.locator('ladder-page h2').textContent()).toBe('ada-negamax');

    // The leaderboard: the bot and our own, its owner named, none offline.
    await page.getByRole('link', { name: /the Connect 4 ladder/ }).click();
    const board = page.getByRole('table', { name: 'Leaderboard' });
    const ours = fixedPoints(gameById('connect4')).length;
    await expect.poll(() => board.locator('tbody tr').count()).toBeGreaterThanOrEqual(ours + 1);
    const owners = await board.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(owners.filter((owner) => owner === 'ada')).toHaveLength(1);
    // Our bots are the ladder's fixed points: the levels, Random and Monte Carlo.
    expect(owners.filter((owner) => owner === 'the server')).toHaveLength(ours);
    expect(await board.getByRole('link', { name: 'ada-negamax' }).count()).toBe(1);
    expect(await board.getByText('offline').count()).toBe(0);

    // A game being played, watched on the Connect 4 page.
    const playing = page.getByRole('table', { name: 'Playing now' });
    await expect.poll(() => playing.locator('tbody tr').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await playing.getByRole('link', { name: 'Watch' }).first().click();
    await expect.poll(() => page.url()).toMatch(/#\/connect4\?live=[\w-]+$/);
    const watched = page.locator('connect4-page p.hint[role="status"]');
    await expect.poll(() => watched.textContent()).toMatch(/^Watched live: /);
    // Its moves are shown one after another as they come, even when the game was over before the page looked.
    await expect.poll(() => watched.textContent()).toMatch(/move [1-9]\d* shown/);
    await expect
      .poll(() => watched.textContent(), { timeout: 60_000 })
      .toBe("Watched live: the game is over; its replay is among the bots' games on the ladder.");
    await expect.poll(() => page.locator('connect4-page .move-row').count()).toBeGreaterThan(0);
    await page.goBack();

    // A game of it replayed on the Connect 4 page.
    await board.getByRole('row').filter({ hasText: 'ada' }).getByRole('link').click();
    await games.getByRole('link', { name: 'Replay' }).first().click();
    await expect.poll(() => page.url()).toMatch(/#\/connect4\?run=\d+&from=ladder$/);
    await expect.poll(() => page.locator('connect4-page .move-row').count()).toBeGreaterThan(0);
    // Its players named as the ladder names them (no version's id), and the seat of the module, which this page
    // cannot play, said to be taken by the page's own bot.
    const start = (await page.locator('connect4-page p.hint').filter({ hasText: 'The start:' }).textContent())!;
    expect(start).toMatch(/^The start: .+ v\d+ \(Red\) against .+ v\d+ \(Yellow\)\.$/);
    expect(start).not.toMatch(/v-[\w-]+/);
    expect(start).toContain('ada-negamax v1');
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/this page's own bot takes the seat of ada-negamax v1/);

    // Retired from My bots by its owner: it leaves the leaderboard.
    await page.goto(`${url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('connect4');
    // It asks first: no keeps it playing.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await mine.getByRole('button', { name: 'Retire' }).click();
    expect(asked).toEqual(['Retire ada-negamax v1 from the ladder? It plays no more (its games and rating stay); this cannot be undone.']);
    expect(await mine.locator('tbody tr td').nth(2).textContent()).toBe('active');
    page.once('dialog', (dialog) => void dialog.accept());
    await mine.getByRole('button', { name: 'Retire' }).click();
    await expect.poll(() => mine.locator('tbody tr td').nth(2).textContent()).toMatch(/^retired/);
    await page.goto(`${url}#/ladder?game=connect4`);
    await expect.poll(() => board.locator('tbody tr').count()).toBe(ours);
  }, 240_000);
});
