// Chromium tests: the built app (dist/) served by the playground's own server, driven by playwright-core in
// Debian's chromium (no browser download is possible here).

import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, expect } from 'vitest';
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

/** Starts the server and the browser for a test file; each test gets a fresh page, checked for console errors. */
export function useBrowser(): { readonly url: string; readonly page: Page; readonly browser: Browser } {
  let server: Server;
  let browser: Browser;
  const state = { url: '', page: undefined as unknown as Page, browser: undefined as unknown as Browser };
  let errors: string[] = [];
  beforeAll(async () => {
    const started = await startServer({ root: resolve('dist'), port: 0, host: '127.0.0.1' });
    server = started.server;
    state.url = started.url;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    state.browser = browser;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
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
