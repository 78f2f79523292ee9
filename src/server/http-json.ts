// Answering HTTP requests with JSON, for the lab's API and the ladder's: a refusal is an HttpError with its status
// and reason; request bodies are read up to a size and must be a JSON object; who sent a request (its account, by
// a session with its CSRF token, or by a token) is a Caller.

import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Who sent a request: an account (by its session, with its CSRF token, or by a token), or nobody. */
export interface Caller {
  readonly account?: string;
  readonly csrf?: string;
  readonly byToken?: boolean;
}

export function signedIn(caller: Caller): string {
  if (!caller.account) throw new HttpError(401, 'sign in first (or send a token)');
  return caller.account;
}

/**
 * A request's body, up to `maxBytes`. Past them the rest is read and dropped, then the request refused: a client
 * still sending would otherwise see its connection reset instead of the answer (the server's 60 s for a request
 * bounds what a hostile one can send).
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<string> {
  // Only JSON is read: a form of another site (text/plain, which a browser sends without asking) is refused.
  const json = /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (json && size <= maxBytes) chunks.push(chunk);
    });
    request.on('end', () => {
      if (!json) reject(new HttpError(415, 'the request is JSON: content-type application/json'));
      else if (size > maxBytes) reject(new HttpError(413, `the request is over ${maxBytes >> 10} KB`));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

/** A request's JSON object. */
export async function readJson(request: IncomingMessage, maxBytes: number): Promise<object> {
  let form: unknown;
  try {
    form = JSON.parse(await readBody(request, maxBytes));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'the request is not JSON');
  }
  if (!form || typeof form !== 'object' || Array.isArray(form)) throw new HttpError(400, 'the request is not a JSON object');
  return form;
}

/** A small JSON form: its fields as text (a NUL character in one is refused: no name, password or label has one). */
export async function readForm(request: IncomingMessage, maxBytes: number): Promise<Record<string, string>> {
  const form = await readJson(request, maxBytes);
  const fields = Object.entries(form).map(([key, value]) => [key, typeof value === 'string' ? value : '']);
  if (fields.some(([, value]) => value.includes('\u0000'))) throw new HttpError(400, 'a field holds a NUL character');
  return Object.fromEntries(fields);
}

export function reply(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return void response.destroy();
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) }).end(text);
}
