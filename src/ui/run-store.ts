// The page's saved runs, in IndexedDB: every tournament, sweep, match and tuning is kept when it ends or is
// cancelled, and can be listed, reopened and deleted. What the store gives back is checked like a file (another
// version of the page, or anyone with the browser's developer tools, may have put anything there): an entry that
// is not a run is listed as unreadable, with its reason, and can be deleted.

import { MatchTally } from '../arena/match';
import { checkKept, isTuning, type KeptRun } from '../arena/kept-run';
import type { SavedRun } from '../arena/saved-run';
import type { SavedTune, TuneIdentity } from '../arena/saved-tune';
import type { TuneReport } from '../runtime/tune';
import { playgroundDatabase } from './database';

/** What the list of saved runs shows without loading every game. */
export type RunEntry = RunSummary | { readonly key: IDBValidKey; readonly unreadable: string };

export interface RunSummary {
  readonly key: IDBValidKey;
  readonly id: string;
  readonly kind: SavedRun['kind'] | 'tuning';
  readonly game: string;
  readonly created: string;
  readonly bots: readonly string[];
  readonly played: number;
  readonly scheduled: number;
  /** A match's verdict and the games it counted ("H1 after 44 games"), or inconclusive; a tuning's verification's. */
  readonly verdict?: string;
}

/** Keeps a run or a tuning (a tuning as it ended: its report and what names it). */
export async function saveRun(run: KeptRun | (TuneReport & TuneIdentity)): Promise<IDBValidKey> {
  return (await playgroundDatabase()).put('runs', run);
}

/** The run or tuning kept under `key`, checked; undefined when there is none; throws an Error when it is neither. */
export async function loadKept(key: IDBValidKey): Promise<KeptRun | undefined> {
  const stored = await (await playgroundDatabase()).get('runs', key as string);
  return stored === undefined ? undefined : checkKept(stored);
}

/** The run kept under `key` (its games replay in the game's page); throws an Error when it is not a run. */
export async function loadRun(key: IDBValidKey): Promise<SavedRun | undefined> {
  const kept = await loadKept(key);
  if (kept && isTuning(kept)) throw new Error(`${String(key)} is a tuning: its games are not kept`);
  return kept;
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
      const run = await loadKept(key);
      if (!run) continue;
      summaries.push(isTuning(run) ? tuningSummary(key, run) : runSummary(key, run));
    } catch (error) {
      unreadable.push({ key, unreadable: (error as Error).message });
    }
  }
  return [...summaries.sort((a, b) => b.created.localeCompare(a.created)), ...unreadable];
}

function runSummary(key: IDBValidKey, run: SavedRun): RunSummary {
  return {
    key,
    id: run.id,
    kind: run.kind,
    game: run.schedule.game,
    created: run.created,
    bots: run.sweep ? [run.sweep.bot, ...run.sweep.vs] : run.schedule.bots,
    played: run.records.filter(Boolean).length,
    scheduled: run.records.length,
    ...(run.sprt ? { verdict: verdictOf(run.schedule, run.records, run.sprt) } : {}),
  };
}

/** A match's verdict and the games it counted, from its tally (no Elo estimate is needed to list it). */
function verdictOf(schedule: SavedRun['schedule'], records: SavedRun['records'], sprt: NonNullable<SavedRun['sprt']>): string {
  const tally = new MatchTally(schedule, sprt);
  tally.advance(records);
  return `${tally.state.result ?? 'inconclusive'} after ${2 * tally.state.pairs} games`;
}

/** A tuning as the list shows it: its games played of those planned, then its verification match's verdict. */
function tuningSummary(key: IDBValidKey, tuning: SavedTune): RunSummary {
  const { settings, results, verification } = tuning;
  return {
    key,
    id: tuning.id,
    kind: 'tuning',
    game: tuning.game,
    created: tuning.created,
    bots: [settings.bot, ...settings.vs],
    played: 4 * results.length,
    scheduled: 4 * Math.max(1, Math.floor(settings.games / 4)),
    ...('skipped' in verification ? {} : { verdict: `verified ${verification.result} after ${verification.games} games` }),
  };
}
