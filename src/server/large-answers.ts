// Answers too large to build in memory (a run exported: up to the 64 MB an import may be), sent as they are read:
// each piece written only once the client has taken the one before (its socket drained), so that an answer holds
// one piece in memory however slowly its client reads. And few at once: a slot each, a few for any one address and
// a few more in all, so that many readers cannot hold many answers' pieces and what reading them costs.

import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { HttpError } from './http-json';

export class AnswerSlots {
  private readonly byAddress = new Map<string, number>();
  private taken = 0;

  constructor(
    /** What the answers are, for a refusal: "exports". */
    private readonly what: string,
    private readonly perAddress: number,
    private readonly inAll: number,
  ) {}

  /** A slot for an answer to `address`, or an HttpError (429 or 503) when there is none; the release it returns frees it (once). */
  take(address: string): () => void {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.perAddress) throw new HttpError(429, `at most ${this.perAddress} ${this.what} at once from one address: wait for one to end`);
    if (this.taken >= this.inAll) throw new HttpError(503, `the server sends ${this.inAll} ${this.what} at once, the most: try again in a moment`);
    this.byAddress.set(address, mine + 1);
    this.taken++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.taken--;
      const left = this.byAddress.get(address)! - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }

  /** Slots taken now, in all. */
  get inUse(): number {
    return this.taken;
  }
}

/** A client that takes nothing of an answer for this long loses it (and its slot). */
const STALLED_MS = 60_000;

/** Writes `pieces` as the body, each after the client took the last; stops (the socket closed) when the client goes. */
export async function sendPieces(
  response: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  pieces: AsyncIterable<string>,
): Promise<void> {
  response.writeHead(status, headers);
  const gone = new Promise<void>((resolve) => response.once('close', resolve));
  for await (const piece of pieces) {
    if (response.destroyed) return;
    if (response.write(piece)) continue;
    const stalled = setTimeout(() => response.destroy(), STALLED_MS);
    await Promise.race([once(response, 'drain'), gone]);
    clearTimeout(stalled);
  }
  if (!response.destroyed) response.end();
}
