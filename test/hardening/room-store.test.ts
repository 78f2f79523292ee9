// Rooms survive the server (issues 15 and 47). Every change goes to the server's database (PGlite in DATA_DIR)
// before it is acknowledged; after a crash (SIGKILL) or a stop (SIGTERM) a restarted server has every room and
// every move, and a player resuming with its token is back in its game. A full disk refuses changes and loses
// none; an older server's journal file is read once, hostile lines and all; the lobby checks each message
// after the write before it.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLabDatabase } from '../../src/lab/database';
import { startLocalPostgres } from '../../src/lab/local-postgres';
import type { RoomEvent } from '../../src/server/room-events';
import { RoomStore } from '../../src/server/room-store';
import { type Client, Lobby } from '../../src/server/rooms';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { TestClient, wsUrlOf } from '../helpers/ws-client';

function dataDir(): string {
  return mkdtempSync(join(tmpdir(), 'rooms-'));
}

/** Two players in a Connect 4 room, having played `moves` (columns). */
async function game(server: ServerProcess, moves: readonly string[]) {
  const url = wsUrlOf(server.url);
  const a = await TestClient.open(url);
  a.send({ type: 'create', game: 'connect4' });
  const created = await a.nextOf('joined');
  const room = created.state.room;
  const b = await TestClient.open(url);
  b.send({ type: 'join', room });
  const joined = await b.nextOf('joined');
  for (const [i, move] of moves.entries()) {
    (i % 2 === 0 ? a : b).send({ type: 'move', room, move });
    await a.stateWhere((state) => state.moves.length === i + 1);
  }
  return { room, players: [a, b], tokens: [created.token!, joined.token!], start: created.state.start, close: () => Promise.all([a.close(), b.close()]) };
}

/** Resumes a seat on a server and returns the state it gets back. */
async function resume(server: ServerProcess, room: string, token: string) {
  const client = await TestClient.open(wsUrlOf(server.url));
  client.send({ type: 'resume', room, token });
  const joined = await client.next();
  return { joined, client };
}

describe('the rooms kept in the database', () => {
  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(`brings every room and move back after ${signal}, and the players resume and play on`, async () => {
      const folder = dataDir();
      const first = await startServerProcess({ DATA_DIR: folder });
      const one = await game(first, ['4', '4', '3', '5']);
      const two = await game(first, ['1']);
      await first.stop(signal);
      const second = await startServerProcess({ DATA_DIR: folder });
      try {
        const { joined, client } = await resume(second, one.room, one.tokens[0]);
        expect(joined).toMatchObject({
          type: 'joined',
          seat: 0,
          state: { start: one.start, moves: ['4', '4', '3', '5'], seats: [{ taken: true }, { taken: true }] },
        });
        const other = await resume(second, two.room, two.tokens[1]);
        expect(other.joined).toMatchObject({ type: 'joined', seat: 1, state: { moves: ['1'] } });
        // The game goes on from there: red's move.
        client.send({ type: 'move', room: one.room, move: '3' });
        expect((await client.stateWhere((state) => state.moves.length === 5)).moves).toEqual(['4', '4', '3', '5', '3']);
        await Promise.all([client.close(), other.client.close()]);
      } finally {
        await second.stop();
      }
    });
  }

  it("reads an older server's journal once: hostile and torn lines skipped, its rooms then kept in the database", async () => {
    const folder = dataDir();
    const token = 'a'.repeat(32);
    const hash = createHash('sha256').update(token).digest('hex');
    // Lines that are not events, events of rooms that never were, a move the rules refuse in a room of its own,
    // a line of 2 MB, and a last line torn in the middle of a move.
    const events: RoomEvent[] = [
      { e: 'create', room: 'old1', game: 'connect4', start: '' },
      { e: 'seat', room: 'old1', seat: 0, token: hash },
      { e: 'seat', room: 'old1', seat: 1, token: 'b'.repeat(64) },
      { e: 'move', room: 'old1', move: '4' },
      { e: 'move', room: 'nosuchroom', move: '4' },
      { e: 'create', room: 'badmoves', game: 'connect4', start: '' },
      { e: 'move', room: 'badmoves', move: '9' },
      { e: 'move', room: 'old1', move: '3' },
    ];
    writeFileSync(
      join(folder, 'rooms.jsonl'),
      `not json\n{"e":"create","room":"__proto__"}\n${events.map((event) => JSON.stringify(event)).join('\n')}\n"${'x'.repeat(2 << 20)}"\n{"e":"move","room":"old1","mo`,
    );
    const first = await startServerProcess({ DATA_DIR: folder });
    try {
      const { joined, client } = await resume(first, 'old1', token);
      expect(joined).toMatchObject({ type: 'joined', seat: 0, state: { moves: ['4', '3'] } });
      client.send({ type: 'move', room: 'old1', move: '5' });
      await client.stateWhere((state) => state.moves.length === 3);
      await client.close();
      const probe = await TestClient.open(wsUrlOf(first.url));
      probe.send({ type: 'join', room: 'badmoves' });
      expect(await probe.nextOf('error')).toMatchObject({ code: 'no-room' });
      await probe.close();
      expect(first.output()).toMatch(/room journal: journal line 1 is not a room event, skipped/);
    } finally {
      await first.stop('SIGKILL');
    }
    // Read once: the file is kept aside, and the rooms come from the database.
    expect(existsSync(join(folder, 'rooms.jsonl'))).toBe(false);
    expect(existsSync(join(folder, 'rooms.jsonl.imported'))).toBe(true);
    const second = await startServerProcess({ DATA_DIR: folder });
    try {
      const client = await TestClient.open(wsUrlOf(second.url));
      client.send({ type: 'join', room: 'old1' });
      expect((await client.nextOf('joined')).state.moves).toEqual(['4', '3', '5']);
      await client.close();
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('loses no acknowledged move on a full disk: changes are refused while it is full, and played again once there is room', async () => {
    // DATA_DIR on a file system of 96 MB, the database in it; the rest of the file system is then filled, so
    // that moves go on until the database cannot write.
    const folder = dataDir();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', folder]);
    try {
      const first = await startServerProcess({ DATA_DIR: folder, ROOMS_PER_ADDRESS: '5000', MESSAGES_PER_SECOND: '100000', MESSAGE_BURST: '100000' });
      const {
        room,
        tokens,
        players: [a, b],
      } = await game(first, []);
      const fill = (name: string) => {
        try {
          writeFileSync(join(folder, name), Buffer.alloc(128 << 20));
        } catch {
          // As much as fits.
        }
      };
      fill('filler');
      // Columns 1 to 7 in turn: no four in a row for 20 moves.
      const column = (ply: number) => String(1 + (ply % 7));
      const acknowledged: string[] = [];
      const play = async (): Promise<boolean> => {
        const [who, next] = acknowledged.length % 2 === 0 ? [a, b] : [b, a];
        who.send({ type: 'move', room, move: column(acknowledged.length) });
        // The mover's answer: an error, or the state with its move.
        for (;;) {
          const answer = await who.next();
          if (answer.type === 'error') {
            expect(answer.code).toBe('server-error');
            return false;
          }
          if (answer.type === 'state' && answer.state.moves.length === acknowledged.length + 1) break;
        }
        await next.stateWhere((state) => state.moves.length === acknowledged.length + 1);
        acknowledged.push(column(acknowledged.length));
        return true;
      };
      // Rooms made until the database's writes fail, then moves: refused, the game as it was.
      const pad = await TestClient.open(wsUrlOf(first.url));
      let refused = 0;
      for (let i = 0; i < 100_000 && refused === 0; i++) {
        pad.send({ type: 'create', game: 'tictactoe' });
        const answer = await pad.next();
        if (answer.type === 'error') refused++;
        else fill(`filler${i}`);
      }
      expect(refused).toBe(1);
      for (let ply = 0; ply < 3; ply++) expect(await play()).toBe(false);
      expect(acknowledged).toEqual([]);
      expect(first.output()).toMatch(/No space left on device/);
      // Room again: moves are acknowledged, then the server dies.
      for (const name of readdirSync(folder)) if (name.startsWith('filler')) rmSync(join(folder, name), { force: true });
      await expect.poll(play, { timeout: 60_000, interval: 500 }).toBe(true);
      for (let ply = 0; ply < 4; ply++) expect(await play()).toBe(true);
      await first.stop('SIGKILL');
      const second = await startServerProcess({ DATA_DIR: folder });
      try {
        const { joined, client } = await resume(second, room, tokens[0]);
        expect(joined).toMatchObject({ type: 'joined', state: { moves: acknowledged } });
        await client.close();
      } finally {
        await second.stop();
      }
    } finally {
      execFileSync('umount', ['-l', folder]);
    }
  }, 300_000);

  it('is kept by one server at a time: a second server on the same DATA_DIR refuses to start, and takes over once the first is dead', async () => {
    const folder = dataDir();
    const first = await startServerProcess({ DATA_DIR: folder });
    const played = await game(first, ['4']);
    await expect(startServerProcess({ DATA_DIR: folder })).rejects.toThrow(
      new RegExp(`the data folder ${folder} is in use by another running server \\(process \\d+\\)`),
    );
    // The first goes on as if nothing happened; killed, it leaves its lock, which the next server takes over.
    const url = wsUrlOf(first.url);
    const probe = await TestClient.open(url);
    probe.send({ type: 'join', room: played.room });
    expect((await probe.nextOf('joined')).state.moves).toEqual(['4']);
    await first.stop('SIGKILL');
    const second = await startServerProcess({ DATA_DIR: folder });
    try {
      const { joined, client } = await resume(second, played.room, played.tokens[0]);
      expect(joined).toMatchObject({ type: 'joined', state: { moves: ['4'] } });
      await client.close();
    } finally {
      await second.stop();
    }
    // Stopped cleanly, a server gives the folder up.
    expect(existsSync(join(folder, 'server.lock'))).toBe(false);
  });

  it('is kept by one server at a time with DATABASE_URL too: a second server refuses to start, and takes over once the first is dead', async () => {
    const postgres = await startLocalPostgres();
    try {
      const first = await startServerProcess({ DATABASE_URL: postgres.url });
      const played = await game(first, ['4']);
      await played.close();
      await expect(startServerProcess({ DATABASE_URL: postgres.url })).rejects.toThrow(/the database of DATABASE_URL is in use by another running server/);
      await first.stop('SIGKILL');
      // PostgreSQL lets the lock go with the dead server's connection (a moment after the process is gone).
      let second: ServerProcess | undefined;
      for (let tries = 0; !second && tries < 20; tries++) second = await startServerProcess({ DATABASE_URL: postgres.url }).catch(() => undefined);
      try {
        const { joined, client } = await resume(second!, played.room, played.tokens[0]);
        expect(joined).toMatchObject({ type: 'joined', state: { moves: ['4'] } });
        await client.close();
      } finally {
        await second?.stop();
      }
    } finally {
      await postgres.stop();
    }
  }, 180_000);

  it('stores a change whole or not at all, and holds the rooms as they are (a new round or a removal leaves no moves behind)', async () => {
    const db = await openLabDatabase({ memory: true });
    try {
      const store = new RoomStore(db);
      const token = (digit: string) => digit.repeat(64);
      await store.write([
        { e: 'create', room: 'r1', game: 'connect4', start: '' },
        { e: 'seat', room: 'r1', seat: 0, token: token('a') },
      ]);
      await store.write([{ e: 'create', room: 'r2', game: 'tictactoe', start: '' }]);
      await store.write([{ e: 'seat', room: 'r1', seat: 1, token: token('b') }]);
      for (const move of ['4', '4', '3']) await store.write([{ e: 'move', room: 'r1', move }]);
      await store.write([{ e: 'move', room: 'r2', move: '5' }]);
      await store.write([{ e: 'rematch', room: 'r1', seat: 1 }]);
      // A second 'create' of r2 fails: the move before it in the same change is not stored either.
      await expect(
        store.write([
          { e: 'move', room: 'r1', move: '2' },
          { e: 'create', room: 'r2', game: 'connect4', start: '' },
        ]),
      ).rejects.toThrow();
      expect(await store.load()).toEqual([
        { e: 'create', room: 'r1', game: 'connect4', start: '', round: 1 },
        { e: 'seat', room: 'r1', seat: 0, token: token('a') },
        { e: 'seat', room: 'r1', seat: 1, token: token('b') },
        { e: 'move', room: 'r1', move: '4' },
        { e: 'move', room: 'r1', move: '4' },
        { e: 'move', room: 'r1', move: '3' },
        { e: 'rematch', room: 'r1', seat: 1 },
        { e: 'create', room: 'r2', game: 'tictactoe', start: '', round: 1 },
        { e: 'move', room: 'r2', move: '5' },
      ]);
      // A new round: its start, the seats swapped, no moves and no rematch asked; r2 removed with its moves.
      await store.write([{ e: 'round', room: 'r1', start: '' }]);
      await store.write([{ e: 'move', room: 'r1', move: '1' }]);
      await store.write([{ e: 'remove', room: 'r2' }]);
      expect(await store.load()).toEqual([
        { e: 'create', room: 'r1', game: 'connect4', start: '', round: 2 },
        { e: 'seat', room: 'r1', seat: 0, token: token('b') },
        { e: 'seat', room: 'r1', seat: 1, token: token('a') },
        { e: 'move', room: 'r1', move: '1' },
      ]);
      expect(await db.selectFrom('room_moves').select('room').execute()).toEqual([{ room: 'r1' }]);
    } finally {
      await db.destroy();
    }
  });

  it('checks each message after the write of the one before, and refuses a change whose write fails', async () => {
    // A store whose writes wait until the test lets them finish, or fail.
    const writes: { events: readonly RoomEvent[]; done: () => void; fail: (error: Error) => void }[] = [];
    const store = {
      write: (events: readonly RoomEvent[]) => new Promise<void>((done, fail) => writes.push({ events, done, fail })),
    } as unknown as RoomStore;
    const lobby = new Lobby();
    lobby.keepStore(store);
    const heard = new Map<string, Record<string, unknown>[]>();
    const client = (address: string): Client => {
      heard.set(address, []);
      return { address, send: (text) => heard.get(address)!.push(JSON.parse(text)), silentMs: () => 0 };
    };
    const [a, b] = [client('a'), client('b')];
    const settle = async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    };
    lobby.receive(a, JSON.stringify({ type: 'create', game: 'connect4' }));
    await settle();
    expect(writes.map((write) => write.events.map((event) => event.e))).toEqual([['create', 'seat']]);
    // Nothing is made nor told before the write returns.
    expect(lobby.rooms.size).toBe(0);
    expect(heard.get('a')).toEqual([]);
    writes[0].done();
    await settle();
    const room = [...lobby.rooms.keys()][0];
    expect(heard.get('a')![0]).toMatchObject({ type: 'joined', seat: 0 });
    lobby.receive(b, JSON.stringify({ type: 'join', room }));
    await settle();
    writes[1].done();
    await settle();
    // Two moves of red sent at once: the second is checked once the first is made, and refused (not red's turn).
    lobby.receive(a, JSON.stringify({ type: 'move', room, move: '4' }));
    lobby.receive(a, JSON.stringify({ type: 'move', room, move: '5' }));
    await settle();
    expect(writes).toHaveLength(3);
    writes[2].done();
    await settle();
    expect(heard.get('a')!.at(-1)).toMatchObject({ type: 'error', code: 'not-your-turn' });
    expect(writes).toHaveLength(3);
    // A write that fails (a full disk): the mover is told, the game is as it was.
    lobby.receive(b, JSON.stringify({ type: 'move', room, move: '4' }));
    await settle();
    writes[3].fail(new Error('No space left on device'));
    await settle();
    expect(heard.get('b')!.at(-1)).toMatchObject({ type: 'error', code: 'server-error' });
    expect(lobby.state(lobby.rooms.get(room)!).moves).toEqual(['4']);
  });
});
