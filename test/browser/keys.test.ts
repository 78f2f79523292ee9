// Keys and focus in Chromium: digit keys play after a checkbox was ticked; one key is one move, whatever has the
// focus (the board handles its own keys, the page the rest); the plus-minus board is one Tab stop whose arrows
// move along the line, and a move made by keys leaves the focus on the board, also while the AI answers.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser';

const browser = useBrowser();
const moves = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('moves') ?? '';
const focusOnBoard = (page: Page) => page.locator('matrix-board').evaluate((board) => board.shadowRoot!.activeElement !== null);

describe('keys and focus', () => {
  it('plays a digit key after "Show solution" was ticked', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=two&moves=${'2252576253462244111563365343671'.split('').join(',')}`);
    await page.getByLabel('Show solution').check();
    await page.keyboard.press('4');
    await expect.poll(() => moves(page).split(',').length).toBe(32);
    expect(moves(page).endsWith(',4')).toBe(true);
  });

  it.each([
    ['two people', 'mode=two'],
    ['analysis', 'mode=vs-bot&moves=4,4'],
  ])('plays one stone per digit key with the focus on the board (%s)', async (_, link) => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?${link}`);
    if (link.includes('vs-bot')) await page.getByRole('button', { name: 'Analyse from here' }).click();
    const before = moves(page) ? moves(page).split(',').length : 0;
    // A click on a column plays it and leaves the focus on the board; then a digit.
    await page.locator('connect4-board button[data-column="2"][data-row="0"]').click();
    await expect.poll(() => moves(page).split(',').length).toBe(before + 1);
    await page.keyboard.press('5');
    await expect.poll(() => moves(page).split(',').length).toBe(before + 2);
    expect(moves(page).split(',').slice(-2)).toEqual(['3', '5']);
    // Enter on the board drops in the marked column, once.
    await page.keyboard.press('Enter');
    await expect.poll(() => moves(page).split(',').length).toBe(before + 3);
    expect(moves(page).split(',').length).toBe(before + 3);
  });

  it('makes the plus-minus board one Tab stop, and keeps the focus on it after a move by keys', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/matrix?mode=vs-bot&bot1=greedy`);
    const board = page.locator('matrix-board');
    expect(await board.locator('button.cell[tabindex="0"]').count()).toBe(1);
    expect(await board.locator('button.cell[tabindex="-1"]').count()).toBe(4);
    await board.locator('button.cell[tabindex="0"]').focus();
    await page.keyboard.press('ArrowRight');
    const chosen = await board.locator('button.cell:focus').getAttribute('data-k');
    expect(chosen).toBe('1');
    expect(await board.locator('button.cell[tabindex="0"]').getAttribute('data-k')).toBe('1');
    await page.keyboard.press('Enter');
    // The AI (greedy) answers; the focus stays on the board throughout, then is on a cell of the new line.
    await expect.poll(() => page.locator('matrix-page p.status').textContent(), { timeout: 20_000 }).toBe('Rows to move: your turn.');
    expect(moves(page).split(',')[0]).toBe('1');
    expect(await focusOnBoard(page)).toBe(true);
    await expect.poll(() => board.locator('button.cell:focus').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => moves(page).split(',').length).toBeGreaterThanOrEqual(3);
  });
});
