// A real Redis for the cluster's tests (src/cluster/local-redis.ts), and `playground worker` processes that play
// its tasks.

import type { ChildProcess } from 'node:child_process';
import { type LocalRedis, startLocalRedis, startProcess, stopProcess } from '../../src/cluster/local-redis';

export type RedisProcess = LocalRedis;
export const startRedis = startLocalRedis;

export interface WorkerProcess {
  readonly child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startWorker(url: string, name: string, concurrency = 1, extra: readonly string[] = []): Promise<WorkerProcess> {
  const args = ['bin/playground.mjs', 'worker', '--redis', url, '--concurrency', String(concurrency), '--name', name, ...extra];
  const child = await startProcess(process.execPath, args, /playing the tasks of/);
  return { child, stop: (signal) => stopProcess(child, signal) };
}
