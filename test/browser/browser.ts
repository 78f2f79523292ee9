// Chromium tests: the built app (dist/) served by the playground's own server, driven by playwright-core in
// Debian's chromium (no browser download is possible here).

import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
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
    state.page = await browser.newPage();
    state.page.on('console', (message) => message.type() === 'error' && !expected?.test(message.text()) && errors.push(message.text()));
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
 * Controls without a name, and texts below their WCAG contrast (4.5:1, 3:1 when large) against the background
 * they are drawn on (the first ancestor, through shadow roots, with an opaque colour): on the whole page, or
 * within one element.
 */
export function accessibilityAudit(target: Page | Locator): Promise<{ unlabelled: string[]; low: string[] }> {
  const audit = (root?: Element) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const ch = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const parentOf = (n: Element): Element | null => n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null);
    const backgroundOf = (element: Element) => {
      for (let n: Element | null = element; n; n = parentOf(n)) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const opacityOf = (element: Element) => {
      let opacity = 1;
      for (let n: Element | null = element; n; n = parentOf(n)) opacity *= Number(getComputedStyle(n).opacity);
      return opacity;
    };
    const unlabelled: string[] = [];
    const low: string[] = [];
    const inspect = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      const where = `${el.tagName.toLowerCase()} in ${(el.getRootNode() as ShadowRoot).host?.tagName.toLowerCase() ?? 'document'}`;
      if (['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) {
        const control = el as HTMLInputElement;
        const name =
          el.getAttribute('aria-label') ||
          el.getAttribute('aria-labelledby') ||
          [...(control.labels ?? [])].map((label) => label.textContent!.trim()).join(' ') ||
          (el.tagName === 'BUTTON' && el.textContent!.trim()) ||
          el.getAttribute('title');
        if (!name) unlabelled.push(where);
      }
      if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())) return;
      if ((el as HTMLButtonElement).disabled || el.closest('[disabled]')) return;
      const style = getComputedStyle(el);
      const background = backgroundOf(el);
      const alpha = opacityOf(el);
      const text = rgb(style.color)
        .slice(0, 3)
        .map((c, i) => c * alpha + background[i] * (1 - alpha));
      const [light, dark] = [lum(text), lum(background)].sort((a, b) => b - a);
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.6 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) low.push(`${ratio.toFixed(2)}: "${el.textContent!.trim().slice(0, 30)}" (${where})`);
    };
    const visit = (scope: Document | ShadowRoot | Element) => {
      for (const el of scope.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        inspect(el);
      }
    };
    if (root) {
      inspect(root);
      if (root.shadowRoot) visit(root.shadowRoot);
      visit(root);
    } else visit(document);
    return { unlabelled: [...new Set(unlabelled)], low: [...new Set(low)] };
  };
  return 'goto' in target ? target.evaluate(audit, undefined) : target.evaluate(audit);
}
