// `npm run screenshots`: every page of the built app on a desktop (1280 x 800) and a phone (390 x 844), in a
// state that shows what it does, saved to docs/screenshots/<page>-<desktop|phone>.png (the README shows them).
// The app is served by the playground's own server (dist-node/server.mjs) and driven in Debian's chromium.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const OUT = 'docs/screenshots';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** Each page: its link, and what to do there before the picture. */
const SHOTS = [
  { name: 'home', link: '' },
  { name: 'tictactoe', link: 'tictactoe?mode=two&moves=4,0,8,2' },
  { name: 'matrix', link: 'matrix?mode=two&moves=2,3,0', act: (page) => page.getByLabel('Show values').check() },
  {
    name: 'connect4',
    link: 'connect4?mode=two&moves=4,4,3,5,4',
    act: async (page) => {
      await page.getByLabel('Show solution').check();
      await page.locator('connect4-board .scores > :not(.pending)').nth(6).waitFor({ timeout: 60_000 });
    },
  },
  {
    name: 'cards',
    link: 'cards?mode=bots&bot0=article:depth=3&bot1=honest&seed=4',
    act: async (page) => {
      await page.getByLabel('Delay between AI moves in milliseconds').fill('0');
      await page.getByRole('button', { name: 'Run' }).click();
      await page.locator('cards-page .move-rows button.move').nth(7).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Pause' }).click();
    },
  },
  { name: 'puzzle15', link: 'puzzle15' },
  { name: 'puzzle15-bench', link: 'puzzle15-bench' },
  {
    name: 'arena',
    link: 'arena?game=tictactoe',
    act: async (page) => {
      await page.getByLabel('Starts').fill('5');
      await page.getByLabel('Starts').press('Tab');
      await page.getByRole('button', { name: 'Run tournament' }).click();
      await page.getByRole('table', { name: 'Ratings' }).waitFor({ timeout: 60_000 });
      await page.locator('table[aria-label="Saved runs"] tbody tr').first().waitFor({ timeout: 60_000 });
    },
  },
  { name: 'my-bots', link: 'my-bots' },
];

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist-node/server.mjs'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'screenshots-')) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk) => {
      const url = /served at (\S+)/.exec(chunk.toString())?.[1];
      if (url) resolve({ url, stop: () => child.kill() });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  mkdirSync(OUT, { recursive: true });
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    for (const shot of SHOTS) {
      const page = await context.newPage();
      await page.goto(`${server.url}#/${shot.link}`);
      await page.waitForTimeout(500);
      await shot.act?.(page);
      await page.waitForTimeout(800);
      await page.evaluate(() => window.scrollTo(0, 0));
      const file = join(OUT, `${shot.name}-${device}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
