// The page's saved runs, in IndexedDB: every tournament and sweep is kept when it ends or is cancelled, and can
// be listed, reopened and deleted. What the store gives back is checked like a file (another version of the
// page, or anyone with the browser's developer tools, may have put anything there): an entry that is not a run
// is listed as unreadable, with its reason, and can be deleted.

import { checkSavedRun, type SavedRun } from '../arena/saved-run';

const DATABASE = 'ai-playground';
const STORE = 'runs';

/** What the list of saved runs shows without loading every game. */
export type RunEntry = RunSummary | { readonly key: IDBValidKey; readonly unreadable: string };

export interface RunSummary {
  readonly key: IDBValidKey;
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

/** The run kept under `key`, checked; undefined when there is none; throws an Error when it is not a run. */
export async function loadRun(key: IDBValidKey): Promise<SavedRun | undefined> {
  const stored = await transact('readonly', (store) => store.get(key) as IDBRequest<unknown>);
  return stored === undefined ? undefined : checkSavedRun(stored);
}

export function deleteRun(key: IDBValidKey): Promise<undefined> {
  return transact('readwrite', (store) => store.delete(key) as IDBRequest<undefined>);
}

/** Every saved run, newest first, then the entries that are not runs. */
export async function listRuns(): Promise<RunEntry[]> {
  const keys = await transact('readonly', (store) => store.getAllKeys());
  const summaries: RunSummary[] = [];
  const unreadable: RunEntry[] = [];
  // One entry at a time: a huge or broken one costs only itself.
  for (const key of keys) {
    try {
      const run = await loadRun(key);
      if (!run) continue;
      summaries.push({
        key,
        id: run.id,
        kind: run.kind,
        game: run.schedule.game,
        created: run.created,
        bots: run.sweep ? [run.sweep.bot, ...run.sweep.vs] : run.schedule.bots,
        played: run.records.filter(Boolean).length,
        scheduled: run.records.length,
      });
    } catch (error) {
      unreadable.push({ key, unreadable: (error as Error).message });
    }
  }
  return [...summaries.sort((a, b) => b.created.localeCompare(a.created)), ...unreadable];
}
