// A game of rules alone in the built app: the app is built (Vite, as `npm run build` builds it) with "last
// stone" in the game registry, and driven in Chromium. The game gets the generic page (its position, its moves
// as buttons, the bots, the move list, the chart) and the rest of the app stays whole: the home page lists it, the
// arena runs it.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, mergeConfig, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import appConfig from '../../vite.config';
import { startServer } from '../../src/server/server';
import { type Served, useBrowser } from './browser';

const REGISTRY = resolve('src/games/index.ts');
const WITH_LASTSTONE = resolve('test/fixtures/games-with-laststone.ts');

/** Every import of the game registry, but the fixture's own, goes to the registry with last stone. */
function withLastStone(): Plugin {
  return {
    name: 'registry-with-laststone',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === WITH_LASTSTONE) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === REGISTRY ? WITH_LASTSTONE : null;
    },
  };
}

async function buildAndServe(): Promise<Served> {
  const outDir = mkdtempSync(join(tmpdir(), 'app-with-laststone-'));
  await build(
    mergeConfig(appConfig, {
      configFile: false,
      logLevel: 'warn',
      plugins: [withLastStone()],
      worker: { plugins: () => [withLastStone()] },
      build: { outDir, emptyOutDir: true },
    }),
  );
  const started = await startServer({ root: outDir, port: 0, host: '127.0.0.1' });
  return { url: started.url, stop: () => new Promise<void>((done) => started.server.close(() => done())) };
}

const browser = useBrowser(buildAndServe);

describe('a game of rules alone in the built app', () => {
  it('is played on the generic page: its moves as buttons, the AI answering, the move list and the chart', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/laststone`);
    await expect.poll(() => page.locator('laststone-page h1').textContent()).toBe('Last stone');
    const position = page.getByLabel("The position in the game's notation");
    expect(await position.textContent()).toBe('3 3 3 0');
    const moves = page.getByRole('group', { name: 'Legal moves' }).getByRole('button');
    expect(await moves.allTextContents()).toEqual(['0:1', '0:2', '0:3', '1:1', '1:2', '1:3', '2:1', '2:2', '2:3']);
    await moves.filter({ hasText: '0:3' }).click();
    // The AI (Monte Carlo search, the strongest level) answers; the person is to move again.
    await expect.poll(() => page.locator('laststone-page p.status').textContent(), { timeout: 20_000 }).toBe('first to move: your turn.');
    expect(await page.locator('laststone-page .move-row').first().textContent()).toMatch(/^1\.0:3\d:\d$/);
    expect(await page.locator('laststone-page search-chart p').textContent()).toMatch(/Last move \(move 2, second\)/);
    expect(new URL(page.url()).hash).toMatch(/^#\/laststone\?mode=vs-bot&seed=\d+&start=3\+3\+3\+0&moves=0%3A3%2C\d%3A\d&seat=0&bot1=mcts$/);
  });

  it('plays two AIs to the end, with the banner, and keeps the rest of the app whole', async () => {
    const { page, url } = browser;
    await page.goto(`${url}#/laststone?mode=bots&bot0=mcts:playouts=200&bot1=random&seed=3`);
    await page.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => page.getByLabel('Game over').locator('strong').textContent(), { timeout: 30_000 }).toMatch(/^(first|second) wins in \d+ moves?\.$/);
    await page.goto(`${url}#/`);
    expect(await page.locator('app-shell .card h2').allTextContents()).toContain('Last stone');
    await page.goto(`${url}#/arena?game=laststone`);
    await expect.poll(() => page.locator('arena-page h1').count()).toBe(1);
  });
});
