// Issue 15, item 7: rooms survive the server. Every change goes to the journal (DATA_DIR) before it is
// acknowledged; after a crash (SIGKILL) or a stop (SIGTERM) a restarted server has every room and every move,
// and a player resuming with its token is back in its game. A torn last line, hostile lines and a journal that
// outgrew its compaction threshold are all read back.

import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, type RoomEvent } from '../../src/server/journal';
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
  return { room, tokens: [created.token!, joined.token!], start: created.state.start, close: () => Promise.all([a.close(), b.close()]) };
}

/** Resumes a seat on a server and returns the state it gets back. */
async function resume(server: ServerProcess, room: string, token: string) {
  const client = await TestClient.open(wsUrlOf(server.url));
  client.send({ type: 'resume', room, token });
  const joined = await client.next();
  return { joined, client };
}

describe('the room journal', () => {
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

  it('skips a torn last line and hostile lines, and goes on appending after them', async () => {
    const folder = dataDir();
    const first = await startServerProcess({ DATA_DIR: folder });
    const one = await game(first, ['4', '3']);
    await first.stop('SIGKILL');
    const file = join(folder, 'rooms.jsonl');
    // Lines that are not events, events of rooms that never were, a move the rules refuse in a room of its
    // own, a line of 2 MB, and a last line torn in the middle of a move.
    const bad: RoomEvent[] = [
      { e: 'move', room: 'nosuchroom', move: '4' },
      { e: 'create', room: 'badmoves', game: 'connect4', start: '' },
      { e: 'move', room: 'badmoves', move: '9' },
    ];
    appendFileSync(
      file,
      `not json\n{"e":"create","room":"__proto__"}\n${bad.map((event) => JSON.stringify(event)).join('\n')}\n"${'x'.repeat(2 << 20)}"\n{"e":"move","room":"${one.room}","mo`,
    );
    const second = await startServerProcess({ DATA_DIR: folder });
    try {
      const { joined, client } = await resume(second, one.room, one.tokens[0]);
      expect(joined).toMatchObject({ type: 'joined', state: { moves: ['4', '3'] } });
      client.send({ type: 'move', room: one.room, move: '5' });
      await client.stateWhere((state) => state.moves.length === 3);
      await client.close();
      expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
    } finally {
      await second.stop('SIGKILL');
    }
    const third = await startServerProcess({ DATA_DIR: folder });
    try {
      const { joined, client } = await resume(third, one.room, (await lastToken(folder, one.room)) ?? '');
      // The token is only known to its holder; the journal keeps its hash: the room is there, with its moves.
      expect(joined).toMatchObject({ type: 'error', code: 'bad-token' });
      client.send({ type: 'join', room: one.room });
      expect((await client.nextOf('joined')).state.moves).toEqual(['4', '3', '5']);
      await client.close();
    } finally {
      await third.stop();
    }
  });

  it('loses no acknowledged move on a full disk: a failed write leaves the file whole, and the next event goes on a line of its own', async () => {
    // DATA_DIR on a file system of 64 KiB. The journal is grown until its last page has under 200 bytes left, then
    // the rest of the file system is filled: a move's line fits, or is written in part and refused.
    const folder = dataDir();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', folder]);
    const journal = join(folder, 'rooms.jsonl');
    try {
      const first = await startServerProcess({ DATA_DIR: folder, ROOMS_PER_ADDRESS: '500' });
      const url = wsUrlOf(first.url);
      const a = await TestClient.open(url);
      a.send({ type: 'create', game: 'connect4' });
      const created = await a.nextOf('joined');
      const room = created.state.room;
      const b = await TestClient.open(url);
      b.send({ type: 'join', room });
      await b.nextOf('joined');
      const pad = await TestClient.open(url);
      while (4096 - (statSync(journal).size % 4096) > 200) {
        pad.send({ type: 'create', game: 'tictactoe' });
        await pad.nextOf('joined');
      }
      try {
        writeFileSync(join(folder, 'filler'), Buffer.alloc(1 << 20));
      } catch {
        // As much as fits.
      }
      // Columns 1 to 7 in turn: no four in a row for 20 moves.
      const column = (ply: number) => String(1 + (ply % 7));
      const acknowledged: string[] = [];
      let refused = 0;
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
      for (let ply = 0; ply < 12 && refused < 2; ply++) if (!(await play())) refused++;
      expect(refused).toBe(2);
      // Room again: the next move is acknowledged on a line of its own, then the server dies.
      rmSync(join(folder, 'filler'), { force: true });
      expect(await play()).toBe(true);
      await first.stop('SIGKILL');
      const lines = readFileSync(journal, 'utf8').split('\n');
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(0, -1).every((line) => JSON.parse(line))).toBe(true);
      const second = await startServerProcess({ DATA_DIR: folder });
      try {
        const { joined, client } = await resume(second, room, created.token!);
        expect(joined).toMatchObject({ type: 'joined', state: { moves: acknowledged } });
        await client.close();
      } finally {
        await second.stop();
      }
    } finally {
      execFileSync('umount', ['-l', folder]);
    }
  }, 60_000);

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
    expect(existsSync(join(folder, 'rooms.lock'))).toBe(false);
  });

  it('compacts itself once it grows, keeping every live room whole', async () => {
    const folder = dataDir();
    const server = await startServerProcess({ DATA_DIR: folder, JOURNAL_COMPACT_BYTES: '4096', ROOMS_PER_ADDRESS: '100' });
    const games = [];
    for (let i = 0; i < 12; i++) {
      const played = await game(server, ['4', '4', '3', '3', '5', '5']);
      await played.close();
      games.push(played);
    }
    const size = statSync(join(folder, 'rooms.jsonl')).size;
    await server.stop('SIGKILL');
    // 12 rooms of 6 moves each take about 12 KB of events: compactions kept it near the rooms' own size.
    expect(size).toBeLessThan(3 * 4096);
    const again = await startServerProcess({ DATA_DIR: folder });
    try {
      for (const played of games) {
        const { joined, client } = await resume(again, played.room, played.tokens[1]);
        expect(joined).toMatchObject({ type: 'joined', seat: 1, state: { start: played.start, moves: ['4', '4', '3', '3', '5', '5'] } });
        await client.close();
      }
    } finally {
      await again.stop();
    }
  });

  it('opens a journal it can only partly read, in-process: every readable event in order', () => {
    const folder = dataDir();
    writeFileSync(join(folder, 'rooms.jsonl'), '{"e":"remove","room":"a"}\n\u0000\u0001garbage\n{"e":"remove","room":"b"}\n{"e":"rem');
    const seen: string[] = [];
    const warnings: string[] = [];
    const journal = Journal.open(folder, (event) => seen.push(event.room), { warn: (message) => warnings.push(message) });
    journal.append({ e: 'remove', room: 'c' });
    journal.close();
    expect(seen).toEqual(['a', 'b']);
    expect(warnings).toEqual(['journal line 2 is not a room event, skipped']);
    expect(readFileSync(join(folder, 'rooms.jsonl'), 'utf8')).toBe(
      '{"e":"remove","room":"a"}\n\u0000\u0001garbage\n{"e":"remove","room":"b"}\n{"e":"remove","room":"c"}\n',
    );
  });
});

/** The journal holds no token, only hashes: there is none to find. */
async function lastToken(folder: string, room: string): Promise<string | null> {
  const text = readFileSync(join(folder, 'rooms.jsonl'), 'utf8');
  return (
    text
      .split('\n')
      .filter((line) => line.includes(room) && line.includes('"seat"'))
      .map((line) => (JSON.parse(line) as { token: string }).token)
      .at(-1) ?? null
  );
}
