// The arena's saved runs in Chromium: kept in IndexedDB, judged against perfect play (as minimax over the rules
// judges them), reopened, exported and loaded back, deleted; a game of a run replayed move by move in its game's page.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseSavedRun } from '../../src/arena/saved-run';
import { dataLines } from '../../src/contracts/data-lines';
import { gameById } from '../../src/games';
import { rules as tictactoeRules } from '../../src/games/tictactoe/rules';
import { negate, perfectValue } from '../tictactoe/oracle';
import { useBrowser } from './browser';

const browser = useBrowser();

async function runSmallTournament(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/arena?game=tictactoe`);
  await page.getByLabel('Starts').fill('3');
  await page.getByLabel('Starts').press('Tab');
  await page.getByRole('button', { name: 'Run tournament' }).click();
  await expect.poll(() => page.locator('table[aria-label="Saved runs"] tbody tr').count(), { timeout: 30_000 }).toBe(1);
}

describe('arena saved runs', () => {
  it('keeps a finished run, exports it, loads the file back, and deletes it', async () => {
    const { page, url } = browser;
    await runSmallTournament(page, url);
    // This server has no cluster (no REDIS_URL): the page does not offer it.
    expect(await page.getByLabel(/Run on the cluster/).count()).toBe(0);
    // 5 levels of tic-tac-toe: 10 pairs x 3 starts x 2 seatings.
    expect(await page.locator('table[aria-label="Saved runs"] td:nth-child(5)').textContent()).toBe('60/60');
    // Tic-tac-toe's games are judged against perfect play once played, on the page's workers, and kept so.
    await expect.poll(() => page.locator('table[aria-label="Accuracy"] tbody tr').count(), { timeout: 60_000 }).toBe(5);
    const perfectRow = page.locator('table[aria-label="Accuracy"] tbody tr', { hasText: /^perfect/ });
    expect(await perfectRow.locator('td').nth(1).textContent()).toBe('100.0%');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
    const run = parseSavedRun(readFileSync((await download.path())!, 'utf8'));
    expect(run.records.length).toBe(60);
    for (const record of run.records) {
      let position = tictactoeRules.parse(record!.start);
      for (const move of record!.moves) {
        const before = perfectValue(position);
        position = tictactoeRules.play(position, tictactoeRules.parseMove(move.move));
        expect(move.drop).toBe(before - negate(perfectValue(position)));
      }
    }
    // Every seeded start of tic-tac-toe is the empty board: the page took the starts from the opening suite, as it
    // does by default there (and not for the matrix game, whose seeded boards differ).
    const { rules } = gameById('tictactoe');
    const suite = dataLines(readFileSync('src/games/tictactoe/data/openings.txt', 'utf8')).map((line) => rules.format(rules.parse(line)));
    expect(run.schedule.starts.length).toBe(3);
    for (const start of run.schedule.starts) expect(suite).toContain(start);
    expect(await page.getByLabel(/From the opening suite/).isChecked()).toBe(true);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(
      readFileSync((await csv.path())!, 'utf8')
        .trim()
        .split('\n').length,
    ).toBe(61);
    // It asks first: no keeps the run.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: /^Delete the run/ }).click();
    expect(await page.locator('table[aria-label="Saved runs"] tbody tr').count()).toBe(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: /^Delete the run/ }).click();
    await expect.poll(() => page.locator('table[aria-label="Saved runs"] tbody tr').count()).toBe(0);
    await page.getByLabel(/Load a run or tuning/).setInputFiles((await download.path())!);
    await expect.poll(() => page.locator('table[aria-label="Saved runs"] tbody tr').count()).toBe(1);
    expect(await page.locator('table[aria-label="Ratings"] tbody tr').count()).toBe(5);
    expect(await page.locator('table[aria-label="Accuracy"] tbody tr').count()).toBe(5);
    await page.getByLabel(/Load a run or tuning/).setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"nope"}') });
    expect(await page.getByRole('alert').textContent()).toContain('bad.json cannot be loaded: this file is not an AI Playground run');
    await page.goto(`${url}#/arena?game=matrix`);
    await expect.poll(() => page.getByLabel(/From the opening suite/).isChecked()).toBe(false);
    // Its suite is of 5 x 5 boards: ticked for another size, the run is refused rather than played on 5 x 5.
    expect(await page.getByLabel(/From the opening suite/).evaluate((input) => input.parentElement?.textContent)).toContain('100 positions of size 5');
    await page.getByLabel('Size', { exact: true }).fill('7');
    await page.getByLabel('Size', { exact: true }).press('Tab');
    await expect.poll(() => page.getByLabel(/From the opening suite/).evaluate((input) => input.parentElement?.textContent)).toContain('for size 5 only');
    await page.getByLabel(/From the opening suite/).check();
    await page.getByRole('button', { name: 'Run tournament' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe("Plus-minus's opening suite is of size 5, not 7: play size 5, or seeded starts");
  });

  it("replays a game of a run move by move in its game's page", async () => {
    const { page, url } = browser;
    await runSmallTournament(page, url);
    await page.getByText(/^Games \(/).click();
    await page.getByRole('link', { name: 'Replay' }).first().click();
    await expect
      .poll(() =>
        page
          .locator('tictactoe-page')
          .getByText(/^Move 0 of \d$/)
          .count(),
      )
      .toBe(1);
    const total = Number(
      (await page
        .locator('tictactoe-page')
        .getByText(/^Move 0 of/)
        .textContent())!.split(' of ')[1],
    );
    const marks = async () =>
      await page.locator('tictactoe-board button').evaluateAll((cells) => cells.filter((c) => !c.getAttribute('aria-label')!.endsWith('empty')).length);
    // The start is one of the opening suite's, two moves in (the page's default for tic-tac-toe).
    expect(await marks()).toBe(2);
    // The page shows the replayed game's bots (two AIs), not its own.
    const [, x, o] = /^The start: (\S+) \(X\) against (\S+) \(O\)\.$/.exec(
      (await page
        .locator('tictactoe-page')
        .getByText(/^The start: /)
        .textContent())!,
    )!;
    expect(await page.getByLabel('Mode').inputValue()).toBe('bots');
    await page.getByRole('button', { name: 'Next move' }).click();
    await page.getByRole('button', { name: 'Next move' }).click();
    expect(await marks()).toBe(4);
    expect(
      await page
        .locator('tictactoe-page')
        .getByText(/played \d: depth \d, [\d,]+ nodes/)
        .count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Last position' }).click();
    expect(await marks()).toBe(2 + total);
    expect(await page.locator('tictactoe-page p.status').textContent()).toMatch(/wins!|Draw\./);
    expect(await page.locator('search-chart').evaluate((chart) => (chart as unknown as { entries: unknown[] }).entries.length)).toBe(total);
    // Played on from move 2, the game goes on with the replayed game's bots.
    await page.getByRole('button', { name: 'First position' }).click();
    await page.getByRole('button', { name: 'Next move' }).click();
    await page.getByRole('button', { name: 'Next move' }).click();
    await page.getByRole('button', { name: 'Play from here' }).click();
    const link = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
    expect([link.get('mode'), link.get('bot0'), link.get('bot1')]).toEqual(['bots', x, o]);
    await page.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => marks()).toBe(5);
    const searches = await page.locator('search-chart').evaluate((chart) => (chart as unknown as { entries: { label: string }[] }).entries.map((e) => e.label));
    expect(searches.at(-1)).toBe('move 3, X');
  });
});
