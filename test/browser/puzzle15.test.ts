// The 15-puzzle pages in Chromium: moves by click (a whole segment) and by arrows with the counter, a level
// board, "Solve" with its chart and the solution played back to the goal, and the solver bench.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GOAL, type Position } from '../../src/games/puzzle15/rules';
import { linkedPosition, useBrowser } from './browser';

const browser = useBrowser();
const moves = (page: Page) => page.locator('puzzle15-page [data-testid="moves"]');
const tiles = async (page: Page) => [...linkedPosition<Position>(page, 'puzzle15').tiles];

describe('15-puzzle page', () => {
  it('slides a row segment by a click and a tile by an arrow key, counting moves', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/puzzle15?pos=${encodeURIComponent('1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15')}`);
    // Blank third in the bottom row: click tile 13 (bottom left), tiles 13 and 14 slide right.
    await page.locator('puzzle15-board [data-tile="13"]').click();
    expect(await tiles(page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14, 15]);
    expect(await moves(page).textContent()).toBe('2');
    // ← moves the tile right of the blank to the left: the blank goes right.
    await page.locator('puzzle15-board .board').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await tiles(page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15]);
    expect(await moves(page).textContent()).toBe('3');
  });

  it('deals a new board from a new seed on each New board, and the same board again from its seed', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/puzzle15`);
    await page.getByLabel('Start').selectOption('walk');
    const seed = page.getByRole('spinbutton', { name: 'Seed' });
    const boards: number[][] = [];
    const seeds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const before = await seed.inputValue();
      await page.getByRole('button', { name: 'New board' }).click();
      await expect.poll(() => seed.inputValue()).not.toBe(before);
      await expect.poll(() => page.url()).toContain(`seed=${await seed.inputValue()}`);
      boards.push(await tiles(page));
      seeds.push(await seed.inputValue());
    }
    expect(new Set(seeds).size).toBe(3);
    expect(new Set(boards.map(String)).size).toBe(3);
    // The first seed typed in again gives its board again, made the same way (a walk from the goal).
    await seed.fill(seeds[0]);
    await seed.press('Tab');
    await expect.poll(() => tiles(page)).toEqual(boards[0]);
  });

  it('says before a solve that a random 24-puzzle board may take hours, and deals 5x5 boards from the levels by default', async () => {
    const { page, url } = browser;
    // A random 5x5 board (a link's): some 100 moves from the goal.
    await page.goto(`${url}#/puzzle15?size=5&seed=3`);
    await expect
      .poll(() => page.getByLabel('What the solver finishes').textContent())
      .toMatch(/^This board is at least \d+ moves from the goal: an optimal solution/);
    // Picking the 5x5 size deals from the levels, which the solver finishes: nothing to warn of.
    await page.goto(`${url}#/puzzle15`);
    await page.getByLabel('Board size').selectOption('5');
    await expect.poll(async () => (await tiles(page)).length).toBe(25);
    expect(await page.getByLabel('Start').inputValue()).toBe('level');
    await expect.poll(() => page.getByLabel('What the solver finishes').count()).toBe(0);
    const least = (await tiles(page)).reduce(
      (sum, tile, cell) => (tile ? sum + Math.abs(Math.floor((tile - 1) / 5) - Math.floor(cell / 5)) + Math.abs(((tile - 1) % 5) - (cell % 5)) : sum),
      0,
    );
    expect(least).toBeLessThan(60);
  });

  it('makes a level board, solves it optimally with the chart, and plays the solution back to the goal', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/puzzle15`);
    await page.getByLabel('Start').selectOption('level');
    await page.getByLabel('Difficulty').selectOption('20-29');
    const before = await tiles(page);
    await page.getByRole('button', { name: 'New board' }).click();
    await expect.poll(() => tiles(page)).not.toEqual(before); // the level file is fetched first
    await page.getByLabel('Heuristic').selectOption('wdid');
    await page.getByRole('button', { name: 'Solve' }).click();
    await expect.poll(() => page.getByText(/^Optimal:/).textContent(), { timeout: 30_000 }).toMatch(/Optimal: 2\d moves/);
    const length = Number((await page.getByText(/^Optimal:/).textContent())!.match(/(\d+) moves/)![1]);
    expect(await page.locator('search-chart').evaluate((chart) => (chart as unknown as { entries: unknown[] }).entries.length)).toBeGreaterThan(0);
    // The solution as the tiles move (the arrow keys' way), one arrow a move.
    expect([...(await page.getByLabel('The solution: each arrow moves a tile that way, as the arrow keys do').textContent())!]).toHaveLength(length);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => page.locator('puzzle15-page p.status').textContent(), { timeout: 30_000 }).toBe(`Solved by the solver's ${length} moves.`);
    expect(await tiles(page)).toEqual(GOAL);
  });

  it("says who solved the board: the person's moves and the solver's", async () => {
    const { page, url } = browser;
    // One move from the goal; the person moves a tile away from it, then the solver brings it back in two.
    await page.goto(`${url}#/puzzle15?pos=${encodeURIComponent('1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15')}`);
    await page.locator('puzzle15-board .board').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => moves(page).textContent()).toBe('1');
    await page.getByLabel('Heuristic').selectOption('md');
    await page.getByRole('button', { name: 'Solve' }).click();
    await expect.poll(() => page.getByText(/^Optimal:/).textContent(), { timeout: 30_000 }).toMatch(/^Optimal: 2 moves/);
    // The tile that came down goes back up, then the tile on the right goes left.
    expect(await page.getByLabel('The solution: each arrow moves a tile that way, as the arrow keys do').textContent()).toBe('↑←');
    await page.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => page.locator('puzzle15-page p.status').textContent(), { timeout: 30_000 })
      .toBe("Solved: 3 moves in all, yours 1 and the solver's 2.");
  });

  it('builds the pattern database as a step of its own, with a progress bar and the time left, not counted in the solve', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/puzzle15?pos=${encodeURIComponent('1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15')}`);
    await page.getByLabel('Heuristic').selectOption('pdb');
    await page.getByRole('button', { name: 'Solve' }).click();
    const bar = page.getByRole('progressbar', { name: 'Pattern database built' });
    await expect.poll(() => bar.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => Number(await bar.evaluate((el: HTMLProgressElement) => el.value)), { timeout: 60_000 }).toBeGreaterThan(0.1);
    expect(await page.getByLabel('Pattern database').getByRole('status').textContent()).toMatch(/^\d+%, about \d+ s left$/);
    await expect.poll(() => page.getByText(/^Optimal:/).textContent(), { timeout: 120_000 }).toMatch(/^Optimal: 2 moves \([\d,]+ nodes, [\d.]+ s\)$/);
    // The solve counted is the search alone: a 2-move board, a handful of nodes (the build is a step of its own).
    const nodes = Number(/\(([\d,]+) nodes/.exec((await page.getByText(/^Optimal:/).textContent())!)![1].replace(/,/g, ''));
    expect(nodes).toBeLessThan(20);
    expect(await bar.count()).toBe(0);
  }, 180_000);

  it('refuses an unsolvable board in a link with the reason', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/puzzle15?pos=${encodeURIComponent('2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0')}`);
    expect(await page.getByRole('alert').textContent()).toContain('this board cannot be solved');
  });
});

describe('the 5x5 size (the 24-puzzle)', () => {
  it('opens at the size of a link, picks a size, and says before the build whether the browser keeps the database', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/puzzle15?size=5`);
    await expect.poll(() => page.locator('puzzle15-board button.tile').count()).toBe(24);
    expect(await page.locator('puzzle15-page h1').textContent()).toBe('24-puzzle');
    await expect.poll(() => page.getByText(/^The 24-puzzle is solved with the 6-6-6-6 database/).count()).toBe(1);
    await page.getByLabel('Board size').selectOption('4');
    await expect.poll(() => page.locator('puzzle15-board button.tile').count()).toBe(15);
    await page.getByLabel('Board size').selectOption('5');
    await expect.poll(() => page.locator('puzzle15-board button.tile').count()).toBe(24);
    expect((await tiles(page)).length).toBe(25);
  });

  it("builds the 6-6-6-6 database in a worker with its progress, solves a walk optimally and plays it back; then the bench page solves the two easiest of Korf and Felner's 50 in their published lengths", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/puzzle15?size=5`);
    await page.getByLabel('Start').selectOption('walk');
    await page.getByRole('spinbutton', { name: 'Moves' }).fill('16');
    await page.getByRole('spinbutton', { name: 'Moves' }).press('Tab');
    await page.getByRole('button', { name: 'New board' }).click();
    await expect.poll(async () => (await tiles(page)).length).toBe(25);
    await page.getByRole('button', { name: 'Solve' }).click();
    const bar = page.getByRole('progressbar', { name: 'Pattern database built' });
    await expect.poll(() => bar.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByText(/^Optimal:/).textContent(), { timeout: 600_000 }).toMatch(/^Optimal: \d+ moves/);
    const length = Number((await page.getByText(/^Optimal:/).textContent())!.match(/(\d+) moves/)![1]);
    expect(length).toBeLessThanOrEqual(16);
    // The build (its progress bar was shown) says its end, with its time.
    expect(await page.getByText(/^The pattern database was built in \d+ s \(kept for the next solves\)\.$/).count()).toBe(1);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => page.locator('puzzle15-page p.status').textContent(), { timeout: 30_000 }).toBe(`Solved by the solver's ${length} moves.`);

    // The bench page, in the same page (its workers hold the database): the two easiest of Korf and Felner's 50.
    await page.evaluate(() => {
      location.hash = '#/puzzle15-bench';
    });
    await page.getByRole('combobox', { name: 'Set' }).selectOption('korf50');
    await page.getByRole('spinbutton', { name: 'N' }).fill('2');
    await page.getByRole('spinbutton', { name: 'N' }).press('Tab');
    expect(await page.getByLabel('PDB 6-6-6-6', { exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 600_000 }).toMatch(/^2\/2 solves/);
    const rows = page.locator('table[aria-label="Instances"] tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.locator('td:first-child').allTextContents()).toEqual(['korf-felner #38', 'korf-felner #40']);
    expect(await page.locator('table[aria-label="Instances"] td.wrong').count()).toBe(0);
  }, 900_000);
});

describe('15-puzzle solver bench', () => {
  it("solves the first boards of Korf's 100 with two heuristics, every length as known", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/puzzle15-bench`);
    await page.getByRole('spinbutton', { name: 'N' }).fill('3');
    await page.getByRole('spinbutton', { name: 'N' }).press('Tab');
    await page.getByLabel('PDB 6-6-3').uncheck();
    await page.getByLabel('WD', { exact: true }).check();
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 60_000 }).toMatch(/^6\/6 solves in \d+\.\d s$/);
    expect(await page.locator('table[aria-label="Instances"] tbody tr').count()).toBe(3);
    expect(await page.locator('table[aria-label="Instances"] td.wrong').count()).toBe(0);
    expect(await page.locator('grouped-bars canvas').count()).toBe(2);
  });
});
