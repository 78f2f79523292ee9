// The data cache in a browser (and its workers): an IndexedDB store (through idb) of byte arrays by name.

import { openDB } from 'idb';
import type { DataCache } from '../src/contracts/game';

const STORE = 'data';
const database = () => openDB('ai-playground-cache', 1, { upgrade: (db) => void db.createObjectStore(STORE) });

export const indexedDbCache: DataCache = {
  async read(name) {
    const db = await database();
    try {
      const bytes: unknown = await db.get(STORE, name);
      return bytes instanceof Uint8Array ? bytes : null;
    } finally {
      db.close();
    }
  },
  async write(name, bytes) {
    const db = await database();
    try {
      await db.put(STORE, bytes, name);
    } finally {
      db.close();
    }
  },
};

/** Whether the cache holds an entry, without reading it (a page asks which databases this browser has built). */
export async function isCached(name: string): Promise<boolean> {
  const db = await database();
  try {
    return (await db.getKey(STORE, name)) !== undefined;
  } finally {
    db.close();
  }
}
