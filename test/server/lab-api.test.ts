// The lab's HTTP API on both databases, in the server as `npm start` runs it: accounts sign up and in (the cookie
// HttpOnly and SameSite=Strict, the password in no answer), a change made with a session needs its CSRF token (a
// stolen cookie alone changes nothing), the CLI's token works until revoked, only a run's owner or an admin
// deletes it, hostile imports and filters are refused or taken as plain values, and a database that does not
// answer is a 503 while the rest of the server carries on.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/cluster/local-redis';
import { startServer } from '../../src/server/server';
import { runCli } from '../helpers/cli';
import { ADMIN_KEY, labLocations, labServer } from '../helpers/lab';
import { startLocalPostgres } from '../../src/lab/local-postgres';

const folder = mkdtempSync(join(tmpdir(), 'lab-api-'));
const runFile = join(folder, 'run.json');
let runText = '';

beforeAll(async () => {
  const { status, stderr } = await runCli(['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '2', '--seed', '3', '--out', runFile]);
  if (status !== 0) throw new Error(stderr);
  runText = readFileSync(runFile, 'utf8');
}, 60_000);

describe.each(labLocations())('the lab API on %s', (_name, location) => {
  it('signs up and in with an HttpOnly, SameSite cookie, and never answers with a password', async () => {
    const { server, call, signUp } = await labServer(await location());
    try {
      expect((await call('GET', 'me')).body).toEqual({ account: null });
      const signup = await call('POST', 'signup', { body: { name: 'ada', password: 'correct horse' } });
      expect(signup.status).toBe(201);
      expect(signup.setCookie).toMatch(/^lab_session=[\w-]+; Path=\/api\/lab; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
      const cookie = signup.setCookie.split(';')[0];
      expect((await call('GET', 'me', { cookie })).body).toEqual({ account: 'ada', csrf: signup.body.csrf });
      const wrong = await call('POST', 'signin', { body: { name: 'ada', password: 'wrong horse' } });
      expect(wrong).toMatchObject({ status: 400, body: { error: 'wrong name or password' } });
      expect((await call('POST', 'signup', { body: { name: 'ada', password: 'another one' } })).body).toEqual({ error: 'the name ada is taken' });
      const again = await call('POST', 'signin', { body: { name: 'ada', password: 'correct horse' } });
      expect(again.status).toBe(200);
      for (const answer of [signup, wrong, again]) expect(answer.text).not.toContain('horse');
      await signUp('bob');
      expect((await call('POST', 'signup', { body: '{"name":' })).body).toEqual({ error: 'the request is not JSON' });
    } finally {
      await server.close();
    }
  }, 120_000);

  it('needs the CSRF token for a change made with a session, and takes a token from the CLI until it is revoked', async () => {
    const { server, call, signUp } = await labServer(await location());
    try {
      const ada = await signUp('ada');
      // A stolen cookie without its CSRF token: refused, nothing stored.
      expect(await call('POST', 'runs', { body: runText, cookie: ada.cookie })).toMatchObject({ status: 403 });
      expect(await call('POST', 'runs', { body: runText, cookie: ada.cookie, csrf: 'guessed' })).toMatchObject({ status: 403 });
      expect((await call('GET', 'runs')).body.runs).toEqual([]);
      expect(await call('POST', 'runs', { body: runText })).toMatchObject({ status: 401, body: { error: 'sign in first (or send a token)' } });
      const token = await call('POST', 'tokens', { body: { label: 'laptop' }, cookie: ada.cookie, csrf: ada.csrf });
      expect(token.status).toBe(201);
      const imported = await call('POST', 'runs', { body: runText, token: token.body.token });
      expect(imported).toMatchObject({ status: 201, body: { id: JSON.parse(runText).id, owner: 'ada', build: 'test-build', state: 'finished' } });
      expect(await call('POST', 'runs', { body: runText, cookie: ada.cookie, csrf: ada.csrf })).toMatchObject({ status: 409 });
      expect((await call('GET', `runs/${imported.body.id}/export`)).body).toEqual(JSON.parse(runText));
      expect((await call('DELETE', `tokens/${token.body.id}`, { cookie: ada.cookie, csrf: ada.csrf })).status).toBe(200);
      expect(await call('GET', 'runs', { token: token.body.token })).toMatchObject({ status: 401 });
    } finally {
      await server.close();
    }
  }, 120_000);

  it("lets only a run's owner, or an admin, delete it", async () => {
    const { server, call, signUp } = await labServer(await location());
    try {
      const [ada, bob] = [await signUp('ada'), await signUp('bob')];
      // An administrator's name is not a stranger's to take: without the server's key, and under another case.
      for (const [name, adminKey] of [
        ['boss', undefined],
        ['boss', 'a guess'],
        ['BOSS', 'a guess'],
      ] as const)
        expect(await call('POST', 'signup', { body: { name, password: 'long enough', ...(adminKey ? { adminKey } : {}) } })).toMatchObject({
          status: 403,
          body: { error: `the name ${name} is kept for the lab's administrators (signing up under it takes the server's admin key)` },
        });
      const boss = await signUp('boss', 'long enough', ADMIN_KEY);
      const run = JSON.parse(runText);
      for (const id of ['first', 'second']) expect((await call('POST', 'runs', { body: { ...run, id }, ...ada })).status).toBe(201);
      expect(await call('DELETE', 'runs/first', bob)).toMatchObject({ status: 403, body: { error: 'run first is not yours' } });
      expect(await call('DELETE', 'runs/first')).toMatchObject({ status: 401 });
      expect((await call('GET', 'runs/first')).status).toBe(200);
      expect((await call('DELETE', 'runs/first', ada)).status).toBe(200);
      expect((await call('DELETE', 'runs/second', boss)).status).toBe(200);
      expect(await call('GET', 'runs/first')).toMatchObject({ status: 404, body: { error: 'the lab has no run first' } });
    } finally {
      await server.close();
    }
  }, 120_000);

  it("keeps accounts one a name whatever its case, a few a day from an address, tokens made only by a session, and says a NUL is the request's fault", async () => {
    const { server, call, signUp } = await labServer(await location(), { signUpsADay: 3 });
    try {
      const ada = await signUp('ada');
      expect(await call('POST', 'signup', { body: { name: 'Ada', password: 'long enough' } })).toMatchObject({
        status: 400,
        body: { error: 'the name Ada is taken' },
      });
      await signUp('bob');
      expect((await call('POST', 'signup', { body: { name: 'cy', password: 'long enough' } })).status).toBe(201);
      expect(await call('POST', 'signup', { body: { name: 'dee', password: 'long enough' } })).toMatchObject({
        status: 429,
        body: { error: '3 accounts were made from this address today, the most a day: carry on tomorrow (UTC)' },
      });
      const token = (await call('POST', 'tokens', { body: { label: 'cli' }, ...ada })).body.token as string;
      expect(await call('POST', 'tokens', { body: { label: 'another' }, token })).toMatchObject({
        status: 403,
        body: { error: 'tokens are made on the lab page, signed in, not with a token' },
      });
      // A NUL in a name, a label, a path or a filter is refused as the request's, and the lab answers on.
      expect((await call('POST', 'signin', { body: { name: 'ada\u0000', password: 'long enough' } })).status).toBe(400);
      expect((await call('POST', 'tokens', { body: { label: 'a\u0000b' }, ...ada })).status).toBe(400);
      expect((await call('GET', 'runs?owner=a%00b')).status).toBe(400);
      for (const path of ['runs/a%00b', 'runs/a%00b/export', 'ladder/bots/a%00b']) expect((await call('GET', path)).status, path).toBe(404);
      expect((await call('GET', 'runs')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('marks the session cookie Secure when the server is reached over TLS (LAB_SECURE_COOKIE)', async () => {
    const { server, call } = await labServer(await location(), { secureCookie: true });
    try {
      const answer = await call('POST', 'signup', { body: { name: 'ada', password: 'long enough' } });
      expect(answer.setCookie).toMatch(/^lab_session=[^;]+; Path=\/api\/lab; HttpOnly; SameSite=Strict; Secure; Max-Age=\d+$/);
    } finally {
      await server.close();
    }
  });

  it('refuses hostile imports and filters with their reasons, and pages the list', async () => {
    const { server, call, signUp } = await labServer(await location());
    try {
      const ada = await signUp('ada');
      const run = JSON.parse(runText);
      expect(await call('POST', 'runs', { body: 'not json', ...ada })).toMatchObject({ status: 400 });
      const bots = Array.from({ length: 400 }, (_, i) => `minimax:depth=${(i % 9) + 1}${'x'.repeat(i)}`);
      const many = await call('POST', 'runs', { body: { ...run, schedule: { ...run.schedule, bots } }, ...ada });
      expect(many.status).toBe(400);
      expect(many.body.error).toMatch(/^it cannot be imported: the run is malformed/);
      expect(await call('POST', 'runs', { body: 'x'.repeat(65 << 20), ...ada })).toMatchObject({ status: 413 });
      for (let i = 0; i < 5; i++) expect((await call('POST', 'runs', { body: { ...run, id: `run-${i}` }, ...ada })).status).toBe(201);
      const first = await call('GET', 'runs?limit=3');
      expect(first.body.runs).toHaveLength(3);
      const rest = await call('GET', `runs?limit=3&after=${encodeURIComponent(first.body.next)}`);
      expect([...first.body.runs, ...rest.body.runs].map((listed: { id: string }) => listed.id).sort()).toEqual(['run-0', 'run-1', 'run-2', 'run-3', 'run-4']);
      for (const hostile of ["' or '1'='1", "x'); drop table runs; --"])
        expect((await call('GET', `runs?game=${encodeURIComponent(hostile)}&bot=${encodeURIComponent(hostile)}`)).body).toEqual({ runs: [] });
      expect((await call('GET', 'runs?owner=ada')).body.runs).toHaveLength(5);
      expect(await call('GET', 'runs?kind=drop')).toMatchObject({ status: 400, body: { error: 'kind is one of tournament, sweep, match, tuning' } });
      expect(await call('GET', 'runs?after=yesterday')).toMatchObject({ status: 400 });
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('the lab API without its database', () => {
  it('answers 503 with the reason, and the rest of the server carries on', async () => {
    const port = await freePort();
    const server = await startServer({
      root: 'dist',
      port: 0,
      host: '127.0.0.1',
      lab: { location: { url: `postgres://lab@127.0.0.1:${port}/postgres` }, build: 'b' },
    });
    try {
      const answer = await fetch(new URL('api/lab/runs', server.url));
      expect(answer.status).toBe(503);
      expect((await answer.json()).error).toMatch(/^the lab is unreachable: /);
      expect((await fetch(server.url)).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('the lab API when its PostgreSQL goes down', () => {
  it('answers 503 while the database is down, and carries on once it is back, nothing lost', async () => {
    const postgres = await startLocalPostgres();
    const { server, call, signUp } = await labServer({ url: postgres.url });
    try {
      const ada = await signUp('ada');
      expect((await call('POST', 'runs', { body: runText, ...ada })).status).toBe(201);
      await postgres.crash();
      const down = await call('GET', 'runs');
      expect(down.status).toBe(503);
      expect(down.body.error).toMatch(/^the lab is unreachable/);
      expect((await fetch(server.url)).status).toBe(200);
      await postgres.restart();
      await expect.poll(async () => (await call('GET', 'runs')).status, { timeout: 30_000, interval: 500 }).toBe(200);
      expect((await call('GET', 'runs')).body.runs.map((run: { id: string }) => run.id)).toEqual([JSON.parse(runText).id]);
      expect((await call('GET', 'me', ada)).body.account).toBe('ada');
    } finally {
      await server.close();
      await postgres.stop();
    }
  }, 120_000);
});

describe('the lab API quotas', () => {
  it('slows sign-ins from one address, and bounds the runs an account records at once', async () => {
    const { server, call, signUp } = await labServer({ memory: true }, { runsAtOnce: 1, signInsPerMinute: 4 });
    try {
      const ada = await signUp('ada');
      for (let i = 0; i < 3; i++) expect((await call('POST', 'signin', { body: { name: 'ada', password: `guess ${i}x` } })).status).toBe(400);
      // The fifth in a minute: refused before the password is even looked at.
      expect(await call('POST', 'signin', { body: { name: 'ada', password: 'long enough' } })).toMatchObject({
        status: 429,
        body: { error: 'too many sign-ins from this address: wait a minute' },
      });
      const run = JSON.parse(runText);
      const unfinished = { ...run, records: run.records.map(() => null), finished: false };
      expect((await call('POST', 'runs?state=running', { body: { ...unfinished, id: 'one' }, ...ada })).status).toBe(201);
      expect(await call('POST', 'runs?state=running', { body: { ...unfinished, id: 'two' }, ...ada })).toMatchObject({
        status: 429,
        body: { error: 'you have 1 runs playing or queued, the most at once: wait for one to end, or cancel one' },
      });
      expect((await call('POST', 'runs/one/end', { body: { finished: false, elapsedMs: 5 }, ...ada })).status).toBe(200);
      expect((await call('POST', 'runs?state=running', { body: { ...unfinished, id: 'two' }, ...ada })).status).toBe(201);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('a server without a lab', () => {
  it('answers who is signed in with no lab (a page asks it without an error) and refuses the rest with a 404', async () => {
    const server = await startServer({ root: 'dist', port: 0, host: '127.0.0.1' });
    try {
      const me = await fetch(new URL('api/lab/me', server.url));
      expect(me.status).toBe(200);
      expect(await me.json()).toEqual({ account: null, lab: false });
      const runs = await fetch(new URL('api/lab/runs', server.url));
      expect(runs.status).toBe(404);
      expect(await runs.json()).toEqual({ error: 'this server has no lab' });
      expect((await fetch(new URL('api/lab/signup', server.url), { method: 'POST', body: '{}' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
