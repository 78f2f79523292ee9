// The lab's two databases for its tests: PGlite in memory, and a PostgreSQL (Debian's, in a temporary folder,
// started once for the test file and stopped after it) with a fresh database for each test; a server with a lab
// and a client for its API.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect } from 'vitest';
import { parseSavedRun, type SavedRun } from '../../src/arena/saved-run';
import type { LabOptions } from '../../src/server/lab-api';
import { startServer } from '../../src/server/server';
import { runCli } from './cli';
import { type LabDatabase, type LabLocation, openLabDatabase } from '../../src/lab/database';
import { type LocalPostgres, startLocalPostgres } from '../../src/lab/local-postgres';
import type { LabRuns } from '../../src/lab/runs';

/** Where a fresh lab is, on each of the two databases. */
export function labLocations(): [string, () => Promise<LabLocation>][] {
  let postgres: Promise<LocalPostgres> | undefined;
  afterAll(async () => (await postgres)?.stop(), 60_000);
  return [
    ['PGlite', async () => ({ memory: true })],
    [
      'PostgreSQL',
      async () => {
        postgres ??= startLocalPostgres();
        const { url } = await postgres;
        const name = `lab_${Math.random().toString(36).slice(2)}`;
        const admin = await openLabDatabase({ url });
        await sql.raw(`create database ${name}`).execute(admin);
        await admin.destroy();
        return { url: url.replace(/\/postgres$/, `/${name}`) };
      },
    ],
  ];
}

/** A fresh lab's database, on each of the two. */
export function labDatabases(): [string, () => Promise<LabDatabase>][] {
  return labLocations().map(([name, location]) => [name, async () => openLabDatabase(await location())]);
}

export interface LabCall {
  readonly body?: unknown;
  readonly cookie?: string;
  readonly csrf?: string;
  readonly token?: string;
}

/** The admin key of the labs of labServer (whose administrator is `boss`). */
export const ADMIN_KEY = 'the key of the test lab';

/**
 * A server with a lab at `location` (its runs played on two workers of the built dist-node/worker.mjs, its ladder's
 * modules in the built sandbox, 2 s a move), and a client for its API.
 */
export async function labServer(location: LabLocation, settings: Partial<Omit<LabOptions, 'location' | 'build'>> = {}) {
  const server = await startServer({
    root: 'dist',
    port: 0,
    host: '127.0.0.1',
    lab: {
      location,
      build: 'test-build',
      admins: ['boss'],
      adminKey: ADMIN_KEY,
      player: { workers: 2, workerFile: 'dist-node/worker.mjs' },
      ladder: { sandboxWorkerFile: 'dist-node/bot-sandbox.mjs', moveMs: 2000, restMs: 100 },
      ...settings,
    },
  });
  const call = async (method: string, path: string, { body, cookie, csrf, token }: LabCall = {}) => {
    const response = await fetch(new URL(`api/lab/${path}`, server.url), {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf ? { 'x-csrf-token': csrf } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text), text, setCookie: response.headers.get('set-cookie') ?? '' };
  };
  /** Signs up (and so in): the cookie to send and the session's CSRF token. */
  const signUp = async (name: string, password = 'long enough', adminKey?: string) => {
    const answer = await call('POST', 'signup', { body: { name, password, ...(adminKey ? { adminKey } : {}) } });
    expect(answer.status).toBe(201);
    return { cookie: answer.setCookie.split(';')[0], csrf: answer.body.csrf as string };
  };
  return { server, call, signUp };
}

/** A run's game records without their timing (the only part of a record that differs between two plays) and judgements (checked apart). */
export function untimed(records: unknown): unknown {
  return JSON.parse(JSON.stringify(records), (key, value) => (key === 'ms' || key === 'drop' ? undefined : value));
}

/** A run the CLI plays (`args` without --out): its saved run, the oracle of a run the lab plays. */
export async function cliRun(args: readonly string[]): Promise<SavedRun> {
  const out = join(mkdtempSync(join(tmpdir(), 'cli-run-')), 'run.json');
  const played = await runCli([...args, '--out', out]);
  if (played.status !== 0) throw new Error(played.stderr);
  return parseSavedRun(readFileSync(out, 'utf8'));
}

/** The lab's API of the server at `url()` (a server process, started again by the test), signed in once `signUp` has run. */
export function labClient(url: () => string) {
  let session: { cookie: string; csrf: string } | undefined;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(`api/lab/${path}`, url()), {
      method,
      headers: { ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json(), cookie: response.headers.get('set-cookie')?.split(';')[0] };
  };
  return {
    call,
    async signUp(name = 'ada') {
      const answer = await call('POST', 'signup', { name, password: 'long enough' });
      expect(answer.status).toBe(201);
      session = { cookie: answer.cookie!, csrf: answer.body.csrf };
    },
  };
}

/** A run of the lab exported, its JSON pieces joined and read back (undefined when there is no such run). */
export async function exported(runs: LabRuns, id: string): Promise<unknown> {
  const pieces = await runs.exportText(id);
  if (!pieces) return undefined;
  let text = '';
  for await (const piece of pieces) text += piece;
  return JSON.parse(text);
}
