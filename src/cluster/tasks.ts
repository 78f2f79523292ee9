// What goes through the queue (BullMQ on Redis): a run's games cut into tasks of whole pairs, each task a job whose
// id is the run's id and the task's index, so that adding it twice adds it once and its result is taken once. A
// task carries everything a worker needs to play its games as a local run would (the games with their seeds, the
// time control) and the build it was made for: results from different code must not mix.

import { type ConnectionOptions, Queue, type QueueBase } from 'bullmq';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScheduledGame } from '../arena/schedule';
import type { TimeControl } from '../arena/time-control';
import type { ShareRequest, SolveOptions } from '../contracts/game';

export const QUEUE_NAME = 'ai-playground-games';

/** A ladder version that is an engine a worker offers: which of its engines, as fingerprinted when offered. */
export interface OfferedVersion {
  readonly engine: string;
  readonly fingerprint: string;
}

export interface GameTask {
  /** The command's run (what `playground runs` lists and `--cancel` names). */
  readonly owner: string;
  /** The schedule's id within the run (a tune plays one schedule a step). */
  readonly run: string;
  readonly game: string;
  readonly size?: number;
  /** The schedule's indices of the task's games, and the games. */
  readonly indices: readonly number[];
  readonly games: readonly ScheduledGame[];
  readonly time: TimeControl;
  /** The engines its games' configurations name, which the worker must have (`playground worker --engine`)... */
  readonly engines: readonly string[];
  /** ...but for submitted bot modules (the ladder's), their code given here: the worker plays them in its sandbox... */
  readonly modules?: Readonly<Record<string, string>>;
  /** ...and the ladder's versions of engines the worker offers (a task of its own queue): its engine's name and fingerprint. */
  readonly offered?: Readonly<Record<string, OfferedVersion>>;
  /** Each move is reported as it is played (the job's progress: `{ index, ply, move }`, the index in the task's games). */
  readonly live?: boolean;
  readonly build: string;
}

/**
 * One share of one iteration of a search the cluster's machines share (`solve --redis`, solve-shares.ts): what a
 * worker searches as its pool's workers search the shares of a local one. Queued under the job name SHARE_TASK.
 */
export interface ShareTask {
  /** The command's run, and this search's id in it (one search a line). */
  readonly owner: string;
  readonly run: string;
  readonly game: string;
  /** The position, written with its size. */
  readonly line: string;
  readonly options: SolveOptions;
  readonly share: ShareRequest;
  readonly build: string;
}

export type ClusterTask = GameTask | ShareTask;

/** The job name of a share task (a game task's is `games`). */
export const SHARE_TASK = 'share';

/** The key that tells the workers a search is over (solved, failed or stopped): its shares still running stop. */
export const searchOverKey = (run: string) => `ai-playground:over:${run}`;

/** The key whose presence tells a run's submitter that `playground runs --cancel` stopped it. */
export const cancelKey = (owner: string) => `ai-playground:cancel:${owner}`;

/**
 * The job id of a task: its schedule's id and its games (BullMQ ignores a job added again under an id it has, so
 * the same id must mean the same games: a run carried on cuts its missing games differently).
 */
export function taskId(run: string, indices: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const char of indices.join(',')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `${run}-${indices[0]}-${indices.length}-${hash.toString(36)}`;
}

/** The most jobs read of one state when the queue is searched (the cluster's views and a run's pick-up). */
export const JOBS_READ = 20_000;

/** How many pairs go in a task: a few dozen tasks a run, so that the queue's cost per task stays small. */
export function pairsPerTask(pairs: number): number {
  return Math.max(1, Math.min(50, Math.ceil(pairs / 64)));
}

let build: string | undefined;

/**
 * This build's identity, the same on every machine that runs the same code: a hash of the bundle this module is
 * part of (every .mjs file of its folder: the CLI, the server, the workers and the games alike) and of the cores
 * beside it. Run from the sources (the tests), this file alone.
 */
export function buildId(): string {
  if (build === undefined) {
    const here = fileURLToPath(import.meta.url);
    const folder = dirname(here);
    const cores = resolve(folder, '../build');
    const bundle = readdirSync(folder).filter((name) => name.endsWith('.mjs'));
    const files =
      bundle.length > 0
        ? [
            ...bundle.sort().map((name) => join(folder, name)),
            ...(existsSync(cores)
              ? readdirSync(cores)
                  .filter((name) => name.endsWith('.wasm'))
                  .sort()
              : []
            ).map((name) => join(cores, name)),
          ]
        : [here];
    let hash = 0x811c9dc5;
    let length = 0;
    for (const file of files) {
      const bytes = readFileSync(file);
      length += bytes.length;
      for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    }
    build = `${hash.toString(16).padStart(8, '0')}-${length}`;
  }
  return build;
}

/** The connection options of a redis:// URL, as BullMQ's workers need them (no retry limit per request). */
export function redisConnection(url: string): { host: string; port: number; password?: string; db?: number; maxRetriesPerRequest: null } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--redis is redis://HOST:PORT, got "${url}"`);
  }
  if (parsed.protocol !== 'redis:') throw new Error(`--redis is redis://HOST:PORT, got "${url}"`);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : undefined;
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db !== undefined && Number.isInteger(db) ? { db } : {}),
    maxRetriesPerRequest: null,
  };
}

/**
 * The cluster's queue on the Redis at `url` (or a worker's own, by its name). A lost connection is reported as an error event while ioredis
 * reconnects by itself (a Redis restart is survived): the event is not a failure of the caller.
 */
export function clusterQueue<Data = ClusterTask, Result = unknown>(
  url: string,
  connection: ConnectionOptions = redisConnection(url),
  name = QUEUE_NAME,
): Queue<Data, Result> {
  const queue = new Queue<Data, Result>(name, { connection });
  queue.on('error', () => {});
  return queue;
}

/** Resolves once the Redis at `url` answers, or throws after `ms` saying it cannot be reached. */
export async function checkRedis(url: string, ms = 5000): Promise<void> {
  const queue = clusterQueue(url, { ...redisConnection(url), enableOfflineQueue: false, retryStrategy: () => null });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      queue.waitUntilReady(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms))),
    ]);
  } catch (error) {
    throw new Error(`cannot reach Redis at ${url}: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
    await closeWithin([queue], 1000);
  }
}

/**
 * Closes queues (and their events) within `ms`, doing `first` before if Redis answers: false when it did not
 * (then they are disconnected). A connection still connecting is never closed: BullMQ's close() of one drops
 * its error listener before the connection fails, and that unheard 'error' would end the process.
 */
export async function closeWithin(queues: readonly QueueBase[], ms: number, first: () => Promise<unknown> = async () => {}): Promise<boolean> {
  const closing = (async () => {
    await Promise.all(queues.map((queue) => queue.waitUntilReady()));
    await first();
    await Promise.all(queues.map((queue) => queue.close()));
  })().then(
    () => true,
    () => false,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closed = await Promise.race([closing, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  clearTimeout(timer);
  if (!closed) for (const queue of queues) void queue.disconnect().catch(() => {});
  return closed;
}
