// The playground's server: the built app over HTTP, online play's WebSocket endpoint (/ws), the lab's API
// (/api/lab/: lab-api.ts) and, with a cluster, the arena's runs on it (GET /api/cluster says whether there is one;
// the runs go over /ws), on one port.
// Every response carries the security headers below; a malformed request gets a 400 and its socket closed, and
// no exception in a request handler ends the process: it is answered with a 500 and logged once.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_SCRIPT } from '../engines/sandbox-frame';
import { ClusterRuns } from './cluster-runs';
import { failureLog, type FailureLog } from './failures';
import { holdDataFolder } from './data-folder';
import type { LabApi, LabOptions } from './lab-api';
import { attachOnline, DEFAULT_CONNECTIONS_PER_ADDRESS, DEFAULT_MAX_CONNECTIONS, type OnlineOptions } from './online';
import type { Lobby } from './rooms';
import { hostNames, type RequestGate, requestGate } from './request-gate';
import { SharedDatabase } from './shared-database';
import { StoredRooms } from './stored-rooms';
import { staticFiles } from './static-files';

export interface ServerOptions {
  readonly root: string;
  readonly port: number;
  readonly host: string;
  readonly online?: OnlineOptions;
  /** The server's folder, kept by one server at a time (the lab's PGlite lives in it; an older server's room journal is read from it once). */
  readonly dataDir?: string;
  readonly logFailure?: FailureLog;
  /** The cluster the arena's runs may go to (REDIS_URL), and how many runs from pages it plays at once. */
  readonly cluster?: { readonly redis: string; readonly maxRuns?: number; readonly maxRunsPerAddress?: number; readonly maxGames?: number };
  /** The lab: its database, the rooms' too unless it is in memory, and who may do what (none: no lab and rooms in memory, see noLab). */
  readonly lab?: LabOptions;
}

/**
 * The app's scripts, workers and WebAssembly come from this origin only ('wasm-unsafe-eval' lets a worker
 * compile a core), and from blob: URLs, which only the page makes: a person's own bot (the My bots page) runs in
 * a worker started from a blob in a sandboxed frame, whose one inline script is named by its hash (the frame's
 * document inherits this policy, beside its own), and imports its code as a blob. Lit's templates set style
 * attributes. Cross-origin isolation (COOP and COEP) lets the cores share memory between workers.
 */
const SANDBOX_SCRIPT_HASH = createHash('sha256').update(SANDBOX_SCRIPT).digest('base64');
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': `default-src 'self'; script-src 'self' blob: 'wasm-unsafe-eval' 'sha256-${SANDBOX_SCRIPT_HASH}'; worker-src 'self' blob:; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * The connections the process's descriptor limit leaves room for: its soft limit, less the descriptors open now
 * and a quarter of it (at least 32) kept for what the server opens itself (its files, the lab's database, workers,
 * engines), so that connections held open by clients (slowloris) cannot take every descriptor. Unbounded where the
 * system does not say its limit (Linux's /proc does).
 */
function socketBudget(): number {
  try {
    const limit = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    if (limit === undefined) return Number.POSITIVE_INFINITY;
    const open = readdirSync('/proc/self/fd').length;
    return Math.max(16, Number(limit) - open - Math.max(32, Number(limit) >> 2));
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** TCP connections allowed for each WebSocket connection allowed: a page's requests beside its WebSocket. */
const SOCKETS_PER_CONNECTION = 3;

function fail(response: ServerResponse): void {
  if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('server error');
  else response.destroy();
}

/**
 * Why a request is not answered, by where it comes from: a Host that is not the server's (any path: the pages
 * too, on a loopback address), or a request that would change something sent by a page of another site.
 */
function refused(gate: RequestGate, request: IncomingMessage, path: string): { status: 421 | 403; message: string } | undefined {
  if (!gate.hostAllowed(request)) return { status: 421, message: 'this server does not answer to that name (Host)' };
  const changes = request.method !== 'GET' && request.method !== 'HEAD';
  if (changes && path.startsWith('/api/') && !gate.originAllowed(request)) return { status: 403, message: 'requests from pages of other sites are refused' };
  return undefined;
}

/** The lab's API (lab-api.ts), loaded at its first request. */
interface LazyLab {
  fetch(request: Request, bindings: HttpBindings): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The routes: who may ask first (refused), then the cluster's description, the lab's API (or, without a lab, its
 * answer that there is none) and last the built app's files, which static-files.ts writes to Node's response
 * itself (brotli and gzip compressed once per file version, streamed otherwise).
 */
function playgroundApp(gate: RequestGate, cluster: ClusterRuns, lab: LazyLab | undefined, serve: ReturnType<typeof staticFiles>, logFailure: FailureLog) {
  return new Hono<{ Bindings: HttpBindings }>()
    .onError((error, c) => {
      logFailure('an HTTP request', error);
      return c.text('server error', 500);
    })
    .use(async (c, next) => {
      const why = refused(gate, c.env.incoming, c.req.path);
      if (why) return c.json({ error: why.message }, why.status, { 'cache-control': 'no-store' });
      await next();
    })
    .get(CLUSTER_PATH, async (c) => c.json(await cluster.describe(), 200, { 'cache-control': 'no-store' }))
    .all(CLUSTER_PATH, (c) => c.text('GET only', 405, { allow: 'GET, HEAD' }))
    .all(`${LAB_PATH}*`, (c) => (lab ? lab.fetch(c.req.raw, c.env) : noLab(c)))
    .all('*', (c) => {
      serve(c.env.incoming, c.env.outgoing).catch((error: unknown) => {
        logFailure('an HTTP request', error);
        fail(c.env.outgoing);
      });
      return RESPONSE_ALREADY_SENT;
    });
}

/** The lab's API (lab-api.ts). */
const LAB_PATH = '/api/lab/';

/**
 * A server without a lab says so: GET /api/lab/me answers that nobody is signed in to no lab (a page asks it to
 * know whether to offer the lab, and a 404 would be an error in its console), the rest 404.
 */
function noLab(c: Context): Response {
  const me = c.req.path === `${LAB_PATH}me` && (c.req.method === 'GET' || c.req.method === 'HEAD');
  return c.json(me ? { account: null, lab: false } : { error: 'this server has no lab' }, me ? 200 : 404, { 'cache-control': 'no-store' });
}

/** GET /api/cluster: whether the arena may run on the cluster (the page shows the choice only then). */
const CLUSTER_PATH = '/api/cluster';

/**
 * Connections (HTTP and WebSocket alike) from one address are bounded, and in all: half-open requests from one
 * client cannot hold every file descriptor while the headers' timeout runs. A request Node's parser refuses (a
 * malformed request line or header) gets a 400, then its socket is closed.
 */
function guardConnections(server: Server, online: OnlineOptions | undefined): void {
  const socketsPerAddress = SOCKETS_PER_CONNECTION * (online?.connectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS);
  server.maxConnections = Math.min(SOCKETS_PER_CONNECTION * (online?.maxConnections ?? DEFAULT_MAX_CONNECTIONS), socketBudget());
  const sockets = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const open = (sockets.get(address) ?? 0) + 1;
    if (open > socketsPerAddress) return void socket.destroy();
    sockets.set(address, open);
    socket.once('close', () => {
      const left = (sockets.get(address) ?? 1) - 1;
      if (left > 0) sockets.set(address, left);
      else sockets.delete(address);
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
}

export async function startServer(options: ServerOptions): Promise<{ server: Server; url: string; lobby: Lobby; close(): Promise<void> }> {
  const logFailure = options.logFailure ?? failureLog();
  let closed = false;
  const releaseFolder = options.dataDir ? holdDataFolder(options.dataDir) : undefined;
  const database = options.lab && new SharedDatabase(options.lab.location);
  // The rooms live in the database unless it is in memory; a database another server holds refuses this one.
  const rooms = database && !('memory' in database.location) ? new StoredRooms(database, options.dataDir, logFailure) : undefined;
  await rooms?.hold().catch((error: unknown) => {
    releaseFolder?.();
    throw error;
  });
  const cluster = new ClusterRuns({ ...options.cluster, logFailure });
  // The lab's code (hundreds of modules) is loaded at start where its database persists, so that runs left playing
  // carry on at once; with a database in memory, at its first request.
  let labApi: Promise<LabApi> | undefined;
  const loadLab = () => (labApi ??= import('./lab-api').then(({ LabApi }) => new LabApi(options.lab!, logFailure, () => database!.open())));
  const lab = options.lab && {
    fetch: async (request: Request, bindings: HttpBindings) => (await loadLab()).fetch(request, bindings),
    close: async () => (await labApi)?.close(),
  };
  // While its database does not answer, it is tried again every 10 s (each failure logged by the lab).
  let labRetry: ReturnType<typeof setTimeout> | undefined;
  const openLab = (): void =>
    void loadLab()
      .then((api) => api.open())
      .catch(() => {
        if (!closed) labRetry = setTimeout(openLab, 10_000).unref();
      });
  if (rooms) openLab();
  const gate = requestGate(hostNames(options.host, options.online?.allowedOrigins), options.online?.allowedOrigins);
  const app = playgroundApp(gate, cluster, lab, staticFiles(options.root), logFailure);
  // @hono/node-server puts its own Request and Response in place of the global ones (its default): a JSON answer
  // is then written to the socket at once, where undici's Response body would be read a tick later (0.5-1 ms).
  const answer = getRequestListener(app.fetch);
  // A request has 10 s for its headers and 60 s in all, checked every second (Node checks every 30 s by default).
  const server = createServer({ headersTimeout: 10_000, requestTimeout: 60_000, connectionsCheckingInterval: 1000 }, (request, response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    answer(request, response).catch((error: unknown) => {
      logFailure('an HTTP request', error);
      fail(response);
    });
  });
  const online = attachOnline(server, gate, options.online, logFailure, cluster);
  // The stored rooms come back before the first client can connect (stored-rooms.ts).
  await rooms?.load(online.lobby);
  // Bounded by the descriptors left once the database holds its own.
  guardConnections(server, options.online);
  // The lab's runs under way store the games they played before it closes (they carry on at the next start);
  // then the changes of rooms under way are written, and the database closed.
  let labClosed: Promise<void> = Promise.resolve();
  const shutDown = () => {
    if (closed) return;
    closed = true;
    clearTimeout(labRetry);
    rooms?.stop();
    online.close();
    cluster.close();
    labClosed = (async () => {
      await lab?.close().catch((error: unknown) => logFailure('closing the lab', error));
      await online.lobby.settled();
      await database?.close().catch((error: unknown) => logFailure('closing the database', error));
      await rooms?.release();
      releaseFolder?.();
    })();
  };
  server.on('close', shutDown);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, resolve);
    });
  } catch (error) {
    // Not served (its port taken): the data folder and the rest are given up.
    shutDown();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    server,
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/`,
    lobby: online.lobby,
    /** Closes every connection, the lab and the database (the rooms' changes under way written), then the server. */
    close: () =>
      new Promise<void>((resolve) => {
        shutDown();
        server.close(() => void labClosed.then(resolve));
        server.closeAllConnections();
      }),
  };
}
