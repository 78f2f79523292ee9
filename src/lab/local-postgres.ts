// A PostgreSQL of its own on this machine, for the tests and `playground bench lab`: Debian's server (its
// binaries in /usr/lib/postgresql/<version>/bin) initialised in a temporary folder, on a free port, stopped by its
// process. PostgreSQL refuses to run as root: as root, it runs as the `postgres` user the package creates, in a
// folder that user owns. (A lab's real PostgreSQL is started by its owner: DATABASE_URL.)

import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, startProcess, stopProcess } from '../cluster/local-redis';

export interface LocalPostgres {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Ends the server at once, as a crash would (SIGQUIT to the postmaster: no checkpoint, recovery at the next start). */
  crash(): Promise<void>;
  /** Starts it again on the same port and folder (after `stop`). */
  restart(): Promise<void>;
}

const USER = 'lab';

/** The newest PostgreSQL server binaries Debian installed, or an Error saying how to get them. */
function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed here: apt-get install postgresql');
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

export async function startLocalPostgres(): Promise<LocalPostgres> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'postgres-'));
  const asRoot = userInfo().uid === 0;
  // As root, the commands run as `postgres` (runuser), in a folder that user owns.
  const command = (name: string, args: readonly string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, name), ...args]] : [join(bin, name), [...args]];
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const group = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(group));
  }
  const data = join(dir, 'data');
  execFileSync(...command('initdb', ['-D', data, '-A', 'trust', '-U', USER, '-E', 'UTF8']), { stdio: 'ignore' });
  const port = await freePort();
  let server = await start();
  async function start() {
    const [file, args] = command('postgres', ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off']);
    return startProcess(file, args, /database system is ready to accept connections/);
  }
  return {
    url: `postgres://${USER}@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop: (signal) => stopProcess(server, signal),
    crash: async () => {
      // The postmaster's own process (as root, the one started is runuser, its parent).
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const ended = new Promise((resolve) => server.once('exit', resolve));
      process.kill(pid, 'SIGQUIT');
      await ended;
    },
    restart: async () => {
      server = await start();
    },
  };
}
