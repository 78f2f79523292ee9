// Issue 15, items 3 and 4: what one connection or many can make the server hold or send is bounded. A client
// that never reads is closed once 256 KB wait for it; a flood of tiny frames is closed as a policy violation
// without an answer per frame, and the server's memory stays put; connections per address and in total,
// watchers per room; 200 watchers re-joining cost a message each, not one per watcher per join; a connection
// that does not answer pings is dropped, even one that keeps sending.

import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/server';
import { drain, rawWebSocket, textFrame } from '../helpers/raw-websocket';
import { startServerProcess } from '../helpers/server-process';
import { TestClient, wsUrlOf } from '../helpers/ws-client';

let stop: () => Promise<void>;
let url: string;
let port: number;

beforeAll(async () => {
  const started = await startServer({
    root: resolve('dist'),
    port: 0,
    host: '127.0.0.1',
    online: {
      messagesPerSecond: 1e6,
      burst: 1e6,
      maxBufferedBytes: 256 * 1024,
      connectionsPerAddress: 300,
      maxConnections: 1000,
      watchersPerRoom: 300,
      pingMs: 300,
    },
  });
  stop = started.close;
  url = wsUrlOf(started.url);
  port = Number(new URL(started.url).port);
});

afterAll(() => stop());

async function matrixRoom(): Promise<{ owner: TestClient; room: string }> {
  const owner = await TestClient.open(url);
  owner.send({ type: 'create', game: 'matrix', size: 12 });
  return { owner, room: (await owner.nextOf('joined')).state.room };
}

describe('a connection that does not read', () => {
  it('is closed once what waits for it passes the limit', async () => {
    const { owner, room } = await matrixRoom();
    const reader = await rawWebSocket(port);
    // Each join is answered with the room's state (about 600 bytes): 36 MB in all, far more than the kernel's
    // socket buffers and the 256 KB limit together.
    const join = textFrame(JSON.stringify({ type: 'join', room }));
    for (let i = 0; i < 60_000; i++) reader.write(join);
    const { bytes, closed } = await drain(reader);
    expect(closed).toBe(true);
    expect(bytes).toBeLessThan(18e6);
    await owner.close();
  });

  it('is closed as a policy violation when it floods, and the server keeps its memory', async () => {
    const process = await startServerProcess();
    try {
      const before = process.rss();
      const socket = await rawWebSocket(Number(new URL(process.url).port));
      // 14 MB of one-byte frames, as fast as the socket takes them, reading nothing.
      const frame = textFrame('x');
      const flood = Buffer.concat(Array.from({ length: 2_000_000 }, () => frame));
      socket.on('error', () => {});
      socket.write(flood);
      const { closed } = await drain(socket, 5000);
      expect(closed).toBe(true);
      expect(process.alive()).toBe(true);
      expect(process.rss() - before).toBeLessThan(64 << 20);
    } finally {
      await process.stop();
    }
  });

  it('hears its close code: 1008, after one error message and no more', async () => {
    const client = await TestClient.open(wsUrlOf((await startedSlow).url));
    for (let i = 0; i < 1000; i++) client.send('x');
    expect((await client.closed).code).toBe(1008);
    expect(client.received.filter((message) => message.type === 'error' && message.code === 'too-many-messages')).toHaveLength(1);
  });
});

const startedSlow = startServer({
  root: resolve('dist'),
  port: 0,
  host: '127.0.0.1',
  online: { messagesPerSecond: 5, burst: 10, connectionsPerAddress: 3, maxConnections: 5, watchersPerRoom: 2 },
});
afterAll(async () => (await startedSlow).close());

describe('limits', () => {
  it('on connections per address and in total', async () => {
    const slowUrl = wsUrlOf((await startedSlow).url);
    const mine = await Promise.all([0, 1, 2].map(() => TestClient.open(slowUrl)));
    await expect(TestClient.open(slowUrl)).rejects.toThrow('429');
    // Another address of this machine is another client.
    const others = await Promise.all([0, 1].map(() => TestClient.open(slowUrl, { localAddress: '127.0.0.2' })));
    await expect(TestClient.open(slowUrl, { localAddress: '127.0.0.3' })).rejects.toThrow('503');
    await mine[0].close();
    const opened = () =>
      TestClient.open(slowUrl, { localAddress: '127.0.0.3' }).then(
        (client) => {
          others.push(client);
          return true;
        },
        () => false,
      );
    await expect.poll(opened).toBe(true);
    await Promise.all([...mine.slice(1), ...others].map((client) => client.close()));
  });

  it('on watchers per room', async () => {
    const slowUrl = wsUrlOf((await startedSlow).url);
    const owner = await TestClient.open(slowUrl);
    owner.send({ type: 'create', game: 'tictactoe' });
    const room = (await owner.nextOf('joined')).state.room;
    const player = await TestClient.open(slowUrl, { localAddress: '127.0.0.4' });
    player.send({ type: 'join', room });
    expect((await player.nextOf('joined')).seat).toBe(1);
    const watchers = await Promise.all([0, 1, 2].map(() => TestClient.open(slowUrl, { localAddress: '127.0.0.5' })));
    for (const watcher of watchers) watcher.send({ type: 'join', room });
    expect(await watchers[0].next()).toMatchObject({ type: 'joined', seat: null });
    expect(await watchers[1].next()).toMatchObject({ type: 'joined', seat: null });
    expect(await watchers[2].next()).toMatchObject({ type: 'error', code: 'room-full' });
    await Promise.all([owner, player, ...watchers].map((client) => client.close()));
  });
});

describe('amplification', () => {
  it('200 watchers re-joining get a message each, and a move reaches every connection once', async () => {
    const { owner, room } = await matrixRoom();
    const player = await TestClient.open(url);
    player.send({ type: 'join', room });
    await player.nextOf('joined');
    const watchers: TestClient[] = [];
    for (let i = 0; i < 200; i++) watchers.push(await TestClient.open(url, { localAddress: `127.0.1.${1 + (i % 10)}` }));
    for (const watcher of watchers) watcher.send({ type: 'join', room });
    await Promise.all(watchers.map((watcher) => watcher.nextOf('joined')));
    const everyone = [owner, player, ...watchers];
    // The watcher count settled: every connection has had a state that counts all 200 (the last update of the
    // count, or the last joiner's own joined), then what the re-joins cost is counted.
    const counted = (client: TestClient) =>
      client.received.some((message) => (message.type === 'state' || message.type === 'joined') && message.state.watchers === 200);
    await expect.poll(() => everyone.every(counted), { timeout: 30_000 }).toBe(true);
    const before = everyone.reduce((sum, client) => sum + client.received.length, 0);
    for (const watcher of watchers) watcher.send({ type: 'join', room });
    await Promise.all(watchers.map((watcher) => watcher.nextOf('joined')));
    await new Promise((done) => setTimeout(done, 300));
    const cost = everyone.reduce((sum, client) => sum + client.received.length, 0) - before;
    expect(cost).toBe(200);
    // A move: one state to each of the 202 connections.
    const counts = everyone.map((client) => client.received.length);
    owner.send({ type: 'move', room, move: '0' });
    await Promise.all(everyone.map((client) => client.stateWhere((state) => state.moves.length === 1)));
    await new Promise((done) => setTimeout(done, 300));
    expect(everyone.map((client, i) => client.received.length - counts[i])).toEqual(everyone.map(() => 1));
    await Promise.all(everyone.map((client) => client.close()));
  });
});

describe('pings', () => {
  it('drop a connection that does not answer them, and keep one that does', async () => {
    const silent = await rawWebSocket(port);
    const answering = await TestClient.open(url);
    // Closed by the server (its pings every 300 ms go unanswered), long before this wait for data would end.
    const { closed } = await drain(silent, 20_000);
    expect(closed).toBe(true);
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
    await answering.close();
  });

  it('drop a connection that sends but never reads', async () => {
    const deaf = await rawWebSocket(port);
    deaf.on('error', () => {});
    const closed = new Promise<boolean>((done) => {
      deaf.once('close', () => done(true));
      setTimeout(() => done(false), 20_000).unref();
    });
    // Its own pings, answered by the server, and read by nobody; the server's pings every 300 ms go unanswered.
    const ping = textFrame(JSON.stringify({ type: 'ping' }));
    const sending = setInterval(() => deaf.write(ping), 100);
    try {
      expect(await closed).toBe(true);
    } finally {
      clearInterval(sending);
      deaf.destroy();
    }
  });
});
