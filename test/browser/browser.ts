// Chromium tests: the built app (dist/) served by the playground's own server, driven by playwright-core in
// Debian's chromium (no browser download is possible here).

import { resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
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

/** A served app: its address, and how to stop serving it. */
export interface Served {
  readonly url: string;
  stop(): Promise<void>;
}

async function serveHere(): Promise<Served> {
  const started = await startServer({ root: resolve('dist'), port: 0, host: '127.0.0.1' });
  return { url: started.url, stop: () => new Promise<void>((done) => started.server.close(() => done())) };
}

/**
 * Starts the server (by default in this process; `serve` starts another, such as a server process with a
 * cluster) and the browser for a test file; each test gets a fresh page, checked for console errors.
 */
export function useBrowser(serve: () => Promise<Served> = serveHere): { readonly url: string; readonly page: Page; readonly browser: Browser } {
  let served: Served | undefined;
  let browser: Browser;
  const state = { url: '', page: undefined as unknown as Page, browser: undefined as unknown as Browser };
  let errors: string[] = [];
  beforeAll(async () => {
    served = await serve();
    state.url = served.url;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    state.browser = browser;
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });
  beforeEach(async () => {
    errors = [];
    state.page = await browser.newPage();
    state.page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    state.page.on('pageerror', (error) => errors.push(error.message));
  });
  afterEach(async () => {
    await state.page.close();
    expect(errors, 'console errors').toEqual([]);
  });
  return state;
}

/** The game a page's link holds (its start and moves, played with the rules): the position it shows. */
export function linkedPosition<P>(page: Page, gameId: string): P {
  const params = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
  const { rules } = gameById(gameId) as unknown as GameDefinition<P, unknown>;
  let position = rules.parse(params.get('start') ?? params.get('pos') ?? '');
  for (const move of params.get('moves')?.split(',') ?? []) position = rules.play(position, rules.parseMove(move));
  return position;
}

/**
 * The WCAG contrast ratio of an element's text against the background it is drawn on (the first ancestor,
 * through shadow roots, with an opaque background colour).
 */
export function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const text = rgb(getComputedStyle(element).color);
    let node: Element | null = element;
    let background = [255, 255, 255];
    while (node) {
      const colour = rgb(getComputedStyle(node).backgroundColor);
      if (colour.length >= 3 && (colour.length === 3 || colour[3] > 0.9)) {
        background = colour.slice(0, 3);
        break;
      }
      node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);
    }
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return (light + 0.05) / (dark + 0.05);
  });
}
