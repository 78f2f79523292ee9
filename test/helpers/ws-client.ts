// A WebSocket test client of online play: sends text or objects, and awaits the server's messages in order.

import WebSocket from 'ws';
import type { ServerMessage } from '../../src/net/protocol';

export class TestClient {
  private readonly queue: ServerMessage[] = [];
  private waiting: ((message: ServerMessage) => void)[] = [];
  /** Every message received, in order. */
  readonly received: ServerMessage[] = [];
  /** The close code and reason, once closed. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      this.received.push(message);
      const waiter = this.waiting.shift();
      if (waiter) waiter(message);
      else this.queue.push(message);
    });
    this.closed = new Promise((done) => socket.on('close', (code, reason) => done({ code, reason: reason.toString() })));
  }

  /** Opens a connection; `localAddress` picks the client's address (127.0.0.x are all this machine). */
  static async open(url: string, options: { localAddress?: string; origin?: string } = {}): Promise<TestClient> {
    const socket = new WebSocket(url, { localAddress: options.localAddress, origin: options.origin });
    await new Promise((done, fail) => socket.once('open', done).once('error', fail));
    return new TestClient(socket);
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  next(): Promise<ServerMessage> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((done) => this.waiting.push(done));
  }

  /** The next message of a type, skipping others (state broadcasts). */
  async nextOf<T extends ServerMessage['type']>(type: T): Promise<Extract<ServerMessage, { type: T }>> {
    for (;;) {
      const message = await this.next();
      if (message.type === type) return message as Extract<ServerMessage, { type: T }>;
    }
  }

  /** The next state (in a `state` or `joined` message) that passes `test`. */
  async stateWhere(test: (state: Extract<ServerMessage, { type: 'state' }>['state']) => boolean) {
    for (;;) {
      const message = await this.next();
      if ((message.type === 'state' || message.type === 'joined') && test(message.state)) return message.state;
    }
  }

  pending(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.socket.close();
    await this.closed;
  }
}

/** The room's WebSocket URL of a server's http URL. */
export const wsUrlOf = (url: string) => `${url.replace(/^http/, 'ws')}ws`;
