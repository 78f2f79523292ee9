// The My bots page in Chromium: a bot written by real key presses in the editor, its syntax error marked and
// named by line, saved (every version kept, after a reload too), tested on a position (its move checked against
// the rules), played on its game's page and in the arena against our bots, exported, and the exported file run
// by the CLI; a bot that loops is ended on time while the page stays responsive; an exception names its line, in a
// test and in a game; an answer that is no move is named as the bot returned it; the game's reference; edits not
// saved are asked about before they go and kept across the app's pages; another tab's bot is offered at once.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { legalMoves, parse, play, type Position, seatToMove, start } from '../../src/games/matrix/rules';
import { runCli } from '../helpers/cli';
import { linkedPosition, useBrowser } from './browser';

const browser = useBrowser();

// Typed on one line: the editor closes brackets and quotes as they open, and types over them as they close.
const BROKEN = "export default { name: 'typed', choose(position, { legalMoves }) { return legalMoves()[0] +; } };";
// The plus-minus greedy rule: the move that takes the most points now.
const GREEDY =
  "export default { name: 'typed', choose(position, { legalMoves, play, seatToMove }) { const me = seatToMove(); return legalMoves().reduce((a, m) => (play(position, m).points[me] > play(position, a).points[me] ? m : a)); } };";

async function typeCode(page: Page, code: string): Promise<void> {
  const editor = page.getByLabel('Bot code');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(code);
  // An autocompletion list the last word opened would take the next Enter: close it.
  await page.keyboard.press('Escape');
}

const status = (page: Page) => page.locator('my-bots-page p[role="status"]');
const result = (page: Page) => page.getByLabel('Test result');

describe('my bots', () => {
  it('writes a bot by typing, keeps its versions, tests it, and plays it in the game page, the arena and the CLI', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('matrix');
    await page.getByRole('button', { name: 'New bot' }).click();
    await typeCode(page, BROKEN);
    // The syntax error is marked as one types, and saving names its line.
    await expect.poll(() => page.locator('code-editor .cm-lintRange-error').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Saved as version 1, but it does not load \(line 1: SyntaxError/);

    await typeCode(page, GREEDY);
    expect(await page.getByLabel('Bot code').textContent()).toBe(GREEDY);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page).textContent()).toBe('Saved as version 2: typed plays on the Plus-minus page and in the arena as "typed".');

    // Its move on the start position takes the most points there, as the rules count them.
    await page.getByRole('button', { name: 'Test on this position' }).click();
    // Shown as the page numbers the line's cells (from 1), and as the bot returned it.
    await expect.poll(() => result(page).textContent()).toMatch(/Move \d+ \(\d+ in the notation\) in \d+ ms/);
    const start = parse(await page.getByLabel('Position').inputValue());
    const [, shown, given] = /Move (\d+) \((\d+) in the notation\)/.exec((await result(page).textContent())!)!;
    const move = Number(given);
    expect(Number(shown)).toBe(move + 1);
    const gain = (m: number) => play(start, m).points[seatToMove(start)];
    expect(gain(move)).toBe(Math.max(...legalMoves(start).map(gain)));

    // Both versions are kept, after a reload too.
    await page.reload();
    await page.getByRole('button', { name: /^typed \(Plus-minus, 2 versions\)/ }).click();
    expect(await page.getByLabel('Version').locator('option').count()).toBe(2);
    expect(await page.getByLabel('Bot code').textContent()).toBe(GREEDY);

    // On the game page it is an opponent like ours: a whole game against the greedy bot.
    await page.goto(`${url}#/matrix?mode=bots&seed=8`);
    await page.getByLabel('Rows bot').selectOption('typed');
    await page.getByLabel('Delay between AI moves in milliseconds').fill('0');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.locator('matrix-page p.status').textContent(), { timeout: 30_000 }).toMatch(/win|Draw/);
    expect(await page.locator('matrix-page p.error').count()).toBe(0);

    // In the arena: a tournament with ours, no forfeit.
    await page.goto(`${url}#/arena?game=matrix`);
    await page.getByLabel('Starts').fill('3');
    await page.getByLabel('Starts').press('Tab');
    await page.getByLabel('Bot 1', { exact: true }).selectOption('typed');
    await page.getByRole('button', { name: 'Remove bot 3' }).click();
    await page.getByRole('button', { name: 'Run tournament' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 60_000 }).toMatch(/6\/6 games, done/);
    const forfeits = await page.locator('table[aria-label="Ratings"] tbody tr td:nth-child(7)').allTextContents();
    expect(forfeits).toEqual(['0', '0']);

    // Exported, the same file plays in the CLI.
    await page.goto(`${url}#/my-bots`);
    await page.getByRole('button', { name: /^typed \(Plus-minus/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export .mjs' }).click()]);
    expect(download.suggestedFilename()).toBe('typed.mjs');
    const path = `${await download.path()}.mjs`;
    await download.saveAs(path);
    const cli = await runCli(['matrix', 'tournament', '--engine', `typed=${path}`, '--bots', 'typed,greedy', '--games', '4', '--json']);
    expect(cli.stderr).toBe('');
    const report = JSON.parse(cli.stdout);
    expect(report.played).toBe(8);
    expect(report.totals.map((total: { forfeits: number }) => total.forfeits)).toEqual([0, 0]);
  }, 180_000);

  it('ends a bot that loops, keeps the page responsive, and names the line of an exception', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('connect4');
    const loops = "export default {\n  name: 'loops',\n  choose() {\n    for (;;) {}\n  },\n};\n";
    await page.locator('my-bots-page input[type="file"]').setInputFiles({ name: 'loops.mjs', mimeType: 'text/javascript', buffer: Buffer.from(loops) });
    await expect.poll(() => status(page).textContent()).toContain('loops.mjs is in the editor');
    await page.getByLabel('Time (ms)').fill('200');
    await page.getByLabel('Time (ms)').press('Tab');
    await page.getByRole('button', { name: 'Test on this position' }).click();
    // While it loops in its worker, the page answers.
    await page.getByLabel('Position').fill('4453');
    expect(await page.getByLabel('Position').inputValue()).toBe('4453');
    await expect.poll(() => result(page).textContent(), { timeout: 10_000 }).toBe('time: no move within 700 ms');

    const throws = "export default {\n  name: 'throws',\n  choose(position, { notation }) {\n    return notation.missing.length;\n  },\n};\n";
    await page.locator('my-bots-page input[type="file"]').setInputFiles({ name: 'throws.mjs', mimeType: 'text/javascript', buffer: Buffer.from(throws) });
    await page.getByRole('button', { name: 'Test on this position' }).click();
    await expect.poll(() => result(page).textContent()).toMatch(/^crash: line 4: TypeError: Cannot read properties of undefined/);
    // The editor marks line 4.
    await expect.poll(() => page.locator('code-editor .cm-lintRange-error').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.locator('code-editor .cm-lintRange-error').first().textContent()).toBe('    return notation.missing.length;');
  }, 60_000);

  it("draws a bot's info reports on the search chart, and a move the rules refuse is its forfeit", async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('matrix');
    const example = readFileSync('examples/engines/plus-minus-lookahead.mjs');
    await page.locator('my-bots-page input[type="file"]').setInputFiles({ name: 'lookahead.mjs', mimeType: 'text/javascript', buffer: example });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Saved as version 1: lookahead plays/);

    // Rows is the example (depth 3, reporting each depth); its first move's bar counts the nodes it searched.
    await page.goto(`${url}#/matrix?mode=bots&seed=3`);
    await page.getByLabel('Rows bot').selectOption({ label: 'lookahead (mine)' });
    await page.getByRole('button', { name: 'Step' }).click();
    const entries = () =>
      page
        .locator('matrix-page search-chart')
        .first()
        .evaluate((chart) => (chart as unknown as { entries: { depth: number; nodes: number; live: boolean }[] }).entries);
    await expect.poll(async () => (await entries()).filter((entry) => !entry.live).length, { timeout: 10_000 }).toBe(1);
    // Its nodes, counted by walking the rules' tree: one a position visited below each move, depths 1, 2 and 3.
    const visited = (at: Position, depth: number): number =>
      1 + (depth === 0 ? 0 : legalMoves(at).reduce((sum, move) => sum + visited(play(at, move), depth - 1), 0));
    const played = linkedPosition<Position>(page, 'matrix');
    expect(played.moves.length).toBe(1);
    const begin = start(played.size, played.values, played.startRow);
    const nodes = [1, 2, 3].reduce((sum, depth) => sum + legalMoves(begin).reduce((inner, move) => inner + visited(play(begin, move), depth - 1), 0), 0);
    expect((await entries())[0]).toMatchObject({ depth: 3, nodes, live: false });

    // A bot that answers a taken cell forfeits, named, and the page goes on.
    const taken =
      'export default { name: "taken", choose(position, { legalMoves, log }) { const legal = legalMoves(); log(legal.length + " free"); for (let c = 0; c < position.size; c++) if (!legal.includes(c)) return c; return legal[0]; } };';
    await page.goto(`${url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('matrix');
    await page.locator('my-bots-page input[type="file"]').setInputFiles({ name: 'taken.mjs', mimeType: 'text/javascript', buffer: Buffer.from(taken) });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Saved as version 1: taken plays/);
    await page.goto(`${url}#/matrix?mode=bots&seed=4`);
    await page.getByLabel('Columns bot').selectOption({ label: 'taken (mine)' });
    await page.getByLabel('Delay between AI moves in milliseconds').fill('0');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect
      .poll(() => page.locator('matrix-page p.error').textContent(), { timeout: 10_000 })
      .toMatch(/taken forfeits \(illegal-move\): choose returned \d+ \(.+\); legalMoves\(\) here: \[[\d,]+\]/);

    // In the arena it forfeits every game; a game's replay says how it ended and shows what the bot logged.
    await page.goto(`${url}#/arena?game=matrix`);
    await page.getByLabel('Starts').fill('1');
    await page.getByLabel('Starts').press('Tab');
    await page.getByLabel('Bot 1', { exact: true }).selectOption('taken');
    await page.getByRole('button', { name: 'Remove bot 3' }).click();
    await page.getByRole('button', { name: 'Run tournament' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 }).toMatch(/2\/2 games, done/);
    expect(await page.locator('table[aria-label="Ratings"] tbody tr td:nth-child(7)').allTextContents()).toEqual(['0', '2']);
    await page.getByText('Games (2)').click();
    await page.getByRole('link', { name: 'Replay' }).first().click();
    await page.getByRole('button', { name: 'Last position' }).click();
    const note = await page.locator('matrix-page p[role="note"]').textContent();
    expect(note).toMatch(
      /^taken forfeits \(illegal-move\): choose returned \d+ \(.* is used already\); legalMoves\(\) here: \[[\d,]+\]\. \S+ \((rows|columns)\) wins by forfeit\.$/,
    );
    await page.getByText(/^What taken \((rows|columns)\) wrote during the game$/).click();
    expect(await page.locator('matrix-page .engine-log pre').textContent()).toMatch(/^(\d+ free\n)+$/);
    // Opened afresh from its link (the page reads the person's bots from its store meanwhile): the bots that played
    // are the page's, to play on from any move, the person's own among them.
    await page.reload();
    await expect.poll(() => page.getByText(/^The start: /).count()).toBe(1);
    const chosen = () =>
      page.locator('matrix-page select').evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''));
    await expect.poll(async () => (await chosen()).includes('taken (mine)')).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
  }, 60_000);

  it('runs a bot written in TypeScript, names the line of its syntax error, and exports it as a module the CLI runs', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('tictactoe');
    // Takes the lowest free cell: typed parameters, an interface, a generic, `as`.
    const typed = [
      'interface Tools { legalMoves(): number[]; log(...values: unknown[]): void }',
      'const lowest = <T extends number>(moves: readonly T[]): T => moves.reduce((a, b) => (b < a ? b : a));',
      'export default {',
      "  name: 'lowest' as string,",
      '  choose(_position: unknown, { legalMoves, log }: Tools): number {',
      '    const moves: number[] = legalMoves();',
      "    log(moves.length + ' free');",
      '    return lowest(moves);',
      '  },',
      '};',
      '',
    ].join('\n');
    const file = (name: string, code: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(code) });
    await page
      .locator('my-bots-page input[type="file"]')
      .setInputFiles(file('lowest.ts', typed.replace('const moves: number[] =', 'const moves: number[] = =')));
    expect(await page.getByLabel('Language').inputValue()).toBe('typescript');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Saved as version 1, but it does not load \(line 6: SyntaxError: Unexpected token/);
    await expect.poll(() => page.locator('code-editor .cm-lintRange-error').count(), { timeout: 30_000 }).toBeGreaterThan(0);

    await page.locator('my-bots-page input[type="file"]').setInputFiles(file('lowest.ts', typed));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status(page).textContent()).toMatch(/^Saved as version 1: lowest plays on the Tic-tac-toe page/);
    await page.getByLabel('Position').fill('X...O....');
    await page.getByLabel('Position').press('Tab');
    await page.getByRole('button', { name: 'Test on this position' }).click();
    await expect.poll(async () => (await result(page).textContent())?.replace(/\s+/g, ' ').trim()).toMatch(/^Move 2 \(1 in the notation\) in \d+ ms 7 free$/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export .mjs' }).click()]);
    // The broken first save took the id lowest: this is a second bot.
    expect(download.suggestedFilename()).toBe('lowest-2.mjs');
    const path = `${await download.path()}.mjs`;
    await download.saveAs(path);
    const cli = await runCli(['tictactoe', 'tournament', '--engine', `lowest=${path}`, '--bots', 'lowest,random', '--games', '3', '--json']);
    expect(cli.stderr).toBe('');
    expect(JSON.parse(cli.stdout).totals.map((total: { forfeits: number }) => total.forfeits)).toEqual([0, 0]);
  }, 60_000);

  it('names what a bot returned when it is no move, shows the game’s reference, and asks before dropping edits', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/my-bots`);
    await page.getByLabel('Game', { exact: true }).selectOption('connect4');
    await page.getByRole('button', { name: 'New bot' }).click();
    // What a position and a move are, for this game.
    await page.getByText('What a Connect 4 bot gets: the position, a move, the tools').click();
    const reference = (await page.getByLabel("The bot's types").textContent())!;
    expect(reference).toContain('board[column][row], column 0 left, row 0 at the bottom');
    expect(reference).toContain('type Move = number;');
    expect(reference).toContain('legalMoves(p?: Position): Move[];');
    for (const [returned, named] of [
      ['9', 'choose returned 9 (column a (the 10th) does not exist: columns are 1 to 7); legalMoves() here: [0,1,2,3,4,5,6]'],
      ['undefined', 'choose returned undefined (not a move of this game); legalMoves() here: [0,1,2,3,4,5,6]'],
    ]) {
      await typeCode(page, `export default { name: 'off', choose() { return ${returned}; } };`);
      await page.getByRole('button', { name: 'Test on this position' }).click();
      await expect.poll(() => result(page).textContent()).toBe(`illegal-move: ${named}`);
    }
    // Edits not saved: another bot, or a new one, asks first; no keeps them.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'New bot' }).click();
    expect(asked).toEqual(['The editor has changes that are not saved. Discard them?']);
    expect(await page.getByLabel('Bot code').textContent()).toContain('return undefined;');
    // Another page of the app and back: the edits are there.
    await page.goto(`${url}#/connect4`);
    await page.goto(`${url}#/my-bots`);
    await expect.poll(() => page.getByLabel('Bot code').textContent()).toContain('return undefined;');
    expect(await status(page).textContent()).toBe('Your edits, not saved yet, are back in the editor.');
    // Leaving the page (a reload) asks too.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
  }, 60_000);

  it('marks the line of an exception a bot met in a game, and a bot saved in another tab is offered at once', async () => {
    const { url } = browser;
    // Two tabs of one browser profile.
    const context = await browser.browser.newContext();
    const page = await context.newPage();
    const arena = await context.newPage();
    try {
      await arena.goto(`${url}#/arena?game=connect4`);
      await page.goto(`${url}#/my-bots`);
      await page.getByLabel('Game', { exact: true }).selectOption('connect4');
      const breaks = "export default {\n  name: 'breaks',\n  choose(position) {\n    return position.nothing.here;\n  },\n};\n";
      await page.locator('my-bots-page input[type="file"]').setInputFiles({ name: 'breaks.mjs', mimeType: 'text/javascript', buffer: Buffer.from(breaks) });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => status(page).textContent()).toMatch(/^Saved as version 1: breaks plays/);
      // The arena open in the other tab lists it, without a reload.
      await expect.poll(() => arena.getByLabel('Bot 1', { exact: true }).locator('option', { hasText: 'breaks (mine)' }).count()).toBe(1);
      await arena.close();
      // It plays Yellow on the Connect 4 page and throws at its first move.
      await page.goto(`${url}#/connect4?mode=vs-bot&seat=0&bot1=breaks`);
      await page.keyboard.press('4');
      await expect.poll(() => page.locator('connect4-page p.error').textContent(), { timeout: 10_000 }).toMatch(/breaks forfeits \(crash\): line 4: TypeError/);
      await page.goto(`${url}#/my-bots`);
      await page.getByRole('button', { name: /^breaks \(Connect 4/ }).click();
      await expect.poll(() => page.getByLabel('Last failure in a game').textContent()).toMatch(/^In a game \(Connect 4, in 4, .+\): line 4: TypeError/);
      await expect
        .poll(() => page.locator('code-editor .cm-lintRange-error').first().textContent(), { timeout: 10_000 })
        .toBe('    return position.nothing.here;');
    } finally {
      await context.close();
    }
  }, 60_000);
});
