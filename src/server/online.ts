// The WebSocket endpoint of online play, at /ws on the app's own port: each connection is a client of the
// Lobby (online play), or of the arena's runs on the cluster (cluster-runs.ts) for messages of theirs. What reaches
// them has passed these gates:
// - the upgrade: the path /ws, a Host and Origin the request gate lets in (request-gate.ts: the server's own names
//   and pages, or allowed origins; a client that is no browser sends no Origin and is let in), and room under the
//   connection limits, per address and in total;
//   anything else is answered with a 4xx or 503 and the socket closed;
// - every message: a token bucket (`messagesPerSecond` on average, `burst` at once); the first message over it
//   in a window is answered with `too-many-messages`, the next are dropped silently, and `floodRefusals`
//   refusals within the window close the connection with 1008 (policy violation);
// - every reply: a connection whose unsent data passes `maxBufferedBytes` (a client that does not read) is
//   closed;
// - a ping every `pingMs`: a connection that has not answered the previous one is closed (only its pong answers:
//   a client that sends but never reads does not).
// A frame over MAX_FRAME_BYTES closes the connection (the ws package's limit).

import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ClusterRuns } from './cluster-runs';
import type { RequestGate } from './request-gate';
import type { FailureLog } from './failures';
import { Lobby, type Client, type LobbyOptions } from './rooms';

const MAX_FRAME_BYTES = 64 * 1024;
const POLICY_VIOLATION = 1008;
const FLOOD_WINDOW_MS = 10_000;
const CLOSE_GRACE_MS = 1000;

/** WebSocket connections from one address, and in all, unless the settings say otherwise. */
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 20;
export const DEFAULT_MAX_CONNECTIONS = 2000;

export interface OnlineOptions extends LobbyOptions {
  /** Messages a connection may send per second on average, and in a burst. */
  readonly messagesPerSecond?: number;
  readonly burst?: number;
  /** Refusals for sending too fast, within 10 s, that close the connection. */
  readonly floodRefusals?: number;
  /** Bytes queued for a connection (not yet read by its client) past which it is closed. */
  readonly maxBufferedBytes?: number;
  readonly connectionsPerAddress?: number;
  readonly maxConnections?: number;
  /** Origins besides the server's own that may open a connection (`https://example.org`). */
  readonly allowedOrigins?: readonly string[];
  /** How often every connection is pinged (and one that did not answer the last ping closed). */
  readonly pingMs?: number;
  /** How often rooms nobody uses are looked for. */
  readonly sweepMs?: number;
}

/** The path of a request target, or null when it is not one (`//`, `/\`, `//[::1`). */
function requestPath(target: string | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//')) return null;
  try {
    return new URL(target, 'http://localhost').pathname;
  } catch {
    return null;
  }
}

/** Answers an upgrade request with an HTTP error and closes the socket. */
function refuseUpgrade(socket: Duplex, status: number): void {
  if (!socket.writable) return void socket.destroy();
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The connections of each address and in all, each counted from its upgrade until its socket closes. */
class ConnectionCounts {
  private readonly byAddress = new Map<string, number>();
  private all = 0;

  constructor(
    private readonly perAddress: number,
    private readonly most: number,
  ) {}

  /** Counts one more connection of `address` until `socket` closes; else the status that refuses it (503 or 429). */
  admit(address: string, socket: Duplex): number | null {
    if (this.all >= this.most) return 503;
    if ((this.byAddress.get(address) ?? 0) >= this.perAddress) return 429;
    this.all++;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    socket.once('close', () => {
      this.all--;
      const left = this.byAddress.get(address)! - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    });
    return null;
  }
}

/**
 * A connection's allowance of messages: a token bucket (`burst` at once, refilled at `rate` a second), and its
 * refusals within FLOOD_WINDOW_MS: the first is told, the next dropped, and `floodRefusals` of them close it.
 */
class MessageBudget {
  private tokens: number;
  private refilled = Date.now();
  private refusals: number[] = [];

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly floodRefusals: number,
  ) {
    this.tokens = burst;
  }

  /** What to do with a message that came `now`. */
  take(now: number): 'handle' | 'tell' | 'drop' | 'close' {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilled) / 1000) * this.rate);
    this.refilled = now;
    if (this.tokens >= 1) {
      this.tokens--;
      return 'handle';
    }
    this.refusals = this.refusals.filter((at) => now - at < FLOOD_WINDOW_MS);
    this.refusals.push(now);
    if (this.refusals.length >= this.floodRefusals) return 'close';
    return this.refusals.length === 1 ? 'tell' : 'drop';
  }
}

/** What a connection is served with. */
interface Connection {
  readonly lobby: Lobby;
  readonly cluster?: ClusterRuns;
  /** Each connection's heartbeat: whether it answered the last ping. */
  readonly alive: Map<WebSocket, { answered: boolean }>;
  readonly logFailure: FailureLog;
  readonly limits: { readonly rate: number; readonly burst: number; readonly floodRefusals: number; readonly maxBuffered: number };
}

/** A connection's messages to the lobby or the cluster's runs, within its budget; its heartbeat kept in `alive`. */
function serveConnection(ws: WebSocket, address: string, { lobby, cluster, alive, logFailure, limits }: Connection): void {
  const { rate, burst, floodRefusals, maxBuffered } = limits;
  let heardAt = Date.now();
  const client: Client = {
    address,
    send(text) {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount + text.length > maxBuffered) {
        ws.terminate();
        return;
      }
      ws.send(text);
    },
    silentMs: () => Date.now() - heardAt,
    unreadBytes: () => ws.bufferedAmount,
  };
  const heartbeat = { answered: true };
  alive.set(ws, heartbeat);
  const budget = new MessageBudget(rate, burst, floodRefusals);
  ws.on('message', (data, isBinary) => {
    // Frames already read when the connection began to close are not handled.
    if (ws.readyState !== ws.OPEN) return;
    try {
      heardAt = Date.now();
      const verdict = budget.take(heardAt);
      if (verdict === 'close') {
        ws.close(POLICY_VIOLATION, 'too many messages');
        // Nothing more is read from a flooding client, and it gets a moment to close, not ws's 30 s.
        ws.pause();
        setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
        return;
      }
      if (verdict === 'tell')
        client.send(JSON.stringify({ type: 'error', code: 'too-many-messages', message: `at most ${rate} messages a second: messages over it are dropped` }));
      if (verdict !== 'handle') return;
      if (isBinary) return client.send(JSON.stringify({ type: 'error', code: 'bad-message', message: 'messages are JSON text' }));
      const text = data.toString();
      if (!cluster?.receive(client, text)) lobby.receive(client, text);
    } catch (error) {
      logFailure('a WebSocket message', error);
    }
  });
  ws.on('pong', () => {
    heardAt = Date.now();
    heartbeat.answered = true;
  });
  ws.on('close', () => {
    alive.delete(ws);
    try {
      cluster?.leave(client);
      lobby.leave(client);
    } catch (error) {
      logFailure('a WebSocket close', error);
    }
  });
  ws.on('error', () => ws.terminate());
}
/** `cluster`: the arena's runs on the cluster, whose messages share the socket (cluster-runs.ts). */
export function attachOnline(
  server: Server,
  gate: RequestGate,
  options: OnlineOptions = {},
  logFailure: FailureLog = () => {},
  cluster?: ClusterRuns,
): { readonly lobby: Lobby; close(): void } {
  const pingMs = options.pingMs ?? 30_000;
  const lobby = new Lobby({ silentMs: pingMs, logFailure, ...options });
  const limits = {
    rate: options.messagesPerSecond ?? 20,
    burst: options.burst ?? 40,
    floodRefusals: options.floodRefusals ?? 10,
    maxBuffered: options.maxBufferedBytes ?? 1 << 20,
  };
  const counts = new ConnectionCounts(options.connectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const alive = new Map<WebSocket, { answered: boolean }>();
  const connection: Connection = { lobby, cluster, alive, logFailure, limits };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      const path = requestPath(request.url);
      if (path !== '/ws') return refuseUpgrade(socket, path === null ? 400 : 404);
      if (!gate.hostAllowed(request) || !gate.originAllowed(request)) return refuseUpgrade(socket, 403);
      const address = request.socket.remoteAddress ?? 'unknown';
      // Counted from now (the handshake may take a moment) until the socket closes.
      const refused = counts.admit(address, socket);
      if (refused !== null) return refuseUpgrade(socket, refused);
      sockets.handleUpgrade(request, socket, head, (ws) => serveConnection(ws, address, connection));
    } catch (error) {
      logFailure('a WebSocket upgrade', error);
      refuseUpgrade(socket, 400);
    }
  });

  const pinger = setInterval(() => {
    for (const [ws, heartbeat] of alive) {
      if (!heartbeat.answered) {
        ws.terminate();
        continue;
      }
      heartbeat.answered = false;
      ws.ping(undefined, undefined, () => {}); // a socket closing meanwhile is not an error here
    }
  }, pingMs);
  pinger.unref();
  const sweeper = setInterval(() => lobby.sweep(), options.sweepMs ?? 30_000);
  sweeper.unref();
  return {
    lobby,
    close() {
      clearInterval(pinger);
      clearInterval(sweeper);
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
    },
  };
}
