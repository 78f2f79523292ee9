// The tic-tac-toe page in Chromium: whole games by clicking and by keyboard, the AI answering in a worker,
// the chart painted, AI vs AI, two people, undo, and links that open a position.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { format, type Position } from '../../src/games/tictactoe/rules';
import { linkedPosition, useBrowser } from './browser';

const browser = useBrowser();

const status = (page: Page) => page.locator('tictactoe-page p.status');
const cell = (page: Page, n: number) => page.locator(`tictactoe-board button[data-cell="${n}"]`);

async function board(page: Page): Promise<string> {
  const cells = await page.locator('tictactoe-board button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!));
  return cells.map((label) => (label.endsWith('empty') ? '.' : label.at(-1))).join('');
}

/** Waits until the AI has answered: a person's turn again, or the end. */
async function waitForTurn(page: Page): Promise<string> {
  await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toMatch(/your turn|won|lost|Draw/);
  return (await status(page).textContent())!;
}

/** Pixels of the chart's canvas that are not blank. */
async function paintedPixels(page: Page): Promise<number> {
  return page.locator('search-chart canvas').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) painted++;
    return painted;
  });
}

describe('tic-tac-toe page', () => {
  it('plays a whole game against the perfect AI by clicking: the AI answers, never loses, and the chart is painted', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe`);
    await expect.poll(() => status(page).textContent()).toBe('X to move: your turn.');
    let text = '';
    for (let turn = 0; turn < 5; turn++) {
      const before = await board(page);
      await cell(page, before.indexOf('.')).click();
      text = await waitForTurn(page);
      if (!/your turn/.test(text)) break;
      const after = await board(page);
      expect(after.split('O').length - 1, 'the AI answered with one O').toBe(turn + 1);
    }
    expect(text).toMatch(/You lost: the AI won\.|Draw\./);
    expect(await page.locator('search-chart p').textContent()).toMatch(/Last move \(move \d, O\): depth \d, [\d,]+ nodes/);
    expect(await paintedPixels(page)).toBeGreaterThan(1000);
    expect(format(linkedPosition<Position>(page, 'tictactoe')).replace(/[^XO.]/g, '')).toBe(await board(page));
  });

  it('plays by keyboard: a digit plays its cell, arrows move, Enter plays the focused cell', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe?mode=two`);
    await page.keyboard.press('5');
    expect(await board(page)).toBe('....X....');
    await cell(page, 4).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    expect(await board(page)).toBe('O...X....');
    expect(await status(page).textContent()).toBe('X to move.');
    expect(await cell(page, 0).getAttribute('aria-label')).toBe('Cell 1, top left: O');
  });

  it('opens a position from a link, lets two people finish it, and takes a move back', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe?mode=two&pos=XX.OO....`);
    expect(await board(page)).toBe('XX.OO....');
    await cell(page, 2).click();
    expect(await status(page).textContent()).toBe('X wins!');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await board(page)).toBe('XX.OO....');
    await cell(page, 5).click();
    expect(await board(page)).toBe('XX.OOX...');
  });

  it('says what is wrong with a link to an impossible position', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe?pos=XXXXXXXXX`);
    expect(await page.getByRole('alert').textContent()).toContain('This link cannot be opened: 9 X and 0 O');
  });

  it('runs a game between two perfect AIs to a draw', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe?mode=bots`);
    await page.getByLabel('Delay between AI moves in milliseconds').fill('0');
    expect(await status(page).textContent()).toBe('X to move: paused, press Step or Run.');
    await page.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => board(page)).toMatch(/^[.X]{9}$/);
    await expect.poll(() => status(page).textContent()).toBe('O to move: paused, press Step or Run.');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toBe('Draw.');
    expect(await page.locator('search-chart').evaluate((chart) => (chart as unknown as { entries: unknown[] }).entries.length)).toBe(9);
  });

  it('lets the person play O: the AI opens', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe`);
    await page.getByLabel('You play').selectOption('1');
    expect(await waitForTurn(page)).toBe('O to move: your turn.');
    expect((await board(page)).replace(/\./g, '')).toBe('X');
  });
});
