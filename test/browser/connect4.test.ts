// The Connect 4 page in Chromium: a game against the AI by clicking and by keys, the article's messages, a
// full column refused, a link with a position, the solution's column scores.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parse, type Position } from '../../src/games/connect4/rules';
import { TIME_MARGIN_MS } from '../../src/arena/time-control';
import { linkedPosition, useBrowser } from './browser';

const browser = useBrowser();
const status = (page: Page) => page.locator('connect4-page p.status');
const hole = (page: Page, column: number) => page.locator(`connect4-board button[data-column="${column}"][data-row="5"]`);
const position = (page: Page) => linkedPosition<Position>(page, 'connect4');

describe('connect 4 page', () => {
  it("plays a whole game against the classic AI by clicking, with the article's messages", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4`);
    await page.getByLabel('AI level').selectOption({ label: 'Beginner' });
    await expect.poll(() => status(page).textContent()).toBe('Your turn.');
    for (let turn = 0; turn < 21; turn++) {
      const current = position(page);
      const column = [3, 2, 4, 1, 5, 0, 6].find((c) => current.board[c][5] === 0)!;
      await hole(page, column).click();
      await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toMatch(/Your turn\.|You won!|You lost!|The game ended in a tie!/);
      if ((await status(page).textContent()) !== 'Your turn.') break;
    }
    expect(await status(page).textContent()).toMatch(/You won!|You lost!|The game ended in a tie!/);
    const final = position(page);
    expect(final.winner !== null || final.moves.length === 42).toBe(true);
  });

  it('plays on a board of another size, picked or linked, the size kept in the link and across a reload, with its solution', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=two`);
    await page.getByLabel('Board size').selectOption({ label: '6x5' });
    await expect.poll(() => page.locator('connect4-board button.hole').count()).toBe(30);
    expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('size')).toBe('6x5');
    await page.keyboard.press('6');
    await page.keyboard.press('7'); // no seventh column here
    expect(position(page)).toMatchObject({ width: 6, height: 5, moves: '6' });
    // The empty 5x4 board from a link: a draw, the two edge columns lose (minimax over the rules agrees, test/connect4).
    await page.goto(`${url}#/connect4?mode=two&size=5x4`);
    await page.reload();
    await expect.poll(() => page.locator('connect4-board button.hole').count()).toBe(20);
    await page.getByLabel('Show solution').check();
    await expect.poll(() => page.locator('connect4-board .scores > :not(.pending)').count(), { timeout: 20_000 }).toBe(5);
    const labels = await page.locator('connect4-board .scores > *').evaluateAll((spans) => spans.map((s) => s.getAttribute('aria-label')));
    expect(labels).toEqual(
      ['column 1: -1, loss in 10', 'column 2: 0, draw', 'column 3: 0, draw', 'column 4: 0, draw', 'column 5: -1, loss in 10'].map(
        (label) => `${label}; play it`,
      ),
    );
    expect(await page.getByLabel('Board size').inputValue()).toBe('504');
  });

  it('is an analysis board: a score plays its column, the landing cell previewed, the best line played move by move, the solution kept in the link', async () => {
    const { page, url } = browser;
    // Five stones before the end: quick to solve, and its best line is four moves.
    const start = '2252576253462244111563365343671351441';
    await page.goto(`${url}#/connect4?mode=two&pos=${start}&solution=1`);
    await page.reload();
    expect(await page.getByLabel('Show solution').isChecked()).toBe(true);
    const scores = page.locator('connect4-board .scores > button');
    await expect.poll(() => scores.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Hovering a column shows where its stone would land, faintly.
    await page.locator('connect4-board button[data-column="6"][data-row="5"]').hover();
    expect(await page.locator('connect4-board .stone.ghost').count()).toBe(1);
    expect(await page.locator('connect4-board .stone.ghost').evaluate((ghost) => (ghost.parentElement as HTMLElement).dataset.column)).toBe('6');
    // The best line: perfect play to the end; its second move's button plays two moves.
    const moves = page.locator('.best-line button.line-move');
    await expect.poll(() => moves.count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const line = await moves.allTextContents();
    await moves.nth(1).click();
    expect(position(page).moves).toBe(start + line.slice(0, 2).join(''));
    // A score is a button that plays its column; the link keeps the solution on.
    const before = position(page).moves;
    await expect.poll(() => scores.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const label = (await scores.first().getAttribute('aria-label'))!;
    await scores.first().click();
    expect(position(page).moves).toBe(before + /^column (\w)/.exec(label)![1]);
    expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('solution')).toBe('1');
  });

  it('sets up a position by hand: refuses one no game reaches, saying why, and analyses one a game does', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=two&size=5x4`);
    await page.getByRole('button', { name: 'Set up a position' }).click();
    const cell = (column: number, row: number) => page.locator(`connect4-board button[data-column="${column}"][data-row="${row}"]`);
    await cell(2, 1).click(); // red, floating
    await page.getByRole('button', { name: 'Analyse this position' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('the stone in column 3, row 2, has nothing under it');
    await cell(2, 0).click(); // red under it: two reds
    await page.getByRole('button', { name: 'Analyse this position' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('red has 2 stones and yellow 0');
    await cell(2, 1).click(); // yellow on red
    await page.getByRole('button', { name: 'Analyse this position' }).click();
    const analysed = position(page);
    expect(analysed.board[2].slice(0, 2)).toEqual([1, 2]);
    expect(analysed.moves.length).toBe(2);
    expect(await page.getByLabel('Show solution').isChecked()).toBe(true);
    await expect.poll(() => page.locator('connect4-board .scores > :not(.pending)').count(), { timeout: 20_000 }).toBe(5);
  });

  it("refuses a full column with the article's illegal move, and plays by keys", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=two&pos=444444`);
    await page.keyboard.press('4');
    expect(await page.getByRole('alert').textContent()).toBe('Illegal move: column 4 is full.');
    await page.keyboard.press('3');
    expect(position(page).moves).toBe('4444443');
    await page.locator('connect4-board .board').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(position(page).moves.length).toBe(8);
    expect(await status(page).textContent()).toBe('Red to move.');
  });

  it("opens a position from a link and shows each column's score, coloured, with the moves to the end", async () => {
    const { page, url } = browser;
    // Near the end of a game: the solution is quick.
    await page.goto(`${url}#/connect4?mode=two&pos=2252576253462244111563365343671351441`);
    await page.getByLabel('Show solution').check();
    await expect.poll(() => page.locator('connect4-board .scores > :not(.pending)').count(), { timeout: 20_000 }).toBe(7);
    const labels = await page.locator('connect4-board .scores > *').evaluateAll((spans) => spans.map((s) => s.getAttribute('aria-label')));
    const full = parse('2252576253462244111563365343671351441').board.filter((column) => column[5] !== 0).length;
    expect(labels.filter((label) => label!.endsWith(': full')).length).toBe(full);
    expect(labels.some((label) => /: -?\d+, (win in \d+|loss in \d+|draw)(; play it)?$/.test(label!))).toBe(true);
  });

  it('shows all seven scores at once on a 2-stone position the book reaches, and "Analyse from here" turns the solution on', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=two&moves=4,4`);
    await expect.poll(() => position(page).moves).toBe('44');
    await page.getByLabel('Show solution').check();
    await expect.poll(() => page.locator('connect4-board .scores > :not(.pending)').count(), { interval: 50 }).toBe(7);
    // All seven from the book: no search.
    expect(await page.locator('connect4-page').evaluate((el) => (el as unknown as { analysis: { shown?: { nodes: number } } }).analysis.shown?.nodes)).toBe(0);
    // From a vs-AI game: the position opens for two at one board, the solution on.
    await page.goto(`${url}#/connect4?mode=vs-bot&seat=0&bot1=perfect`);
    // Only the hash changed: the key waits until the page has taken the new link (else it plays on '44').
    await expect.poll(() => status(page).textContent()).toBe('Your turn.');
    expect(position(page).moves).toBe('');
    await page.keyboard.press('4');
    await expect.poll(() => position(page).moves.length, { timeout: 20_000 }).toBe(2);
    await page.getByRole('button', { name: 'Analyse from here' }).click();
    expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('mode')).toBe('two');
    await expect.poll(() => page.locator('connect4-board .scores > :not(.pending)').count()).toBe(7);
  });

  it('lets two perfect AIs play from a late position to the end', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/connect4?mode=bots&pos=2252576253462244111563365343671351441`);
    await page.getByLabel('Delay between AI moves in milliseconds').fill('0');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toMatch(/won!|tie!/);
    // 37 stones: yellow is to move, and Test_L3_R1 scores it -1: red wins with its last stone.
    expect(await status(page).textContent()).toBe('Red won!');
  });

  it('offers "Move now" from the start of a perfect search (its estimate, until the solver proves a move), and plays it', async () => {
    const { page, url } = browser;
    // Five stones: past the opening book, the solver takes seconds; its estimate has a move at once.
    await page.goto(`${url}#/connect4?mode=bots&pos=13712`);
    await page.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => status(page).textContent()).toContain('the AI is thinking');
    const moveNow = page.getByRole('button', { name: 'Move now' });
    await expect.poll(() => moveNow.isEnabled()).toBe(true);
    await moveNow.click();
    await expect.poll(() => status(page).textContent()).toContain('paused');
    // Its move is on the board at once: six stones.
    await expect.poll(() => position(page).moves.length).toBe(6);
  });

  it("plays 8x7 against the strongest level: each of its moves within the page's time, an estimate said to be one", async () => {
    const { page, url } = browser;
    // 8x7: the solver proves no early move in hours. The AI moves first.
    await page.goto(`${url}#/connect4?mode=vs-bot&size=8x7&seat=1&bot0=perfect`);
    await expect.poll(() => page.getByLabel('What the solver finishes').textContent()).toMatch(/^On 8x7 the solver's empty board took more than 30 minutes/);
    expect(await page.getByText('The AI has 5 s a move.').count()).toBe(1);
    for (let turn = 0; turn < 3; turn++) {
      await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toBe('Your turn.');
      // Unproven moves are said to be: the estimate's best, at the depth it reached.
      await expect
        .poll(() => page.getByText(/played its best move so far \(estimate to depth \d+\): its search had not finished in the page's 5 s/).count())
        .toBe(1);
      const current = position(page);
      await hole(page, [4, 3, 5, 2].find((c) => current.board[c][6] === 0)!).click();
    }
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toBe('Your turn.');
    // Four answers (its first move and three replies), each within the page's 5 s and the engines' margin.
    const times = await page
      .locator('connect4-page')
      .evaluate((element) => (element as unknown as { session: { searches: { ms: number; done: boolean }[] } }).session.searches.map((search) => search.ms));
    expect(times).toHaveLength(4);
    for (const ms of times) expect(ms).toBeLessThan(5000 + TIME_MARGIN_MS);
    // Show solution: the columns no solve has settled yet show their estimates, and how deep they looked.
    await page.getByLabel('Show solution').check();
    await expect.poll(() => page.locator('connect4-board .scores .estimate').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.locator('connect4-board .scores .estimate').first().getAttribute('aria-label')).toMatch(
      /^column \d: being solved; estimated (to wins|to loses|at -?\d+ points) by a search \d+ plies deep$/,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    // The standard board says nothing of the kind: its book and solver finish.
    await page.goto(`${url}#/connect4?mode=two`);
    expect(await page.getByLabel('What the solver finishes').count()).toBe(0);
  });

  it("plays the learned player's levels on 7x6 and 8x7, and shows the network's evaluation beside the solution", async () => {
    const { page, url } = browser;
    for (const [size, config, level] of [
      ['7x6', 'neural', 'Neural (network alone)'],
      ['8x7', 'neural-search', 'Neural search'],
    ] as const) {
      // The AI moves first; two of its replies follow two of ours (with three stones it cannot have won yet).
      await page.goto(`${url}#/connect4?mode=vs-bot&size=${size}&seat=1&bot0=${config}`);
      await expect.poll(() => page.getByLabel('AI level').evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent)).toBe(level);
      const [width, height] = size.split('x').map(Number);
      for (let turn = 0; turn < 2; turn++) {
        await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toBe('Your turn.');
        const current = position(page);
        expect(current).toMatchObject({ width, height, winner: null });
        expect(current.moves.length).toBe(2 * turn + 1);
        await hole(page, [0, width - 1, 1].find((c) => current.board[c][height - 1] === 0)!).click();
      }
      await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toBe('Your turn.');
      const searches = await page
        .locator('connect4-page')
        .evaluate((element) => (element as unknown as { session: { searches: { config: string }[] } }).session.searches.map((search) => search.config));
      expect(new Set(searches)).toEqual(new Set([config]));
    }
    // The evaluation bar on 8x7, where no solver finishes: a value from -1 to 1 for Red, and the network's column.
    await page.getByLabel('Show solution').check();
    const bar = page.getByRole('meter', { name: 'Network evaluation' });
    await expect.poll(() => bar.count(), { timeout: 30_000 }).toBe(1);
    const value = Number(await bar.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(-1);
    expect(value).toBeLessThanOrEqual(1);
    expect(await page.getByLabel("Network's view").textContent()).toMatch(
      /^Network: [+-]\d\.\d\d for Red \((Red|Yellow|neither side) ahead\), its move [1-8] /,
    );
    // Red's share of the bar is its value mapped from -1..1 to 0..100%.
    const share = await page.locator('.network-bar-red').evaluate((span) => (span as HTMLElement).style.width);
    expect(share).toBe(`${Math.round(((value + 1) / 2) * 100)}%`);
    // The network's speed in this page: its search's evaluations, and how many a second.
    await page.getByRole('button', { name: 'Network speed' }).click();
    await expect
      .poll(() => page.getByLabel('Network speed').textContent(), { timeout: 60_000 })
      .toMatch(/^[\d,]+ positions evaluated in\s+[\d,]+ ms by its search, one at a time: [\d,]+ a second in this page's worker$|no evaluation to time/);
    // Off, the solution's searches stop (a solve of 8x7 may go on for hours).
    await page.getByLabel('Show solution').uncheck();
    expect(await bar.count()).toBe(0);
  });
});
