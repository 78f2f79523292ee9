// Answering HTTP requests with JSON, for the lab's API and the ladder's (Hono routes): a refusal is an HttpError
// with its status and reason; a route's body is read up to a size, must be a JSON object and is checked by the
// route's schema (jsonBody); who sent a request (its account, by a session with its CSRF token, or by a token) is
// a Caller.

import type { HttpBindings } from '@hono/node-server';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A route's id in its path: a run's, a token's, a bot's, a version's or a game's (any other path is no route's). */
export const ID = ':id{[\\w-]{1,100}}' as const;

/** Who sent a request: an account (by its session, with its CSRF token, or by a token), or nobody. */
export interface Caller {
  readonly account?: string;
  readonly csrf?: string;
  readonly byToken?: boolean;
}

/** What the lab's and the ladder's routes are given: Node's request beside the web one, and who sent it. */
export interface ApiEnv {
  Bindings: HttpBindings;
  Variables: { caller: Caller };
}

export function signedIn(caller: Caller): string {
  if (!caller.account) throw new HttpError(401, 'sign in first (or send a token)');
  return caller.account;
}

/** Refuses a request from nobody (401) before its body is read. */
export const accountNeeded = createMiddleware<ApiEnv>(async (c, next) => {
  signedIn(c.var.caller);
  await next();
});

/**
 * A request's body, up to `maxBytes`. Past them the rest is read and dropped, then the request refused: a client
 * still sending would otherwise see its connection reset instead of the answer (the server's 60 s for a request
 * bounds what a hostile one can send). The size is counted as the bytes come, whatever Content-Length says.
 */
export async function readBody(request: Request, maxBytes: number): Promise<string> {
  // Only JSON is read: a form of another site (text/plain, which a browser sends without asking) is refused.
  const json = /^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '');
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    size += read.value.length;
    if (json && size <= maxBytes) chunks.push(read.value);
  }
  if (!json) throw new HttpError(415, 'the request is JSON: content-type application/json');
  if (size > maxBytes) throw new HttpError(413, `the request is over ${maxBytes >> 10} KB`);
  return Buffer.concat(chunks).toString('utf8');
}

/** A request's JSON object. */
export async function readJson(request: Request, maxBytes: number): Promise<object> {
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

/**
 * A route's JSON body, read up to `maxBytes` and checked by `schema` before the route runs (in `c.var.body`); a
 * body the schema refuses is a 400 saying `refusal` of the schema's first issue.
 */
export function jsonBody<S extends v.GenericSchema<object>>(maxBytes: number, schema: S, refusal = (issue: string) => issue) {
  return createMiddleware<{ Variables: { body: v.InferOutput<S> } }>(async (c, next) => {
    const checked = v.safeParse(schema, await readJson(c.req.raw, maxBytes));
    if (!checked.success) throw new HttpError(400, refusal(checked.issues[0].message));
    c.set('body', checked.output);
    await next();
  });
}

/** A small form's fields, each text (any other value reads as empty; a NUL character is refused: no name, password or label has one). */
export const TextFields = v.pipe(
  v.record(v.string(), v.unknown()),
  v.transform((form) => Object.fromEntries(Object.entries(form).map(([key, value]) => [key, typeof value === 'string' ? value : '']))),
  v.check((form) => Object.values(form).every((value) => !value.includes('\u0000')), 'a field holds a NUL character'),
);
