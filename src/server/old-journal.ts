// The room journal of an older server (`rooms.jsonl` in its data folder: one room event a line), read once
// when a newer server first starts on the folder, whose rooms then go to the database; the file is kept as
// `rooms.jsonl.imported`. Lines that cannot be read (a torn last line, from a crash in the middle of a write)
// are skipped.

import { createReadStream, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { readLines } from '../io/lines';
import { parseRoomEvent, type RoomEvent } from './room-events';

const JOURNAL_FILE = 'rooms.jsonl';

/** The journal's readable events in order, or null when the folder has none; `warn` hears of lines skipped. */
export async function readOldJournal(folder: string, warn: (message: string) => void): Promise<RoomEvent[] | null> {
  const path = join(folder, JOURNAL_FILE);
  if (!existsSync(path)) return null;
  const events: RoomEvent[] = [];
  let lineNumber = 0;
  for await (const line of readLines(createReadStream(path))) {
    lineNumber++;
    if ('tooLong' in line) warn(`journal line ${lineNumber}: ${line.tooLong} bytes, skipped`);
    else if (line.text !== '') {
      const event = parseRoomEvent(line.text);
      if (event) events.push(event);
      else warn(`journal line ${lineNumber} is not a room event, skipped`);
    }
  }
  return events;
}

/** Keeps the journal, once its rooms are in the database, where it is not read again. */
export function retireOldJournal(folder: string): void {
  renameSync(join(folder, JOURNAL_FILE), join(folder, `${JOURNAL_FILE}.imported`));
}
