// The file a run is kept in (`--out`): always a whole, valid saved run. Each write goes to a temporary file in
// the same folder, then is renamed over the target, so a reader (or a crash) never sees half a file. Writes
// during the run come after each batch of games, but no oftener than every 250 ms or twenty times what the
// last write took (so that saving a large run costs it under 5%).

import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MAX_RUN_CHARS, parseSavedRun, type SavedRun } from '../arena/saved-run';
import { MAX_TUNE_CHARS, parseSavedTune, type SavedTune } from '../arena/saved-tune';

export class RunFile {
  private lastWrite = -Infinity;
  private lastWriteMs = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private latest?: () => SavedRun | object;

  constructor(private readonly path: string) {}

  /** Writes the run (or another report, as `tune` keeps its own) now; throws an Error saying why the file cannot be written. */
  write(run: SavedRun | object): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const started = performance.now();
    const partial = join(dirname(this.path), `.${basename(this.path)}.${process.pid}.partial`);
    try {
      const fd = openSync(partial, 'w');
      try {
        const bytes = Buffer.from(`${JSON.stringify(run)}\n`);
        let written = 0;
        while (written < bytes.length) written += writeSync(fd, bytes, written);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(partial, this.path);
    } catch (error) {
      rmSync(partial, { force: true });
      throw new Error(`${this.path} cannot be written: ${(error as Error).message}`);
    }
    this.lastWrite = performance.now();
    this.lastWriteMs = this.lastWrite - started;
  }

  /** Writes `run()` soon: now, or once the pause since the last write is over. */
  writeSoon(run: () => SavedRun | object): void {
    this.latest = run;
    const wait = this.lastWrite + Math.max(250, 20 * this.lastWriteMs) - performance.now();
    if (wait <= 0) this.write(run());
    else this.timer ??= setTimeout(() => this.write(this.latest!()), wait);
  }
}

/** Reads a file `what` is kept in, refused past `maxChars` before it is read; throws an Error saying what is wrong. */
async function readKept<T>(path: string, maxChars: number, what: string, parse: (text: string) => T): Promise<T> {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    throw new Error(`${path} cannot be read: ${(error as Error).message}`);
  }
  if (size > maxChars) throw new Error(`${path} is over ${maxChars >> 20} MB: it is no ${what} this playground wrote`);
  try {
    return parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

/** Reads a saved run to carry on (`--resume FILE`). */
export function readRunFile(path: string): Promise<SavedRun> {
  return readKept(path, MAX_RUN_CHARS, 'run', parseSavedRun);
}

/** Reads a tuning to carry on (`tune --resume FILE`). */
export function readTuneFile(path: string): Promise<SavedTune> {
  return readKept(path, MAX_TUNE_CHARS, 'tuning', parseSavedTune);
}
