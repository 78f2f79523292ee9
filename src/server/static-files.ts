// Serving the built app (dist/) over HTTP: GET and HEAD only, no path outside the folder. Every response
// carries an ETag and Last-Modified and answers a matching conditional request with 304; text and WebAssembly
// go out compressed (brotli or gzip, as the client accepts), compressed once per file version and kept in
// memory (the app is a few hundred KB); Vite's hashed assets are cached for a year, the rest revalidated. A file
// streams through stream.pipeline, which closes it on every path, a client that goes away included.

import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.bin': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSED_TYPES = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt']);
/** Larger files are streamed as they are. */
const MAX_COMPRESSED_FILE = 16 << 20;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const compressors: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) => promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

/** The encodings the client accepts (a q of 0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  return accepted;
}

/** Whether a conditional request's validators match the file: it has the client's copy. */
function notModified(request: IncomingMessage, etag: string, modified: Date): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) return match.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

export function staticFiles(root: string) {
  const rootPrefix = root.endsWith(sep) ? root : root + sep;
  /** Compressed bodies by file, encoding and version (size and mtime). */
  const compressed = new Map<string, Promise<Buffer>>();

  function compressedBody(file: string, version: string, encoding: Encoding, handle: FileHandle): Promise<Buffer> {
    const key = `${encoding} ${file}`;
    const cached = compressed.get(`${key} ${version}`);
    if (cached) return cached;
    for (const old of compressed.keys()) if (old.startsWith(`${key} `)) compressed.delete(old);
    const body = handle.readFile().then((bytes) => compressors[encoding](bytes));
    compressed.set(`${key} ${version}`, body);
    body.catch(() => compressed.delete(`${key} ${version}`));
    return body;
  }

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end('bad path');
      return;
    }
    // A NUL names no file (the file system refuses it outright).
    if (path.includes('\0')) {
      response.writeHead(400).end('bad path');
      return;
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== root && !file.startsWith(rootPrefix)) {
      response.writeHead(403).end();
      return;
    }
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const missing = code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG' || code === 'EISDIR';
      response.writeHead(missing ? 404 : 503, { 'content-type': 'text/plain; charset=utf-8' }).end(missing ? 'not found' : 'busy: try again');
      return;
    }
    // The handle is closed here, unless a stream took it over.
    let streaming = false;
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
      const version = `${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}`;
      const extension = extname(file);
      const accepted = acceptedEncodings(request.headers['accept-encoding'] as string | undefined);
      const compressible = COMPRESSED_TYPES.has(extension) && info.size <= MAX_COMPRESSED_FILE;
      const encoding = compressible ? ENCODINGS.find((name) => accepted.has(name)) : undefined;
      // Each encoding is its own representation, with its own tag.
      const etag = `"${version}${encoding ? `-${encoding}` : ''}"`;
      response.setHeader('etag', etag);
      response.setHeader('last-modified', info.mtime.toUTCString());
      // Vite names its assets by content hash, so they never change; index.html must always be fresh.
      response.setHeader('cache-control', path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (compressible) response.setHeader('vary', 'accept-encoding');
      response.setHeader('content-type', TYPES[extension] ?? 'application/octet-stream');
      if (notModified(request, etag, info.mtime)) {
        response.writeHead(304).end();
        return;
      }
      if (encoding) {
        const body = await compressedBody(file, version, encoding, handle);
        response.writeHead(200, { 'content-encoding': encoding, 'content-length': body.length });
        response.end(request.method === 'HEAD' ? undefined : body);
        return;
      }
      response.writeHead(200, { 'content-length': info.size });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      streaming = true;
      pipeline(handle.createReadStream({ start: 0 }), response, () => {
        // Closed on every path by pipeline: an error here is a client gone away or a failed read, nothing to answer.
      });
    } finally {
      if (!streaming) await handle.close();
    }
  };
}
