// A soak of the server (`playground bench server`): the server as `npm start` runs it, in a child process with
// its default limits, under a mixed load for SOAK_SECONDS (default 60): 200 connections from 12 addresses of
// this machine; 100 players in 50 rooms playing random legal moves and rematches; 98 clients sending malformed
// and refused messages; aborted HTTP requests; a watcher that never reads but keeps sending; a flood of tiny
// frames; and, all at once with them, the attacks of issue 35: one address holding 150 half-open HTTP requests
// (slowloris) while another fetches the page, and one address creating and leaving rooms as fast as it may while
// another creates one every 4 s. It prints the messages the server handled and the errors it answered, the
// rooms intact (each room's final state, replayed move by move with the rules, equal to what its players saw),
// what the attacked addresses' neighbours got, the server's peak memory, its file descriptors before and after,
// and whether it survived.

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { Rng } from '../src/contracts/rng';
import { gameById } from '../src/games';
import type { RoomState, ServerMessage } from '../src/net/protocol';
import type { BenchSuite } from './harness';

const ROOMS = 50;
const HALF_OPEN = 150;
/** The attackers' addresses, apart from the players'. */
const SLOWLORIS = '127.0.0.200';
const ROOM_HOG = '127.0.0.201';
/** An address of its own, creating a room every 4 s: within its own limit of 20 rooms in a minute. */
const HOG_NEIGHBOUR = '127.0.0.202';
const JUNK_CLIENTS = 98;
const ADDRESSES = 12;
const GAMES = ['connect4', 'tictactoe', 'matrix', 'cards'] as const;

interface Server {
  readonly url: URL;
  readonly pid: number;
  alive(): boolean;
  stop(): Promise<void>;
}

async function startServer(dataDir: string): Promise<Server> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'server.mjs');
  const child = spawn(process.execPath, [script], { env: { ...process.env, PORT: '0', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
  let exited = false;
  const exit = new Promise<void>((done) =>
    child.on('exit', () => {
      exited = true;
      done();
    }),
  );
  let output = '';
  const url = await new Promise<URL>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /served at (http:\/\/\S+\/)/.exec(output);
      if (match) resolve(new URL(match[1]));
    });
    void exit.then(() => reject(new Error(`the server exited: ${output}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await exit;
  };
  return { url, pid: child.pid!, alive: () => !exited, stop };
}

const procStatus = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
const descriptors = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** A connection of the soak, counting what it sends and what comes back. */
class SoakClient {
  sent = 0;
  received = 0;
  errors = 0;
  closed = false;
  onMessage: (message: ServerMessage) => void = () => {};
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.received++;
      const message = JSON.parse(data.toString()) as ServerMessage;
      if (message.type === 'error') this.errors++;
      this.onMessage(message);
    });
    socket.on('close', () => (this.closed = true));
    socket.on('error', () => {});
  }

  static open(url: string, address: string): Promise<SoakClient> {
    const socket = new WebSocket(url, { localAddress: address });
    return new Promise((resolve, reject) => socket.once('open', () => resolve(new SoakClient(socket))).once('error', reject));
  }

  send(message: unknown): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    this.sent++;
  }
}

/** What a player saw last of its room, and the moves it saw played. */
interface PlayerLog {
  state?: RoomState;
  moves: number;
}

/**
 * A player: while `playing()`, moves at random among the legal moves when it is its turn and asks for a rematch
 * when a game ends; it keeps what it sees in `log`.
 */
function player(client: SoakClient, rng: Rng, log: PlayerLog, playing: () => boolean, seat: 0 | 1 | null = null): void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const send = (message: unknown) => playing() && client.send(message);
  client.onMessage = (message) => {
    if (message.type === 'joined') seat = message.seat;
    if (message.type !== 'joined' && message.type !== 'state') return;
    const state = message.state;
    const before = log.state;
    log.moves += before && before.round === state.round ? state.moves.length - before.moves.length : state.moves.length;
    log.state = state;
    clearTimeout(pending);
    if (seat === null || !state.seats[0].connected || !state.seats[1].connected) return;
    const { rules } = gameById(state.game);
    let position = rules.parse(state.start);
    for (const move of state.moves) position = rules.play(position, rules.parseMove(move));
    if (rules.outcome(position)) {
      if (!state.rematch[seat]) pending = setTimeout(() => send({ type: 'rematch', room: state.room }), 50 + rng.below(200));
      return;
    }
    if (rules.seatToMove(position) !== seat) return;
    const moves = rules.legalMoves(position);
    const move = rules.formatMove(moves[rng.below(moves.length)]);
    pending = setTimeout(() => send({ type: 'move', room: state.room, move, ply: state.moves.length }), 50 + rng.below(150));
  };
}

/** A message the server must refuse: malformed, for another room, out of turn, too large. */
function junk(rng: Rng, rooms: readonly string[]): unknown {
  const room = rooms[rng.below(rooms.length)];
  switch (rng.below(8)) {
    case 0:
      return '{"type":';
    case 1:
      return JSON.stringify([1, 2, 3]);
    case 2:
      return { type: 'dance' };
    case 3:
      return { type: 'move', room, move: '4' };
    case 4:
      return { type: 'resume', room, token: 'ab'.repeat(8) };
    case 5:
      return { type: 'join', room: `nosuchroom${rng.below(1000)}` };
    case 6:
      return { type: 'create', game: 'chess' };
    default:
      return 'x'.repeat(5000);
  }
}

/** A room of the soak: its id, its two players and what each saw. */
interface SoakRoom {
  readonly id: string;
  readonly players: SoakClient[];
  readonly logs: PlayerLog[];
}

/** A load running beside the games until it is stopped. */
interface Load {
  stop(): void;
}

/** ROOMS rooms of two players playing while `playing()`: the creators spread over the addresses (5 rooms each at most). */
async function openRooms(wsUrl: string, address: (i: number) => string, playing: () => boolean): Promise<SoakRoom[]> {
  const rooms: SoakRoom[] = [];
  for (let r = 0; r < ROOMS; r++) {
    const game = GAMES[r % GAMES.length];
    const creator = await SoakClient.open(wsUrl, address(r));
    const created = new Promise<string>((resolve) => (creator.onMessage = (m) => m.type === 'joined' && resolve(m.state.room)));
    creator.send(game === 'matrix' ? { type: 'create', game, size: 6 } : { type: 'create', game });
    const id = await created;
    const second = await SoakClient.open(wsUrl, address(r + 1));
    const logs: PlayerLog[] = [{ moves: 0 }, { moves: 0 }];
    player(creator, new Rng(2 * r), logs[0], playing, 0);
    player(second, new Rng(2 * r + 1), logs[1], playing);
    second.send({ type: 'join', room: id });
    rooms.push({ id, players: [creator, second], logs });
  }
  return rooms;
}

/** HTTP requests for the app's bundle, each reset at its first bytes. */
function abortedRequests(server: Server): Load & { readonly count: number } {
  let count = 0;
  const assets = join(dirname(fileURLToPath(import.meta.url)), '../dist/assets');
  const bundle = `/assets/${readdirSync(assets).find((name) => /^index-.*\.js$/.test(name))}`;
  const timer = setInterval(() => {
    const socket = connect(Number(server.url.port), '127.0.0.1', () => socket.write(`GET ${bundle} HTTP/1.1\r\nHost: ${server.url.host}\r\n\r\n`));
    socket.once('data', () => {
      socket.resetAndDestroy();
      count++;
    });
    socket.on('error', () => {});
  }, 50);
  return {
    stop: () => clearInterval(timer),
    get count() {
      return count;
    },
  };
}

/** A watcher that never reads, asking for a room's state over and over. */
async function deafWatcher(wsUrl: string, address: string, room: string): Promise<Load & { readonly closed: boolean; readonly socket: WebSocket }> {
  const socket = new WebSocket(wsUrl, { localAddress: address });
  await new Promise((done) => socket.once('open', done));
  (socket as unknown as { _socket: { pause(): void } })._socket.pause();
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => {});
  const timer = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ type: 'join', room })), 100);
  return {
    socket,
    stop: () => clearInterval(timer),
    get closed() {
      return closed;
    },
  };
}

/** Slowloris: one address keeps HALF_OPEN requests whose headers never end; another fetches the page meanwhile. */
function slowloris(server: Server, neighbour: string): Load & { readonly pages: { served: number; refused: number } } {
  const halfOpen = new Set<ReturnType<typeof connect>>();
  const holder = setInterval(() => {
    while (halfOpen.size < HALF_OPEN) {
      const socket = connect({ port: Number(server.url.port), host: '127.0.0.1', localAddress: SLOWLORIS });
      socket.on('error', () => {});
      socket.on('close', () => halfOpen.delete(socket));
      socket.write(`GET / HTTP/1.1\r\nHost: ${server.url.host}\r\nX-Slow: `);
      halfOpen.add(socket);
    }
  }, 100);
  const pages = { served: 0, refused: 0 };
  const fetcher = setInterval(() => {
    const socket = connect({ port: Number(server.url.port), host: '127.0.0.1', localAddress: neighbour });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => (answer.startsWith('HTTP/1.1 200 ') ? pages.served++ : pages.refused++));
    socket.write(`GET / HTTP/1.1\r\nHost: ${server.url.host}\r\nConnection: close\r\n\r\n`);
  }, 250);
  return {
    pages,
    stop: () => {
      clearInterval(holder);
      clearInterval(fetcher);
      for (const socket of halfOpen) socket.destroy();
    },
  };
}

/**
 * A room hog: one address creates a room and goes (its connection closed), four at a time, over and over; another
 * address creates a room every 4 s.
 */
async function roomHog(
  wsUrl: string,
): Promise<
  Load & { readonly hog: { created: number; refused: number }; readonly neighbour: SoakClient; readonly neighbourRooms: { created: number; refused: number } }
> {
  const hogs = new Set<SoakClient>();
  const hog = { created: 0, refused: 0 };
  const hogTimer = setInterval(() => {
    if (hogs.size >= 4) return;
    const opening = SoakClient.open(wsUrl, ROOM_HOG).then((client) => {
      hogs.add(client);
      client.onMessage = (m) => {
        if (m.type === 'joined') hog.created++;
        if (m.type === 'error' && m.code === 'too-many-rooms') hog.refused++;
        client.socket.terminate();
        hogs.delete(client);
      };
      client.send({ type: 'create', game: 'tictactoe' });
    });
    opening.catch(() => {});
  }, 20);
  const neighbour = await SoakClient.open(wsUrl, HOG_NEIGHBOUR);
  const neighbourRooms = { created: 0, refused: 0 };
  neighbour.onMessage = (m) => {
    if (m.type === 'joined') neighbourRooms.created++;
    if (m.type === 'error' && m.code === 'too-many-rooms') neighbourRooms.refused++;
  };
  const neighbourTimer = setInterval(() => neighbour.send({ type: 'create', game: 'connect4' }), 4000);
  return {
    hog,
    neighbour,
    neighbourRooms,
    stop: () => {
      clearInterval(hogTimer);
      clearInterval(neighbourTimer);
      for (const client of hogs) client.socket.terminate();
    },
  };
}

/** The rooms a newcomer finds as their players saw them last, each replayed with the rules. */
async function roomsIntact(checker: SoakClient, rooms: readonly SoakRoom[]): Promise<number> {
  let intact = 0;
  for (const room of rooms) {
    // One join at a time, within the server's rate of 20 messages a second.
    await new Promise((done) => setTimeout(done, 60));
    const answer = new Promise<RoomState | null>(
      (resolve) => (checker.onMessage = (m) => (m.type === 'joined' ? resolve(m.state) : m.type === 'error' && resolve(null))),
    );
    checker.send({ type: 'join', room: room.id });
    const state = await answer;
    if (!state) continue;
    const { rules } = gameById(state.game);
    let replays = true;
    try {
      let position = rules.parse(state.start);
      for (const move of state.moves) position = rules.play(position, rules.parseMove(move));
    } catch {
      replays = false;
    }
    const seen = room.logs.map((entry) => entry.state);
    if (replays && seen.every((s) => s && s.round === state.round && s.start === state.start && s.moves.join(' ') === state.moves.join(' '))) intact++;
  }
  return intact;
}

export const serverSuite: BenchSuite = {
  name: 'server',
  description: `a soak of the server for SOAK_SECONDS (default 60): 200 connections, games in ${ROOMS} rooms, malformed messages, aborted requests, a slow reader`,
  async run({ log }) {
    const seconds = Number(process.env.SOAK_SECONDS ?? 60);
    if (!(seconds > 0)) throw new Error(`SOAK_SECONDS must be a number of seconds, got "${process.env.SOAK_SECONDS}"`);
    const dataDir = mkdtempSync(join(tmpdir(), 'soak-'));
    const server = await startServer(dataDir);
    const wsUrl = `ws://${server.url.host}/ws`;
    const address = (i: number) => `127.0.0.${2 + (i % ADDRESSES)}`;
    const rng = new Rng(15);
    const fdsBefore = descriptors(server.pid);
    let peakRss = procStatus(server.pid, 'VmRSS');
    const sampler = setInterval(() => {
      if (server.alive()) peakRss = Math.max(peakRss, procStatus(server.pid, 'VmRSS'));
    }, 200);

    let playing = true;
    const rooms = await openRooms(wsUrl, address, () => playing);
    const ids = rooms.map((room) => room.id);
    const junkClients = await Promise.all(Array.from({ length: JUNK_CLIENTS }, (_, i) => SoakClient.open(wsUrl, address(i + 3))));
    const junkTimer = setInterval(() => {
      for (const client of junkClients) if (rng.below(4) === 0) client.send(junk(rng, ids));
    }, 50);
    log(`${rooms.length * 2 + junkClients.length + 1} connections open`);
    const aborted = abortedRequests(server);
    const deaf = await deafWatcher(wsUrl, address(7), ids[0]);
    const loris = slowloris(server, address(5));
    const hogging = await roomHog(wsUrl);
    // A flood of tiny frames, once: the server closes it as a policy violation.
    const flooder = await SoakClient.open(wsUrl, address(11));
    for (let i = 0; i < 20_000; i++) flooder.send('x');

    await new Promise((done) => setTimeout(done, seconds * 1000));
    clearInterval(junkTimer);
    for (const load of [aborted, deaf, loris]) load.stop();
    hogging.stop();
    playing = false;
    // The moves already on their way arrive, and their states.
    await new Promise((done) => setTimeout(done, 1000));
    const checker = await SoakClient.open(wsUrl, address(0));
    const intact = await roomsIntact(checker, rooms);

    const everyone = [...rooms.flatMap((room) => room.players), ...junkClients, flooder, checker, hogging.neighbour];
    // The flood's frames are not counted: the server drops them with the connection.
    const messages = everyone.reduce((sum, client) => sum + (client === flooder ? 0 : client.sent), 0);
    const errors = everyone.reduce((sum, client) => sum + client.errors, 0);
    const moves = rooms.reduce((sum, room) => sum + room.logs[0].moves, 0);
    const rounds = rooms.reduce((sum, room) => sum + (room.logs[0].state?.round ?? 1), 0);
    const floodClosed = flooder.closed;
    const deafOpen = !deaf.closed;
    for (const client of everyone) client.socket.terminate();
    deaf.socket.terminate();
    await new Promise((done) => setTimeout(done, 1500));
    clearInterval(sampler);
    const survived = server.alive();
    const fdsAfter = survived ? descriptors(server.pid) : NaN;
    const peak = survived ? Math.max(peakRss, procStatus(server.pid, 'VmHWM')) : peakRss;
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const { pages } = loris;
    return [
      {
        seconds,
        connections: everyone.length,
        'messages handled': messages,
        'errors answered': errors,
        'moves played': moves,
        games: rounds,
        'http aborted': aborted.count,
        rooms: rooms.length,
        'rooms intact': intact,
        // Closed once 1 MB of replies waits for it, or once it has not answered a ping (PING_MS, 30 s by default).
        'deaf sender': deafOpen ? 'open' : 'closed',
        'page served to a neighbour of slowloris': `${pages.served}/${pages.served + pages.refused}`,
        'rooms the hog made, refused': `${hogging.hog.created}, ${hogging.hog.refused}`,
        'rooms created by its neighbour': `${hogging.neighbourRooms.created}/${hogging.neighbourRooms.created + hogging.neighbourRooms.refused}`,
        'flood closed': floodClosed ? 'yes' : 'no',
        'peak RSS MB': Math.round(peak / (1 << 20)),
        'fds before': fdsBefore,
        'fds after': fdsAfter,
        survived: survived ? 'yes' : 'no',
      },
    ];
  },
};
