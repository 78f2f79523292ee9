// A game kept whole by its page, in Chromium: leaving while the AI thinks and coming back (Back, reload) keeps the
// sides, the bots, the seed and every move; New game draws a new seed that the link replays; the move list steps
// back through the game; the record is saved as text and loaded back; a finished game ends with a banner, and a
// game opened already over is nobody's loss.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseGameRecord } from '../../src/contracts/game-record';
import { format, type Position } from '../../src/games/tictactoe/rules';
import type { Position as MatrixPosition } from '../../src/games/matrix/rules';
import { linkedPosition, useBrowser } from './browser';

const browser = useBrowser();
const params = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
const tictactoeStatus = (page: Page) => page.locator('tictactoe-page p.status');
const marks = (page: Page) =>
  page.locator('tictactoe-board button').evaluateAll((cells) => cells.filter((c) => !c.getAttribute('aria-label')!.endsWith('empty')).length);

describe('a game kept whole', () => {
  it('survives leaving the page while the AI thinks, Back and a reload: the same sides, bots, seed and moves', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/matrix`);
    await page.getByLabel('Size').selectOption('12');
    await page.getByLabel('Columns bot', { exact: true }).selectOption('exact');
    const first = page.locator('matrix-board button.cell').first();
    await first.click();
    await expect.poll(() => page.locator('matrix-page p.status').textContent()).toContain('the AI is thinking');
    const during = params(page);
    expect(during.get('mode')).toBe('vs-bot');
    expect(during.get('seat')).toBe('0');
    expect(during.get('moves')?.split(',').length).toBe(1);
    await page.locator('nav a', { hasText: 'Connect 4' }).click();
    await expect.poll(() => page.locator('connect4-page').count()).toBe(1);
    await page.goBack();
    await expect.poll(() => page.locator('matrix-page').count()).toBe(1);
    // Rows is still the person's, the AI (Columns) thinks again on the same position, then answers.
    expect(await page.getByLabel('You play').inputValue()).toBe('0');
    expect(params(page).toString()).toBe(during.toString());
    await expect.poll(() => page.locator('matrix-page p.status').textContent(), { timeout: 30_000 }).toBe('Rows to move: your turn.');
    const answered = params(page);
    expect(answered.get('moves')?.split(',').length).toBe(2);
    await page.reload();
    await expect.poll(() => page.locator('matrix-page p.status').textContent()).toBe('Rows to move: your turn.');
    expect(params(page).toString()).toBe(answered.toString());
    expect(linkedPosition<MatrixPosition>(page, 'matrix').size).toBe(12);
  });

  it('draws a new seed for every new game, and a link replays its game', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/matrix?mode=bots`);
    const seeds = new Set<string>();
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'New game' }).first().click();
      const seed = params(page).get('seed')!;
      expect(await page.getByLabel('Seed').inputValue()).toBe(seed);
      seeds.add(seed);
    }
    expect(seeds.size).toBe(3);
    const link = page.url();
    const start = params(page).get('start');
    const other = await browser.browser.newPage();
    await other.goto(link);
    await expect.poll(() => params(other).get('start')).toBe(start);
    await other.close();
  });

  it('lists the moves, steps back through them, and keeps Undo after a link', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe?mode=two`);
    for (const key of ['5', '1', '9']) await page.keyboard.press(key);
    const list = page.getByRole('region', { name: 'Moves' });
    expect(await list.getByRole('button', { name: /^Move \d: / }).count()).toBe(3);
    // The list numbers the cells as the board and the keys do (the link keeps the notation's 0-8).
    await list.getByRole('button', { name: 'Move 1: X 5' }).click();
    expect(await marks(page)).toBe(1);
    expect(await tictactoeStatus(page).textContent()).toBe('Looking at the position after move 1 of 3: O to move there.');
    // Looking back, a key does not play.
    await page.keyboard.press('2');
    expect(params(page).get('moves')).toBe('4,0,8');
    await page.getByRole('button', { name: 'Back to the game' }).click();
    expect(await marks(page)).toBe(3);
    // The link alone gives the same game, and Undo takes its last move back.
    const other = await browser.browser.newPage();
    await other.goto(page.url());
    await expect.poll(() => marks(other)).toBe(3);
    await other.getByRole('button', { name: 'Undo' }).click();
    expect(await marks(other)).toBe(2);
    expect(params(other).get('moves')).toBe('4,0');
    await other.close();
    // Play on from move 1: the later moves are taken back.
    await list.getByRole('button', { name: 'Move 1: X 5' }).click();
    await page.getByRole('button', { name: 'Play on from here' }).click();
    expect(params(page).get('moves')).toBe('4');
  });

  it('saves the record as text and loads it back, and refuses a record that is not one with the line', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/tictactoe?mode=two&moves=4,0,8,2`);
    await expect.poll(() => marks(page)).toBe(4);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save record' }).first().click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('Game: tictactoe\nMode: two\n');
    // The moves as the board numbers them.
    expect(text).toContain('Notation: board\nMoves:\n1. 5\n2. 1\n3. 9\n4. 3\n');
    expect(parseGameRecord(text).params.get('moves')).toBe('5,1,9,3');
    await page.goto(`${url}#/tictactoe?mode=two`);
    await page.getByRole('button', { name: 'New game' }).first().click();
    await page.getByLabel('Load record').setInputFiles({ name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect.poll(() => marks(page)).toBe(4);
    expect(params(page).get('moves')).toBe('4,0,8,2');
    const bad = text.replace('3. 9', '3. 5');
    await page.getByLabel('Load record').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: /^bad\.txt cannot be loaded: move 3 \(5\) is not a legal move there: 2, 3, 4, 6, 7, 8, 9$/ })
          .count(),
      )
      .toBe(1);
    expect(await marks(page)).toBe(4);
    // A record in the notation (no Notation line: links' moves, as records were first written) loads as it says.
    const old = text.replace('Notation: board\n', '').replace('1. 5\n2. 1\n3. 9\n4. 3', '1. 4\n2. 0\n3. 8\n4. 2');
    await page.getByRole('button', { name: 'New game' }).first().click();
    await page.getByLabel('Load record').setInputFiles({ name: 'old.txt', mimeType: 'text/plain', buffer: Buffer.from(old) });
    await expect.poll(() => params(page).get('moves')).toBe('4,0,8,2');
  });

  it('ends a game with a banner (the result, the moves, a rematch with the sides swapped), and a finished link is nobody’s loss', async () => {
    const { page, url } = browser;
    // X (the person) plays 4, 0, 1 against the perfect AI: the AI wins.
    await page.goto(`${url}#/tictactoe`);
    for (const cell of [4, 0, 1, 2, 3, 5, 6, 7, 8]) {
      await expect.poll(() => tictactoeStatus(page).textContent(), { timeout: 20_000 }).toMatch(/your turn|won|lost|Draw/);
      if (!/your turn/.test((await tictactoeStatus(page).textContent())!)) break;
      const free = await page.locator(`tictactoe-board button[data-cell="${cell}"]`).getAttribute('aria-label');
      if (free?.endsWith('empty')) await page.keyboard.press(String(cell + 1));
    }
    const banner = page.getByLabel('Game over');
    await expect.poll(() => banner.count()).toBe(1);
    // Moves as the list numbers them: X's and O's turns make one.
    const moves = Math.ceil(params(page).get('moves')!.split(',').length / 2);
    expect(await page.locator('tictactoe-page .move-number').last().textContent()).toBe(`${moves}.`);
    expect(await banner.locator('strong').textContent()).toMatch(new RegExp(`^(You lost: the AI won|Draw) in ${moves} moves\\.$`));
    // The same game opened again from its link (which says the person's side) reads as it did.
    const finished = page.url();
    const said = await banner.locator('strong').textContent();
    await page.goto(`${url}#/connect4`);
    await page.goto(finished);
    await expect.poll(() => page.getByLabel('Game over').locator('strong').textContent()).toBe(said);
    await banner.getByRole('button', { name: 'Rematch (sides swapped)' }).click();
    expect(params(page).get('seat')).toBe('1');
    await expect.poll(() => marks(page), { timeout: 20_000 }).toBe(1);

    await page.goto(`${url}#/tictactoe?pos=XXXOO....`);
    await expect.poll(() => tictactoeStatus(page).textContent()).toBe('X wins!');
    expect(format(linkedPosition<Position>(page, 'tictactoe'))).toContain('XXX');
  });

  it('reviews a finished game: every move against perfect play, the mistake marked, the values drawn', async () => {
    const { page, url } = browser;
    // X corner, O the edge beside it (a lost position for O: the brute force says so), then X wins by a double threat.
    await page.goto(`${url}#/tictactoe?mode=two&moves=0,1,4,8,6,3,2`);
    await expect.poll(() => tictactoeStatus(page).textContent()).toBe('X wins!');
    await page.getByLabel('Game over').getByRole('button', { name: 'Review the game' }).click();
    const list = page.getByRole('region', { name: 'Moves' });
    await expect.poll(() => list.getByRole('button', { name: /, mistake$/ }).count(), { timeout: 20_000 }).toBe(1);
    expect(await list.getByRole('button', { name: /, mistake$/ }).getAttribute('aria-label')).toBe('Move 2: O 2, mistake');
    expect(await list.getByRole('button', { name: /, (best|inaccuracy|blunder)$/ }).count()).toBe(6);
    expect(await list.getByRole('button', { name: /, best$/ }).count()).toBe(6);
    expect(await page.locator('eval-chart canvas').getAttribute('aria-label')).toBe(
      'The value (result: 1 a win, 0 a draw, -1 a loss) after each move for X: 0 0, 1 0, 2 1, 3 1, 4 1, 5 1, 6 1, 7 1',
    );
    const counts = await page.getByRole('table', { name: 'Moves by what they gave away' }).locator('tbody tr').allTextContents();
    expect(counts).toEqual(['X4000', 'O2010']);
  });
});
