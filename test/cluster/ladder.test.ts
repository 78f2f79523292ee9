// The ladder on the cluster: the built server started with REDIS_URL (a real redis-server, two `playground worker`
// processes) plays its rounds through the cluster's queue, a submitted module's code going with its tasks to be
// played in each worker's sandbox; a worker killed (SIGKILL) in the middle of a round has its task taken by the
// other, and no game is lost or counted twice: every rated game stored moved both its seats' results once.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_NAME, redisConnection } from '../../src/cluster/tasks';
import { labClient } from '../helpers/lab';
import { type RedisProcess, startRedis, startWorker, taskCounts, type WorkerProcess } from '../helpers/redis';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

const NEGAMAX = readFileSync('examples/engines/connect4-negamax-module.mjs', 'utf8');

/** The name of the worker playing a task now, if one is. */
async function activeWorker(url: string): Promise<string | undefined> {
  const queue = new Queue(QUEUE_NAME, { connection: redisConnection(url) });
  try {
    return (await queue.getJobs('active', 0, 0))[0]?.processedBy;
  } finally {
    await queue.close();
  }
}
let redis: RedisProcess;
let workers: WorkerProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
  workers = [await startWorker(redis.url, 'ladder-one', 1), await startWorker(redis.url, 'ladder-two', 1)];
}, 120_000);

afterAll(async () => {
  for (const worker of workers) await worker.stop().catch(() => {});
  await redis?.stop();
});

describe('the ladder on the cluster', () => {
  it("plays its rounds on the cluster's workers, a module in their sandboxes, and loses no game to a worker killed mid-round", async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'ladder-cluster-')), REDIS_URL: redis.url, LADDER_REST_MS: '100' };
    const server: ServerProcess = await startServerProcess(env);
    const { call, signUp } = labClient(() => server.url);
    try {
      await signUp();
      const submitted = await call('POST', 'ladder/submit', { game: 'connect4', name: 'nega', code: NEGAMAX });
      expect(submitted.status).toBe(201);
      const botPage = async () => (await call('GET', `ladder/bots/${submitted.body.botId}`)).body;
      await expect.poll(async () => (await botPage()).versions[0].games, { timeout: 120_000, interval: 200 }).toBeGreaterThanOrEqual(2);
      // Its games were the cluster's tasks (this server has no other way to them).
      expect((await taskCounts(redis.url)).completed).toBeGreaterThan(0);
      // The worker playing a round killed: the other takes its task once its lock expires.
      let playing: string | undefined;
      await expect
        .poll(
          async () => {
            playing = await activeWorker(redis.url);
            return playing;
          },
          { timeout: 60_000, interval: 20 },
        )
        .toMatch(/^ladder-(one|two)$/);
      const [killed, kept] = playing === 'ladder-one' ? [workers[0], workers[1]] : [workers[1], workers[0]];
      await killed.stop('SIGKILL');
      const board = async () => (await call('GET', 'ladder?game=connect4')).body.entries as { id: string; games: number }[];
      const before = (await board()).reduce((sum, entry) => sum + entry.games, 0);
      await expect
        .poll(async () => (await board()).reduce((sum, entry) => sum + entry.games, 0), { timeout: 120_000, interval: 500 })
        .toBeGreaterThan(before + 4);
      expect(kept.output()).not.toMatch(/failed/);
      // Every game stored moved its two seats' results once: the entries' games are twice the rated games stored.
      const counted = (await board()).reduce((sum, entry) => sum + entry.games, 0);
      const stored = (await call('GET', 'ladder/games?game=connect4&limit=1000')).body.games as { purpose: string }[];
      expect(stored.length).toBeLessThan(1000);
      expect(counted).toBe(2 * stored.filter((game) => game.purpose !== 'validation').length);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
