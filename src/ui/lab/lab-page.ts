// The lab (#/lab): the server's shared runs, newest first, filtered by game, kind, state, bot and owner, their
// figures updated while they play; a run's page (#/lab?run=<id>) with the arena's charts and tables, following
// the run while it plays, its games and their replays, Export, Rerun, and Cancel or Delete for its owner; two
// runs compared (#/lab?compare=<id>,<id>); accounts (sign up, in and out) and the person's tokens for the CLI
// (`--lab URL`, the token in LAB_TOKEN); a saved run or tuning file imported.

import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { isTuning, type KeptRun } from '../../arena/kept-run';
import { MAX_RUN_CHARS, readDocument, runReport, type SavedRun } from '../../arena/saved-run';
import { runFigures } from '../../lab/figures';
import type { LabRun } from '../../lab/runs';
import { LAB_RUN_KINDS, RUN_STATES } from '../../lab/tables';
import type { TokenInfo } from '../../lab/accounts';
import { findGame, gameById, arenaGames } from '../../games';
import { resultsView } from '../arena/results';
import { keptTuning, type Tuning, tuningView } from '../arena/tuning';
import { downloadText } from '../download';
import { replaceHash } from '../router';
import type { HeatmapFigure } from '../sweep-heatmap';
import { pageStyles } from '../styles';
import { every } from '../every';
import { compareView } from './compare';
import { LabError, labMe, labRequest, labRunFile, type Me, type RunPage } from './lab-requests';

/** How often the list, and a run's page, are read again while a run of them plays. */
const LIVE_MS = 5000;
const RUN_LIVE_MS = 2000;
const PAGE_SIZE = 50;
const FILTERS = ['game', 'kind', 'state', 'bot', 'owner'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;
/** What a run's page shows: a run's report, or a tuning as it ended. */
type Figures = { readonly run: SavedRun; readonly report: ReturnType<typeof runReport> } | { readonly tuning: Tuning };

@customElement('lab-page')
export class LabPage extends LitElement {
  static styles = [
    pageStyles,
    css`
      form {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: end;
      }
      .token {
        font-family: monospace;
        word-break: break-all;
      }
      .side-by-side {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 28rem), 1fr));
        gap: 1rem;
      }
    `,
  ];

  @property({ attribute: false }) params = new URLSearchParams();
  @state() private me?: Me;
  @state() private runs: readonly LabRun[] = [];
  /** The pages read so far: the list grows with "More". */
  @state() private next?: string;
  @state() private filters: Filters = {};
  @state() private tokens: readonly TokenInfo[] = [];
  /** A token just made: shown once. */
  @state() private newToken?: string;
  /** The run on show, and its figures (computed once, when it is opened). */
  @state() private shown?: { readonly run: LabRun; readonly kept: KeptRun; readonly figures: Figures };
  @state() private error = '';
  @state() private histogramPair = 0;
  @state() private heatmapFigure: HeatmapFigure = 'margin';
  @state() private allGames = false;
  /** The runs ticked in the list for a comparison, and the two compared. */
  @state() private ticked: readonly string[] = [];
  @state() private compared?: readonly { readonly run: LabRun; readonly kept: SavedRun; readonly report: ReturnType<typeof runReport> }[];

  constructor() {
    super();
    // While a run listed plays, the list follows it; a run's page follows its run while it plays.
    every(this, LIVE_MS, () => {
      if (!this.shown && this.runs.some(playing)) void this.refreshRuns();
    });
    every(this, RUN_LIVE_MS, () => {
      if (this.shown && playing(this.shown.run)) void this.openRun(this.shown.run.id);
    });
  }

  connectedCallback(): void {
    super.connectedCallback();
    void this.refreshMe();
    void this.refreshRuns();
  }

  willUpdate(changed: Map<string, unknown>): void {
    if (!changed.has('params')) return;
    const id = this.params.get('run');
    if (id && id !== this.shown?.run.id) void this.openRun(id);
    if (!id) this.shown = undefined;
    const pair = this.params.get('compare')?.split(',');
    if (pair?.length === 2 && pair.join() !== this.compared?.map((side) => side.run.id).join()) void this.attempt(() => this.compare(pair[0], pair[1]));
    if (!pair) this.compared = undefined;
    // Back to the list: read again (runs may have been added, or have ended, meanwhile).
    if (!id && !pair && changed.get('params') !== undefined) void this.refreshRuns();
  }

  /** Runs a lab request, its refusal shown on the page. */
  private async attempt(work: () => Promise<void>): Promise<void> {
    try {
      await work();
      this.error = '';
    } catch (error) {
      this.error = error instanceof LabError ? error.message : `the lab cannot be read: ${(error as Error).message}`;
    }
  }

  private refreshMe(): Promise<void> {
    return this.attempt(async () => {
      this.me = await labMe();
      this.tokens = this.me.account ? (await labRequest<{ tokens: TokenInfo[] }>('GET', 'tokens')).tokens : [];
    });
  }

  private refreshRuns(more = false): Promise<void> {
    return this.attempt(async () => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      for (const name of FILTERS) if (this.filters[name]) query.set(name, this.filters[name]!);
      if (more && this.next) query.set('after', this.next);
      // Read again from the top, as many as were listed: a run's figures are live.
      if (!more) query.set('limit', String(Math.max(PAGE_SIZE, Math.min(200, this.runs.length))));
      const page = await labRequest<RunPage>('GET', `runs?${query}`);
      this.runs = more ? [...this.runs, ...page.runs] : page.runs;
      this.next = page.next;
    });
  }

  private openRun(id: string): Promise<void> {
    return this.attempt(() => this.readRun(id));
  }

  private async readRun(id: string): Promise<void> {
    const [run, kept] = await Promise.all([labRequest<LabRun>('GET', `runs/${encodeURIComponent(id)}`), labRunFile(id)]);
    const figures: Figures = isTuning(kept) ? { tuning: keptTuning(kept, gameById(kept.game).bots) } : { run: kept, report: runReport(kept) };
    // The person's choices stay while the page follows the same run.
    if (this.shown?.run.id !== id) {
      this.histogramPair = 0;
      this.allGames = false;
    }
    this.shown = { run, kept, figures };
  }

  private async compare(first: string, second: string): Promise<void> {
    const side = async (id: string) => {
      const [run, kept] = await Promise.all([labRequest<LabRun>('GET', `runs/${encodeURIComponent(id)}`), labRunFile(id)]);
      if (isTuning(kept)) throw new LabError(400, `run ${id} is a tuning: tournaments, sweeps and matches compare`);
      return { run, kept, report: runReport(kept) };
    };
    this.compared = await Promise.all([side(first), side(second)]);
  }

  private async account(action: 'signup' | 'signin', form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    await this.attempt(async () => {
      this.me = await labRequest<Me>('POST', action, { body: { name: data.get('name'), password: data.get('password') } });
      form.reset();
      await this.refreshMe();
    });
  }

  private async change(method: string, path: string, body?: unknown): Promise<unknown> {
    return labRequest(method, path, { body, csrf: this.me?.csrf });
  }

  render() {
    return html`<h1>Lab</h1>
      <p class="hint">Every run kept by this server: played by it (from the arena, "Run on the server"), played from the CLI with
        <code>--lab URL</code>, or imported from a saved run or tuning file.</p>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ''}
      ${this.accountView()}
      ${this.shown ? this.runView(this.shown) : this.compared ? this.comparedView(this.compared) : this.listView()}`;
  }

  private comparedView(sides: NonNullable<LabPage['compared']>) {
    const [first, second] = sides;
    return html`<p><a href="#/lab">All runs</a></p>
      ${compareView({ id: first.run.id, report: first.report }, { id: second.run.id, report: second.report })}
      <div class="side-by-side">${sides.map(
        (side) =>
          html`<div><h2><a href=${`#/lab?run=${encodeURIComponent(side.run.id)}`}>${side.run.id}</a></h2>${this.results({ run: side.kept, report: side.report })}</div>`,
      )}</div>`;
  }

  private accountView() {
    const me = this.me;
    if (!me) return '';
    if (!me.account)
      return html`<section class="panel" aria-label="Account">
        <h2>Account</h2>
        <form @submit=${(e: SubmitEvent) => {
          e.preventDefault();
          void this.account((e.submitter as HTMLButtonElement).value as 'signup' | 'signin', e.target as HTMLFormElement);
        }}>
          <label>Name <input name="name" autocomplete="username" required maxlength="40" /></label>
          <label>Password <input name="password" type="password" autocomplete="current-password" required minlength="8" maxlength="200" /></label>
          <button value="signin">Sign in</button> <button value="signup">Sign up</button>
        </form>
        <p class="hint">Reading the lab needs no account; keeping runs in it does.</p>
      </section>`;
    return html`<section class="panel" aria-label="Account">
      <h2>Account</h2>
      <p>Signed in as <strong>${me.account}</strong>
        <button @click=${() =>
          void this.attempt(async () => {
            await this.change('POST', 'signout');
            this.newToken = undefined;
            await this.refreshMe();
          })}>Sign out</button></p>
      <h3>Tokens for the CLI</h3>
      <table aria-label="Tokens"><thead><tr><th>label</th><th>created</th><th>last used</th><th></th></tr></thead>
        <tbody>${this.tokens.map(
          (
            token,
          ) => html`<tr><td>${token.label}</td><td>${token.created.slice(0, 16).replace('T', ' ')}</td><td>${token.used?.slice(0, 16).replace('T', ' ') ?? 'never'}</td>
            <td><button aria-label=${`Revoke ${token.label}`} @click=${() =>
              void this.attempt(async () => {
                await this.change('DELETE', `tokens/${token.id}`);
                await this.refreshMe();
              })}>Revoke</button></td></tr>`,
        )}</tbody></table>
      <form @submit=${(e: SubmitEvent) => {
        e.preventDefault();
        const form = e.target as HTMLFormElement;
        void this.attempt(async () => {
          this.newToken = ((await this.change('POST', 'tokens', { label: new FormData(form).get('label') })) as { token: string }).token;
          form.reset();
          await this.refreshMe();
        });
      }}>
        <label>Label <input name="label" required maxlength="100" /></label><button>New token</button>
      </form>
      ${
        this.newToken
          ? html`<p>Your new token, shown this once: <span class="token" aria-label="New token">${this.newToken}</span><br />
        <code>LAB_TOKEN=… npx playground &lt;game&gt; tournament … --lab ${location.origin}</code></p>`
          : ''
      }
      <label>Import a saved run or tuning file <input type="file" accept=".json,application/json" @change=${(e: Event) => void this.importFile(e.target as HTMLInputElement)} /></label>
    </section>`;
  }

  private async importFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    await this.attempt(async () => {
      const document = readDocument(await file.text(), MAX_RUN_CHARS);
      const run = (await this.change('POST', 'runs', document)) as LabRun;
      await this.refreshRuns();
      await this.readRun(run.id);
      replaceHash('lab', { run: run.id });
    });
  }

  private listView() {
    const choice = (name: 'game' | 'kind' | 'state', options: readonly string[], label = (value: string) => value) =>
      html`<label>${name[0].toUpperCase() + name.slice(1)} <select @change=${(e: Event) => this.filter(name, (e.target as HTMLSelectElement).value)}>
        <option value="">any</option>${options.map((option) => html`<option value=${option} ?selected=${this.filters[name] === option}>${label(option)}</option>`)}
      </select></label>`;
    const text = (name: 'bot' | 'owner') =>
      html`<label>${name[0].toUpperCase() + name.slice(1)} <input .value=${this.filters[name] ?? ''} maxlength="200" @change=${(e: Event) => this.filter(name, (e.target as HTMLInputElement).value.trim())} /></label>`;
    return html`<section class="panel" aria-label="Runs">
      <h2>Runs</h2>
      <div class="controls">
        ${choice(
          'game',
          arenaGames.map((game) => game.rules.id),
          (id) => gameById(id).rules.title,
        )} ${choice('kind', LAB_RUN_KINDS)} ${choice('state', RUN_STATES)}
        ${text('bot')} ${text('owner')}
      </div>
      ${
        this.runs.length === 0
          ? html`<p class="hint">No run here yet.</p>`
          : html`<table aria-label="Lab runs">
            <thead><tr><th>compare</th><th>run</th><th>started</th><th>game</th><th>kind</th><th>bots</th><th>state</th><th>games</th><th>figures</th><th>owner</th></tr></thead>
            <tbody>${repeat(
              this.runs,
              (run) => run.id,
              (run) => html`<tr>
                <td>${run.kind === 'tuning' ? '' : html`<input type="checkbox" aria-label=${`Compare ${run.id}`} .checked=${this.ticked.includes(run.id)} @change=${(e: Event) => this.tick(run.id, (e.target as HTMLInputElement).checked)} />`}</td>
                <td><a href=${`#/lab?run=${encodeURIComponent(run.id)}`}>${run.id}</a></td><td>${new Date(run.created).toLocaleString('en')}</td>
                <td>${findGame(run.game)?.rules.title ?? run.game}</td><td>${run.imported ? `${run.kind}, imported` : run.kind}</td><td>${run.bots.join(', ')}</td><td>${run.state}</td>
                <td>${run.summary.played}/${run.summary.scheduled}</td><td>${runFigures(run.summary)}</td><td>${run.owner ?? '—'}</td>
              </tr>`,
            )}</tbody>
          </table>`
      }
      ${this.next ? html`<button @click=${() => void this.refreshRuns(true)}>More</button>` : ''}
      ${
        this.ticked.length === 2
          ? html`<p><a href=${`#/lab?compare=${this.ticked.map(encodeURIComponent).join(',')}`}>Compare the two ticked runs</a></p>`
          : html`<p class="hint">Tick two runs to compare them.</p>`
      }
    </section>`;
  }

  /** A run ticked for a comparison: the two last ticked are compared. */
  private tick(id: string, on: boolean): void {
    this.ticked = on ? [...this.ticked.filter((other) => other !== id), id].slice(-2) : this.ticked.filter((other) => other !== id);
  }

  private filter(name: keyof Filters, value: string): void {
    this.filters = { ...this.filters, [name]: value || undefined };
    this.runs = [];
    void this.refreshRuns();
  }

  private runView({ run, kept, figures }: NonNullable<LabPage['shown']>) {
    const mine = this.me?.account === run.owner;
    const title = `${findGame(run.game)?.rules.title ?? run.game} ${run.kind}`;
    return html`<section class="panel" aria-label="Lab run">
        <h2>${title}: ${run.id}</h2>
        <p role="status">${run.state}${run.reason ? ` (${run.reason})` : ''}, ${run.summary.played}/${run.summary.scheduled} games${run.onServer ? ', played by the server' : run.imported ? ", imported from a file (its figures are the file's)" : ''}; by ${run.owner ?? 'nobody'} on ${new Date(run.created).toLocaleString('en')}; build ${run.build}</p>
        ${playing(run) ? html`<progress max=${run.summary.scheduled} .value=${run.summary.played} aria-label="Games played"></progress>` : ''}
        <div class="controls">
          <a href="#/lab">All runs</a>
          <button @click=${() => downloadText(`${run.game}-${run.kind}-${run.id}.json`, JSON.stringify(kept), 'application/json')}>Export</button>
          ${
            this.me?.account && run.kind !== 'tuning'
              ? html`<button title="A new run of yours with the same games, played by the server" @click=${() =>
                  void this.attempt(async () => {
                    const again = (await this.change('POST', `runs/${encodeURIComponent(run.id)}/rerun`)) as LabRun;
                    location.hash = `#/lab?run=${encodeURIComponent(again.id)}`;
                  })}>Rerun</button>`
              : ''
          }
          ${
            mine && playing(run)
              ? html`<button @click=${() =>
                  confirm(`Cancel run ${run.id}? It stops where it is (its games kept) and cannot be carried on here.`) &&
                  void this.attempt(async () => {
                    await this.change('POST', `runs/${encodeURIComponent(run.id)}/cancel`);
                    await this.readRun(run.id);
                  })}>Cancel</button>`
              : ''
          }
          ${
            mine
              ? html`<button @click=${() =>
                  confirm(`Delete run ${run.id} and its ${run.summary.played} games from the lab? This cannot be undone (export it first to keep it).`) &&
                  void this.attempt(async () => {
                    await this.change('DELETE', `runs/${encodeURIComponent(run.id)}`);
                    this.shown = undefined;
                    replaceHash('lab', {});
                    await this.refreshRuns();
                  })}>Delete</button>`
              : ''
          }
        </div>
      </section>
      ${this.results(figures)}`;
  }

  /** The run's figures, as the arena shows them (the person's choices there kept on this page). */
  private results(figures: Figures) {
    const view = {
      histogramPair: this.histogramPair,
      heatmapFigure: this.heatmapFigure,
      allGames: this.allGames,
      pickPair: (pair: number) => (this.histogramPair = pair),
      pickFigure: (figure: HeatmapFigure) => (this.heatmapFigure = figure),
      showAllGames: () => (this.allGames = true),
    };
    return 'tuning' in figures
      ? tuningView(figures.tuning, view)
      : resultsView(figures.report, { ...view, current: figures.run, shown: figures.run, keptIn: 'lab' });
  }
}

function playing(run: LabRun): boolean {
  return run.state === 'running' || run.state === 'queued';
}

declare global {
  interface HTMLElementTagNameMap {
    'lab-page': LabPage;
  }
}
