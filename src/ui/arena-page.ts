// The arena (the matrix game's tuning lab, and every game's): a round robin of bot configurations, or a sweep
// of one bot's parameter grid against fixed opponents, over seeded starts with both seatings, on the worker
// pool; a progress bar and Cancel (finished games are kept); the results as tables and charts, live. Every run
// is kept (IndexedDB) when it ends; saved runs reopen, export to JSON and CSV, and a JSON file loads back. A
// game of a run opens in its game's page as a replay. #/arena?game=matrix or #/arena?run=<id>

import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { GameRecord } from '../arena/play-out';
import { sweepReport, tournamentReport, type SweepReport, type TournamentReport } from '../arena/report';
import { runSchedule, type Run, type RunProgress } from '../runtime/run-schedule';
import { runCsv } from '../arena/run-csv';
import { MAX_RUN_CHARS, parseSavedRun, runReport, savedRun, type SavedRun } from '../arena/saved-run';
import { sweep, tournament, type GridAxis, type Schedule } from '../arena/schedule';
import { findBot, parseBotConfig } from '../contracts/bot-config';
import type { AnyGame } from '../contracts/game';
import { parseSeed } from '../contracts/rng';
import { findGame, gameById, games } from '../games';
import './arena-charts';
import './bot-picker';
import { searchPool } from './pool';
import { replaceHash } from './router';
import { deleteRun, listRuns, loadRun, saveRun, type RunEntry } from './run-store';
import { pageStyles } from './styles';
import { HEATMAP_FIGURES, type HeatmapFigure } from './sweep-heatmap';

interface AxisSetting {
  readonly on: boolean;
  readonly lo: number;
  readonly hi: number;
}

/** A run being played. */
interface ActiveRun {
  readonly kind: SavedRun['kind'];
  readonly schedule: Schedule;
  readonly records: (GameRecord | undefined)[];
  readonly run: Run;
  /** The sweep's bot and grid, to report by grid point. */
  readonly sweep?: SavedRun['sweep'];
  readonly created: Date;
  readonly started: number;
}

/** How many games the games table lists before "Show all". */
const GAMES_LISTED = 40;

const signed = (value: number) => (value > 0 ? `+${value.toFixed(2)}` : value.toFixed(2));

@customElement('arena-page')
export class ArenaPage extends LitElement {
  static styles = [
    pageStyles,
    css`
      section {
        margin-bottom: 1rem;
      }
      h2 {
        font-size: 1.15rem;
        margin: 0 0 0.6rem;
      }
      .list > div {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        margin-bottom: 0.4rem;
      }
      progress {
        width: 100%;
        height: 1.1rem;
      }
      table {
        border-collapse: collapse;
        margin: 0.5rem 0 1rem;
        font-variant-numeric: tabular-nums;
      }
      th,
      td {
        padding: 0.25rem 0.6rem;
        border-bottom: 1px solid var(--border);
        text-align: right;
      }
      th:first-child,
      td:first-child {
        text-align: left;
      }
      .charts {
        display: flex;
        flex-wrap: wrap;
        gap: 1.5rem;
      }
    `,
  ];

  /** The URL's parameters: game. */
  @property({ attribute: false }) params = new URLSearchParams();
  /** The game on show: the first of the registry that has an arena, until one is picked. */
  @state() private gameId = Object.values(games).find((game) => !game.solitaire)!.rules.id;
  @state() private configs: string[] = [];
  @state() private gamesPerPair = 50;
  @state() private seed = 1;
  @state() private size?: number;
  @state() private sweepBot = '';
  @state() private axes: Record<string, AxisSetting> = {};
  @state() private opponents: string[] = [];
  @state() private active?: ActiveRun;
  @state() private progress?: RunProgress;
  @state() private report?: TournamentReport | SweepReport;
  /** The finished run whose figures are shown (the last one played, or one reopened). */
  @state() private shown?: SavedRun;
  @state() private saved: RunEntry[] = [];
  @state() private histogramPair = 0;
  @state() private allGames = false;
  @state() private heatmapFigure: HeatmapFigure = 'margin';
  @state() private error = '';
  private refreshPending = false;
  /** The newest progress, shown at the next refresh (not on every game: the page would redraw hundreds of times a second). */
  private latestProgress?: RunProgress;

  willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('params')) {
      const id = this.params.get('game') ?? this.gameId;
      const wanted = findGame(id);
      if (wanted && !wanted.solitaire && (id !== this.gameId || this.configs.length === 0)) this.selectGame(id);
      const run = this.params.get('run');
      if (run && run !== this.shown?.id) void this.openRun(run);
    }
  }

  connectedCallback(): void {
    super.connectedCallback();
    void this.refreshSaved();
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.active?.run.cancel();
  }

  private get game(): AnyGame {
    return gameById(this.gameId);
  }

  private selectGame(id: string): void {
    this.gameId = id;
    const game = gameById(id);
    this.configs = game.levels.map((level) => level.config);
    this.size = game.sizes?.default;
    this.setSweepBot(game.bots.find((bot) => bot.params.length > 0)?.id ?? game.bots[0].id);
    this.opponents = [game.levels.at(-1)!.config];
    this.report = undefined;
    replaceHash('arena', { game: id });
  }

  private setSweepBot(config: string): void {
    this.sweepBot = config;
    const bot = findBot(this.game.bots, parseBotConfig(this.game.bots, config).id);
    const previous = this.axes;
    this.axes = Object.fromEntries(
      bot.params.map((spec, i) => [
        spec.name,
        previous[spec.name] ?? { on: i < 2, lo: Math.max(spec.min, spec.default - 2), hi: Math.min(spec.max, spec.default + 2) },
      ]),
    );
  }

  render() {
    const game = this.game;
    const running = !!this.active && !!this.progress && this.progress.done < this.progress.total && !this.cancelled;
    return html`
      <h1>Arena</h1>
      <section class="panel" aria-label="Settings">
        <div class="controls">
          <label>Game
            <select @change=${(e: Event) => this.selectGame((e.target as HTMLSelectElement).value)} ?disabled=${running}>
              ${Object.values(games)
                .filter((g) => !g.solitaire)
                .map((g) => html`<option value=${g.rules.id} ?selected=${g.rules.id === this.gameId}>${g.rules.title}</option>`)}
            </select>
          </label>
          ${
            game.sizes
              ? html`<label>Size <input type="number" min=${game.sizes.min} max=${game.sizes.max} .value=${String(this.size)}
                @change=${(e: Event) => (this.size = this.clamp(e, game.sizes!.min, game.sizes!.max))} /></label>`
              : ''
          }
          <label>Starts <input type="number" min="1" max="10000" .value=${String(this.gamesPerPair)} @change=${(e: Event) => (this.gamesPerPair = this.clamp(e, 1, 10000))} /></label>
          <label>Seed <input type="number" min="0" max="4294967295" .value=${String(this.seed)} @change=${(e: Event) => this.setSeed((e.target as HTMLInputElement).value)} /></label>
        </div>
        <p class="hint">Each start is played twice per pair, with the seats swapped. The same seed gives the same games here and in
          <code>npx playground ${this.gameId} tournament</code>.</p>
      </section>

      <div class="layout">
        <section class="panel" aria-label="Tournament">
          <h2>Tournament</h2>
          <div class="list">
            ${this.configs.map(
              (config, i) => html`<div>
              <bot-picker .bots=${game.bots} .value=${config} label=${`Bot ${i + 1}`} @change=${(e: CustomEvent<string>) => (this.configs = this.configs.map((c, j) => (j === i ? e.detail : c)))}></bot-picker>
              <button aria-label=${`Remove bot ${i + 1}`} @click=${() => (this.configs = this.configs.filter((_, j) => j !== i))} ?disabled=${this.configs.length <= 2}>×</button>
            </div>`,
            )}
          </div>
          <div class="controls">
            <button @click=${() => (this.configs = [...this.configs, game.bots[0].id])}>Add bot</button>
            <button @click=${() => this.runTournament()} ?disabled=${running}>Run tournament</button>
          </div>
        </section>

        <section class="panel" aria-label="Sweep">
          <h2>Parameter sweep</h2>
          <bot-picker .bots=${game.bots.filter((bot) => bot.params.length > 0)} .value=${this.sweepBot} label="Bot" @change=${(e: CustomEvent<string>) => this.setSweepBot(e.detail)}></bot-picker>
          <div class="list">
            ${Object.entries(this.axes).map(
              ([name, axis]) => html`<div>
              <label><input type="checkbox" .checked=${axis.on} @change=${(e: Event) => this.setAxis(name, { on: (e.target as HTMLInputElement).checked })} /> ${name}</label>
              <label>from <input type="number" .value=${String(axis.lo)} @change=${(e: Event) => this.setAxis(name, { lo: Number((e.target as HTMLInputElement).value) })} /></label>
              <label>to <input type="number" .value=${String(axis.hi)} @change=${(e: Event) => this.setAxis(name, { hi: Number((e.target as HTMLInputElement).value) })} /></label>
            </div>`,
            )}
          </div>
          <div class="list">
            ${this.opponents.map(
              (config, i) => html`<div>
              <bot-picker .bots=${game.bots} .value=${config} label="Against" @change=${(e: CustomEvent<string>) => (this.opponents = this.opponents.map((c, j) => (j === i ? e.detail : c)))}></bot-picker>
              <button aria-label="Remove opponent" @click=${() => (this.opponents = this.opponents.filter((_, j) => j !== i))} ?disabled=${this.opponents.length <= 1}>×</button>
            </div>`,
            )}
          </div>
          <div class="controls">
            <button @click=${() => (this.opponents = [...this.opponents, game.bots[0].id])}>Add opponent</button>
            <button @click=${() => this.runSweep()} ?disabled=${running}>Run sweep</button>
          </div>
        </section>
      </div>

      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ''}
      ${this.progress ? this.progressView(running) : ''}
      ${this.report ? this.resultsView() : ''}
      ${this.savedView()}
    `;
  }

  private cancelled = false;

  private progressView(running: boolean) {
    const { done, total, elapsedMs } = this.progress!;
    const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
    const left = rate > 0 ? Math.ceil((total - done) / rate) : 0;
    return html`<section class="panel" aria-label="Progress">
      <progress max=${total} .value=${done} aria-label="Games played"></progress>
      <div class="controls">
        <span role="status">${done}/${total} games${running ? `, ${rate.toFixed(1)} games/s, ${left} s left` : this.cancelled ? ' (cancelled: the finished games are kept)' : `, done in ${(elapsedMs / 1000).toFixed(1)} s`}</span>
        ${running ? html`<button @click=${() => this.cancel()}>Cancel</button>` : ''}
      </div>
    </section>`;
  }

  private resultsView() {
    const report = this.report!;
    if ('pairs' in report) {
      const totals = new Map(report.totals.map((total) => [total.bot, total]));
      const ratings = [...report.ratings].sort((a, b) => b.rating - a.rating);
      const wdl = (t: { wins: number; draws: number; losses: number }) => `${t.wins}/${t.draws}/${t.losses}`;
      return html`<section class="panel" aria-label="Results">
        <h2>Results</h2>
        <table aria-label="Ratings">
          <thead><tr><th>bot</th><th>Elo</th><th>95%</th><th>games</th><th>W/D/L</th><th>margin</th><th>loss/move</th><th>nodes</th><th>search s</th></tr></thead>
          <tbody>${ratings.map((r) => {
            const t = totals.get(r.bot)!;
            return html`<tr><td>${r.bot}</td><td>${r.rating.toFixed(0)}</td><td>${r.lo.toFixed(0)}..${r.hi.toFixed(0)}</td><td>${t.games}</td><td>${wdl(t)}</td>
              <td>${signed(t.margin)}</td><td>${t.meanLoss === null ? '' : t.meanLoss.toFixed(3)}</td><td>${t.nodes.toLocaleString('en')}</td><td>${(t.ms / 1000).toFixed(2)}</td></tr>`;
          })}</tbody>
        </table>
        <table aria-label="Pairs">
          <thead><tr><th>pair</th><th>wins</th><th>draws</th><th>losses</th><th>margin</th><th>a first</th><th>a second</th></tr></thead>
          <tbody>${report.pairs.map(
            (p, i) => html`<tr><td>${p.a} vs ${p.b}</td><td>${p.wins}</td><td>${p.draws}</td><td>${p.losses}</td><td>${signed(p.margin)}</td>
            <td>${wdl(report.seats[i].first)}</td><td>${wdl(report.seats[i].second)}</td></tr>`,
          )}</tbody>
        </table>
        <p class="hint">Margin: points won minus the opponent's, per game. Loss/move: points a move gives away against the best move
          under perfect play, where that can be found quickly.</p>
        <div class="charts">
          <wdl-chart .pairs=${report.pairs}></wdl-chart>
          <rating-chart .ratings=${report.ratings}></rating-chart>
          <div>
            <label>Margins of
              <select @change=${(e: Event) => (this.histogramPair = Number((e.target as HTMLSelectElement).value))}>
                ${report.pairs.map((p, i) => html`<option value=${i} ?selected=${i === this.histogramPair}>${p.a} vs ${p.b}</option>`)}
              </select>
            </label>
            <margin-histogram .pair=${this.pairMargins(this.histogramPair)}></margin-histogram>
          </div>
          <move-cost-chart .costs=${report.totals.map((t) => ({ bot: t.bot, nodes: t.moves ? t.nodes / t.moves : 0, ms: t.moves ? t.ms / t.moves : 0 }))}></move-cost-chart>
        </div>
        ${this.exportsView()} ${this.gamesView()}
      </section>`;
    }
    const best = report.points.reduce((a, b) => (b.margin > a.margin ? b : a));
    return html`<section class="panel" aria-label="Results">
      <h2>Sweep of ${report.bot} against ${report.vs.join(', ')}</h2>
      <p role="status">Best mean margin: <strong>${best.bot}</strong> (${signed(best.margin)}, ${best.wins}/${best.draws}/${best.losses}).</p>
      <label>Colour by
        <select @change=${(e: Event) => (this.heatmapFigure = (e.target as HTMLSelectElement).value as HeatmapFigure)}>
          ${HEATMAP_FIGURES.map((f) => html`<option value=${f.id} ?selected=${f.id === this.heatmapFigure}>${f.label}</option>`)}
        </select>
      </label>
      <sweep-heatmap .report=${report} .figure=${this.heatmapFigure}></sweep-heatmap>
      <table aria-label="Grid points">
        <thead><tr>${report.grid.map((axis) => html`<th>${axis.name}</th>`)}<th>W/D/L</th><th>margin</th><th>loss/move</th></tr></thead>
        <tbody>${report.points.map(
          (p) => html`<tr>${report.grid.map((axis) => html`<td>${p.params[axis.name]}</td>`)}<td>${p.wins}/${p.draws}/${p.losses}</td>
          <td>${signed(p.margin)}</td><td>${p.meanLoss === null ? '' : p.meanLoss.toFixed(3)}</td></tr>`,
        )}</tbody>
      </table>
      ${this.exportsView()} ${this.gamesView()}
    </section>`;
  }

  /** The games and records on show: the run being played, or the finished one. */
  private current(): { schedule: Schedule; records: readonly (GameRecord | null | undefined)[] } | undefined {
    return this.active ?? this.shown;
  }

  private pairMargins(pair: number) {
    const current = this.current();
    if (!current) return undefined;
    const { a, b } = current.schedule.pairings[pair] ?? current.schedule.pairings[0];
    const margins = current.schedule.games.flatMap((game, i) => {
      const record = current.records[i];
      if (game.pair !== pair || !record) return [];
      return [game.seats[0] === a ? record.margin : -record.margin];
    });
    return { label: `${a} vs ${b}`, margins };
  }

  private exportsView() {
    const run = this.shown;
    if (!run) return '';
    return html`<div class="controls">
      <button @click=${() => this.download(run, 'json')}>Export JSON</button>
      <button @click=${() => this.download(run, 'csv')}>Export CSV</button>
    </div>`;
  }

  /** The games of the run on show, each a link to its replay in the game's page. */
  private gamesView() {
    const run = this.shown;
    if (!run) return '';
    const played = run.records.flatMap((record, i) => (record ? [{ record, i }] : []));
    const listed = this.allGames ? played : played.slice(0, GAMES_LISTED);
    const result = (record: GameRecord) => (record.winner === null ? 'draw' : `${record.seats[record.winner]} won`);
    return html`<details>
      <summary>Games (${played.length})</summary>
      <table aria-label="Games">
        <thead><tr><th>game</th><th>first</th><th>second</th><th>result</th><th>margin</th><th>moves</th><th></th></tr></thead>
        <tbody>${listed.map(
          ({ record, i }) => html`<tr><td>${i + 1}</td><td>${record.seats[0]}</td><td>${record.seats[1]}</td><td>${result(record)}</td>
          <td>${signed(record.margin)}</td><td>${record.moves.length}</td>
          <td><a href=${`#/${gameById(run.schedule.game).pages[0].route}?run=${encodeURIComponent(run.id)}&game=${i}`}>Replay</a></td></tr>`,
        )}</tbody>
      </table>
      ${played.length > listed.length ? html`<button @click=${() => (this.allGames = true)}>Show all ${played.length} games</button>` : ''}
    </details>`;
  }

  private savedView() {
    return html`<section class="panel" aria-label="Saved runs">
      <h2>Saved runs</h2>
      ${
        this.saved.length === 0
          ? html`<p class="hint">No run yet: every tournament and sweep is kept here when it ends.</p>`
          : html`<table aria-label="Saved runs">
            <thead><tr><th>when</th><th>game</th><th>kind</th><th>bots</th><th>games</th><th></th></tr></thead>
            <tbody>${this.saved.map((run) =>
              'unreadable' in run
                ? html`<tr class="unreadable">
                    <td colspan="5">An entry that is not a run (${run.unreadable})</td>
                    <td><button @click=${() => this.removeRun(run.key)} aria-label="Delete the unreadable entry">Delete</button></td>
                  </tr>`
                : html`<tr>
                    <td>${new Date(run.created).toLocaleString('en')}</td><td>${findGame(run.game)?.rules.title ?? run.game}</td><td>${run.kind}</td>
                    <td>${run.bots.join(', ')}</td><td>${run.played}/${run.scheduled}</td>
                    <td><button @click=${() => this.openRun(run.key)}>Open</button> <button @click=${() => this.removeRun(run.key)} aria-label=${`Delete the run of ${run.created}`}>Delete</button></td>
                  </tr>`,
            )}</tbody>
          </table>`
      }
      <label>Load a run file (JSON, from this page or <code>--out</code>)
        <input type="file" accept=".json,application/json" @change=${(e: Event) => this.loadFile(e.target as HTMLInputElement)} /></label>
    </section>`;
  }

  private clamp(event: Event, min: number, max: number): number {
    const input = event.target as HTMLInputElement;
    const value = Math.min(max, Math.max(min, Math.round(Number(input.value)) || min));
    input.value = String(value);
    return value;
  }

  private setSeed(text: string): void {
    try {
      this.seed = parseSeed(text);
      this.error = '';
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private setAxis(name: string, change: Partial<AxisSetting>): void {
    this.axes = { ...this.axes, [name]: { ...this.axes[name], ...change } };
  }

  private settings() {
    return { games: this.gamesPerPair, seed: this.seed, size: this.game.sizes ? this.size : undefined };
  }

  private runTournament(): void {
    this.start('tournament', () => tournament(this.game, this.configs, this.settings()));
  }

  private runSweep(): void {
    const grid: GridAxis[] = Object.entries(this.axes)
      .filter(([, axis]) => axis.on)
      .map(([name, axis]) => ({ name, values: Array.from({ length: Math.max(0, axis.hi - axis.lo + 1) }, (_, i) => axis.lo + i) }));
    // The grid's parameters are swept; the others keep the picker's values.
    const base = this.sweepBot
      .split(':')
      .filter((part, i) => i === 0 || !grid.some((axis) => part.startsWith(`${axis.name}=`)))
      .join(':');
    this.start(
      'sweep',
      () => {
        if (grid.length === 0) throw new Error('tick at least one parameter to sweep');
        if (grid.some((axis) => axis.values.length === 0)) throw new Error('a parameter range runs backwards');
        return sweep(this.game, base, grid, this.opponents, this.settings());
      },
      { bot: base, grid, vs: this.opponents },
    );
  }

  private start(kind: ActiveRun['kind'], schedule: () => Schedule, sweepSettings?: ActiveRun['sweep']): void {
    this.active?.run.cancel();
    this.error = '';
    let planned: Schedule;
    try {
      planned = schedule();
    } catch (error) {
      this.error = (error as Error).message;
      return;
    }
    const records: (GameRecord | undefined)[] = Array(planned.games.length).fill(undefined);
    this.cancelled = false;
    const run = runSchedule(searchPool(), planned, {}, (index, record, progress) => {
      records[index] = record;
      this.latestProgress = progress;
      this.scheduleRefresh();
    });
    const active: ActiveRun = { kind, schedule: planned, records, run, sweep: sweepSettings, created: new Date(), started: performance.now() };
    this.active = active;
    this.shown = undefined;
    this.progress = { done: 0, total: planned.games.length, elapsedMs: 0 };
    this.latestProgress = undefined;
    this.refreshReport();
    run.finished.then(
      () => this.finish(active),
      (error: Error) => {
        if (this.active === active) this.error = `The run failed: ${error.message}`;
      },
    );
  }

  /** A run that ended or was cancelled is kept, and its figures stay on the page. */
  private async finish(active: ActiveRun): Promise<void> {
    if (this.active !== active) return;
    this.progress = this.latestProgress ?? this.progress;
    const run = savedRun(active.kind, active.schedule, active.records, performance.now() - active.started, active.created, active.sweep);
    this.active = undefined;
    this.show(run);
    try {
      await saveRun(run);
      await this.refreshSaved();
    } catch (error) {
      this.error = `The run could not be kept: ${(error as Error).message}`;
    }
  }

  private cancel(): void {
    this.cancelled = true;
    this.active?.run.cancel();
  }

  private show(run: SavedRun): void {
    this.shown = run;
    this.report = runReport(run);
    this.histogramPair = 0;
    this.allGames = false;
  }

  private async openRun(key: IDBValidKey): Promise<void> {
    try {
      const run = await loadRun(key);
      if (!run) throw new Error(`there is no saved run ${String(key)}`);
      if (run.schedule.game !== this.gameId) this.selectGame(run.schedule.game);
      this.progress = undefined;
      this.show(run);
      replaceHash('arena', { run: run.id });
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private async removeRun(key: IDBValidKey): Promise<void> {
    await deleteRun(key);
    if (this.shown && this.shown.id === key) {
      this.shown = undefined;
      this.report = undefined;
    }
    await this.refreshSaved();
  }

  private async refreshSaved(): Promise<void> {
    try {
      this.saved = await listRuns();
    } catch (error) {
      this.error = `Saved runs cannot be read: ${(error as Error).message}`;
    }
  }

  private download(run: SavedRun, type: 'json' | 'csv'): void {
    const blob = new Blob([type === 'json' ? JSON.stringify(run) : runCsv(run)], { type: type === 'json' ? 'application/json' : 'text/csv' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${run.schedule.game}-${run.kind}-${run.id}.${type}`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  private async loadFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      if (file.size > MAX_RUN_CHARS) throw new Error(`the file is over ${MAX_RUN_CHARS >> 20} MB`);
      const run = parseSavedRun(await file.text());
      await saveRun(run);
      await this.refreshSaved();
      await this.openRun(run.id);
      this.error = '';
    } catch (error) {
      this.error = `${file.name} cannot be loaded: ${(error as Error).message}`;
    }
  }

  /** Recomputes the figures at most twice a second while games come in: the page stays responsive. */
  private scheduleRefresh(): void {
    if (this.refreshPending) return;
    this.refreshPending = true;
    setTimeout(() => {
      this.refreshPending = false;
      this.progress = this.latestProgress;
      this.refreshReport();
    }, 500);
  }

  private refreshReport(): void {
    const active = this.active;
    if (!active) return;
    this.report = active.sweep
      ? sweepReport(active.schedule, active.sweep.bot, active.sweep.grid, active.sweep.vs, active.records)
      : tournamentReport(active.schedule, active.records);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'arena-page': ArenaPage;
  }
}
