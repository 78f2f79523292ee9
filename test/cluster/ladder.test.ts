// The ladder on the cluster: the built server started with REDIS_URL (a real redis-server, two `playground worker`
// processes) plays its rounds through the cluster's queue, a submitted module's code going with its tasks to be
// played in each worker's sandbox; a worker killed (SIGKILL) in the middle of a round has its task taken by the
// other, and no game is lost or counted twice: every rated game stored moved both its seats' results once.

import { copyFileSync, appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOffers } from '../../src/cluster/ladder-offers';
import { buildId, clusterQueue, QUEUE_NAME, redisConnection } from '../../src/cluster/tasks';
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

  it('enters the engines a worker offers (--ladder), plays them only on it, a changed one as a new version, and pairs them no more once it is gone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ladder-offers-'));
    const agent = join(folder, 'random_agent.py');
    copyFileSync('test/fixtures/kaggle/random_agent.py', agent);
    const offering = (name: string, engines: string[]) => startWorker(redis.url, name, 1, [...engines.flatMap((engine) => ['--engine', engine]), '--ladder']);
    const nodeWorker = await offering('offers-node', ['nega=node examples/engines/connect4-negamax.mjs']);
    let kaggleWorker = await offering('offers-kaggle', [`kaggle-random=connectx:${agent}`]);
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'ladder-offers-lab-')), REDIS_URL: redis.url, LADDER_REST_MS: '100', LADDER_MOVE_MS: '500' };
    const server: ServerProcess = await startServerProcess(env);
    const { call } = labClient(() => server.url);
    type Entry = { id: string; bot: string; version: number; state: string; games: number; offline: boolean };
    const board = async () => (await call('GET', 'ladder?game=connect4')).body.entries as Entry[];
    const entry = async (bot: string, version = 1) => (await board()).find((found) => found.bot === bot && found.version === version);
    const storedGames = async () => (await call('GET', 'ladder/games?game=connect4&limit=1000')).body.games as { seats: string[]; purpose: string }[];
    try {
      // Each enters, passes its validation on its worker, and plays.
      for (const bot of ['nega', 'kaggle-random'])
        await expect.poll(async () => (await entry(bot))?.games ?? 0, { timeout: 120_000, interval: 500 }).toBeGreaterThanOrEqual(4);
      const nega = (await entry('nega'))!;
      const kaggle = (await entry('kaggle-random'))!;
      expect([nega.state, kaggle.state]).toEqual(['active', 'active']);
      // Their games are watched move by move as the workers play them (a game is listed from its first move reported).
      await expect
        .poll(async () => ((await call('GET', 'ladder/live?game=connect4')).body.games as { plies: number }[]).some((live) => live.plies >= 1), {
          timeout: 60_000,
          interval: 200,
        })
        .toBe(true);
      // The two engines are on different workers: they never meet.
      const meets = (game: { seats: string[] }) => game.seats.includes(nega.id) && game.seats.includes(kaggle.id);
      expect((await storedGames()).filter(meets)).toEqual([]);
      // The agent changed, its worker started again: a new version, validated, and the old one no longer paired.
      await kaggleWorker.stop();
      appendFileSync(agent, '\n# a new version\n');
      kaggleWorker = await offering('offers-kaggle', [`kaggle-random=connectx:${agent}`]);
      await expect.poll(async () => (await entry('kaggle-random', 2))?.games ?? 0, { timeout: 120_000, interval: 500 }).toBeGreaterThanOrEqual(2);
      const old = (await entry('kaggle-random'))!.games;
      expect((await entry('kaggle-random'))!.offline).toBe(true);
      // The node engine's worker killed: once its offer lapses its engine is offline, paired no more; nothing is lost.
      await nodeWorker.stop('SIGKILL');
      await expect.poll(async () => (await entry('nega'))!.offline, { timeout: 60_000, interval: 500 }).toBe(true);
      const left = (await entry('nega'))!.games;
      const kaggleNow = (await entry('kaggle-random', 2))!.games;
      await expect.poll(async () => (await entry('kaggle-random', 2))!.games, { timeout: 120_000, interval: 500 }).toBeGreaterThan(kaggleNow + 4);
      expect((await entry('nega'))!.games).toBe(left);
      expect((await entry('kaggle-random'))!.games).toBe(old);
      const counted = (await board()).reduce((sum, each) => sum + each.games, 0);
      const stored = await storedGames();
      expect(counted).toBe(2 * stored.filter((game) => game.purpose !== 'validation').length);
      expect(stored.filter(meets)).toEqual([]);
    } finally {
      await server.stop();
      for (const worker of [nodeWorker, kaggleWorker]) await worker.stop().catch(() => {});
    }
  }, 400_000);

  it('reads only well-formed offers of this build from Redis, whatever else is there', async () => {
    const queue = clusterQueue(redis.url);
    const client = (await queue.client) as unknown as { set(key: string, value: string): Promise<unknown>; del(...keys: string[]): Promise<number> };
    const engine = { game: 'connect4', name: 'fine', identity: { name: 'fine', params: [] }, fingerprint: 'abc' };
    const offer = (worker: string, changes: object) => JSON.stringify({ worker, queue: `q-${worker}`, build: buildId(), engines: [engine], ...changes });
    const keys = {
      good: offer('good', {}),
      junk: 'not json {',
      other: offer('other', { build: 'another-build' }),
      badName: offer('bad-name', { engines: [{ ...engine, name: '../x; rm -rf /' }] }),
      noEngines: offer('no-engines', { engines: 'all of them' }),
      nothing: 'null',
    };
    try {
      for (const [name, value] of Object.entries(keys)) await client.set(`ai-playground:ladder-offer:${name}`, value);
      expect(await readOffers(queue)).toEqual([JSON.parse(keys.good)]);
    } finally {
      await client.del(...Object.keys(keys).map((name) => `ai-playground:ladder-offer:${name}`));
      await queue.close();
    }
  });
});
