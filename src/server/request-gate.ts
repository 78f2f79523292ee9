// Where a request comes from, checked before anything answers it: its Host must be one of the server's names (on a
// loopback address, loopback names only, so that a page of another site whose name was rebound to 127.0.0.1 is not
// answered: DNS rebinding), and a browser's request must come from the server's own pages or an allowed origin (its
// Origin, or failing one its Sec-Fetch-Site): a page of another site cannot sign a browser in, make an account or
// change anything with its cookie. A client that is no browser (the CLI, an engine) sends neither and is let in.

import type { IncomingMessage } from 'node:http';

export interface RequestGate {
  /** Whether the request's Host is one of the server's names. */
  hostAllowed(request: IncomingMessage): boolean;
  /** Whether the request comes from the server's own pages (or an allowed origin), or from no browser. */
  originAllowed(request: IncomingMessage): boolean;
}

/** The names a server on `host` answers to: loopback names on a loopback address (and the allowed origins'), any elsewhere. */
export function hostNames(host: string, allowedOrigins: readonly string[] = []): string[] | undefined {
  if (!['127.0.0.1', '::1', 'localhost'].includes(host)) return undefined;
  return ['localhost', '127.0.0.1', '[::1]', ...allowedOrigins.map((origin) => new URL(origin).hostname)];
}

/** A Host header's name without its port (`[::1]` kept in brackets, as URL writes it). */
function hostName(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function requestGate(names: readonly string[] | undefined, allowedOrigins: readonly string[] = []): RequestGate {
  const known = names && new Set(names.map((name) => name.toLowerCase()));
  const allowed = new Set(allowedOrigins);
  const hostAllowed = (request: IncomingMessage) => {
    if (!known) return true;
    const name = hostName(request.headers.host ?? '');
    return name !== null && known.has(name);
  };
  return {
    hostAllowed,
    originAllowed(request) {
      const origin = request.headers.origin;
      if (origin === undefined) {
        // A browser says where a request comes from even when it sends no Origin (a top-level GET, say).
        const site = request.headers['sec-fetch-site'];
        return site === undefined || site === 'same-origin' || site === 'none';
      }
      if (allowed.has(origin)) return true;
      const host = request.headers.host;
      if (host === undefined || (origin !== `http://${host}` && origin !== `https://${host}`)) return false;
      return hostAllowed(request);
    },
  };
}
