// Answers too large to build in memory (a run exported: up to the 64 MB an import may be), sent as they are read:
// each piece written only once the client has taken the one before (its socket drained), so that an answer holds
// one piece in memory however slowly its client reads. And few at once: a slot each, a few for any one address and
// a few more in all, so that many readers cannot hold many answers' pieces and what reading them costs.

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

/**
 * `pieces` as a response body, each read only when the client took the last (the stream is pulled as the socket
 * drains); `release` is called once when it ends, fails or the client goes, and `stall` when the client has taken
 * nothing for a minute (it closes the connection, which cancels the stream).
 */
export function pieceStream(pieces: AsyncIterable<string>, release: () => void, stall: () => void): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let stalled: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    clearTimeout(stalled);
    release();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        clearTimeout(stalled);
        try {
          const next = await iterator.next();
          if (next.done) {
            end();
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(next.value));
          stalled = setTimeout(stall, STALLED_MS);
        } catch (error) {
          end();
          throw error;
        }
      },
      async cancel() {
        end();
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
