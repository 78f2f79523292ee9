// The 15-puzzle solver bench: a set of boards (Korf's 100 or its first N, the 80-move positions, seeded random
// boards, or on 5x5 Korf and Felner's 50, the easiest N by their published effort) solved with the chosen
// heuristics on the worker pool (each board on one worker), with a progress bar and Cancel; a table and
// charts of nodes and time per instance per heuristic, each length checked against the known optimum (a random
// board's optimum is the length IDA* proves with an admissible heuristic, shown once one has solved it); the
// results export to CSV and JSON.
// #/puzzle15-bench

import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { Iteration } from '../../../contracts/game';
import { CancelledError, type Job } from '../../../runtime/pool';
import { requestPrepare, requestSolve } from '../../../runtime/requests';
import '../../../ui/arena-charts';
import { searchPool } from '../../../ui/pool';
import { pageStyles } from '../../../ui/styles';
import { HEURISTIC_LABELS, HEURISTICS, HEURISTICS_24, patternMemory } from '../core';
import hard80 from '../data/hard80.txt?raw';
import korf100 from '../data/korf100.txt?raw';
import korf50 from '../data/korf50.txt?raw';
import korf50Nodes from '../data/korf50-nodes.txt?raw';
import { dataLines } from '../../../contracts/data-lines';
import { format, randomBoard } from '../rules';
import { parseSet, type KnownBoard } from '../sets';
import { downloadText } from '../../../ui/download';

type SetName = 'korf' | 'hard80' | 'random' | 'korf50';
/** The 5x5 heuristics' short names. */
const LABELS_24: Readonly<Record<string, string>> = {
  'pdb6666-regular': 'PDB 6-6-6-6, one lookup',
  pdb6666: 'PDB 6-6-6-6',
  'pdb6666-dual': 'PDB 6-6-6-6 with duals',
};
const name = (heuristic: string): string =>
  heuristic in HEURISTIC_LABELS ? HEURISTIC_LABELS[heuristic as keyof typeof HEURISTIC_LABELS].short : LABELS_24[heuristic];
/** The heuristics of a set's boards: the 5x5's for Korf and Felner's 50. */
const heuristicsOf = (set: SetName): readonly string[] => (set === 'korf50' ? HEURISTICS_24.filter((h) => h !== 'pdb6666-regular') : HEURISTICS);
/** Korf and Felner's 50, the easiest first by their published nodes. */
function korf50ByEffort(): KnownBoard[] {
  const published = dataLines(korf50Nodes).map((line) => Number(line.split(/\s+/)[2]));
  return parseSet(korf50, 'korf-felner #')
    .map((board, i) => ({ board, nodes: published[i] }))
    .sort((a, b) => a.nodes - b.nodes)
    .map(({ board }) => board);
}

interface Result {
  readonly nodes: number;
  readonly ms: number;
  readonly length: number;
}

@customElement('puzzle15-bench-page')
export class Puzzle15BenchPage extends LitElement {
  static styles = [
    pageStyles,
    css`
      table {
        border-collapse: collapse;
        font-variant-numeric: tabular-nums;
        margin-top: 0.75rem;
      }
      th,
      td {
        padding: 0.2rem 0.5rem;
        border-bottom: 1px solid var(--border);
        text-align: right;
      }
      progress {
        width: 100%;
      }
      .wrong {
        color: var(--bad);
        font-weight: 700;
      }
    `,
  ];

  @state() private set: SetName = 'korf';
  @state() private count = 100;
  /** What is wrong with N as typed ('' when it is a whole number from 1 to 100). */
  @state() private countError = '';
  @state() private seed = 1;
  @state() private chosen = new Set<string>(['wdid', 'pdb']);
  @state() private boards: KnownBoard[] = [];
  /** results[heuristic][board index] */
  @state() private results: Record<string, (Result | undefined)[]> = {};
  @state() private done = 0;
  @state() private total = 0;
  @state() private error = '';
  /** A pattern database being made ready before the run: its name and the build's last progress. */
  @state() private preparing: { readonly heuristic: string; readonly iteration?: Iteration } | undefined;
  private jobs: Job<unknown>[] = [];
  private started = 0;
  /** The solves' time once all are done, or when they were cancelled. */
  @state() private finishedMs: number | undefined;
  @state() private cancelledAt: number | undefined;

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.cancel();
  }

  render() {
    const running = (this.jobs.length > 0 && this.done < this.total) || !!this.preparing;
    const heuristics = [...HEURISTICS, ...HEURISTICS_24].filter((h) => this.results[h]);
    return html`
      <h1>15-puzzle solver bench</h1>
      <section class="panel" aria-label="Settings">
        <div class="controls">
          <label>Set
            <select aria-label="Set" @change=${(e: Event) => this.chooseSet((e.target as HTMLSelectElement).value as SetName)}>
              <option value="korf" ?selected=${this.set === 'korf'}>Korf's 100 (first N)</option>
              <option value="hard80" ?selected=${this.set === 'hard80'}>The 17 positions needing 80 moves</option>
              <option value="random" ?selected=${this.set === 'random'}>Random boards</option>
              <option value="korf50" ?selected=${this.set === 'korf50'}>5x5: Korf and Felner's 50 (the easiest N)</option>
            </select>
          </label>
          ${this.set !== 'hard80' ? html`<label>N <input type="number" min="1" max="100" .value=${String(this.count)} @change=${(e: Event) => this.setCount((e.target as HTMLInputElement).value)} /></label>` : ''}
          ${this.set === 'random' ? html`<label>Seed <input class="seed" type="number" min="0" .value=${String(this.seed)} @change=${(e: Event) => (this.seed = Number((e.target as HTMLInputElement).value) >>> 0)} /></label>` : ''}
          ${heuristicsOf(this.set).map((h) => html`<label><input type="checkbox" .checked=${this.chosen.has(h)} @change=${(e: Event) => this.choose(h, (e.target as HTMLInputElement).checked)} /> ${name(h)}</label>`)}
          <button @click=${() => void this.run()} ?disabled=${running || this.chosen.size === 0 || (this.set !== 'hard80' && !!this.countError)}>Run</button>
          ${running ? html`<button @click=${() => this.cancel()}>Cancel</button>` : ''}
        </div>
        <p class="hint">Manhattan distance takes minutes on Korf's 100 and the 80-move positions need a pattern database.
          ${[...this.chosen].map((h) => patternMemory(h)).find((text) => text) ?? ''}</p>
      </section>
      ${this.preparing ? this.preparingView(this.preparing.heuristic, this.preparing.iteration) : ''}
      ${this.error || (this.set !== 'hard80' && this.countError) ? html`<p class="error" role="alert">${this.error || this.countError}</p>` : ''}
      ${
        this.total
          ? html`<section class="panel" aria-label="Progress">
            <progress max=${this.total} .value=${this.done} aria-label="Solves done"></progress>
            <span role="status">${this.progressText(running)}</span>
          </section>`
          : ''
      }
      ${heuristics.length ? this.resultsView(heuristics) : ''}
    `;
  }

  /** A pattern database made ready in one worker before the solves (read from the cache, or built: its progress). */
  private preparingView(heuristic: string, iteration?: Iteration) {
    const done = iteration?.done ?? 0;
    return html`<section class="panel" aria-label="Pattern database">
      <span>Getting the ${name(heuristic)} database ready${iteration ? ' (building it once; then it is kept in this browser)' : ''}:</span>
      <progress max="1" .value=${done} aria-label="Pattern database built"></progress>
      <span role="status">${Math.floor(done * 100)}%${iteration ? `, ${(iteration.ms / 1000).toFixed(0)} s` : ''}</span>
    </section>`;
  }

  private resultsView(heuristics: readonly string[]) {
    const totals = heuristics.map((h) => {
      const done = this.results[h].filter((r): r is Result => !!r);
      return { h, count: done.length, nodes: done.reduce((s, r) => s + r.nodes, 0), ms: done.reduce((s, r) => s + r.ms, 0) };
    });
    const labels = this.boards.map((board) => board.name);
    return html`<section class="panel" aria-label="Results">
      <div class="controls">
        <button @click=${() => this.export('csv')}>Export CSV</button>
        <button @click=${() => this.export('json')}>Export JSON</button>
      </div>
      <table aria-label="Totals">
        <thead><tr><th>heuristic</th><th>solved</th><th>nodes</th><th>mean nodes</th><th>seconds</th><th>M nodes/s</th></tr></thead>
        <tbody>${totals.map(
          (
            t,
          ) => html`<tr><td>${name(t.h)}</td><td>${t.count}</td><td>${t.nodes.toLocaleString('en')}</td><td>${t.count ? Math.round(t.nodes / t.count).toLocaleString('en') : ''}</td>
          <td>${(t.ms / 1000).toFixed(2)}</td><td>${t.ms ? (t.nodes / t.ms / 1000).toFixed(1) : ''}</td></tr>`,
        )}</tbody>
      </table>
      <grouped-bars axis="nodes" .labels=${labels} .series=${heuristics.map((h) => ({ name: name(h), values: this.results[h].map((r) => r?.nodes ?? null) }))}></grouped-bars>
      <grouped-bars axis="ms" .labels=${labels} .series=${heuristics.map((h) => ({ name: name(h), values: this.results[h].map((r) => r?.ms ?? null) }))}></grouped-bars>
      <table aria-label="Instances">
        <thead><tr><th>board</th><th>optimal</th>${heuristics.map((h) => html`<th>${name(h)} length</th><th>nodes</th><th>ms</th>`)}</tr></thead>
        <tbody>${this.boards.map(
          (board, i) => html`<tr><td>${board.name}</td><td>${this.optimum(i) ?? '?'}</td>
          ${heuristics.map((h) => {
            const r = this.results[h][i];
            const optimum = this.optimum(i);
            const wrong = r && optimum !== undefined && r.length !== optimum;
            return r
              ? html`<td class=${wrong ? 'wrong' : ''}>${r.length}</td><td>${r.nodes.toLocaleString('en')}</td><td>${r.ms.toFixed(1)}</td>`
              : html`<td></td><td></td><td></td>`;
          })}</tr>`,
        )}</tbody>
      </table>
    </section>`;
  }

  private setCount(text: string): void {
    const count = Number(text);
    if (!Number.isInteger(count) || count < 1 || count > 100) {
      this.countError = `N is a whole number from 1 to 100, got "${text}"`;
      return;
    }
    this.countError = '';
    this.count = count;
  }

  /**
   * A board's optimal length: the set's, or for a random board the length IDA* found with any of the heuristics
   * (each is admissible, so the first solution IDA* finds is optimal); undefined until one is known.
   */
  private optimum(i: number): number | undefined {
    const known = this.boards[i].length;
    if (!Number.isNaN(known)) return known;
    return Object.values(this.results).find((results) => results[i])?.[i]?.length;
  }

  /** The instances' results, one row a board and heuristic, as CSV or JSON. */
  private export(kind: 'csv' | 'json'): void {
    const rows = this.boards.flatMap((board, i) =>
      Object.entries(this.results).map(([heuristic, results]) => ({
        board: board.name,
        tiles: board.tiles.join(' '),
        optimal: this.optimum(i) ?? null,
        heuristic: name(heuristic),
        length: results[i]?.length ?? null,
        nodes: results[i]?.nodes ?? null,
        ms: results[i] ? Number(results[i].ms.toFixed(1)) : null,
      })),
    );
    const text =
      kind === 'json'
        ? JSON.stringify({ set: this.set, boards: this.boards.length, rows }, null, 2)
        : [
            Object.keys(rows[0] ?? { board: '' }).join(','),
            ...rows.map((row) =>
              Object.values(row)
                .map((value) => (value === null ? '' : String(value)))
                .join(','),
            ),
          ].join('\n');
    downloadText(`puzzle15-bench-${this.set}.${kind}`, text, kind === 'json' ? 'application/json' : 'text/csv');
  }

  /** Another set: its size's heuristics (the 6-6-6-6 on 5x5), ten boards of Korf and Felner's 50. */
  private chooseSet(set: SetName): void {
    if ((set === 'korf50') !== (this.set === 'korf50')) this.chosen = new Set([set === 'korf50' ? 'pdb6666' : 'pdb']);
    if (set === 'korf50') this.count = Math.min(this.count, 10);
    this.set = set;
  }

  private choose(heuristic: string, on: boolean): void {
    const chosen = new Set(this.chosen);
    if (on) chosen.add(heuristic);
    else chosen.delete(heuristic);
    this.chosen = chosen;
  }

  private pickBoards(): KnownBoard[] {
    if (this.set === 'hard80') return parseSet(hard80, 'hard');
    if (this.set === 'korf') return parseSet(korf100, 'korf #').slice(0, this.count);
    if (this.set === 'korf50') return korf50ByEffort().slice(0, this.count);
    return Array.from({ length: this.count }, (_, i) => ({ name: `random ${i + 1}`, tiles: randomBoard(this.seed + i).tiles, length: NaN }));
  }

  private async run(): Promise<void> {
    this.cancel();
    this.error = '';
    this.boards = this.pickBoards();
    const heuristics = heuristicsOf(this.set).filter((h) => this.chosen.has(h));
    this.results = Object.fromEntries(heuristics.map((h) => [h, Array(this.boards.length).fill(undefined)]));
    this.done = 0;
    this.total = this.boards.length * heuristics.length;
    // Each database is made ready by one worker first (built once, with its progress), so that the workers then
    // read it from the cache instead of each building it; outside the solves' times.
    for (const heuristic of heuristics.filter((h) => h.startsWith('pdb'))) {
      this.preparing = { heuristic };
      const job = requestPrepare(searchPool(), 'puzzle15', { heuristic }, (iteration) => {
        if (this.preparing?.heuristic === heuristic) this.preparing = { heuristic, iteration };
      });
      this.jobs = [job];
      try {
        await job.promise;
      } catch (error) {
        if (!(error instanceof CancelledError)) this.error = `${name(heuristic)}: ${(error as Error).message}`;
        this.preparing = undefined;
        return;
      }
    }
    this.preparing = undefined;
    this.finishedMs = undefined;
    this.cancelledAt = undefined;
    this.started = performance.now();
    this.jobs = heuristics.flatMap((heuristic) =>
      this.boards.map((board, i) => {
        const job = requestSolve(searchPool(), 'puzzle15', format({ tiles: board.tiles, blank: board.tiles.indexOf(0), moves: '' }), { heuristic });
        job.promise.then(
          (answer) => {
            this.results = {
              ...this.results,
              [heuristic]: this.results[heuristic].map((r, j) => (j === i ? { nodes: answer.nodes, ms: answer.ms, length: answer.length as number } : r)),
            };
            this.done++;
            if (this.done === this.total) this.finishedMs = performance.now() - this.started;
          },
          (error: Error) => {
            if (!(error instanceof CancelledError)) this.error = `${board.name}: ${error.message}`;
          },
        );
        return job;
      }),
    );
  }

  private cancel(): void {
    if (this.jobs.length > 0 && this.done < this.total) this.cancelledAt = performance.now() - this.started;
    for (const job of this.jobs) job.cancel();
    this.jobs = [];
    this.preparing = undefined;
  }

  /** Where the solves stand: running with their time so far, done in their total time, or cancelled. */
  private progressText(running: boolean): string {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const solves = `${this.done}/${this.total} solves`;
    if (running) return `${solves}, ${seconds(performance.now() - this.started)}`;
    if (this.finishedMs !== undefined) return `${solves} in ${seconds(this.finishedMs)}`;
    if (this.cancelledAt !== undefined) return `${solves}, cancelled after ${seconds(this.cancelledAt)}`;
    return solves;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'puzzle15-bench-page': Puzzle15BenchPage;
  }
}
