// The lab's runs on the cluster: the built server started with REDIS_URL (a real redis-server, a `playground
// worker` process) plays a run submitted to its lab through the cluster's queue, not on its own workers; killed
// mid-run (SIGKILL) and started again, it carries the run on from its stored games and the tasks' results left in
// Redis, to the games the CLI plays locally.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedRun } from '../../src/arena/saved-run';
import { cliRun, labClient, untimed } from '../helpers/lab';
import { type RedisProcess, startRedis, startWorker, taskCounts, type WorkerProcess } from '../helpers/redis';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

const folder = mkdtempSync(join(tmpdir(), 'lab-cluster-'));
const SPEC = { kind: 'tournament', game: 'matrix', seed: 5, games: 200, bots: ['greedy', 'article', 'exact'] };
let redis: RedisProcess;
let worker: WorkerProcess;
let cli: SavedRun;

beforeAll(async () => {
  cli = await cliRun(['matrix', 'tournament', '--bots', SPEC.bots.join(','), '--games', '200', '--seed', '5']);
  redis = await startRedis();
  worker = await startWorker(redis.url, 'lab-worker', 2);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await redis?.stop();
});

describe("the lab's runs on the cluster", () => {
  it('are played by the cluster, and carried on after the server is killed mid-run', async () => {
    const env = { DATA_DIR: mkdtempSync(join(folder, 'data-')), REDIS_URL: redis.url };
    let server: ServerProcess = await startServerProcess(env);
    const { call, signUp } = labClient(() => server.url);
    try {
      await signUp();
      const submitted = await call('POST', 'submit', { spec: SPEC });
      expect(submitted.status).toBe(201);
      const id = submitted.body.id as string;
      await expect.poll(async () => (await call('GET', `runs/${id}`)).body.summary.played, { timeout: 60_000, interval: 50 }).toBeGreaterThan(0);
      const before = (await call('GET', `runs/${id}`)).body;
      await server.stop('SIGKILL');
      expect(before.state).toBe('running');
      expect(before.summary.played).toBeLessThan(1200);
      server = await startServerProcess(env);
      await expect.poll(async () => (await call('GET', `runs/${id}`)).body.state, { timeout: 180_000, interval: 200 }).toBe('finished');
      const run = (await call('GET', `runs/${id}/export`)).body as SavedRun;
      expect(untimed(run.records)).toEqual(untimed(cli.records));
      // Its games were the cluster's tasks (this Redis has no other).
      expect((await taskCounts(redis.url)).completed).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
