// Issue 15, items 5 and 8: a seat belongs to one connection at a time. A stolen token cannot take a seat whose
// player is connected; a resume gives a fresh token and the old one stops working; one connection never holds
// both seats; a seat whose connection went silent can be resumed, and the silent one is told; rooms whose
// players all left stop counting against the address's limit at once. An exception in one room's rules is
// answered with an error and logged once, and the other rooms play on.

import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/net/protocol';
import { failureLog } from '../../src/server/failures';
import { Lobby, type Client } from '../../src/server/rooms';
import { startServer } from '../../src/server/server';
import { TestClient, wsUrlOf } from '../helpers/ws-client';

let stop: () => Promise<void>;
let lobby: Lobby;
let url: string;
const logged: string[] = [];

beforeAll(async () => {
  const started = await startServer({
    root: resolve('dist'),
    port: 0,
    host: '127.0.0.1',
    online: { roomsPerAddress: 50 },
    logFailure: failureLog((line) => void logged.push(line)),
  });
  ({ close: stop, lobby } = started);
  url = wsUrlOf(started.url);
});

afterAll(() => stop());

async function twoPlayers(game = 'connect4') {
  const a = await TestClient.open(url);
  a.send({ type: 'create', game });
  const created = await a.nextOf('joined');
  const room = created.state.room;
  const b = await TestClient.open(url, { localAddress: '127.0.0.2' });
  b.send({ type: 'join', room });
  const joined = await b.nextOf('joined');
  return { a, b, room, tokens: [created.token!, joined.token!] as const };
}

describe('seats and tokens', () => {
  it("refuse a stolen token while the seat's player is connected, and the player plays on", async () => {
    const { a, b, room, tokens } = await twoPlayers();
    const thief = await TestClient.open(url, { localAddress: '127.0.0.3' });
    thief.send({ type: 'resume', room, token: tokens[0] });
    expect(await thief.next()).toMatchObject({ type: 'error', code: 'seat-in-use' });
    a.send({ type: 'move', room, move: '4' });
    expect((await b.stateWhere((state) => state.moves.length === 1)).moves).toEqual(['4']);
    expect(a.received.some((message) => message.type === 'error')).toBe(false);
    await Promise.all([a, b, thief].map((client) => client.close()));
  });

  it('give a fresh token on every resume; the old one no longer works', async () => {
    const { a, b, room, tokens } = await twoPlayers();
    await b.close();
    const back = await TestClient.open(url);
    back.send({ type: 'resume', room, token: tokens[1] });
    const resumed = await back.nextOf('joined');
    expect(resumed.seat).toBe(1);
    expect(resumed.token).toMatch(/^[a-f0-9]{32}$/);
    expect(resumed.token).not.toBe(tokens[1]);
    await back.close();
    const stale = await TestClient.open(url);
    stale.send({ type: 'resume', room, token: tokens[1] });
    expect(await stale.next()).toMatchObject({ type: 'error', code: 'bad-token' });
    stale.send({ type: 'resume', room, token: resumed.token });
    expect(await stale.nextOf('joined')).toMatchObject({ seat: 1 });
    await Promise.all([a.close(), stale.close()]);
  });

  it('never put one connection in both seats', async () => {
    const a = await TestClient.open(url);
    a.send({ type: 'create', game: 'tictactoe' });
    const created = await a.nextOf('joined');
    const room = created.state.room;
    // The creator joining its own room keeps its seat, and the second seat stays free.
    a.send({ type: 'join', room });
    const again = await a.nextOf('joined');
    expect(again.seat).toBe(0);
    expect(again.state.seats[1].taken).toBe(false);
    const b = await TestClient.open(url);
    b.send({ type: 'join', room });
    const joined = await b.nextOf('joined');
    expect(joined.seat).toBe(1);
    // B disconnects; A, still holding seat 0, tries B's token.
    await b.close();
    a.send({ type: 'resume', room, token: joined.token });
    expect(await a.nextOf('error')).toMatchObject({ code: 'already-seated' });
    await a.close();
  });

  it('let a resume take the seat of a connection gone silent, and tell the silent one', () => {
    let silent = 0;
    const lobbyOnly = new Lobby({ silentMs: 30_000 });
    const inbox = new Map<Client, ServerMessage[]>();
    const client = (address: string, silentMs = () => 0): Client => {
      const made: Client = { address, send: (text) => void inbox.get(made)!.push(JSON.parse(text) as ServerMessage), silentMs };
      inbox.set(made, []);
      return made;
    };
    const owner = client('a', () => silent);
    lobbyOnly.receive(owner, JSON.stringify({ type: 'create', game: 'connect4' }));
    const created = inbox.get(owner)![0] as Extract<ServerMessage, { type: 'joined' }>;
    const other = client('b');
    silent = 29_999;
    lobbyOnly.receive(other, JSON.stringify({ type: 'resume', room: created.state.room, token: created.token }));
    expect(inbox.get(other)!.at(-1)).toMatchObject({ type: 'error', code: 'seat-in-use' });
    silent = 30_000;
    lobbyOnly.receive(other, JSON.stringify({ type: 'resume', room: created.state.room, token: created.token }));
    expect(inbox.get(other)!.at(-1)).toMatchObject({ type: 'joined', seat: 0 });
    expect(inbox.get(owner)!.at(-1)).toMatchObject({ type: 'error', code: 'seat-taken' });
    // The silent connection is out of the room: its messages for it are refused.
    lobbyOnly.receive(owner, JSON.stringify({ type: 'move', room: created.state.room, move: '4' }));
    expect(inbox.get(owner)!.at(-1)).toMatchObject({ type: 'error', code: 'not-in-room' });
  });

  it('count every room an address made against its limit until the room is removed, its players gone or not', () => {
    let now = 0;
    const rooms = new Lobby({ roomsPerAddress: 2, idleMs: 1000, now: () => now });
    const answers: ServerMessage[] = [];
    const client = (address: string): Client => ({ address, send: (text) => void answers.push(JSON.parse(text) as ServerMessage), silentMs: () => 0 });
    // Made and left at once, two rooms still count: a third is refused for the address, not for another.
    for (let i = 0; i < 2; i++) {
      const maker = client('one');
      rooms.receive(maker, JSON.stringify({ type: 'create', game: 'tictactoe' }));
      expect(answers.at(-1)).toMatchObject({ type: 'joined' });
      rooms.leave(maker);
    }
    rooms.receive(client('one'), JSON.stringify({ type: 'create', game: 'tictactoe' }));
    expect(answers.at(-1)).toMatchObject({ type: 'error', code: 'too-many-rooms' });
    rooms.receive(client('two'), JSON.stringify({ type: 'create', game: 'tictactoe' }));
    expect(answers.at(-1)).toMatchObject({ type: 'joined' });
    // Removed once idle, they no longer count.
    now = 1000;
    rooms.sweep();
    rooms.receive(client('one'), JSON.stringify({ type: 'create', game: 'tictactoe' }));
    expect(answers.at(-1)).toMatchObject({ type: 'joined' });
  });
});

describe('a failure in one room', () => {
  it('is answered with an error, logged once, and touches no other room', async () => {
    const broken = await twoPlayers();
    const fine = await twoPlayers('tictactoe');
    // A bug in the rules of one room's game (a rules object of its own, so the other room keeps the real one).
    const room = lobby.rooms.get(broken.room)! as unknown as { game: { rules: object } };
    room.game = {
      ...room.game,
      rules: {
        ...room.game.rules,
        outcome: () => {
          throw new TypeError('the rules broke');
        },
      },
    };
    for (let i = 0; i < 5; i++) {
      broken.a.send({ type: 'move', room: broken.room, move: '4' });
      expect(await broken.a.nextOf('error')).toMatchObject({ code: 'server-error' });
    }
    expect(logged.filter((line) => line.includes('the rules broke'))).toHaveLength(1);
    fine.a.send({ type: 'move', room: fine.room, move: '4' });
    expect((await fine.b.stateWhere((state) => state.moves.length === 1)).moves).toEqual(['4']);
    await Promise.all([broken.a, broken.b, fine.a, fine.b].map((client) => client.close()));
  });
});
