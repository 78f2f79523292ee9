// The server as `npm start` runs it (dist-node/server.mjs), in a child process on a free port, with the
// environment given: for tests that kill it, restart it, or watch its memory and file descriptors.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Whether it is still running. */
  alive(): boolean;
  /** Its open file descriptors, and its resident memory in bytes. */
  descriptors(): number;
  rss(): number;
  /** Stops it with a signal and waits for it to exit; resolves to its exit code (or the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export async function startServerProcess(env: Record<string, string> = {}, shellPrefix = ''): Promise<ServerProcess> {
  const command = `${shellPrefix}exec "${process.execPath}" dist-node/server.mjs`;
  // A data folder of its own unless the test gives one: the project's .data may be another server's.
  const dataDir = mkdtempSync(join(tmpdir(), 'server-data-'));
  const child = spawn('sh', ['-c', command], { env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  const exit = new Promise<number | string | null>((done) =>
    child.on('exit', (code, signal) => {
      exited = true;
      done(code ?? signal);
    }),
  );
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${output}`)), 120_000);
    const look = () => {
      const match = /served at (http:\/\/\S+\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      } else if (exited) {
        clearTimeout(timer);
        reject(new Error(`the server exited: ${output}`));
      }
    };
    child.stdout!.on('data', look);
    void exit.then(look);
  });
  return {
    url,
    child,
    output: () => output,
    alive: () => !exited,
    descriptors: () => readdirSync(`/proc/${child.pid}/fd`).length,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024,
    async stop(signal = 'SIGTERM') {
      if (!exited) child.kill(signal);
      return exit;
    },
  };
}
