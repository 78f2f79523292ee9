// Online play in Chromium: two people in two browser contexts (two machines, as far as the pages can tell)
// play a whole Connect 4 game to a win and a tic-tac-toe game to a draw through the server; a page that
// reloads in the middle of a game comes back to its seat with the whole position.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser';

const harness = useBrowser();

/** The first person creates a game; the second opens the invite link. */
async function meet(game: string): Promise<{ first: Page; second: Page; close: () => Promise<void> }> {
  const { page: first, browser, url } = harness;
  await first.goto(`${url}#/${game}`);
  await first.getByLabel('Mode').selectOption('online');
  const invite = first.getByLabel('Invite link');
  await expect.poll(() => invite.inputValue()).toContain('room=');
  const link = await invite.inputValue();
  const context = await browser.newContext();
  const second = await context.newPage();
  await second.goto(link);
  await expect.poll(() => first.getByTestId('online-status').textContent()).toContain('Your turn.');
  await expect.poll(() => second.getByTestId('online-status').textContent()).toContain("The opponent's turn.");
  return { first, second, close: () => context.close() };
}

const status = (page: Page, game: string) => page.locator(`${game}-page p.status`).textContent();

describe('online play', () => {
  it('two people play Connect 4 to a win through the server', async () => {
    const { first, second, close } = await meet('connect4');
    // No solution while the game is on: the other player could not see it.
    expect(await first.getByLabel('Show solution').count()).toBe(0);
    expect(await status(first, 'connect4')).toBe('You play Red. Red to move.');
    // Red (first) plays column 1 four times, yellow column 2: red wins on its fourth stone.
    for (let turn = 0; turn < 7; turn++) {
      const [mover, other] = turn % 2 === 0 ? [first, second] : [second, first];
      await expect.poll(() => mover.getByTestId('online-status').textContent()).toContain('Your turn.');
      // A key pressed on the other page is not its turn: nothing happens there.
      await other.keyboard.press('5');
      await mover.keyboard.press(turn % 2 === 0 ? '1' : '2');
    }
    await expect.poll(() => status(first, 'connect4')).toBe('You won!');
    await expect.poll(() => status(second, 'connect4')).toBe('You lost!');
    expect(new URL(first.url()).hash).toContain('room=');
    // A rematch needs both: then the seats swap and the second person moves first.
    await first.getByRole('button', { name: 'Rematch' }).click();
    await expect.poll(() => second.getByTestId('online-status').textContent()).toContain('The opponent asks for a new game.');
    await second.getByRole('button', { name: 'Rematch' }).click();
    await expect.poll(() => second.getByTestId('online-status').textContent()).toContain('Your turn.');
    await close();
  });

  it('two people play tic-tac-toe to a draw, and a reload keeps the seat and the game', async () => {
    const { first, second, close } = await meet('tictactoe');
    // X: 1 3 4 8 9 (keys 1-9), O: 2 5 6 7 — a draw. X reloads after the fourth move.
    const moves = ['5', '1', '9', '3', '2', '8', '4', '6', '7'];
    for (const [i, key] of moves.entries()) {
      let mover = i % 2 === 0 ? first : second;
      if (i === 4) {
        await first.reload();
        mover = first;
      }
      await expect.poll(() => mover.getByTestId('online-status').textContent()).toContain('Your turn.');
      await mover.keyboard.press(key);
    }
    await expect.poll(() => status(first, 'tictactoe')).toBe('Draw.');
    await expect.poll(() => status(second, 'tictactoe')).toBe('Draw.');
    await close();
  });

  it('two people play Red Ten online: each sees its own hand, plays go to the other', async () => {
    const { first, second, close } = await meet('cards');
    const hand = (page: Page) => page.locator('cards-page button[data-card]');
    await expect.poll(() => hand(first).count()).toBe(27);
    // Nothing shows the other hand during the game; no bot charts; each page says whose side it is, once.
    expect(await first.getByLabel('Show the other hand').count()).toBe(0);
    expect(await first.locator('cards-page search-chart').count()).toBe(0);
    expect(await status(first, 'cards')).toBe('You play A. A to move.');
    expect(await status(second, 'cards')).toBe('You play B. A to move.');
    expect(await first.getByTestId('online-status').textContent()).toBe('Your turn.');
    // The second page shows its own hand face up (not yet to play: no buttons), the leader's face down.
    await expect.poll(() => second.locator('cards-page [aria-label="B\'s hand"] playing-card:not([card="-1"])').count()).toBe(27);
    expect(await second.locator('cards-page [aria-label="A\'s hand"] playing-card').count()).toBe(27);
    await hand(first).first().click();
    await first.locator('cards-page [aria-label="Legal plays with the selected cards"] button').first().click();
    await expect.poll(() => second.getByTestId('online-status').textContent()).toContain('Your turn.');
    await expect.poll(() => second.locator('cards-page [data-testid="table"] playing-card').count()).toBe(1);
    await second.getByRole('button', { name: 'Pass', exact: true }).click();
    await expect.poll(() => first.getByTestId('online-status').textContent()).toContain('Your turn.');
    await expect.poll(() => hand(first).count()).toBe(26);
    await close();
  });
});
