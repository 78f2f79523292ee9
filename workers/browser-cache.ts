// The data cache in a browser: what a worker computed once and keeps (a pattern database), in two places.
// - The page's memory, for as long as the page lives: a worker gives what it built to the page and asks the page
//   first, so that the page's other workers, and those started after a cancel, never build it again, whatever
//   the browser's storage keeps. The page's side is `pageMemory`, reached from each worker through a port.
// - The browser's storage, across visits: the Origin Private File System (a file per entry, written aside and
//   committed whole, with no limit on one value's size), else IndexedDB (through idb) where there is no OPFS.
// A write the storage refuses (its quota) leaves the entry in the page's memory: `keptWhere` tells the page.

import { openDB } from 'idb';
import type { DataCache } from '../src/contracts/game';

/** The page's side: the entries its workers built, in memory until the page closes. */
export interface PageMemory {
  read(name: string): Uint8Array | null;
  write(name: string, bytes: Uint8Array): void;
}

const memory = new Map<string, Uint8Array>();

/** The page's memory (used on the page's own thread, and from its workers through a port). */
export const pageMemory: PageMemory = {
  read: (name) => memory.get(name) ?? null,
  write: (name, bytes) => void memory.set(name, bytes),
};

const STORE = 'data';
const database = () => openDB('ai-playground-cache', 1, { upgrade: (db) => void db.createObjectStore(STORE) });

async function opfs(): Promise<FileSystemDirectoryHandle | null> {
  try {
    return await navigator.storage.getDirectory();
  } catch {
    return null;
  }
}

/** The browser's storage: OPFS where the browser has it, else IndexedDB. */
const storage = {
  async read(name: string): Promise<Uint8Array | null> {
    const root = await opfs();
    if (root) {
      try {
        return new Uint8Array(await (await (await root.getFileHandle(name)).getFile()).arrayBuffer());
      } catch {
        return null;
      }
    }
    const db = await database();
    try {
      const bytes: unknown = await db.get(STORE, name);
      return bytes instanceof Uint8Array ? bytes : null;
    } finally {
      db.close();
    }
  },
  async write(name: string, bytes: Uint8Array): Promise<void> {
    const root = await opfs();
    if (root) {
      const file = await root.getFileHandle(name, { create: true });
      const writable = await file.createWritable();
      try {
        await writable.write(bytes as Uint8Array<ArrayBuffer>);
        await writable.close();
      } catch (error) {
        await writable.abort().catch(() => {});
        await root.removeEntry(name).catch(() => {});
        throw error;
      }
      return;
    }
    const db = await database();
    try {
      await db.put(STORE, bytes, name);
    } finally {
      db.close();
    }
  },
  async has(name: string): Promise<boolean> {
    const root = await opfs();
    if (root) {
      try {
        return (await (await root.getFileHandle(name)).getFile()).size > 0;
      } catch {
        return false;
      }
    }
    const db = await database();
    try {
      return (await db.getKey(STORE, name)) !== undefined;
    } finally {
      db.close();
    }
  },
};

/** A worker's cache: the page's memory first (when the page has given its port), then the browser's storage. */
export function browserCache(
  page: () => { read(name: string): Promise<Uint8Array | null>; write(name: string, bytes: Uint8Array): Promise<void> } | undefined,
): DataCache {
  return {
    async read(name) {
      const held = await page()?.read(name);
      if (held) return held;
      const stored = await storage.read(name);
      if (stored) await page()?.write(name, stored);
      return stored;
    },
    async write(name, bytes) {
      await page()?.write(name, bytes);
      await storage.write(name, bytes);
    },
  };
}

/** Where an entry is kept: the browser's storage (across visits), the page's memory only, or nowhere. */
export async function keptWhere(name: string): Promise<'storage' | 'page' | null> {
  if (await storage.has(name).catch(() => false)) return 'storage';
  return memory.has(name) ? 'page' : null;
}

/** The room the browser gives this site's storage (bytes free, null where it does not say), and whether it is persistent. */
export async function storageRoom(): Promise<{ readonly free: number | null; readonly persisted: boolean }> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  const persisted = (await navigator.storage?.persisted?.().catch(() => false)) ?? false;
  const free = estimate?.quota !== undefined ? estimate.quota - (estimate.usage ?? 0) : null;
  return { free, persisted };
}

/** Asks the browser to keep this site's storage (it may say no, or ask the person). */
export async function askToPersist(): Promise<boolean> {
  return (await navigator.storage?.persist?.().catch(() => false)) ?? false;
}
