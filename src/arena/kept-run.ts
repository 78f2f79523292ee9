// What the arena keeps, read from anywhere (a file, the page's store, the lab's API): a run (saved-run.ts) or a
// tuning (saved-tune.ts), told apart by their `format`.

import { checkSavedRun, type SavedRun } from './saved-run';
import { checkSavedTune, type SavedTune } from './saved-tune';

export type KeptRun = SavedRun | SavedTune;

export function isTuning(kept: KeptRun): kept is SavedTune {
  return kept.format === 'ai-playground-tune';
}

/** A run or a tuning, checked; throws an Error with the first reason it is neither. */
export function checkKept(document: unknown): KeptRun {
  const format = document && typeof document === 'object' && 'format' in document ? document.format : undefined;
  return format === 'ai-playground-tune' ? checkSavedTune(document) : checkSavedRun(document);
}
