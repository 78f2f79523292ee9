// A WebSocket client written by hand on a TCP socket, for clients no library would be: one that never reads,
// never answers a ping, or sends millions of tiny frames.

import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** Opens /ws and completes the handshake; the socket is then paused (it reads nothing) unless resumed. */
export function rawWebSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.pause();
      if (!head.startsWith('HTTP/1.1 101')) reject(new Error(head.slice(0, head.indexOf('\r\n'))));
      // Whatever came after the handshake goes back to the stream.
      else {
        if (end + 4 < head.length) socket.unshift(Buffer.from(head.slice(end + 4), 'latin1'));
        resolve(socket);
      }
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

/** A masked text frame (clients must mask), of up to 65,535 bytes. */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const header = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 255]);
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i & 3]));
  return Buffer.concat([header, mask, masked]);
}

/** Reads everything until the server closes the socket (or `ms` pass with nothing new); the bytes read and whether it closed. */
export function drain(socket: Socket, ms = 3000): Promise<{ bytes: number; closed: boolean }> {
  return new Promise((resolve) => {
    let bytes = 0;
    let timer = setTimeout(() => finish(false), ms);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ bytes, closed });
    };
    socket.on('data', (chunk) => {
      bytes += chunk.length;
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), ms);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.resume();
  });
}
