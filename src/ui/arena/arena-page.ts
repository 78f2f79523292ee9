// The arena (the matrix game's tuning lab, and every game's): a round robin of bot configurations, or a sweep
// of one bot's parameter grid against fixed opponents, over seeded starts with both seatings, on the worker
// pool; a progress bar and Cancel (finished games are kept); the results as tables and charts, live. Every run
// is kept (IndexedDB) when it ends, a tuning too; saved runs reopen, export to JSON and CSV, and a JSON file loads back. A
// game of a run opens in its game's page as a replay. The person's own bots (the My bots page) play too: a run
// with one is played on the page's thread, the bot in a worker of its own. Served by the playground's server, a
// run may go to its cluster (over the WebSocket, for as long as the page stays), or to its lab: the server plays
// it and keeps it, whether the page stays or not, and the page opens the run's page in the lab.
// A form per kind of run (tournament-form.ts, sweep-form.ts, match-form.ts) and a target per destination
// (run-targets.ts); the page keeps the settings and the run being played.
// #/arena?game=matrix or #/arena?run=<id>

import { isSolitaire } from '../../contracts/powers';
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { GameRecord } from '../../arena/play-out';
import { sweepReport, tournamentReport, type SweepReport, type TournamentReport } from '../../arena/report';
import type { Run, RunProgress } from '../../runtime/run-schedule';
import { MAX_RUN_CHARS, newRunId, readDocument, runReport, savedRun, type SavedRun } from '../../arena/saved-run';
import { tuneIdentity } from '../../arena/saved-tune';
import type { Schedule } from '../../arena/schedule';
import { MatchTally, matchReport, type MatchReport } from '../../arena/match';
import { gameSuite, planRun, suiteOfSize, suiteSizes, sweepGrid, type RunSpec } from '../../arena/run-spec';
import type { SprtSettings } from '../../arena/sprt';
import { tune } from '../../runtime/tune';
import { type AnyGame, type BotInfo, sizeLabel } from '../../contracts/game';
import { TIME_MARGIN_MS, type TimeControl } from '../../arena/time-control';
import { isUserBot, onUserBotsChange, startUserBot, userBotInfos, userEngineSpecs } from '../my-bots/user-bots';
import { parseSeed } from '../../contracts/rng';
import { findGame, gameById, arenaGames } from '../../games';
import './tournament-form';
import './match-form';
import { type AxisSetting, sweepAxes } from './sweep-form';
import { clamped } from './run-form';
import { browserTarget, clusterTarget, labTarget, type RunTarget } from './run-targets';
import { searchPool } from '../pool';
import { RunJudging } from './judging';
import { judgesRuns } from '../../runtime/judge';
import { isJudged } from '../../arena/accuracy';
import { replaceHash } from '../router';
import { checkKept, isTuning, type KeptRun } from '../../arena/kept-run';
import { deleteRun, listRuns, loadKept, saveRun, type RunEntry } from '../run-store';
import { pageStyles } from '../styles';
import type { HeatmapFigure } from '../sweep-heatmap';
import { resultsView, type ResultsView } from './results';
import { savedRunsView } from './saved-runs';
import { type ClusterInfo, clusterInfo } from './cluster-client';
import { labMe, type Me } from '../lab/lab-requests';
import { type ArenaSettings, loadArenaSettings, saveArenaSettings, usableGameSettings } from './arena-settings';
import { keptTuning, type Tuning, tuningView } from './tuning';
import { MOVE_LIMIT_MS } from '../../engines/engine';

/** What a form asks for: a run's own settings, without those every run shares. */
type RunKindSpec = { readonly kind: RunSpec['kind'] } & Record<string, unknown>;

/** A run being played. */
interface ActiveRun {
  readonly kind: SavedRun['kind'];
  readonly schedule: Schedule;
  readonly records: (GameRecord | undefined)[];
  readonly run: Run;
  /** The sweep's bot and grid, to report by grid point. */
  readonly sweep?: SavedRun['sweep'];
  /** A match's SPRT: the run stops once it decides. */
  readonly sprt?: SprtSettings;
  readonly time: TimeControl;
  readonly created: Date;
  readonly started: number;
}

/** The settings the forms change. */
const FORM_SETTINGS = new Set(['configs', 'sweepBot', 'axes', 'opponents', 'tuneGames', 'matchBots', 'sprt', 'matchGames']);

/** The page's settings that are kept across reloads (arena-settings.ts). */
const KEPT_SETTINGS = new Set([
  'gameId',
  'configs',
  'sweepBot',
  'axes',
  'opponents',
  'matchBots',
  'size',
  'gamesPerPair',
  'seed',
  'moveMs',
  'sprt',
  'matchGames',
  'tuneGames',
  'where',
]);

/** Whether every seeded start of the game is one position (Connect 4's empty board): then games can repeat. */
function oneStart(game: AnyGame): boolean {
  const size = game.sizes?.default;
  return game.rules.format(game.rules.start(1, size)) === game.rules.format(game.rules.start(2, size));
}

/** What the opening suite of `size` holds, or which sizes have one. */
function suiteNote(game: AnyGame, size: number | undefined): string {
  const suite = suiteOfSize(game, size);
  if (!suite) return `for size ${suiteSizes(game).join(', ')} only`;
  return `${suite.positions.length} positions${suite.size !== undefined && game.sizes ? ` of size ${sizeLabel(game.sizes, suite.size)}` : ''}`;
}

/** Starts of a run by default, for a game that does not say (its arena defaults). */
const DEFAULT_STARTS = 50;

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
  @state() private gameId = arenaGames[0].rules.id;
  @state() private configs: string[] = [];
  @state() private gamesPerPair = DEFAULT_STARTS;
  /** Start from the game's opening suite (on by default where its seeded starts are all one position). */
  @state() private fromOpenings = false;
  @state() private seed = 1;
  /** Every bot's time for a move (0: none). */
  @state() private moveMs = 0;
  @state() private size?: number;
  @state() private sweepBot = '';
  @state() private axes: Record<string, AxisSetting> = {};
  @state() private opponents: string[] = [];
  @state() private active?: ActiveRun;
  @state() private progress?: RunProgress;
  @state() private report?: TournamentReport | SweepReport | MatchReport;
  /** The match's two bots, its hypotheses and its most games. */
  @state() private matchBots: [string, string] = ['', ''];
  @state() private sprt: SprtSettings = { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 };
  @state() private matchGames = 2000;
  /** Games of a tuning (4 a step). */
  @state() private tuneGames = 400;
  /** The tuning under way or done: its trajectory so far, then its report. */
  @state() private tuning?: Tuning;
  /** The finished run whose figures are shown (the last one played, or one reopened). */
  @state() private shown?: SavedRun;
  /** The run on show being judged against perfect play. */
  @state() private judging?: RunJudging;
  @state() private saved: RunEntry[] = [];
  @state() private histogramPair = 0;
  @state() private allGames = false;
  @state() private heatmapFigure: HeatmapFigure = 'margin';
  @state() private error = '';
  /** The server's cluster (null: none), its lab and who is signed in there (null: no lab), and where runs go. */
  @state() private cluster: ClusterInfo | null = null;
  @state() private lab: Me | null = null;
  @state() private where: ArenaSettings['where'] = 'browser';
  private refreshPending = false;
  /** Each game's bots as last set here (kept across reloads with the shared settings). */
  private gameSettings: ArenaSettings['games'] = {};
  /** The newest progress, shown at the next refresh (not on every game: the page would redraw hundreds of times a second). */
  private latestProgress?: RunProgress;

  constructor() {
    super();
    const kept = loadArenaSettings();
    if (!kept) return;
    ({ gamesPerPair: this.gamesPerPair, seed: this.seed, moveMs: this.moveMs, sprt: this.sprt } = kept);
    ({ matchGames: this.matchGames, tuneGames: this.tuneGames, where: this.where, games: this.gameSettings } = kept);
    if (findGame(kept.game) && !isSolitaire(findGame(kept.game)!)) this.gameId = kept.game;
  }

  /** Every change of a setting is kept (not every redraw: a run redraws twice a second). */
  updated(changed: Map<string, unknown>): void {
    if (this.configs.length === 0 || ![...changed.keys()].some((name) => KEPT_SETTINGS.has(name as string))) return;
    this.gameSettings = {
      ...this.gameSettings,
      [this.gameId]: { configs: this.configs, sweepBot: this.sweepBot, axes: this.axes, opponents: this.opponents, matchBots: this.matchBots, size: this.size },
    };
    saveArenaSettings({
      game: this.gameId,
      gamesPerPair: this.gamesPerPair,
      seed: this.seed,
      moveMs: this.moveMs,
      sprt: this.sprt,
      matchGames: this.matchGames,
      tuneGames: this.tuneGames,
      where: this.where,
      games: this.gameSettings,
    });
  }

  willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('params')) {
      const id = this.params.get('game') ?? this.gameId;
      const wanted = findGame(id);
      if (wanted && !isSolitaire(wanted) && (id !== this.gameId || this.configs.length === 0)) this.selectGame(id);
      const run = this.params.get('run');
      if (run && run !== this.shown?.id) void this.openRun(run);
    }
  }

  private stopWatchingBots = () => {};

  connectedCallback(): void {
    super.connectedCallback();
    void this.refreshSaved();
    void clusterInfo().then((info) => (this.cluster = info));
    void labMe().then(
      (me) => (this.lab = me),
      () => (this.lab = null),
    );
    this.stopWatchingBots = onUserBotsChange(() => this.requestUpdate());
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.active?.run.cancel();
    if (this.tuningNow) this.tuning = { ...this.tuning!, stop: true };
    this.stopWatchingBots();
  }

  private get game(): AnyGame {
    return gameById(this.gameId);
  }

  /** The bots a configuration may name: the game's, then the person's own. */
  private get bots(): readonly BotInfo[] {
    return [...this.game.bots, ...userBotInfos(this.gameId)];
  }

  private selectGame(id: string): void {
    this.gameId = id;
    const game = gameById(id);
    const kept = usableGameSettings(this.gameSettings[id], this.bots);
    this.configs = kept?.configs ?? [...(game.arena?.bots ?? game.levels.map((level) => level.config))];
    this.size = kept?.size ?? game.arena?.size ?? game.sizes?.default;
    if (!kept) this.gamesPerPair = game.arena?.starts ?? DEFAULT_STARTS;
    this.fromOpenings = game.openings !== undefined && oneStart(game);
    this.sweepBot = kept?.sweepBot ?? game.bots.find((bot) => bot.params.length > 0)?.id ?? game.bots[0].id;
    this.axes = sweepAxes(this.bots, this.sweepBot, kept?.axes ?? {});
    this.opponents = kept?.opponents ?? [game.levels.at(-1)!.config];
    this.matchBots = kept?.matchBots ?? [game.levels.at(-1)!.config, game.levels.at(-2)?.config ?? game.bots[0].id];
    this.report = undefined;
    replaceHash('arena', { game: id });
  }

  /** Whether runs go to the cluster: chosen, and the server has one. */
  private get runsOnCluster(): boolean {
    return this.where === 'cluster' && this.cluster !== null;
  }

  /** Whether runs go to the lab: chosen, the server has one, and the person is signed in there. */
  private get runsInLab(): boolean {
    return this.where === 'lab' && !!this.lab?.account;
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
              ${arenaGames.map((g) => html`<option value=${g.rules.id} ?selected=${g.rules.id === this.gameId}>${g.rules.title}</option>`)}
            </select>
          </label>
          ${
            game.sizes?.named
              ? html`<label>Size <select ?disabled=${running} @change=${(e: Event) => (this.size = Number((e.target as HTMLSelectElement).value))}>
                  ${game.sizes.named.all.map((size) => html`<option value=${size} ?selected=${size === this.size}>${game.sizes!.named!.format(size)}</option>`)}
                </select></label>`
              : game.sizes
                ? html`<label>Size <input type="number" min=${game.sizes.min} max=${game.sizes.max} .value=${String(this.size)}
                  @change=${(e: Event) => (this.size = clamped(e, game.sizes!.min, game.sizes!.max))} /></label>`
                : ''
          }
          <label>Starts <input type="number" min="1" max="10000" .value=${String(this.gamesPerPair)} @change=${(e: Event) => (this.gamesPerPair = clamped(e, 1, 10000))} /></label>
          ${
            game.openings
              ? html`<label title=${oneStart(game) ? `Without it every game of ${game.rules.title} begins from the same position: bots that choose alike would play the same game again, and each repeat would count as new evidence` : 'Balanced positions a few moves in, taken in turn'}>
                <input type="checkbox" .checked=${this.fromOpenings} @change=${(e: Event) => (this.fromOpenings = (e.target as HTMLInputElement).checked)} />
                From the opening suite (${suiteNote(game, game.sizes ? this.size : undefined)}${oneStart(game) ? '; on by default here: otherwise every game begins from the same position' : ''})</label>`
              : ''
          }
          <label>Seed <input class="seed" type="number" min="0" max="4294967295" .value=${String(this.seed)} @change=${(e: Event) => this.setSeed((e.target as HTMLInputElement).value)} /></label>
          <label>Time a move (ms)
            <input type="number" min="0" max="600000" aria-describedby="move-time-note" .value=${String(this.moveMs)} @change=${(e: Event) => (this.moveMs = clamped(e, 0, 600_000))} /></label>
        </div>
        <p class="hint" id="move-time-note">${
          this.moveMs === 0
            ? `Time a move 0: no limit for our bots (each searches as its parameters say); a bot of yours still has ${MOVE_LIMIT_MS / 1000} s a move, past which it loses on time.`
            : `Every bot has ${this.moveMs.toLocaleString('en')} ms a move; one past it (and a tolerance of ${TIME_MARGIN_MS} ms) loses the game on time.`
        }</p>
        ${this.whereView(running)}
        <p class="hint">Each start is played twice per pair, with the seats swapped. The same seed gives the same games here, on the cluster and in
          <code>npx playground ${this.gameId} tournament</code>.${this.runsOnCluster || this.runsInLab ? ' Tuning plays in this browser.' : ''}</p>
      </section>

      <div class="layout" @settings=${(e: CustomEvent<Record<string, unknown>>) => this.applySettings(e.detail)}
        @run=${(e: CustomEvent<RunKindSpec>) => this.startRun(e.detail)}>
        <tournament-form .bots=${this.bots} .configs=${this.configs} ?running=${running}></tournament-form>
        <sweep-form .bots=${this.bots} .gameId=${this.gameId} .bot=${this.sweepBot} .axes=${this.axes} .opponents=${this.opponents} .tuneGames=${this.tuneGames}
          ?running=${running} ?tuning=${this.tuningNow} @tune=${() => void this.runTune()} @stop=${() => (this.tuning = { ...this.tuning!, stop: true })}></sweep-form>
        <match-form .bots=${this.bots} .gameId=${this.gameId} .matchBots=${this.matchBots} .sprt=${this.sprt} .maxGames=${this.matchGames} ?running=${running}></match-form>
      </div>

      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ''}
      ${this.tuning ? tuningView(this.tuning, this.resultsState()) : ''}
      ${this.progress ? this.progressView(running) : ''}
      ${this.report ? resultsView(this.report, this.resultsState()) : ''}
      ${savedRunsView({
        entries: this.saved,
        open: (key) => void this.openRun(key),
        remove: (key) => void this.removeRun(key),
        load: (input) => void this.loadFile(input),
      })}
    `;
  }

  private cancelled = false;

  /** Where the runs are played: offered when the server has a cluster or a lab. */
  private whereView(running: boolean) {
    if (!this.cluster && !this.lab) return '';
    const choice = (where: ArenaSettings['where'], label: unknown, disabled = false) =>
      html`<label><input type="radio" name="where" .checked=${this.where === where} @change=${() => (this.where = where)} ?disabled=${running || disabled} /> ${label}</label>`;
    const cluster = this.cluster;
    return html`<div class="controls" role="radiogroup" aria-label="Where the runs are played">
      ${choice('browser', 'Run in this browser')}
      ${
        cluster
          ? choice(
              'cluster',
              `Run on the cluster, while this page stays (${cluster.workers === null ? 'its Redis does not answer now' : `${cluster.workers} worker${cluster.workers === 1 ? '' : 's'} connected`})`,
            )
          : ''
      }
      ${
        this.lab
          ? choice(
              'lab',
              this.lab.account
                ? 'Run on the server, kept in the lab (it plays on when this page closes)'
                : html`Run on the server, kept in the lab (<a href="#/lab">sign in to the lab</a> first)`,
              !this.lab.account,
            )
          : ''
      }
    </div>`;
  }

  private progressView(running: boolean) {
    const { done, total, elapsedMs } = this.progress!;
    const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
    const left = rate > 0 ? Math.ceil((total - done) / rate) : 0;
    return html`<section class="panel" aria-label="Progress">
      <progress max=${total} .value=${done} aria-label="Games played"></progress>
      <div class="controls">
        <span role="status">${done}/${total} games${running ? (done === 0 ? ', estimating the time left…' : `, ${rate.toFixed(1)} games/s, about ${left} s left`) : this.cancelled ? ' (cancelled: the finished games are kept)' : `, done in ${(elapsedMs / 1000).toFixed(1)} s${this.decision()}`}</span>
        ${running ? html`<button @click=${() => this.cancel()}>Cancel</button>` : ''}
      </div>
    </section>`;
  }

  private get tuningNow(): boolean {
    return !!this.tuning && !this.tuning.report;
  }

  private async runTune(): Promise<void> {
    const params = Object.entries(this.axes)
      .filter(([, axis]) => axis.on)
      .map(([name, axis]) => ({ name, min: axis.lo, max: axis.hi }));
    this.error = '';
    if (params.length === 0 || params.some((param) => !(param.max > param.min))) {
      this.error = 'tick at least one parameter to tune, each with a range of two values or more';
      return;
    }
    const configs = [this.sweepBot, ...this.opponents];
    const useUserBots = configs.some((config) => isUserBot(this.gameId, config));
    const play = { engines: useUserBots ? userEngineSpecs(this.gameId) : [], startEngine: startUserBot, time: { moveMs: this.moveMs } };
    const steps = Math.max(1, Math.floor(this.tuneGames / 4));
    const created = new Date();
    const size = this.game.sizes ? this.size : undefined;
    let openings: readonly string[] | undefined;
    try {
      openings = this.fromOpenings ? gameSuite(this.game, size) : undefined;
    } catch (error) {
      this.error = (error as Error).message;
      return;
    }
    const settings = {
      bot: this.sweepBot,
      params,
      vs: this.opponents,
      games: this.tuneGames,
      seed: this.seed,
      size,
      ...(openings ? { openings } : {}),
      verify: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: 1000 },
    };
    this.tuning = { step: 0, steps, trajectory: {}, stop: false };
    try {
      const report = await tune(
        this.game,
        this.bots,
        settings,
        play,
        searchPool(),
        (step, total, trajectory) => {
          if (this.tuning?.step !== undefined) this.tuning = { ...this.tuning, step, steps: total, trajectory: structuredClone(trajectory) };
        },
        () => this.tuning?.stop ?? true,
      );
      // Kept with the saved runs, as `tune --out` keeps it (a stopped tuning too: its values so far).
      const document = { ...tuneIdentity(newRunId(created), created.toISOString(), this.gameId), ...report, ...(this.moveMs ? { time: play.time } : {}) };
      this.tuning = { ...this.tuning!, trajectory: report.trajectory, report, document };
      await saveRun(document);
      await this.refreshSaved();
    } catch (error) {
      this.error = this.tuning?.report ? `The tuning could not be kept: ${(error as Error).message}` : `The tuning failed: ${(error as Error).message}`;
      if (!this.tuning?.report) this.tuning = undefined;
    }
  }

  /** How a match ended, for the progress line ('' for other runs). */
  private decision(): string {
    const report = this.report;
    return report && 'pentanomial' in report && report.result !== 'inconclusive' ? `: the match is decided (${report.result} after ${report.games} games)` : '';
  }

  /** What the results show: the run being played or the one opened, and the person's choices there. */
  private resultsState(): ResultsView {
    return {
      current: this.active ?? this.shown,
      shown: this.shown,
      histogramPair: this.histogramPair,
      heatmapFigure: this.heatmapFigure,
      allGames: this.allGames,
      judging: this.judging && { done: this.judging.done, of: this.judging.of },
      judge: this.shown && this.canJudge(this.shown) ? () => void this.judgeRun(this.shown!) : undefined,
      pickPair: (pair) => (this.histogramPair = pair),
      pickFigure: (figure) => (this.heatmapFigure = figure),
      showAllGames: () => (this.allGames = true),
    };
  }

  private setSeed(text: string): void {
    try {
      this.seed = parseSeed(text);
      this.error = '';
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  /** What every run shares: the game, its size and the seed. */
  private common() {
    return {
      game: this.gameId,
      seed: this.seed,
      ...(this.game.sizes && this.size !== undefined ? { size: this.size } : {}),
      ...(this.fromOpenings ? { openings: true } : {}),
    };
  }

  /** A form's change of its settings (only those the forms have). */
  private applySettings(detail: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(detail)) if (FORM_SETTINGS.has(name)) Object.assign(this, { [name]: value });
  }

  /** A form's run, with what every run shares (and the starts, for the runs that play them). */
  private startRun(detail: RunKindSpec): void {
    this.start({ ...this.common(), ...(detail.kind === 'match' ? {} : { games: this.gamesPerPair }), ...detail } as RunSpec);
  }

  /** Where runs go now, as chosen. */
  private get target(): RunTarget {
    return this.runsInLab ? labTarget(this.lab?.csrf) : this.runsOnCluster ? clusterTarget : browserTarget(this.game);
  }

  /** Plays a run here or on the cluster, or gives it to the lab, as chosen; its figures follow it live. */
  private start(spec: RunSpec): void {
    this.active?.run.cancel();
    this.stopJudging();
    this.error = '';
    const target = this.target;
    let planned: Schedule;
    let sweepSettings: ActiveRun['sweep'];
    try {
      planned = planRun(spec, this.bots);
      if (spec.kind === 'sweep') sweepSettings = { bot: spec.bot, grid: sweepGrid(spec.grid), vs: spec.vs };
      if (!target.userBots && planned.bots.some((bot) => isUserBot(this.gameId, bot)))
        throw new Error('your own bots play only in this browser: run here, or pick our bots');
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      return;
    }
    const sprt = spec.kind === 'match' ? spec.sprt : undefined;
    const records: (GameRecord | undefined)[] = Array(planned.games.length).fill(undefined);
    const tally = sprt && new MatchTally(planned, sprt);
    const onGame = (index: number, record: GameRecord, progress: RunProgress) => {
      records[index] = record;
      this.latestProgress = progress;
      this.scheduleRefresh();
      // A match is over once its test decides: the games still being played are cancelled and not counted.
      if (tally?.advance(records)) run?.cancel();
    };
    const time = { moveMs: this.moveMs };
    const run = target.play(spec, planned, time, onGame, (message) => (this.error = message));
    if (!run) return;
    this.cancelled = false;
    const active: ActiveRun = {
      kind: spec.kind,
      schedule: planned,
      records,
      run,
      sweep: sweepSettings,
      sprt,
      time,
      created: new Date(),
      started: performance.now(),
    };
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
    const run = savedRun(
      active.kind,
      active.schedule,
      active.records,
      performance.now() - active.started,
      active.created,
      { sweep: active.sweep, sprt: active.sprt },
      true,
      undefined,
      active.time,
    );
    this.active = undefined;
    this.show(run);
    try {
      await saveRun(run);
      await this.refreshSaved();
    } catch (error) {
      this.error = `The run could not be kept: ${(error as Error).message}`;
    }
    if (this.canJudge(run) && judgesRuns(gameById(run.schedule.game), run.schedule.size)) await this.judgeRun(run);
  }

  /** Whether the run's games can be judged against perfect play here, and are not yet (a sweep has no table for it). */
  private canJudge(run: SavedRun): boolean {
    const game = gameById(run.schedule.game);
    return !this.judging && run.kind !== 'sweep' && !!game.solver?.firstSeatValue && !isJudged(run.records) && run.records.some(Boolean);
  }

  /** Judges the run on show once its games are played (quick games at once; others when asked), then keeps it so. */
  private async judgeRun(run: SavedRun): Promise<void> {
    const judging = new RunJudging(run);
    this.judging = judging;
    try {
      const judged = await judging.judged(() => this.requestUpdate());
      if (!judged || this.judging !== judging) return;
      this.judging = undefined;
      if (this.shown?.id === run.id) this.show(judged);
      await saveRun(judged);
      await this.refreshSaved();
    } catch (error) {
      if (this.judging === judging) this.judging = undefined;
      this.error = `The games could not be judged: ${(error as Error).message}`;
    }
  }

  /** Stops a judging under way: another run is played or shown. */
  private stopJudging(): void {
    this.judging?.stop();
    this.judging = undefined;
  }

  private cancel(): void {
    this.cancelled = true;
    this.active?.run.cancel();
  }

  private show(run: SavedRun): void {
    if (this.judging && this.judging.run.id !== run.id) this.stopJudging();
    if (!this.tuningNow) this.tuning = undefined;
    this.shown = run;
    this.report = runReport(run);
    this.histogramPair = 0;
    this.allGames = false;
  }

  private async openRun(key: IDBValidKey): Promise<void> {
    try {
      const run = await loadKept(key);
      if (!run) throw new Error(`there is no saved run ${String(key)}`);
      this.open(run);
      replaceHash('arena', { run: run.id });
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  /** A kept run or tuning on show, in its game's arena. */
  private open(run: KeptRun): void {
    const game = isTuning(run) ? run.game : run.schedule.game;
    if (game !== this.gameId) this.selectGame(game);
    this.progress = undefined;
    if (!isTuning(run)) return this.show(run);
    if (this.tuningNow) throw new Error('a tuning is under way: stop it, or wait for its end, to open another');
    this.tuning = keptTuning(run, this.bots);
    this.shown = undefined;
    this.report = undefined;
  }

  private async removeRun(key: IDBValidKey): Promise<void> {
    if (!confirm('Delete this saved run and its games from this browser? This cannot be undone (export it first to keep it).')) return;
    await deleteRun(key);
    if (this.shown && this.shown.id === key) {
      this.shown = undefined;
      this.report = undefined;
    }
    if (this.tuning?.document?.id === key && !this.tuningNow) this.tuning = undefined;
    await this.refreshSaved();
  }

  private async refreshSaved(): Promise<void> {
    try {
      this.saved = await listRuns();
    } catch (error) {
      this.error = `Saved runs cannot be read: ${(error as Error).message}`;
    }
  }

  private async loadFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      if (file.size > MAX_RUN_CHARS) throw new Error(`the file is over ${MAX_RUN_CHARS >> 20} MB`);
      const run = checkKept(readDocument(await file.text(), MAX_RUN_CHARS));
      // Shown first: a tuning whose bots this page does not have is refused before it is kept.
      this.open(run);
      await saveRun(run);
      await this.refreshSaved();
      replaceHash('arena', { run: run.id });
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
    if (active.sprt) this.report = matchReport(active.schedule, active.records, active.sprt);
    else
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
