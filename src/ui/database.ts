// The page's IndexedDB database (through idb): the saved arena runs, and the bots people write on the My bots
// page. One database and one place that knows its versions: version 1 had the runs, version 2 adds the bots.

import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

interface PlaygroundDatabase extends DBSchema {
  /** Saved runs by their id; values are checked when read (anything may have been put there). */
  runs: { key: string; value: unknown };
  /** People's bots by their id; values are checked when read. */
  bots: { key: string; value: unknown };
}

let database: Promise<IDBPDatabase<PlaygroundDatabase>> | undefined;

export function playgroundDatabase(): Promise<IDBPDatabase<PlaygroundDatabase>> {
  database ??= openDB<PlaygroundDatabase>('ai-playground', 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore('runs', { keyPath: 'id' });
      if (oldVersion < 2) db.createObjectStore('bots', { keyPath: 'id' });
    },
    // Another tab opened a newer version: let it, and open again on next use.
    blocking() {
      void database?.then((db) => db.close());
      database = undefined;
    },
  });
  return database;
}
