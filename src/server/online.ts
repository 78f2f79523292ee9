// The WebSocket endpoint of online play at /ws on the app's own port: each connection is a client of the
// Lobby, with a limit on messages per second (a message over it is answered with an error and dropped) and on
// frame size (the ws package closes a connection whose frame passes MAX_FRAME_BYTES; anything longer than the
// protocol's limit but within it is answered with an error).

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { Lobby, type Client, type LobbyOptions } from './rooms';

const MAX_FRAME_BYTES = 64 * 1024;

export interface OnlineOptions extends LobbyOptions {
  /** Messages a connection may send per second on average, and in a burst. */
  readonly messagesPerSecond?: number;
  readonly burst?: number;
  /** How often rooms nobody uses are looked for. */
  readonly sweepMs?: number;
}

export function attachOnline(server: Server, options: OnlineOptions = {}): { readonly lobby: Lobby; close(): void } {
  const lobby = new Lobby(options);
  const rate = options.messagesPerSecond ?? 20;
  const burst = options.burst ?? 40;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://host').pathname !== '/ws') {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => connect(ws, request));
  });

  function connect(ws: WebSocket, request: IncomingMessage): void {
    const client: Client = {
      address: request.socket.remoteAddress ?? 'unknown',
      send: (message) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
      },
    };
    // A token bucket: `burst` messages at once, refilled at `rate` per second.
    let tokens = burst;
    let refilled = Date.now();
    ws.on('message', (data, isBinary) => {
      const now = Date.now();
      tokens = Math.min(burst, tokens + ((now - refilled) / 1000) * rate);
      refilled = now;
      if (tokens < 1) return client.send({ type: 'error', code: 'too-many-messages', message: `at most ${rate} messages a second: this one was dropped` });
      tokens--;
      if (isBinary) return client.send({ type: 'error', code: 'bad-message', message: 'messages are JSON text' });
      lobby.receive(client, data.toString());
    });
    ws.on('close', () => lobby.leave(client));
    ws.on('error', () => ws.terminate());
  }

  const sweeper = setInterval(() => lobby.sweep(), options.sweepMs ?? 30_000);
  sweeper.unref();
  return {
    lobby,
    close() {
      clearInterval(sweeper);
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
    },
  };
}
