// The page's saved runs, in IndexedDB: every tournament and sweep is kept when it ends or is cancelled, and can
// be listed, reopened and deleted. What the store gives back is checked like a file (another version of the
// page, or anyone with the browser's developer tools, may have put anything there): an entry that is not a run
// is listed as unreadable, with its reason, and can be deleted.

import { MatchTally } from '../arena/match';
import { checkSavedRun, type SavedRun } from '../arena/saved-run';
import { playgroundDatabase } from './database';

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
  /** A match's verdict and the games it counted ("H1 after 44 games"), or inconclusive. */
  readonly verdict?: string;
}

export async function saveRun(run: SavedRun): Promise<IDBValidKey> {
  return (await playgroundDatabase()).put('runs', run);
}

/** The run kept under `key`, checked; undefined when there is none; throws an Error when it is not a run. */
export async function loadRun(key: IDBValidKey): Promise<SavedRun | undefined> {
  const stored = await (await playgroundDatabase()).get('runs', key as string);
  return stored === undefined ? undefined : checkSavedRun(stored);
}

export async function deleteRun(key: IDBValidKey): Promise<void> {
  await (await playgroundDatabase()).delete('runs', key as string);
}

/** Every saved run, newest first, then the entries that are not runs. */
export async function listRuns(): Promise<RunEntry[]> {
  const keys = await (await playgroundDatabase()).getAllKeys('runs');
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
        ...(run.sprt ? { verdict: verdictOf(run.schedule, run.records, run.sprt) } : {}),
      });
    } catch (error) {
      unreadable.push({ key, unreadable: (error as Error).message });
    }
  }
  return [...summaries.sort((a, b) => b.created.localeCompare(a.created)), ...unreadable];
}

/** A match's verdict and the games it counted, from its tally (no Elo estimate is needed to list it). */
function verdictOf(schedule: SavedRun['schedule'], records: SavedRun['records'], sprt: NonNullable<SavedRun['sprt']>): string {
  const tally = new MatchTally(schedule, sprt);
  tally.advance(records);
  return `${tally.state.result ?? 'inconclusive'} after ${2 * tally.state.pairs} games`;
}
