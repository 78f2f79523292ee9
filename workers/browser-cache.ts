// The data cache in a browser (and its workers): an IndexedDB store of byte arrays by name.

import type { DataCache } from '../src/contracts/game';

const DATABASE = 'ai-playground-cache';
const STORE = 'data';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

export const indexedDbCache: DataCache = {
  async read(name) {
    const bytes = await transact('readonly', (store) => store.get(name) as IDBRequest<Uint8Array | undefined>);
    return bytes ?? null;
  },
  async write(name, bytes) {
    await transact('readwrite', (store) => store.put(bytes, name));
  },
};
