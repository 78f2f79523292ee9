// The 15-puzzle page: the article's three ways to make a start (a random walk of N moves, a uniform random
// solvable board, a level by optimal length), tiles that slide, a move counter and a timer; "Solve" finds an
// optimal solution in a worker with the chosen heuristic, charting nodes per threshold live, then plays it back
// (play, pause, step). The board lives in the URL: #/puzzle15?pos=1 2 3 … 0

import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { Iteration } from '../../../contracts/game';
import { CancelledError, type Job } from '../../../runtime/pool';
import { GamePage } from '../../../ui/game-page';
import { GameSession, type Player } from '../../../ui/game-session';
import { searchPool } from '../../../ui/pool';
import type { ChartEntry } from '../../../ui/search-chart';
import '../../../ui/search-chart';
import { pageStyles } from '../../../ui/styles';
import { fetchResource } from '../../../../workers/browser-resources';
import { puzzle15, generate } from '..';
import { HEURISTIC_LABELS, HEURISTICS, PATTERN_CACHE_NAMES, PATTERN_MEMORY, patternMemory } from '../core';
import { requestPrepare } from '../../../runtime/requests';
import { askToPersist, keptWhere, storageRoom } from '../../../../workers/browser-cache';
import { type SharedSolution, solveShared } from '../../../runtime/shared-solve';
import { BANDS } from '../levels';
import { format, isGoal, TILE_ARROWS, type Direction, type Position } from '../rules';
import './puzzle15-board';

/** The heuristics this page offers (the bench page also has the 7-8 database's variants). */
const OFFERED = HEURISTICS.filter((h) => HEURISTIC_LABELS[h].long);

@customElement('puzzle15-page')
export class Puzzle15Page extends GamePage<Position, Direction> {
  static styles = [
    pageStyles,
    css`
      .numbers {
        display: flex;
        gap: 1.5rem;
        font-size: 1.1rem;
        margin: 0.5rem 0;
      }
      .numbers strong {
        font-variant-numeric: tabular-nums;
      }
      .solution {
        font-family: ui-monospace, monospace;
        word-break: break-all;
      }
    `,
  ];

  @state() private method: 'random' | 'walk' | 'level' = 'random';
  @state() private walkMoves = 40;
  @state() private band: string = '40-49';
  /** The 6-6-3 database unless this browser has built the 7-8 one (then it is the choice, as the stronger). */
  @state() private heuristic = 'pdb';
  /**
   * Where the 7-8 database is kept: this browser's storage (across visits), this page's memory (until it closes:
   * the storage did not keep it), or not yet built (null); undefined until asked.
   */
  @state() private kept78?: 'storage' | 'page' | null;
  /** The room this browser gives the site's storage, in bytes (null: it does not say), asked with kept78. */
  @state() private room?: { readonly free: number | null; readonly persisted: boolean };
  /** The 7-8 database's build, started by its button: the job. */
  @state() private building78?: Job<void>;
  @state() private solving?: Job<SharedSolution>;
  @state() private iterations: Iteration[] = [];
  /** The pattern database's build, while it is under way: its last report (share done, time so far). */
  @state() private building?: Iteration;
  @state() private solution?: { readonly from: number; readonly moves: string; readonly nodes: number; readonly ms: number };
  /** Moves of the solution played so far. */
  @state() private played = 0;
  @state() private playing = false;
  @state() private seconds = 0;
  private started?: number;
  private timer?: ReturnType<typeof setInterval>;
  private playback?: ReturnType<typeof setTimeout>;
  protected readonly session = new GameSession<Position, Direction>(this, puzzle15, this.players(), () => this.positionChanged());

  protected botConfigs(): [string, string] {
    return ['solver', 'solver'];
  }

  protected readonly twoPlayers = false;

  /** No bot seats: a link's bots are not this page's. */
  protected setBotConfig(): void {}

  /** One person; "AI" here is the Solve button, not a seat. */
  protected players(): [Player, Player] {
    return [{ kind: 'human' }, { kind: 'human' }];
  }

  /** Whether the person chose a heuristic (then the page no longer picks one for them). */
  private heuristicChosen = false;

  connectedCallback(): void {
    super.connectedCallback();
    void this.ask78();
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.building78?.cancel();
    this.stopClock();
    this.pausePlayback();
    this.solving?.cancel();
  }

  render() {
    const position = this.session.position;
    const solved = isGoal(position.tiles);
    return html`
      <h1>15-puzzle</h1>
      <div class="layout">
        <section class="panel game" aria-label="Puzzle">
          <div class="controls">
            <label>Start
              <select @change=${(e: Event) => (this.method = (e.target as HTMLSelectElement).value as typeof this.method)}>
                <option value="random" ?selected=${this.method === 'random'}>Random board</option>
                <option value="walk" ?selected=${this.method === 'walk'}>Random walk from the goal</option>
                <option value="level" ?selected=${this.method === 'level'}>Level by optimal length</option>
              </select>
            </label>
            ${
              this.method === 'walk'
                ? html`<label>Moves <input type="number" min="1" max="500" .value=${String(this.walkMoves)} @change=${(e: Event) => (this.walkMoves = Math.max(1, Math.min(500, Number((e.target as HTMLInputElement).value) || 40)))} /></label>`
                : this.method === 'level'
                  ? html`<label>Difficulty
                    <select @change=${(e: Event) => (this.band = (e.target as HTMLSelectElement).value)}>
                      ${BANDS.map((band) => html`<option value=${band} ?selected=${band === this.band}>${band} moves</option>`)}
                    </select></label>`
                  : ''
            }
            <label>Seed <input type="number" min="0" max="4294967295" .value=${String(this.session.seed)} @change=${(e: Event) => this.setSeed((e.target as HTMLInputElement).value)} /></label>
            <button @click=${() => this.newGame()}>New board</button>
          </div>
          <div class="numbers">
            <span>Moves: <strong data-testid="moves">${position.moves.length}</strong></span>
            <span>Time: <strong>${Math.floor(this.seconds / 60)}:${String(this.seconds % 60).padStart(2, '0')}</strong></span>
          </div>
          <puzzle15-board .position=${position} ?locked=${solved || this.playing} .slideMs=${this.playing ? 90 : 120}
            @blank-moves=${(e: CustomEvent<Direction[]>) => this.move(e.detail)}></puzzle15-board>
          <p class="status" role="status" aria-live="polite">${solved ? this.solvedText() : 'Slide the tiles into order: 1 to 15, the blank bottom right.'}</p>
          ${this.linkError || this.session.error ? html`<p class="error" role="alert">${this.linkError || this.session.error}</p>` : ''}
          <div class="controls">
            <label>Heuristic
              <select @change=${(e: Event) => this.chooseHeuristic((e.target as HTMLSelectElement).value)}>
                ${OFFERED.map((h) => html`<option value=${h} ?selected=${h === this.heuristic}>${HEURISTIC_LABELS[h].long}</option>`)}
              </select>
            </label>
            ${
              this.solving
                ? html`<span>${this.iterations.length === 0 ? (this.heuristic.startsWith('pdb') ? 'getting the pattern database ready…' : 'starting…') : `solving… threshold ${this.iterations.at(-1)!.depth}`}</span>
                  <button @click=${() => this.cancelSolve()}>Cancel</button>`
                : html`<button @click=${() => this.solve()} ?disabled=${solved || !!this.building78}>Solve</button>`
            }
            <button @click=${() => this.session.undo()} ?disabled=${this.session.positions.length < 2 || this.playing}>Undo</button>
          </div>
          <p class="hint">${patternMemory(this.heuristic)}</p>
          ${this.database78View()}
          ${this.building ? this.buildView(this.building) : ''}
          ${this.building78 ? html`<button @click=${() => this.cancelBuild78()}>Cancel the build</button>` : ''}
          ${this.solution ? this.solutionView() : ''}
          <p class="hint">Click a tile in line with the blank to slide it (with the tiles between), or use the arrow keys on the
            board. A pattern database is built in a worker the first time it is used (with its progress), then kept in this browser; its build is not counted in the solve's time.</p>
        </section>
        <section class="panel" aria-label="Search">
          <h2 class="hint">Nodes per threshold of IDA*</h2>
          <search-chart .entries=${this.chartEntries()}></search-chart>
        </section>
      </div>
    `;
  }

  /** Who made the moves that solved the board: the person, the solver's playback, or both. */
  private solvedText(): string {
    const total = this.session.position.moves.length;
    const plural = (n: number) => `${n} move${n === 1 ? '' : 's'}`;
    const solver = this.solution ? this.played : 0;
    if (solver === 0) return `Solved in ${plural(total)}!`;
    if (solver === total) return `Solved by the solver's ${plural(total)}.`;
    return `Solved: ${plural(total)} in all, yours ${total - solver} and the solver's ${solver}.`;
  }

  /** The pattern database's build, a step of its own before the solve: a progress bar and the time left. */
  private buildView(building: Iteration) {
    const done = building.done ?? 0;
    const left = done > 0.02 ? Math.ceil(((building.ms / done) * (1 - done)) / 1000) : undefined;
    return html`<div class="controls" aria-label="Pattern database">
      <span>Building the pattern database (once; then it is kept in this browser):</span>
      <progress max="1" .value=${done} aria-label="Pattern database built"></progress>
      <span role="status">${Math.floor(done * 100)}%${left === undefined ? ', estimating the time left…' : `, about ${left} s left`}</span>
    </div>`;
  }

  private solutionView() {
    const solution = this.solution!;
    const total = solution.moves.length;
    return html`<p>Optimal: <strong>${total} moves</strong> (${solution.nodes.toLocaleString('en')} nodes, ${(solution.ms / 1000).toFixed(2)} s)</p>
      <p class="solution" aria-label="The solution: each arrow moves a tile that way, as the arrow keys do">${[...solution.moves].map((m, i) => {
        const arrow = TILE_ARROWS[m as Direction];
        return i === this.played ? html`<mark>${arrow}</mark>` : arrow;
      })}</p>
      <p class="hint">Each arrow moves a tile into the blank, the way the arrow key does (the command line writes the same solution as
        the blank's moves: ${solution.moves.slice(0, 12)}${solution.moves.length > 12 ? '…' : ''}).</p>
      <div class="controls" aria-label="Playback">
        ${
          this.playing
            ? html`<button @click=${() => this.pausePlayback()}>Pause</button>`
            : html`<button @click=${() => this.playBack()} ?disabled=${this.played >= total}>Play</button>`
        }
        <button @click=${() => this.stepPlayback()} ?disabled=${this.playing || this.played >= total}>Step</button>
        <button @click=${() => this.rewind()} ?disabled=${this.playing || this.played === 0}>Back to the start</button>
        <span>${this.played} / ${total}</span>
      </div>`;
  }

  private chartEntries(): ChartEntry[] {
    const thresholds = this.iterations;
    return thresholds.map((iteration, i) => ({
      label: String(iteration.depth),
      nodes: iteration.nodes,
      depth: iteration.depth,
      ms: iteration.ms,
      live: !!this.solving && i === thresholds.length - 1,
    }));
  }

  /** A person's moves: the solution no longer fits, the clock starts with the first move. */
  private move(moves: Direction[]): void {
    this.forgetSolution();
    for (const move of moves) this.session.play(move);
  }

  private positionChanged(): void {
    const position = this.session.position;
    if (position.moves.length > 0 && this.started === undefined) this.startClock();
    if (isGoal(position.tiles)) this.stopClock();
    this.saveToUrl();
  }

  protected async newGame(): Promise<void> {
    this.forgetSolution();
    this.stopClock();
    this.seconds = 0;
    this.started = undefined;
    try {
      const difficulty = this.method === 'walk' ? String(this.walkMoves) : this.method === 'level' ? this.band : undefined;
      const position = await generate(this.method, difficulty, this.session.seed, fetchResource);
      this.linkError = '';
      this.session.newGame(position);
    } catch (error) {
      this.linkError = (error as Error).message;
    }
  }

  protected openingPosition(): void {
    this.forgetSolution();
    this.stopClock();
    this.seconds = 0;
    this.started = undefined;
  }

  private chooseHeuristic(heuristic: string): void {
    this.heuristicChosen = true;
    this.heuristic = heuristic;
  }

  /** Where the 7-8 database is, and the storage's room; the heuristic is the 7-8 once it is here. */
  private async ask78(): Promise<void> {
    const [kept, room] = await Promise.all([
      keptWhere(PATTERN_CACHE_NAMES.pdb78).catch(() => null),
      storageRoom().catch(() => ({ free: null, persisted: false })),
    ]);
    this.kept78 = kept;
    this.room = room;
    if (kept && !this.heuristicChosen) this.heuristic = 'pdb78';
  }

  /** The 7-8 database: whether this browser can keep it, said before it is built, and the button that builds it. */
  private database78View() {
    if (this.kept78 === undefined || this.building78) return '';
    const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
    if (this.kept78 === 'page')
      return html`<p class="hint" role="note">The 7-8 database is in this page's memory until the page closes: this browser's storage did not keep it${
        this.room?.free != null ? ` (it has room for ${mb(this.room.free)})` : ''
      }, so it is built again on a later visit.</p>`;
    if (this.kept78 === 'storage') return '';
    const needed = PATTERN_MEMORY.pdb78.held;
    const fits = this.room?.free == null || this.room.free > needed * 1.05;
    const keeping = fits
      ? `It is kept in this browser's storage (${mb(needed)}).`
      : `This browser gives this site room for ${mb(this.room!.free!)} of storage, less than its ${mb(needed)}: it would be kept in this page's memory only, until the page closes.`;
    return html`<div class="controls">
      <span>${`The 7-8 database solves hard boards ten times faster or more than the 6-6-3; this browser has not built it yet (about three minutes, once). ${keeping}`}</span>
      <button @click=${() => void this.build78()} ?disabled=${!!this.solving}>${fits ? 'Build the 7-8 database' : 'Build it for this visit'}</button>
    </div>`;
  }

  /** Builds the 7-8 database in a worker (kept in this browser's storage where it can be, else in the page's memory), then solves with it. */
  private async build78(): Promise<void> {
    // A site whose storage is persistent keeps it when the browser is short of room.
    if (!this.room?.persisted) await askToPersist();
    const job = requestPrepare(searchPool(), 'puzzle15', { heuristic: 'pdb78' }, (iteration) => {
      if (this.building78 === job) this.building = iteration;
    });
    this.building78 = job;
    job.promise.then(
      async () => {
        if (this.building78 !== job) return;
        this.building78 = undefined;
        this.building = undefined;
        if (!this.heuristicChosen) this.heuristic = 'pdb78';
        await this.ask78();
      },
      (error: Error) => {
        if (this.building78 !== job) return;
        this.building78 = undefined;
        this.building = undefined;
        if (!(error instanceof CancelledError)) this.linkError = `the 7-8 database: ${error.message}`;
      },
    );
  }

  private cancelBuild78(): void {
    this.building78?.cancel();
    this.building78 = undefined;
    this.building = undefined;
  }

  private solve(): void {
    this.forgetSolution();
    const from = this.session.positions.length - 1;
    // Every iteration is shared among the workers (up to four: each holds the pattern database).
    const pool = searchPool();
    const job = solveShared(
      pool,
      'puzzle15',
      format(this.session.position),
      { heuristic: this.heuristic },
      Math.min(pool.size, 4),
      (iteration) => {
        if (this.solving !== job) return;
        this.building = undefined;
        this.iterations = [...this.iterations, iteration];
      },
      (iteration) => {
        if (this.solving === job) this.building = iteration;
      },
    );
    this.solving = job;
    this.iterations = [];
    job.promise.then(
      (answer) => {
        if (this.solving !== job) return;
        this.solving = undefined;
        this.building = undefined;
        this.solution = { from, moves: answer.moves, nodes: answer.nodes, ms: answer.ms };
        this.played = 0;
      },
      (error: Error) => {
        if (this.solving === job) {
          this.solving = undefined;
          this.building = undefined;
        }
        if (!(error instanceof CancelledError)) this.linkError = `The solver failed: ${error.message}`;
      },
    );
  }

  private cancelSolve(): void {
    this.solving?.cancel();
    this.solving = undefined;
    this.building = undefined;
  }

  private stepPlayback(): boolean {
    const solution = this.solution;
    if (!solution || this.played >= solution.moves.length) return false;
    this.session.play(solution.moves[this.played] as Direction);
    this.played++;
    return this.played < solution.moves.length;
  }

  private playBack(): void {
    this.playing = true;
    const tick = () => {
      if (!this.playing) return;
      if (this.stepPlayback()) this.playback = setTimeout(tick, 160);
      else this.playing = false;
    };
    tick();
  }

  private pausePlayback(): void {
    this.playing = false;
    clearTimeout(this.playback);
  }

  /** Back to the board the solution starts from. */
  private rewind(): void {
    const solution = this.solution;
    if (!solution) return;
    while (this.session.positions.length - 1 > solution.from) this.session.undo();
    this.played = 0;
  }

  private forgetSolution(): void {
    this.pausePlayback();
    this.solution = undefined;
    this.played = 0;
  }

  private startClock(): void {
    this.started = performance.now();
    this.timer = setInterval(() => (this.seconds = Math.floor((performance.now() - this.started!) / 1000)), 250);
  }

  private stopClock(): void {
    clearInterval(this.timer);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'puzzle15-page': Puzzle15Page;
  }
}
