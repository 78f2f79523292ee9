// One server at a time keeps a data folder (its embedded database, and files an older server left): while it
// runs, it holds `server.lock` there (its process id), and a server that finds the folder held by a live
// process refuses to start. A lock left by a server that died is taken over.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'server.lock';
/** The locks this process holds (a second server on one folder in one process is refused too). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder (made if need be) for this process, or throws naming the live process that holds it; returns the release. */
export function holdDataFolder(folder: string): () => void {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, LOCK_FILE);
  for (;;) {
    if (held.has(path)) throw new Error(`the data folder ${folder} is in use by this process already`);
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      held.add(path);
      return () => {
        held.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(readFileSync(path, 'utf8'));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw new Error(`the data folder ${folder} is in use by another running server (process ${pid}): give each server a DATA_DIR of its own`);
    // Left by a server that is gone: taken over.
    rmSync(path, { force: true });
  }
}
