// The room journal: every change of a room that must survive a restart (created, a seat taken, a move, a
// rematch asked, a new round, removed) appended as one JSON line to `rooms.jsonl` in the data folder, before
// the change is acknowledged, and replayed when the server starts. Lines that cannot be read are skipped: a
// torn last line (a crash in the middle of a write) is cut off, so appends go on from a whole line. A write that
// fails (a full disk) leaves the file as it was: what it wrote is cut off at once, and until that can be done
// every append is refused (the change is not made), so an event after it never joins a torn line. When the
// file has grown past `compactBytes` and to twice its size after the last compaction, it is rewritten as the
// events that make up the rooms as they are (a new file beside it, then renamed over it). One server at a time
// keeps a data folder: its journal holds `rooms.lock` (its process id) while open, and a server that finds the
// folder held by a live process refuses to start (a lock left by a server that died is taken over).

import { closeSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { LineSplitter } from '../io/lines';
import { ONLINE_GAMES } from '../net/protocol';

const room = v.pipe(v.string(), v.regex(/^[a-z0-9]{1,32}$/));
const seat = v.union([v.literal(0), v.literal(1)]);

const RoomEventSchema = v.variant('e', [
  /** A room and its first round (or, in a compacted journal, its current round). */
  v.object({
    e: v.literal('create'),
    room,
    game: v.picklist(ONLINE_GAMES),
    size: v.optional(v.pipe(v.number(), v.integer())),
    start: v.string(),
    round: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  /** A seat taken or resumed: the SHA-256 of its token (the token itself is never stored). */
  v.object({ e: v.literal('seat'), room, seat, token: v.pipe(v.string(), v.regex(/^[a-f0-9]{64}$/)) }),
  v.object({ e: v.literal('move'), room, move: v.pipe(v.string(), v.maxLength(200)) }),
  v.object({ e: v.literal('rematch'), room, seat }),
  /** Both asked for a rematch: a new game from this start, with the seats swapped. */
  v.object({ e: v.literal('round'), room, start: v.string() }),
  v.object({ e: v.literal('remove'), room }),
]);
export type RoomEvent = v.InferOutput<typeof RoomEventSchema>;

const JOURNAL_FILE = 'rooms.jsonl';
const LOCK_FILE = 'rooms.lock';
/** The locks this process holds (a second journal on one folder in one process is refused too). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock, or throws naming the live process that holds it. */
function lock(folder: string): string {
  const path = join(folder, LOCK_FILE);
  for (;;) {
    if (held.has(path)) throw new Error(`the data folder ${folder} is in use by this process already`);
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      held.add(path);
      return path;
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

function unlock(path: string): void {
  held.delete(path);
  rmSync(path, { force: true });
}

export interface JournalOptions {
  /** The journal is compacted once it is over this size and twice its size after the last compaction. */
  readonly compactBytes?: number;
  /** Told of lines that could not be read (the torn last line is expected after a crash and is not told). */
  readonly warn?: (message: string) => void;
}

export class Journal {
  private fd: number;
  /** The length of the file's whole lines: where the next event goes. */
  private bytes: number;
  /** A failed write left bytes past `bytes` that are not cut off yet. */
  private torn = false;
  private compactedBytes: number;
  private readonly compactBytes: number;

  private constructor(
    private readonly path: string,
    fd: number,
    bytes: number,
    private readonly locked: string,
    options: JournalOptions,
  ) {
    this.fd = fd;
    this.bytes = bytes;
    this.compactedBytes = bytes;
    this.compactBytes = options.compactBytes ?? 8 << 20;
  }

  /** Opens (or makes) the journal in `folder`, giving every readable event to `replay` in order. */
  static open(folder: string, replay: (event: RoomEvent) => void, options: JournalOptions = {}): Journal {
    mkdirSync(folder, { recursive: true });
    const locked = lock(folder);
    const path = join(folder, JOURNAL_FILE);
    let fd: number | undefined;
    try {
      fd = openSync(path, 'a+');
      const whole = readEvents(fd, replay, options.warn ?? (() => {}));
      // Appends go on after the last whole line: a torn tail is cut off.
      ftruncateSync(fd, whole);
      return new Journal(path, fd, whole, locked, options);
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      unlock(locked);
      throw error;
    }
  }

  /**
   * Appends one event; when this returns, the event is in the file (a crash of the process keeps it). When it
   * throws (a full disk), the file holds its whole lines only: the event is not in it.
   */
  append(event: RoomEvent): void {
    this.cutTorn();
    const line = Buffer.from(`${JSON.stringify(event)}\n`);
    let written = 0;
    try {
      while (written < line.length) written += writeSync(this.fd, line, written);
    } catch (error) {
      this.torn = true;
      try {
        this.cutTorn();
      } catch {
        // Cut off before the next append, which is refused until it can be.
      }
      throw error;
    }
    this.bytes += line.length;
  }

  /** Cuts what a failed write left after the last whole line; throws while it cannot. */
  private cutTorn(): void {
    if (!this.torn) return;
    ftruncateSync(this.fd, this.bytes);
    this.torn = false;
  }

  get compactionDue(): boolean {
    return this.bytes > this.compactBytes && this.bytes > 2 * this.compactedBytes;
  }

  /** Replaces the journal with `events` (the rooms as they are now). */
  compact(events: Iterable<RoomEvent>): void {
    const partial = `${this.path}.new`;
    const fd = openSync(partial, 'w');
    let bytes = 0;
    try {
      for (const event of events) {
        const line = Buffer.from(`${JSON.stringify(event)}\n`);
        let written = 0;
        while (written < line.length) written += writeSync(fd, line, written);
        bytes += line.length;
      }
      fsyncSync(fd);
    } catch (error) {
      // A full disk: the journal as it was stays, and the partial copy gives its room back.
      closeSync(fd);
      rmSync(partial, { force: true });
      throw error;
    }
    closeSync(fd);
    renameSync(partial, this.path);
    closeSync(this.fd);
    this.fd = openSync(this.path, 'a');
    this.bytes = bytes;
    this.compactedBytes = bytes;
  }

  /** Flushes the journal to the disk, closes it and gives the folder up. */
  close(): void {
    try {
      fsyncSync(this.fd);
      closeSync(this.fd);
    } finally {
      unlock(this.locked);
    }
  }
}

/** Reads every line of the file; returns the length of its whole lines (what follows the last line break is torn). */
function readEvents(fd: number, replay: (event: RoomEvent) => void, warn: (message: string) => void): number {
  const splitter = new LineSplitter();
  const chunk = Buffer.alloc(1 << 16);
  let position = 0;
  let whole = 0;
  let lineNumber = 0;
  for (let read = readSync(fd, chunk, 0, chunk.length, 0); read > 0; read = readSync(fd, chunk, 0, chunk.length, position)) {
    const bytes = chunk.subarray(0, read);
    const lastBreak = bytes.lastIndexOf(10);
    if (lastBreak >= 0) whole = position + lastBreak + 1;
    position += read;
    for (const line of splitter.push(bytes)) {
      lineNumber++;
      if ('tooLong' in line) {
        warn(`journal line ${lineNumber}: ${line.tooLong} bytes, skipped`);
        continue;
      }
      if (line.text === '') continue;
      const event = parseEvent(line.text);
      if (event) replay(event);
      else warn(`journal line ${lineNumber} is not a room event, skipped`);
    }
  }
  return whole;
}

function parseEvent(text: string): RoomEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(RoomEventSchema, value);
  return parsed.success ? parsed.output : null;
}
