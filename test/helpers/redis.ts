// A real Redis for the cluster's tests (src/cluster/local-redis.ts), `playground worker` processes that play
// its tasks, and the built server started with REDIS_URL, as `npm start` would be.

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { freePort, type LocalRedis, startLocalRedis, startProcess, stopProcess } from '../../src/cluster/local-redis';
import { QUEUE_NAME, redisConnection } from '../../src/cluster/tasks';

export type RedisProcess = LocalRedis;
export const startRedis = startLocalRedis;

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** What it has written since it was ready. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startWorker(url: string, name: string, concurrency = 1, extra: readonly string[] = []): Promise<WorkerProcess> {
  const args = ['bin/playground.mjs', 'worker', '--redis', url, '--concurrency', String(concurrency), '--name', name, ...extra];
  const child = await startProcess(process.execPath, args, /playing the tasks of/);
  let written = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
  return { child, output: () => written, stop: (signal) => stopProcess(child, signal) };
}

export interface ServerProcess {
  readonly url: string;
  /** Stops it; rejects with what it wrote if it had ended by itself (a crash). */
  stop(): Promise<void>;
}

/** The built server (dist-node/server.mjs) on a free port, its arena's runs on the cluster of `redis`. */
export async function startClusterServer(redis: string, settings: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'server-')), REDIS_URL: redis, ...settings };
  const child = await startProcess(process.execPath, ['dist-node/server.mjs'], /is served at/, env);
  let written = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
  return {
    url: `http://localhost:${port}/`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server ended by itself: ${written.slice(-2000)}`);
      await stopProcess(child);
    },
  };
}

/** The cluster queue's tasks by state (a paused queue's tasks count as waiting). */
export async function taskCounts(url: string): Promise<{ waiting: number; active: number; completed: number }> {
  const queue = new Queue(QUEUE_NAME, { connection: redisConnection(url) });
  try {
    const counts = await queue.getJobCounts('waiting', 'paused', 'active', 'completed');
    return { waiting: (counts.waiting ?? 0) + (counts.paused ?? 0), active: counts.active ?? 0, completed: counts.completed ?? 0 };
  } finally {
    await queue.close();
  }
}
