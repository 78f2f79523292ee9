// The Red Ten page in Chromium: a whole quick deal played through the UI against the random and the inference bots (select a
// card, take a listed legal play, or pass), the plays listed for a selection, a refused pass on a lead, a bad
// link, a short deal's link that shows no hidden card, and the AI that keeps its bot when the person changes seat.

import { describe, expect, it } from 'vitest';
import price from '../../src/games/cards/data/hidden-price.json';
import { accessibilityAudit, useBrowser } from './browser';

const browser = useBrowser();

describe('Red Ten page', () => {
  it.each(['random', 'inference'])('plays a whole 10-card deal against the %s bot through the page, to a win or a loss', async (bot) => {
    const { page, url } = browser;
    await page.goto(`${url}#/cards`);
    await page.getByLabel('Deal').selectOption('10');
    await page.getByLabel('Seed').fill('5');
    await page.getByLabel('Seed').dispatchEvent('change');
    await page.getByLabel('B bot').selectOption(bot);
    const status = page.locator('cards-page p.status');
    await expect.poll(() => status.textContent()).toContain('your turn');
    expect(await page.locator('cards-page [aria-label="A\'s hand"] button[data-card]').count()).toBe(10);
    for (let turn = 0; turn < 400; turn++) {
      const text = (await status.textContent())!;
      if (/You won|You lost/.test(text)) break;
      if (!text.includes('your turn')) {
        await page.waitForTimeout(50);
        continue;
      }
      // The first card some legal play uses, then the first play listed with it; a pass when none.
      const playable = page.locator('cards-page [aria-label="A\'s hand"] button[data-card]:not(.idle)');
      if ((await playable.count()) === 0) {
        await page.getByRole('button', { name: 'Pass', exact: true }).click();
        continue;
      }
      await playable.first().click();
      await page.locator('cards-page [aria-label="Legal plays with the selected cards"] button').first().click();
    }
    await expect.poll(() => status.textContent()).toMatch(/You won! The AI had \d+ cards? left\.|You lost: the AI won, you had \d+ cards? left\./);
    expect(
      await page
        .getByRole('region', { name: 'Moves' })
        .getByRole('button', { name: /^Move \d+: / })
        .count(),
    ).toBeGreaterThan(5);
  });

  it('shows the price of hidden information as measured, per deal size', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/cards`);
    const table = page.getByRole('table', { name: 'The price of hidden information' });
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(price.rows.length);
    for (const [i, row] of price.rows.entries()) {
      const cells = await rows.nth(i).locator('td').allTextContents();
      expect(cells[0]).toBe(String(row.size));
      const strong = row.elo.find((entry) => entry.a === 'strong' && entry.b === 'inference')!;
      expect(cells[1]).toContain(strong.elo.toFixed(1));
      const honest = row.accuracy.find((entry) => entry.bot === 'honest')!;
      expect(cells[5]).toBe(`${(honest.share * 100).toFixed(1)}% of ${honest.won}`);
    }
  });

  it('keeps the newest play in sight in the move list, its numbers whole, and the table text readable (4.5:1)', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/cards?mode=bots&bot0=random&bot1=random`);
    await page.getByLabel('Deal').selectOption(String(17));
    // A new deal draws a new seed: the seed typed after it makes the game the same in every run.
    await page.getByLabel('Seed').fill('7');
    await page.getByLabel('Seed').dispatchEvent('change');
    await page.getByLabel('Delay between AI moves in milliseconds').fill('0');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.getByLabel('Game over').count(), { timeout: 30_000 }).toBe(1);
    const list = page.locator('cards-page .move-rows');
    const moves = list.locator('button.move');
    expect(await moves.count()).toBeGreaterThan(24);
    // The last move is within the list's visible box; row numbers of two digits are not cut.
    const [box, last] = [await list.boundingBox(), await moves.last().boundingBox()];
    expect(last!.y).toBeGreaterThanOrEqual(box!.y - 1);
    expect(last!.y + last!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
    const numbers = await list
      .locator('.move-number')
      .evaluateAll((spans) => spans.map((span) => [span.textContent, span.scrollWidth <= span.clientWidth + 1]));
    expect(numbers.find(([text]) => text === '12.')).toEqual(['12.', true]);
    // A short deal puts cards out of play: the line saying so on the green table.
    expect(await accessibilityAudit(page, ['app-shell', 'cards-page', '.table .hint'])).toEqual([]);
  });

  it('lists the legal plays that use the selected cards and refuses to pass on a lead', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/cards?pos=${encodeURIComponent('3h 4s 5d 5c 9h | 6h 7s | A')}`);
    expect(await page.getByRole('button', { name: 'Pass', exact: true }).isDisabled()).toBe(true);
    // 3h 4s 5d 5c 9h: the card 5d (third from the left) is in the single 5, the pair, and 3 4 5.
    await page.locator('cards-page button[data-card]').nth(2).click();
    const listed = await page.locator('cards-page [aria-label="Legal plays with the selected cards"] button').allTextContents();
    expect(listed).toEqual(['5', '5 5', '3 4 5']);
    expect(await page.getByRole('button', { name: 'Play 5', exact: true }).isEnabled()).toBe(true);
    await page.locator('cards-page button[data-card]').nth(4).click();
    expect(await page.getByText('No legal play uses these cards').count()).toBe(1);
  });

  it('keeps a short deal by its seed: the link holds no card the person cannot see, and opens the same deal', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/cards?mode=vs-bot&seat=0&bot1=random`);
    await page.getByLabel('Deal').selectOption('17');
    const hand = (p: typeof page) =>
      p.locator('cards-page [aria-label="A\'s hand"] playing-card').evaluateAll((cards) => cards.map((c) => (c as HTMLElement & { card?: number }).card));
    await expect.poll(async () => (await hand(page)).length).toBe(17);
    const link = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
    expect(link.get('size')).toBe('17');
    expect(link.has('start')).toBe(false);
    expect(page.url()).not.toMatch(/[2-9JQKA]0?[hdsc]|BJ|RJ/);
    const other = await browser.browser.newPage();
    try {
      await other.goto(page.url());
      await expect.poll(() => hand(other)).toEqual(await hand(page));
      expect(await other.locator('cards-page [aria-label="B\'s hand"] playing-card').count()).toBe(17);
    } finally {
      await other.close();
    }
  });

  it('keeps the AI’s bot and its parameters when the person takes the other seat (a rematch does)', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/cards?mode=vs-bot&seat=0&bot1=${encodeURIComponent('honest:samples=20')}`);
    expect(await page.getByLabel('B bot', { exact: true }).inputValue()).toBe('honest');
    await page.getByLabel('You play').selectOption('1');
    expect(await page.getByLabel('A bot', { exact: true }).inputValue()).toBe('honest');
    const link = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
    expect(link.get('bot0')).toBe('honest:samples=20');
    expect(await page.getByText('does not look at the other hand').count()).toBe(1);
  });

  it('refuses a link with a card in both hands, saying which', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/cards?pos=${encodeURIComponent('3h 4s | 4s 5d | A')}`);
    expect(await page.getByRole('alert').textContent()).toContain("4s is in A's hand and in B's hand");
  });
});
