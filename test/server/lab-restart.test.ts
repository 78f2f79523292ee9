// A run the server plays survives the server: the built server (dist-node/server.mjs, as `npm start` runs it) is
// killed with SIGKILL, or stopped with SIGTERM, in the middle of a run; started again on the same lab (PGlite in
// its DATA_DIR, or a PostgreSQL by DATABASE_URL) it carries the run on from the games it stored, to the games an
// uninterrupted run of the CLI plays.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedRun } from '../../src/arena/saved-run';
import { cliRun, labClient, labLocations, untimed } from '../helpers/lab';
import { startServerProcess } from '../helpers/server-process';

const folder = mkdtempSync(join(tmpdir(), 'lab-restart-'));
const SPEC = { kind: 'tournament', game: 'matrix', seed: 5, games: 200, bots: ['greedy', 'article', 'exact'] };
let cli: SavedRun;

beforeAll(async () => {
  cli = await cliRun(['matrix', 'tournament', '--bots', SPEC.bots.join(','), '--games', '200', '--seed', '5']);
}, 120_000);

const [, postgres] = labLocations();

describe.each([
  ['PGlite, killed', 'SIGKILL', async () => ({})],
  ['PostgreSQL, killed', 'SIGKILL', async () => ({ DATABASE_URL: ((await postgres[1]()) as { url: string }).url })],
  ['PGlite, stopped', 'SIGTERM', async () => ({})],
] as const)('a run on the server when it is %s mid-run', (_name, signal, database) => {
  it('is carried on at the next start from its stored games, to the games of an uninterrupted run', async () => {
    const env = { DATA_DIR: mkdtempSync(join(folder, 'data-')), ...(await database()) };
    let server = await startServerProcess(env);
    const lab = labClient(() => server.url);
    try {
      await lab.signUp();
      const submitted = await lab.call('POST', 'submit', { spec: SPEC });
      expect(submitted.status).toBe(201);
      const id = submitted.body.id as string;
      await expect.poll(async () => (await lab.call('GET', `runs/${id}`)).body.summary.played, { timeout: 60_000, interval: 50 }).toBeGreaterThan(0);
      const before = (await lab.call('GET', `runs/${id}`)).body;
      await server.stop(signal);
      expect(before.state).toBe('running');
      expect(before.summary.played).toBeLessThan(1200);
      server = await startServerProcess(env);
      await expect.poll(async () => (await lab.call('GET', `runs/${id}`)).body.state, { timeout: 120_000, interval: 200 }).toBe('finished');
      const run = (await lab.call('GET', `runs/${id}/export`)).body as SavedRun;
      expect(run.records.filter(Boolean)).toHaveLength(1200);
      expect(untimed(run.records)).toEqual(untimed(cli.records));
      expect(run.finished).toBe(true);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
