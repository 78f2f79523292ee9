// The page's saved runs, in IndexedDB: every tournament and sweep is kept when it ends or is cancelled, and can
// be listed, reopened and deleted.

import type { SavedRun } from '../arena/saved-run';

const DATABASE = 'ai-playground';
const STORE = 'runs';

/** What the list of saved runs shows without loading every game. */
export interface RunSummary {
  readonly id: string;
  readonly kind: SavedRun['kind'];
  readonly game: string;
  readonly created: string;
  readonly bots: readonly string[];
  readonly played: number;
  readonly scheduled: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
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

export function saveRun(run: SavedRun): Promise<IDBValidKey> {
  return transact('readwrite', (store) => store.put(run));
}

export function loadRun(id: string): Promise<SavedRun | undefined> {
  return transact('readonly', (store) => store.get(id) as IDBRequest<SavedRun | undefined>);
}

export function deleteRun(id: string): Promise<undefined> {
  return transact('readwrite', (store) => store.delete(id) as IDBRequest<undefined>);
}

/** Every saved run, newest first. */
export async function listRuns(): Promise<RunSummary[]> {
  const runs = await transact('readonly', (store) => store.getAll() as IDBRequest<SavedRun[]>);
  return runs
    .map((run) => ({
      id: run.id,
      kind: run.kind,
      game: run.schedule.game,
      created: run.created,
      bots: run.sweep ? [run.sweep.bot, ...run.sweep.vs] : run.schedule.bots,
      played: run.records.filter(Boolean).length,
      scheduled: run.records.length,
    }))
    .sort((a, b) => b.created.localeCompare(a.created));
}
