// The server's side of the arena's runs on the cluster (src/server/cluster-runs.ts), against a real Redis, a
// `playground worker` process and the built server started with REDIS_URL: a run sent over the WebSocket comes
// back game for game as the CLI's local run; malformed or hostile messages get a clear error and the connection
// goes on; a page that leaves has its run's waiting tasks removed; a run's size and runs per address are bounded;
// a page that does not read holds its run back; a server without REDIS_URL says it has no cluster.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseSavedRun } from '../../src/arena/saved-run';
import { QUEUE_NAME, redisConnection } from '../../src/cluster/tasks';
import { startServer } from '../../src/server/server';
import { runCli } from '../helpers/cli';
import { rawWebSocket, textFrame } from '../helpers/raw-websocket';
import { type RedisProcess, type ServerProcess, startClusterServer, startRedis, startWorker, taskCounts, type WorkerProcess } from '../helpers/redis';

let redis: RedisProcess;
let worker: WorkerProcess;
let server: ServerProcess;

beforeAll(async () => {
  redis = await startRedis();
  worker = await startWorker(redis.url, 'server-worker', 2);
  // No pings in these tests' time: a page that does not read stays connected until it does.
  server = await startClusterServer(redis.url, { PING_MS: '600000' });
}, 30_000);

afterAll(async () => {
  await server?.stop();
  await worker?.stop();
  await redis?.stop();
});

type Message = { type: string; run?: string; message?: string; games?: unknown };

/** A WebSocket to the server's /ws, with the messages it has received. */
async function connect(base: string): Promise<{ socket: WebSocket; received: Message[]; next(test: (message: Message) => boolean): Promise<Message> }> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}ws`);
  const received: Message[] = [];
  const waiters: { test: (message: Message) => boolean; resolve: (message: Message) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Message;
    received.push(message);
    for (const waiter of waiters.filter((w) => w.test(message))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  await new Promise((done, fail) => socket.once('open', done).once('error', fail));
  return {
    socket,
    received,
    next: (test) => new Promise((resolve) => waiters.push({ test, resolve })),
  };
}

const spec = { kind: 'tournament', game: 'matrix', seed: 3, games: 4, bots: ['greedy', 'article', 'exact'] };

describe("the server's runs on the cluster", () => {
  it('says it has a cluster, and plays a run sent over the WebSocket game for game as the CLI plays it locally', async () => {
    const info = await (await fetch(`${server.url}api/cluster`)).json();
    expect(info).toMatchObject({ available: true, workers: 1 });
    const client = await connect(server.url);
    client.socket.send(JSON.stringify({ type: 'cluster-run', run: 'r1', spec, time: {} }));
    expect(await client.next((m) => m.type === 'cluster-started')).toEqual({ type: 'cluster-started', run: 'r1', games: 24 });
    await client.next((m) => m.type === 'cluster-ended' || m.type === 'cluster-error');
    const games = client.received
      .filter((m) => m.type === 'cluster-games')
      .flatMap((m) => m.games as { index: number; record: { moves: { ms?: number }[] } }[]);
    client.socket.close();
    const records = Array.from({ length: 24 }, (_, i) => games.find((game) => game.index === i)?.record);
    const out = join(mkdtempSync(join(tmpdir(), 'server-runs-')), 'local.json');
    expect((await runCli(['matrix', 'tournament', '--bots', spec.bots.join(','), '--games', '4', '--seed', '3', '--out', out])).status).toBe(0);
    const untimed = (value: unknown) => JSON.parse(JSON.stringify(value), (key, v) => (key === 'ms' ? undefined : v));
    expect(untimed(records)).toEqual(untimed(parseSavedRun(readFileSync(out, 'utf8')).records));
  }, 60_000);

  it('answers malformed and hostile messages with a clear error, one run at a time, and goes on', async () => {
    const client = await connect(server.url);
    const error = () => client.next((m) => m.type === 'cluster-error');
    const cases: [unknown, RegExp][] = [
      [{ type: 'cluster-run', run: 'A B', spec, time: {} }, /^a run id is 1 to 40 of a-z, 0-9 and -$/],
      [{ type: 'cluster-run', run: 'r2', time: {} }, /./],
      [{ type: 'cluster-run', run: 'r2', spec: { ...spec, bots: ['greedy', 'nosuch'] }, time: {} }, /^unknown bot "nosuch"/],
      [{ type: 'cluster-run', run: 'r2', spec: { ...spec, game: 'chess' }, time: {} }, /^the game is one of /],
      [{ type: 'cluster-run', run: 'r2', spec: { ...spec, games: 1e9 }, time: {} }, /^starts is at most 10000$/],
      [
        {
          type: 'cluster-run',
          run: 'r2',
          spec: { ...spec, kind: 'sweep', bot: 'article', grid: [{ name: 'depth', lo: 1, hi: 1e6 }], vs: ['exact'] },
          time: {},
        },
        /^a run from a page plays at most 100,000 games on the cluster: this one has 8,000,000 \(fewer starts, grid points or opponents\)$/,
      ],
      [{ type: 'cluster-run', run: 'r2', spec, time: { moveMs: -1 } }, /^a time is whole milliseconds$/],
      [{ type: 'cluster-run', run: 'r2', spec: { ...spec, bots: Array(5000).fill('greedy') }, time: {} }, /^a cluster message is at most 32768 characters$/],
      [{ type: 'cluster-cancel', run: 'nothing' }, /^there is no run nothing on this connection$/],
      [{ type: 'cluster-launch' }, /^unknown cluster message/],
    ];
    for (const [message, expected] of cases) {
      const answer = error();
      client.socket.send(JSON.stringify(message));
      expect((await answer).message).toMatch(expected);
    }
    // A second run on the same connection waits for the first.
    const long = { ...spec, game: 'connect4', games: 2000, bots: ['random', 'classic'] };
    client.socket.send(JSON.stringify({ type: 'cluster-run', run: 'long', spec: long, time: {} }));
    await client.next((m) => m.type === 'cluster-started');
    const busy = error();
    client.socket.send(JSON.stringify({ type: 'cluster-run', run: 'other', spec, time: {} }));
    expect((await busy).message).toBe('a run is already under way on this connection: cancel it first');
    // Cancelled: the run ends with what was played, and the connection plays the next one.
    client.socket.send(JSON.stringify({ type: 'cluster-cancel', run: 'long' }));
    await client.next((m) => m.type === 'cluster-ended' && m.run === 'long');
    client.socket.send(JSON.stringify({ type: 'cluster-run', run: 'after', spec, time: {} }));
    await client.next((m) => m.type === 'cluster-ended' && m.run === 'after');
    client.socket.close();
  }, 60_000);

  it("removes the tasks of a page's run that were not taken when the page goes away", async () => {
    const client = await connect(server.url);
    client.socket.send(
      JSON.stringify({ type: 'cluster-run', run: 'gone', spec: { ...spec, game: 'connect4', games: 3000, bots: ['random', 'classic'] }, time: {} }),
    );
    await client.next((m) => m.type === 'cluster-started');
    const queue = new Queue(QUEUE_NAME, { connection: redisConnection(redis.url) });
    try {
      await expect.poll(async () => (await queue.getJobs(['waiting'])).length).toBeGreaterThan(0);
      client.socket.close();
      await expect.poll(async () => (await queue.getJobs(['waiting'])).length, { timeout: 15_000 }).toBe(0);
    } finally {
      await queue.close();
    }
  }, 60_000);

  it("counts a run's games before planning it, and runs per address and in all until their tasks are tidied away", async () => {
    // 64 configurations and 248 starts, 1.8 KB: a million games, refused before anything is planned or queued.
    const bots = Array.from({ length: 64 }, (_, i) => `classic:depth=${1 + (i % 8)}:tolerance=${i >> 3}`);
    const huge = { kind: 'tournament', game: 'connect4', seed: 1, games: 248, bots };
    const clients = await Promise.all([connect(server.url), connect(server.url), connect(server.url)]);
    for (let i = 0; i < 10; i++) {
      const refused = clients[0].next((m) => m.type === 'cluster-error');
      clients[0].socket.send(JSON.stringify({ type: 'cluster-run', run: `huge${i}`, spec: huge, time: {} }));
      expect((await refused).message).toBe('a run from a page plays at most 100,000 games on the cluster: this one has 999,936 (fewer starts or bots)');
    }
    expect(await (await fetch(`${server.url}api/cluster`)).json()).toMatchObject({ runs: 0 });
    // Two runs from one address at once; a third waits for one of them to end.
    const long = { ...spec, game: 'connect4', games: 2000, bots: ['random', 'classic'] };
    for (const [i, client] of clients.slice(0, 2).entries()) {
      const started = client.next((m) => m.type === 'cluster-started');
      client.socket.send(JSON.stringify({ type: 'cluster-run', run: `long${i}`, spec: long, time: {} }));
      await started;
    }
    const third = clients[2].next((m) => m.type === 'cluster-error');
    clients[2].socket.send(JSON.stringify({ type: 'cluster-run', run: 'third', spec, time: {} }));
    expect((await third).message).toBe('the cluster is playing 2 runs from your address, the most at once: try again when one ends');
    // The pages leave: their runs are dropped, and the address may run again.
    clients[0].socket.close();
    clients[1].socket.close();
    await expect.poll(async () => (await (await fetch(`${server.url}api/cluster`)).json()).runs, { timeout: 15_000 }).toBe(0);
    const after = clients[2].next((m) => m.type === 'cluster-ended' || m.type === 'cluster-error');
    clients[2].socket.send(JSON.stringify({ type: 'cluster-run', run: 'third', spec, time: {} }));
    expect(await after).toEqual({ type: 'cluster-ended', run: 'third' });
    clients[2].socket.close();
  }, 60_000);

  it('holds back the run of a page that does not read its games, and plays it on once the page reads', async () => {
    // 60,000 games of about 570 bytes (34 MB), in 600 tasks of 50 pairs: the run stalls once the socket's buffers
    // (some MB), the server's outbox (1 MB) and the 128 tasks queued meanwhile are full.
    const many = { kind: 'tournament', game: 'tictactoe', seed: 9, games: 10_000, bots: ['random', 'minimax:depth=1', 'minimax:depth=2'] };
    // This run's tasks: the earlier runs' are all finished or removed first.
    await expect.poll(async () => (await taskCounts(redis.url)).waiting + (await taskCounts(redis.url)).active, { timeout: 30_000 }).toBe(0);
    const before = (await taskCounts(redis.url)).completed;
    const counts = async () => {
      const now = await taskCounts(redis.url);
      return { ...now, completed: now.completed - before };
    };
    const reader = await rawWebSocket(Number(new URL(server.url).port));
    reader.write(textFrame(JSON.stringify({ type: 'cluster-run', run: 'unread', spec: many, time: {} })));
    // The run stalls: what it queued is played, and nothing more is queued while the page reads nothing.
    await expect
      .poll(
        async () => {
          const now = await counts();
          return now.completed > 0 && now.waiting + now.active === 0;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true);
    const stalled = (await counts()).completed;
    await new Promise((done) => setTimeout(done, 2000));
    expect((await counts()).completed).toBe(stalled);
    expect(stalled).toBeLessThan(600);
    // The page reads: every game comes, and the run ends.
    let text = '';
    const ended = new Promise<void>((done) =>
      reader.on('data', (chunk: Buffer) => {
        text = (text + chunk.toString('latin1')).slice(-200);
        if (text.includes('"type":"cluster-ended"')) done();
      }),
    );
    reader.resume();
    await ended;
    expect((await counts()).completed).toBe(600);
    reader.destroy();
  }, 120_000);

  it('says it has no cluster when started without REDIS_URL', async () => {
    const bare = await startServer({ root: resolve('dist'), port: 0, host: '127.0.0.1' });
    try {
      expect(await (await fetch(`${bare.url}api/cluster`)).json()).toMatchObject({ available: false });
      expect((await fetch(`${bare.url}api/cluster`, { method: 'POST' })).status).toBe(405);
      const client = await connect(bare.url);
      const answer = client.next((m) => m.type === 'cluster-error');
      client.socket.send(JSON.stringify({ type: 'cluster-run', run: 'r', spec, time: {} }));
      expect((await answer).message).toBe('this server has no cluster: it runs on the cluster when started with REDIS_URL');
      client.socket.close();
    } finally {
      await bare.close();
    }
  });
});
