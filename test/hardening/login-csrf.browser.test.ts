// A page of another site cannot sign the person's browser into an account of its own (login CSRF): a form it
// submits to the lab's sign-in (as text/plain, which a browser sends without asking the server first) is refused,
// and the browser, back on the app, is signed in to nothing.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../browser/browser';

// (The refusal's page, and Chromium's look for its favicon there, are logged as failed loads.)
const browser = useBrowser(undefined, /status of 40[34]/);
let attacker: Server | undefined;

afterAll(() => new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve())));

/** A page on another origin that posts a form to `action` as soon as it loads. */
async function attackerPage(action: string, field: string, value: string): Promise<string> {
  const html = `<!doctype html><form method="POST" action="${action}" enctype="text/plain"><input type="hidden" name='${field}' value='${value}'></form><script>document.forms[0].submit()</script>`;
  attacker = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => attacker!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
}

describe('a page of another site', () => {
  it('cannot sign the browser into its own account with a form', async () => {
    const { page, url } = browser;
    const signUp = await fetch(new URL('api/lab/signup', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'mallory', password: 'long enough' }),
    });
    expect(signUp.status).toBe(201);
    // The form's one field and value join into the JSON a text/plain body carries: `{"name":…,"x":"="}`.
    const evil = await attackerPage(`${url}api/lab/signin`, '{"name":"mallory","password":"long enough","x":"', '"}');
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/lab/signin'));
    await page.goto(evil);
    expect((await refused).status()).toBe(403);
    await page.goto(`${url}#/lab`);
    expect(await page.evaluate(async () => (await (await fetch('/api/lab/me')).json()).account)).toBeNull();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    expect(await page.getByText('Signed in as').count()).toBe(0);
  });
});
