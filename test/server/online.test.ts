// Online play through real WebSockets: rooms, seats and turns; thousands of random and malformed messages,
// moves for the wrong seat, for other rooms and for a position that has moved on, each answered with an error
// while the games stay as they were; a dropped connection that comes back to its seat; limits on rooms, message size and rate; idle rooms removed.

import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import type { ServerMessage } from '../../src/net/protocol';
import type { Lobby } from '../../src/server/rooms';
import { Lobby as LobbyClass } from '../../src/server/rooms';
import { startServer } from '../../src/server/server';
import { TestClient } from '../helpers/ws-client';

let server: Server;
let lobby: Lobby;
let wsUrl: string;
let slowServer: Server;
let slowUrl: string;

beforeAll(async () => {
  const started = await startServer({
    root: resolve('dist'),
    port: 0,
    host: '127.0.0.1',
    online: { messagesPerSecond: 100_000, burst: 100_000, roomsPerAddress: 50 },
  });
  server = started.server;
  lobby = started.lobby;
  wsUrl = `${started.url.replace('http', 'ws')}ws`;
  const slow = await startServer({ root: resolve('dist'), port: 0, host: '127.0.0.1', online: { messagesPerSecond: 5, burst: 10, roomsPerAddress: 2 } });
  slowServer = slow.server;
  slowUrl = `${slow.url.replace('http', 'ws')}ws`;
});

afterAll(async () => {
  for (const s of [server, slowServer]) {
    s.closeAllConnections();
    await new Promise((done) => s.close(done));
  }
});

/** A Connect 4 room with both seats taken. */
async function twoPlayers(game = 'connect4') {
  const a = await TestClient.open(wsUrl);
  a.send({ type: 'create', game });
  const created = await a.nextOf('joined');
  const room = created.state.room;
  const b = await TestClient.open(wsUrl);
  b.send({ type: 'join', room });
  const joined = await b.nextOf('joined');
  await a.nextOf('state'); // B came in
  return { a, b, room, tokens: [created.token!, joined.token!] };
}

describe('online play', () => {
  it('seats the creator first and the second comer second, and plays moves to both', async () => {
    const { a, b, room } = await twoPlayers();
    a.send({ type: 'move', room, move: '4' });
    const [seenByA, seenByB] = [await a.nextOf('state'), await b.nextOf('state')];
    expect(seenByA.state.moves).toEqual(['4']);
    expect(seenByB.state).toEqual(seenByA.state);
    const watcher = await TestClient.open(wsUrl);
    watcher.send({ type: 'join', room });
    const watching = await watcher.nextOf('joined');
    expect(watching.seat).toBeNull();
    expect(watching.state.moves).toEqual(['4']);
    watcher.send({ type: 'move', room, move: '3' });
    expect(await watcher.nextOf('error')).toMatchObject({ code: 'watcher' });
    await Promise.all([a.close(), b.close(), watcher.close()]);
  });

  it("refuses a move chosen before the other player's last move arrived, even when it would be legal now", async () => {
    const { a, b, room } = await twoPlayers();
    a.send({ type: 'move', room, move: '4', ply: 0 });
    await b.nextOf('state');
    b.send({ type: 'move', room, move: '3', ply: 1 });
    expect((await b.nextOf('state')).state.moves).toEqual(['4', '3']);
    // A's page had not yet seen its own move come back and played again on the position of no moves.
    a.send({ type: 'move', room, move: '5', ply: 0 });
    expect(await a.nextOf('error')).toMatchObject({ code: 'stale-move' });
    a.send({ type: 'move', room, move: '5', ply: -1 });
    expect(await a.nextOf('error')).toMatchObject({ code: 'bad-message' });
    expect(lobby.state(lobby.rooms.get(room)!).moves).toEqual(['4', '3']);
    a.send({ type: 'move', room, move: '5', ply: 2 });
    expect((await b.nextOf('state')).state.moves).toEqual(['4', '3', '5']);
    await Promise.all([a.close(), b.close()]);
  });

  it('answers thousands of random and malformed messages with an error each, and no game changes', async () => {
    const one = await twoPlayers();
    const two = await twoPlayers('tictactoe');
    one.a.send({ type: 'move', room: one.room, move: '4' });
    await one.a.nextOf('state');
    await one.b.nextOf('state');
    const before = [lobby.state(lobby.rooms.get(one.room)!), lobby.state(lobby.rooms.get(two.room)!)];
    const rng = new Rng(2024);
    const junk = (): unknown => {
      const kind = rng.below(14);
      const text = Array.from({ length: rng.below(40) }, () => String.fromCharCode(rng.below(0x3000))).join('');
      switch (kind) {
        case 0:
          return `${text}{`;
        case 1:
          return JSON.stringify(rng.below(1000));
        case 2:
          return JSON.stringify([1, 2, 3]);
        case 3:
          return { type: text || 'dance' };
        case 4:
          return { type: 'move', room: two.room, move: '4' }; // another room
        case 5:
          return { type: 'move', room: one.room, move: '5' }; // not A's turn (B is to move)
        case 6:
          return { type: 'move', room: one.room, move: ['8', '0', 'x', '', '44', '4 4'][rng.below(6)] };
        case 7:
          return { type: 'move', room: 42, move: '4' };
        case 8:
          return { type: 'resume', room: one.room, token: 'ab'.repeat(rng.below(8) + 1) };
        case 9:
          return { type: 'join', room: `nosuchroom${rng.below(1000)}` };
        case 10:
          return { type: 'create', game: 'chess' };
        case 11:
          return 'x'.repeat(5000 + rng.below(5000));
        case 12:
          return { type: 'rematch', room: two.room };
        default:
          return null;
      }
    };
    const clients = [one.a, one.b, two.a];
    const sent = [0, 0, 0];
    for (let i = 0; i < 3000; i++) {
      const who = rng.below(3);
      let message = junk();
      // B may move in its own room: keep its moves illegal (a full "column 8"), not a real move.
      if (
        who === 1 &&
        typeof message === 'object' &&
        message &&
        (message as { room?: string }).room === one.room &&
        (message as { type?: string }).type === 'move'
      )
        message = { type: 'move', room: one.room, move: '8' };
      // The tic-tac-toe player could really move or ask for a rematch in its own room: send those to the other room.
      if (who === 2 && typeof message === 'object' && message && (message as { room?: string }).room === two.room) message = { ...message, room: one.room };
      if (message === null) {
        clients[who].socket.send(Buffer.from([1, 2, 3]), { binary: true });
      } else {
        clients[who].send(message);
      }
      sent[who]++;
    }
    for (const [i, client] of clients.entries()) {
      for (let k = 0; k < sent[i]; k++) {
        const reply = await client.nextOf('error');
        expect(reply.message.length).toBeGreaterThan(0);
      }
    }
    expect([lobby.state(lobby.rooms.get(one.room)!), lobby.state(lobby.rooms.get(two.room)!)]).toEqual(before);
    // Still up, still playing: B moves.
    one.b.send({ type: 'move', room: one.room, move: '3' });
    expect((await one.a.nextOf('state')).state.moves).toEqual(['4', '3']);
    await Promise.all([one.a, one.b, two.a, two.b].map((client) => client.close()));
  });

  it('keeps a seat for its token when the connection drops, and gives back the whole game', async () => {
    const { a, b, room, tokens } = await twoPlayers();
    for (const [client, move] of [
      [a, '4'],
      [b, '4'],
      [a, '3'],
    ] as const) {
      client.send({ type: 'move', room, move });
      await a.nextOf('state');
      await b.nextOf('state');
    }
    await b.close();
    const dropped = await a.nextOf('state');
    expect(dropped.state.seats[1]).toEqual({ taken: true, connected: false });
    const back = await TestClient.open(wsUrl);
    back.send({ type: 'resume', room, token: 'f'.repeat(32) });
    expect(await back.nextOf('error')).toMatchObject({ code: 'bad-token' });
    back.send({ type: 'resume', room, token: tokens[1] });
    const resumed = await back.nextOf('joined');
    expect(resumed.seat).toBe(1);
    expect(resumed.state.moves).toEqual(['4', '4', '3']);
    expect((await a.nextOf('state')).state.seats[1].connected).toBe(true);
    back.send({ type: 'move', room, move: '5' });
    expect((await a.nextOf('state')).state.moves).toEqual(['4', '4', '3', '5']);
    await Promise.all([a.close(), back.close()]);
  });

  it('starts a new game only when both players ask, with the seats swapped', async () => {
    const { a, b, room } = await twoPlayers('tictactoe');
    for (const [client, move] of [
      [a, '0'],
      [b, '3'],
      [a, '1'],
      [b, '4'],
      [a, '2'],
    ] as const) {
      client.send({ type: 'move', room, move });
      await a.nextOf('state');
      await b.nextOf('state');
    }
    a.send({ type: 'move', room, move: '8' });
    expect(await a.nextOf('error')).toMatchObject({ code: 'game-over' });
    a.send({ type: 'rematch', room });
    expect((await b.nextOf('state')).state.rematch).toEqual([true, false]);
    b.send({ type: 'rematch', room });
    const [forA, forB] = [await a.nextOf('joined'), await b.nextOf('joined')];
    expect([forA.seat, forB.seat]).toEqual([1, 0]);
    expect(forA.state.moves).toEqual([]);
    expect(forA.state.round).toBe(2);
    await Promise.all([a.close(), b.close()]);
  });

  it('limits rooms per address, and closes a connection that keeps sending too fast', async () => {
    const clients = await Promise.all([0, 1, 2].map(() => TestClient.open(slowUrl)));
    for (const client of clients) client.send({ type: 'create', game: 'connect4' });
    expect((await clients[0].next()).type).toBe('joined');
    expect((await clients[1].next()).type).toBe('joined');
    expect(await clients[2].next()).toMatchObject({ type: 'error', code: 'too-many-rooms' });
    // 5 a second, bursts of 10: of 30 pings at once about 10 are answered; the first one over the rate is told
    // so, the next are dropped silently, and the tenth refusal closes the connection as a policy violation.
    for (let i = 0; i < 30; i++) clients[2].send({ type: 'ping' });
    expect(await clients[2].closed).toEqual({ code: 1008, reason: 'too many messages' });
    const replies = clients[2].received.slice(1);
    expect(replies.filter((reply) => reply.type === 'pong').length).toBeLessThanOrEqual(10);
    expect(replies.filter((reply) => reply.type === 'error')).toEqual([expect.objectContaining({ code: 'too-many-messages' })]);
    await Promise.all(clients.slice(0, 2).map((client) => client.close()));
  });

  it('makes a Connect 4 room of any of its sizes, its start that empty board, and refuses a size Connect 4 has not', () => {
    const rooms = new LobbyClass({});
    const sent: ServerMessage[] = [];
    const client = { address: 'y', send: (text: string) => void sent.push(JSON.parse(text) as ServerMessage), silentMs: () => 0 };
    rooms.receive(client, JSON.stringify({ type: 'create', game: 'connect4', size: 605 }));
    expect(sent.at(-1)).toMatchObject({ type: 'joined', state: { start: '6x5:-' } });
    for (const size of [907, 699, 7]) {
      rooms.receive(client, JSON.stringify({ type: 'create', game: 'connect4', size }));
      expect(sent.at(-1)).toMatchObject({ type: 'error', code: 'bad-message' });
    }
    expect(rooms.rooms.size).toBe(1);
  });

  it('removes a room nobody has used for a while', () => {
    let now = 0;
    const rooms = new LobbyClass({ idleMs: 1000, now: () => now });
    const sent: ServerMessage[] = [];
    const client = { address: 'x', send: (text: string) => void sent.push(JSON.parse(text) as ServerMessage), silentMs: () => 0 };
    rooms.receive(client, JSON.stringify({ type: 'create', game: 'matrix', size: 4 }));
    expect(rooms.rooms.size).toBe(1);
    rooms.leave(client);
    now = 999;
    rooms.sweep();
    expect(rooms.rooms.size).toBe(1);
    now = 1000;
    rooms.sweep();
    expect(rooms.rooms.size).toBe(0);
  });
});
