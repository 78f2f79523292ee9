// The lab against a hostile person, on the built server with its PostgreSQL: SQL through every field a person
// sends (names, passwords, token labels, run ids in paths, filters, the list's cursor and limit, an imported run's
// fields) is taken as plain text and harms nothing; another person's run is neither cancelled nor deleted, nor
// rerun as theirs, from the API or the CLI; and no password appears in any response or in the server's log, even
// when the database fails in the middle of a sign-in.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalPostgres, startLocalPostgres } from '../../src/lab/local-postgres';
import { runCli } from '../helpers/cli';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

const folder = mkdtempSync(join(tmpdir(), 'lab-security-'));
const PASSWORD = "pa55'; drop table accounts; --";
const OTHER_PASSWORD = 'another secret 7f3a';
const INJECTIONS = ["' or '1'='1", "x'); drop table runs; --", '"; delete from games; --', '\\', "' union select password from accounts --", '%', '_'];

let postgres: LocalPostgres;
let server: ServerProcess;
let runFile = '';

beforeAll(async () => {
  runFile = join(folder, 'run.json');
  const played = await runCli(['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '2', '--seed', '3', '--out', runFile]);
  if (played.status !== 0) throw new Error(played.stderr);
  postgres = await startLocalPostgres();
  server = await startServerProcess({ DATA_DIR: folder, DATABASE_URL: postgres.url, LAB_SIGN_INS_PER_MINUTE: '1000' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
});

/** Everything the tests read back, to look for the passwords in. */
const answers: string[] = [];

async function call(method: string, path: string, { body, session, token }: { body?: unknown; session?: Session; token?: string } = {}) {
  const response = await fetch(new URL(`api/lab/${path}`, server.url), {
    method,
    headers: {
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  answers.push(text, JSON.stringify([...response.headers]));
  return { status: response.status, body: JSON.parse(text), cookie: response.headers.get('set-cookie')?.split(';')[0] };
}

interface Session {
  readonly cookie: string;
  readonly csrf: string;
}

async function signUp(name: string, password: string): Promise<Session> {
  const answer = await call('POST', 'signup', { body: { name, password } });
  expect(answer.status).toBe(201);
  return { cookie: answer.cookie!, csrf: answer.body.csrf };
}

describe('the lab against hostile input', () => {
  it('takes SQL in every field as plain text: nothing read that should not be, nothing changed', async () => {
    const ada = await signUp('ada', PASSWORD);
    // The password with SQL in it is only a password: signing in with it works, with anything near it not.
    expect((await call('POST', 'signin', { body: { name: 'ada', password: PASSWORD } })).status).toBe(200);
    expect((await call('POST', 'signin', { body: { name: 'ada', password: "' or '1'='1" } })).status).toBe(400);
    for (const name of INJECTIONS) {
      expect((await call('POST', 'signup', { body: { name, password: 'long enough' } })).status).toBe(400);
      expect(await call('POST', 'signin', { body: { name, password: PASSWORD } })).toMatchObject({ status: 400, body: { error: 'wrong name or password' } });
    }
    // A token's label is kept as written.
    const labels = INJECTIONS.map((label) => `token ${label}`);
    for (const label of labels) expect((await call('POST', 'tokens', { body: { label }, session: ada })).status).toBe(201);
    expect((await call('GET', 'tokens', { session: ada })).body.tokens.map((token: { label: string }) => token.label)).toEqual(labels);
    const run = JSON.parse(readFileSync(runFile, 'utf8'));
    expect((await call('POST', 'runs', { body: run, session: ada })).status).toBe(201);
    for (const text of INJECTIONS) {
      const quoted = encodeURIComponent(text);
      for (const path of [`runs/${quoted}`, `runs/${quoted}/export`]) expect((await call('GET', path)).status).toBe(404);
      for (const path of [`runs/${quoted}/cancel`, `runs/${quoted}/rerun`]) expect((await call('POST', path, { session: ada })).status).toBe(404);
      expect((await call('DELETE', `runs/${quoted}`, { session: ada })).status).toBe(404);
      expect((await call('DELETE', `tokens/${quoted}`, { session: ada })).status).toBe(404);
      for (const filter of ['game', 'bot', 'owner']) expect((await call('GET', `runs?${filter}=${quoted}`)).body).toEqual({ runs: [] });
      for (const filter of ['kind', 'state']) expect((await call('GET', `runs?${filter}=${quoted}`)).status).toBe(400);
      expect((await call('GET', `runs?limit=${quoted}`)).body.runs).toHaveLength(1);
      // A cursor is a date and an id: SQL in the id is an id like any other.
      expect((await call('GET', `runs?after=${encodeURIComponent(`2100-01-01T00:00:00.000Z,${text}`)}`)).body.runs.length).toBeLessThanOrEqual(1);
      // An imported run's id, bots and starts: refused by its schema, or kept as text.
      for (const hostile of [
        { ...run, id: `${text}!` },
        { ...run, id: 'hostile-bots', schedule: { ...run.schedule, bots: [text, 'perfect'] } },
      ])
        expect((await call('POST', 'runs', { body: hostile, session: ada })).status).toBe(400);
    }
    // Everything is still there, as it was.
    expect((await call('GET', 'runs')).body.runs.map((listed: { id: string }) => listed.id)).toEqual([run.id]);
    expect((await call('GET', `runs/${run.id}/export`)).body).toEqual(run);
    expect((await call('GET', 'me', { session: ada })).body.account).toBe('ada');
  }, 120_000);

  it("refuses to cancel, delete or take another person's run, from the API and the CLI", async () => {
    const bob = await signUp('bob', OTHER_PASSWORD);
    const ada = (await call('POST', 'signin', { body: { name: 'ada', password: PASSWORD } })) as { cookie?: string; body: { csrf: string } };
    const adaSession = { cookie: ada.cookie!, csrf: ada.body.csrf };
    const submitted = await call('POST', 'submit', {
      body: { spec: { kind: 'tournament', game: 'matrix', seed: 5, games: 200, bots: ['greedy', 'article', 'exact'] } },
      session: adaSession,
    });
    expect(submitted.status).toBe(201);
    const id = submitted.body.id as string;
    const { token } = (await call('POST', 'tokens', { body: { label: 'bob cli' }, session: bob })).body;
    for (const [method, path] of [
      ['POST', `runs/${id}/cancel`],
      ['DELETE', `runs/${id}`],
    ] as const) {
      expect(await call(method, path, { session: bob })).toMatchObject({ status: 403, body: { error: `run ${id} is not yours` } });
      expect(await call(method, path, { token })).toMatchObject({ status: 403 });
      // A session's cookie without its token changes nothing either.
      expect((await call(method, path, { session: { cookie: adaSession.cookie, csrf: 'stolen cookie' } })).status).toBe(403);
    }
    const cancel = await runCli(['lab', 'cancel', id, '--lab', server.url], '', { LAB_TOKEN: token });
    expect(cancel.status).toBe(1);
    expect(cancel.stderr).toContain(`run ${id} is not yours`);
    // Bob may run the same games again, as his own run; ada's stays hers, and plays on.
    const rerun = await runCli(['lab', 'rerun', id, '--lab', server.url], '', { LAB_TOKEN: token });
    expect(rerun.status, rerun.stderr).toBe(0);
    const mine = (await call('GET', 'runs?owner=bob')).body.runs;
    expect(mine).toHaveLength(1);
    expect(mine[0].id).not.toBe(id);
    expect((await call('GET', `runs/${id}`)).body).toMatchObject({ owner: 'ada' });
    expect((await call('GET', `runs/${id}`)).body.state).not.toBe('cancelled');
    for (const run of [id, mine[0].id]) expect((await call('POST', `runs/${run}/cancel`, { session: run === id ? adaSession : bob })).status).toBe(200);
  }, 120_000);

  it('never shows a password, in an answer or in the log, even when the database fails during a sign-in', async () => {
    await postgres.crash();
    const down = await call('POST', 'signin', { body: { name: 'ada', password: PASSWORD } });
    expect(down.status).toBe(503);
    const signup = await call('POST', 'signup', { body: { name: 'eve', password: OTHER_PASSWORD } });
    expect(signup.status).toBe(503);
    await postgres.restart();
    await expect
      .poll(async () => (await call('POST', 'signin', { body: { name: 'ada', password: PASSWORD } })).status, { timeout: 30_000, interval: 500 })
      .toBe(200);
    const log = server.output();
    expect(log).toMatch(/lab/);
    for (const secret of [PASSWORD, OTHER_PASSWORD, 'pa55']) {
      expect(log).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
    writeFileSync(join(folder, 'server.log'), log);
  }, 120_000);
});
