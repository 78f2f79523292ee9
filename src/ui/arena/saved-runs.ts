// The arena's list of saved runs (the browser's IndexedDB): each run or tuning with Open and Delete, an entry
// that is neither with its reason and Delete, and a file input that loads a run or tuning file.

import { html } from 'lit';
import { findGame } from '../../games';
import type { RunEntry } from '../run-store';

export interface SavedRunsView {
  readonly entries: readonly RunEntry[];
  open(key: IDBValidKey): void;
  remove(key: IDBValidKey): void;
  load(input: HTMLInputElement): void;
}

export function savedRunsView(view: SavedRunsView) {
  return html`<section class="panel" aria-label="Saved runs">
    <h2>Saved runs</h2>
    ${
      view.entries.length === 0
        ? html`<p class="hint">No run yet: every tournament, sweep, match and tuning is kept here when it ends.</p>`
        : html`<table aria-label="Saved runs">
          <thead><tr><th>when</th><th>game</th><th>kind</th><th>bots</th><th>games or verdict</th><th></th></tr></thead>
          <tbody>${view.entries.map((run) =>
            'unreadable' in run
              ? html`<tr class="unreadable">
                  <td colspan="5">An entry that is not a run (${run.unreadable})</td>
                  <td><button @click=${() => view.remove(run.key)} aria-label="Delete the unreadable entry">Delete</button></td>
                </tr>`
              : html`<tr>
                  <td>${new Date(run.created).toLocaleString('en')}</td><td>${findGame(run.game)?.rules.title ?? run.game}</td><td>${run.kind}</td>
                  <td>${run.bots.join(', ')}</td><td>${run.verdict ?? `${run.played}/${run.scheduled}`}</td>
                  <td><button @click=${() => view.open(run.key)}>Open</button> <button @click=${() => view.remove(run.key)} aria-label=${`Delete the run of ${run.created}`}>Delete</button></td>
                </tr>`,
          )}</tbody>
        </table>`
    }
    <label>Load a run or tuning file (JSON, from this page or <code>--out</code>)
      <input type="file" accept=".json,application/json" @change=${(e: Event) => view.load(e.target as HTMLInputElement)} /></label>
  </section>`;
}
