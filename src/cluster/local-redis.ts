// A Redis of its own on this machine, for `playground bench cluster` and the tests: Debian's redis-server on a
// free port in a folder of its own, stopped by its process. (A cluster's real Redis is started by its owner.)

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LocalRedis {
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

/** Starts a process and waits until it writes a line matching `ready` (rejects if it ends first). */
export function startProcess(command: string, args: readonly string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let seen = '';
    const listen = (chunk: Buffer) => {
      seen += chunk.toString();
      if (ready.test(seen)) resolve(child);
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before it was ready: ${seen.slice(-500)}`)));
  });
}

/** Ends a process (SIGTERM unless told otherwise) and waits for it. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A redis-server on `port` (default: a free one); without persistence unless `persist` (then append-only). */
export async function startLocalRedis(port?: number, dir = mkdtempSync(join(tmpdir(), 'redis-')), persist = false): Promise<LocalRedis> {
  const chosen = port ?? (await freePort());
  const args = ['--port', String(chosen), '--bind', '127.0.0.1', '--dir', dir, ...(persist ? ['--appendonly', 'yes'] : ['--save', ''])];
  const child = await startProcess('redis-server', args, /Ready to accept connections/);
  return { url: `redis://127.0.0.1:${chosen}`, port: chosen, dir, stop: () => stopProcess(child) };
}
