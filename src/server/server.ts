// The playground's server: the built app over HTTP on one port.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { staticFiles } from './static-files';

export interface ServerOptions {
  readonly root: string;
  readonly port: number;
  readonly host: string;
}

export async function startServer(options: ServerOptions): Promise<{ server: Server; url: string }> {
  const serve = staticFiles(options.root);
  const server = createServer((request, response) => {
    serve(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return { server, url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/` };
}
