// Engines a cluster worker offers to the ladder (`playground worker --engine NAME=COMMAND --ladder`). The worker says
// so in Redis with a key that lives OFFER_TTL_MS and that it sets again every OFFER_EVERY_MS, so a worker that dies
// is forgotten within seconds. The offer names the worker's own queue: only that worker has its engines, so the
// games they play are its tasks alone. Each engine comes with a fingerprint (the bytes of the files its command
// names, and its hello): a changed engine is another version of its bot.

import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Queue } from 'bullmq';
import * as v from 'valibot';
import type { EngineIdentity } from '../engines/engine';
import { buildId, QUEUE_NAME } from './tasks';

export interface OfferedEngine {
  readonly game: string;
  readonly name: string;
  readonly identity: EngineIdentity;
  readonly fingerprint: string;
}

export interface WorkerOffer {
  readonly worker: string;
  /** The queue only this worker takes tasks from. */
  readonly queue: string;
  readonly build: string;
  readonly engines: readonly OfferedEngine[];
}

/** What an offer read from Redis must be: anything else there is left alone. */
const OfferSchema = v.object({
  worker: v.pipe(v.string(), v.maxLength(200)),
  queue: v.pipe(v.string(), v.maxLength(200)),
  build: v.string(),
  engines: v.pipe(
    v.array(
      v.object({
        game: v.string(),
        name: v.pipe(v.string(), v.regex(/^[A-Za-z][\w-]{0,39}$/)),
        identity: v.object({ name: v.pipe(v.string(), v.maxLength(200)), params: v.array(v.any()) }),
        fingerprint: v.pipe(v.string(), v.maxLength(64)),
      }),
    ),
    v.maxLength(100),
  ),
});

const OFFER_PREFIX = 'ai-playground:ladder-offer:';
export const OFFER_TTL_MS = 15_000;
const OFFER_EVERY_MS = 5_000;

/** The commands used here, which BullMQ's type of its ioredis client leaves out. */
interface OfferCommands {
  set(key: string, value: string, px: 'PX', ms: number): Promise<unknown>;
  del(key: string): Promise<number>;
  scan(cursor: string, match: 'MATCH', pattern: string, count: 'COUNT', n: number): Promise<[string, string[]]>;
  mget(...keys: string[]): Promise<(string | null)[]>;
}
const commands = async (queue: Queue) => (await queue.client) as unknown as OfferCommands;

/** A worker's own queue (BullMQ's names take no colon: the worker's name is hashed). */
export const workerQueue = (worker: string) => `${QUEUE_NAME}-worker-${createHash('sha256').update(worker).digest('hex').slice(0, 16)}`;

/** The hash of an engine's hello and of every file its command names (after a `connectx:` or `sandbox:`). */
export async function engineFingerprint(command: string, identity: EngineIdentity): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(identity));
  for (const word of command.replace(/^(connectx|sandbox):/, '').split(/\s+/)) {
    const isFile = await stat(word).then(
      (found) => found.isFile(),
      () => false,
    );
    if (isFile) hash.update(word).update(await readFile(word));
  }
  return hash.digest('base64url').slice(0, 22);
}

/** Says the offer now and every few seconds until the returned function is called (which withdraws it). */
export function publishOffer(queue: Queue, offer: Omit<WorkerOffer, 'build'>, log: (line: string) => void): () => Promise<void> {
  const value = JSON.stringify({ ...offer, build: buildId() });
  const key = OFFER_PREFIX + offer.worker;
  let failing = false;
  const say = async () => {
    try {
      await (await commands(queue)).set(key, value, 'PX', OFFER_TTL_MS);
      failing = false;
    } catch (error) {
      if (!failing) log(`cannot offer the engines to the ladder: ${(error as Error).message}`);
      failing = true;
    }
  };
  void say();
  const timer = setInterval(say, OFFER_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await (await commands(queue)).del(key).catch(() => {});
  };
}

/** The offers of the workers alive and of this build (a worker of another build leaves its tasks alone). */
export async function readOffers(queue: Queue): Promise<WorkerOffer[]> {
  const client = await commands(queue);
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await client.scan(cursor, 'MATCH', `${OFFER_PREFIX}*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (keys.length === 0) return [];
  const offers: WorkerOffer[] = [];
  for (const value of await client.mget(...keys)) {
    try {
      const offer = v.safeParse(OfferSchema, JSON.parse(value ?? 'null'));
      if (offer.success && offer.output.build === buildId()) offers.push(offer.output as WorkerOffer);
    } catch {
      // A key that is not an offer (not JSON): not ours to read.
    }
  }
  return offers.sort((a, b) => (a.worker < b.worker ? -1 : 1));
}
