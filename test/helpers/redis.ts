// A real Redis for the cluster's tests: Debian's redis-server on a free port in a temporary folder, without
// persistence unless asked, stopped by its pid; and `playground worker` processes that play its tasks.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisProcess {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `child` writes a line matching `pattern` on stdout or stderr (rejects if it exits first). */
function waitFor(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const listen = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) resolve();
    };
    child.stdout?.on('data', listen);
    child.stderr?.on('data', listen);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready: ${seen}`)));
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

export async function startRedis(port?: number, dir = mkdtempSync(join(tmpdir(), 'redis-')), persist = false): Promise<RedisProcess> {
  const chosen = port ?? (await freePort());
  const args = ['--port', String(chosen), '--bind', '127.0.0.1', '--dir', dir, ...(persist ? ['--appendonly', 'yes'] : ['--save', '']), '--loglevel', 'notice'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitFor(child, /Ready to accept connections/, 'redis-server');
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    dir,
    async stop() {
      child.kill('SIGTERM');
      await stopped(child);
    },
  };
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startWorker(url: string, name: string, concurrency = 1, extra: readonly string[] = []): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['bin/playground.mjs', 'worker', '--redis', url, '--concurrency', String(concurrency), '--name', name, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, /playing the tasks of/, `worker ${name}`);
  return {
    child,
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      await stopped(child);
    },
  };
}
