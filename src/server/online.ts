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
  const rate = options.messagesPerSecond ?? 20;
  const burst = options.burst ?? 40;
  const floodRefusals = options.floodRefusals ?? 10;
  const maxBuffered = options.maxBufferedBytes ?? 1 << 20;
  const perAddress = options.connectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS;
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const addresses = new Map<string, number>();
  let connections = 0;
  const alive = new Map<WebSocket, { answered: boolean }>();

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      const path = requestPath(request.url);
      if (path !== '/ws') return refuseUpgrade(socket, path === null ? 400 : 404);
      if (!gate.hostAllowed(request) || !gate.originAllowed(request)) return refuseUpgrade(socket, 403);
      const address = request.socket.remoteAddress ?? 'unknown';
      if (connections >= maxConnections) return refuseUpgrade(socket, 503);
      if ((addresses.get(address) ?? 0) >= perAddress) return refuseUpgrade(socket, 429);
      // Counted from now (the handshake may take a moment) until the socket closes.
      connections++;
      addresses.set(address, (addresses.get(address) ?? 0) + 1);
      socket.once('close', () => {
        connections--;
        const left = addresses.get(address)! - 1;
        if (left > 0) addresses.set(address, left);
        else addresses.delete(address);
      });
      sockets.handleUpgrade(request, socket, head, (ws) => connect(ws, address));
    } catch (error) {
      logFailure('a WebSocket upgrade', error);
      refuseUpgrade(socket, 400);
    }
  });

  function connect(ws: WebSocket, address: string): void {
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
    // A token bucket: `burst` messages at once, refilled at `rate` per second.
    let tokens = burst;
    let refilled = Date.now();
    let refusals: number[] = [];
    ws.on('message', (data, isBinary) => {
      // Frames already read when the connection began to close are not handled.
      if (ws.readyState !== ws.OPEN) return;
      try {
        const now = Date.now();
        heardAt = now;
        tokens = Math.min(burst, tokens + ((now - refilled) / 1000) * rate);
        refilled = now;
        if (tokens < 1) {
          refusals = refusals.filter((at) => now - at < FLOOD_WINDOW_MS);
          refusals.push(now);
          if (refusals.length >= floodRefusals) {
            ws.close(POLICY_VIOLATION, 'too many messages');
            // Nothing more is read from a flooding client, and it gets a moment to close, not ws's 30 s.
            ws.pause();
            setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
            return;
          }
          if (refusals.length === 1)
            client.send(
              JSON.stringify({ type: 'error', code: 'too-many-messages', message: `at most ${rate} messages a second: messages over it are dropped` }),
            );
          return;
        }
        tokens--;
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
