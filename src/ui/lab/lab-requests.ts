// The page's side of the lab's HTTP API (docs/server.md): JSON requests with the session's cookie, and the CSRF
// token on every change. A refusal comes back as a LabError with the lab's reason.

import { checkKept, type KeptRun } from '../../arena/kept-run';
import type { LabRun } from '../../lab/runs';

export class LabError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Me {
  readonly account: string | null;
  readonly csrf?: string;
}

/** Who is signed in to the server's lab; a LabError when the server has none. */
export async function labMe(): Promise<Me> {
  const me = await labRequest<Me & { lab?: false }>('GET', 'me');
  if (me.lab === false) throw new LabError(404, 'this server has no lab');
  return me;
}

export async function labRequest<T>(method: string, path: string, { body, csrf }: { body?: unknown; csrf?: string } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/lab/${path}`, {
      method,
      headers: { ...(csrf ? { 'x-csrf-token': csrf } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new LabError(0, 'the lab does not answer (is the server running?)');
  }
  const answer = await response.json().catch(() => undefined);
  // A static host (no playground server behind the page) answers 404 without JSON.
  if (response.status === 404 && answer === undefined) throw new LabError(404, 'this server has no lab');
  if (!response.ok) throw new LabError(response.status, (answer as { error?: string } | undefined)?.error ?? `the lab answered ${response.status}`);
  return answer as T;
}

/** A run of the lab as its saved run or tuning file, checked as a file is. */
export async function labRunFile(id: string): Promise<KeptRun> {
  return checkKept(await labRequest<unknown>('GET', `runs/${encodeURIComponent(id)}/export`));
}

export interface RunPage {
  readonly runs: readonly LabRun[];
  readonly next?: string;
}
