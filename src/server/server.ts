// The playground's server: the built app over HTTP and online play's WebSocket endpoint (/ws) on one port.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachOnline, type OnlineOptions } from './online';
import type { Lobby } from './rooms';
import { staticFiles } from './static-files';

export interface ServerOptions {
  readonly root: string;
  readonly port: number;
  readonly host: string;
  readonly online?: OnlineOptions;
}

export async function startServer(options: ServerOptions): Promise<{ server: Server; url: string; lobby: Lobby }> {
  const serve = staticFiles(options.root);
  const server = createServer((request, response) => {
    serve(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  const online = attachOnline(server, options.online);
  server.on('close', () => online.close());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { server, url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/`, lobby: online.lobby };
}
