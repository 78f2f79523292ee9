// Chromium tests: the built app (dist/) served by the playground's own server, driven by playwright-core in
// Debian's chromium (no browser download is possible here).

import { resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, expect } from 'vitest';
import type { GameDefinition } from '../../src/contracts/game';
import { gameById } from '../../src/games';
import { startServer } from '../../src/server/server';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium with a profile on disk (its storage has a disk's quota, where a fresh page's private context keeps
 * little): for a test that stores hundreds of megabytes.
 */
export function launchWithProfile(folder: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(folder, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Chromium, as every test here starts it (with `extraArgs` for a test that needs a switch of its own). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** A served app: its address, and how to stop serving it. */
export interface Served {
  readonly url: string;
  stop(): Promise<void>;
}

export async function serveHere(): Promise<Served> {
  // With a lab of its own in memory, opened if a test visits it, its runs played on two workers, its ladder's
  // modules in the built sandbox.
  const started = await startServer({
    root: resolve('dist'),
    port: 0,
    host: '127.0.0.1',
    lab: {
      location: { memory: true },
      build: 'test-build',
      player: { workers: 2, workerFile: resolve('dist-node/worker.mjs') },
      ladder: { sandboxWorkerFile: resolve('dist-node/bot-sandbox.mjs'), restMs: 100 },
    },
  });
  return { url: started.url, stop: () => started.close() };
}

/**
 * Starts the server (by default in this process; `serve` starts another, such as a server process with a
 * cluster) and the browser for a test file; each test gets a fresh page, checked for console errors (but those
 * the test expects, `expected`).
 */
export function useBrowser(
  serve: () => Promise<Served> = serveHere,
  expected?: RegExp,
): { readonly url: string; readonly page: Page; readonly browser: Browser } {
  let served: Served | undefined;
  let browser: Browser;
  const state = { url: '', page: undefined as unknown as Page, browser: undefined as unknown as Browser };
  let errors: string[] = [];
  beforeAll(async () => {
    served = await serve();
    state.url = served.url;
    browser = await launchBrowser();
    state.browser = browser;
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });
  beforeEach(async () => {
    errors = [];
    // A page in a context of its own, as browser.newPage() gives, but one that lets axe-core open its own page beside.
    state.page = await (await browser.newContext()).newPage();
    state.page.on('console', (message) => message.type() === 'error' && !expected?.test(message.text()) && errors.push(message.text()));
    state.page.on('pageerror', (error) => errors.push(error.message));
  });
  afterEach(async () => {
    await state.page.context().close();
    expect(errors, 'console errors').toEqual([]);
  });
  return state;
}

/** The game a page's link holds (its start and moves, played with the rules): the position it shows. */
export function linkedPosition<P>(page: Page, gameId: string): P {
  const params = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
  const { rules, sizes } = gameById(gameId) as unknown as GameDefinition<P, unknown>;
  const size = params.get('size');
  const linkSize = size !== null && sizes?.named ? sizes.named.parse(size) : undefined;
  const text = params.get('start') ?? params.get('pos');
  // A start drawn from the seed (a board of a named size, fresh) is not written out: the page draws it again.
  let position = text === null && sizes?.named ? rules.start(Number(params.get('seed')), linkSize ?? sizes.default) : rules.parse(text ?? '', linkSize);
  for (const move of params.get('moves')?.split(',') ?? []) position = rules.play(position, rules.parseMove(move));
  return position;
}

/**
 * What axe-core (the standard accessibility engine) finds against WCAG 2.1 A and AA: each broken rule with the
 * elements that break it. On the whole page, or within one element reached through shadow roots (its path of
 * selectors, outermost host first: ['app-shell', 'cards-page', '.table .hint']).
 */
export async function accessibilityAudit(page: Page, within?: readonly [string, string, ...string[]]): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (within) builder = builder.include({ fromShadowDom: [...within] });
  const { violations } = await builder.analyze();
  return violations.map((rule) => `${rule.id} (${rule.help}): ${rule.nodes.length} element(s), first ${JSON.stringify(rule.nodes[0].target)}`);
}
