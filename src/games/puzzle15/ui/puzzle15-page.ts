// The 15-puzzle page, 4x4 or 5x5 (the 24-puzzle): the article's three ways to make a start (a random walk of N
// moves, a uniform random solvable board, a level by optimal length), tiles that slide, a move counter and a timer;
// "Solve" finds an optimal solution in the workers with the chosen heuristic, charting nodes per threshold live,
// then plays it back (play, pause, step). The board lives in the URL: #/puzzle15?pos=1 2 3 … 0 (a 5x5 board's
// numbers after `5x5:`), a new board's size in `size=5`.

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
import { CACHE_NAME_24, MEMORY_24 } from '../tables-24';
import { requestPrepare } from '../../../runtime/requests';
import { askToPersist, keptWhere, storageRoom } from '../../../../workers/browser-cache';
import { type SharedSolution, solveShared } from '../../../runtime/shared-solve';
import { BANDS_OF, DEFAULT_BAND } from '../levels';
import { format, isGoal, manhattan, SIZES, sizeOf, TILE_ARROWS, type Direction, type Position } from '../rules';
import './puzzle15-board';

/** The heuristics this page offers on each size, with their names (the bench page also has the 7-8 database's variants). */
/** A 5x5 board at least this many moves away (its Manhattan distance) is said to take the solver long: the 70+ levels' boards have less. */
const FAR_5X5 = 60;

const OFFERED: Readonly<Record<number, readonly { readonly id: string; readonly label: string }[]>> = {
  4: HEURISTICS.filter((h) => HEURISTIC_LABELS[h].long).map((id) => ({ id, label: HEURISTIC_LABELS[id].long! })),
  5: [
    { id: 'pdb6666', label: 'Pattern database 6-6-6-6' },
    { id: 'pdb6666-dual', label: 'Pattern database 6-6-6-6 with dual lookups' },
  ],
};

/** The databases a worker builds once and the browser keeps (hundreds of MB): each named by its heuristics' prefix. */
const LARGE_DATABASES = {
  pdb78: {
    cache: PATTERN_CACHE_NAMES.pdb78,
    held: PATTERN_MEMORY.pdb78.held,
    label: '7-8',
    pitch: 'The 7-8 database solves hard boards ten times faster or more than the 6-6-3; this browser has not built it yet (about three minutes, once).',
  },
  pdb6666: {
    cache: CACHE_NAME_24,
    held: MEMORY_24.held,
    label: '6-6-6-6',
    pitch: `The 24-puzzle is solved with the 6-6-6-6 database; this browser has not built it yet (about three minutes and ${Math.round(MEMORY_24.build / 1e6)} MB of memory in a worker, once).`,
  },
} as const;
type LargeDatabase = keyof typeof LARGE_DATABASES;

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
  /** What the last build of a large database came to: built in its time, or cancelled (its work dropped). */
  @state() private largeNote = '';
  @state() private walkMoves = 40;
  @state() private band: string = DEFAULT_BAND[4];
  /**
   * On 4x4, the 6-6-3 database unless this browser has built the 7-8 one (then it is the choice, as the stronger);
   * on 5x5, the 6-6-6-6.
   */
  @state() private heuristic = 'pdb';
  /**
   * Where each large database is kept: this browser's storage (across visits), this page's memory (until it
   * closes: the storage did not keep it), or not yet built (null); missing until asked.
   */
  @state() private kept: Partial<Record<LargeDatabase, 'storage' | 'page' | null>> = {};
  /** The room this browser gives the site's storage, in bytes (null: it does not say), asked with `kept`. */
  @state() private room?: { readonly free: number | null; readonly persisted: boolean };
  /** A large database's build, started by its button: the job. */
  @state() private buildingLarge?: Job<void>;
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
    void this.askKept();
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.buildingLarge?.cancel();
    this.stopClock();
    this.pausePlayback();
    this.solving?.cancel();
  }

  render() {
    const position = this.session.position;
    const solved = isGoal(position.tiles);
    const size = sizeOf(position.tiles);
    const heuristic = this.heuristicFor(size);
    return html`
      <h1>${size * size - 1}-puzzle</h1>
      <div class="layout">
        <section class="panel game" aria-label="Puzzle">
          <div class="controls">
            <label>Size
              <select aria-label="Board size" @change=${(e: Event) => this.chooseSize(Number((e.target as HTMLSelectElement).value))}>
                ${SIZES.map((n) => html`<option value=${n} ?selected=${n === (this.session.size ?? size)}>${n}x${n} (${n * n - 1}-puzzle)</option>`)}
              </select>
            </label>
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
                      ${BANDS_OF[this.session.size ?? 4].map((band) => html`<option value=${band} ?selected=${band === this.band}>${band} moves</option>`)}
                    </select></label>`
                  : ''
            }
            <label>Seed <input class="seed" type="number" min="0" max="4294967295" .value=${String(this.session.seed)} @change=${(e: Event) => this.setSeed((e.target as HTMLInputElement).value)} /></label>
            <button @click=${() => this.newGame()}>New board</button>
          </div>
          <div class="numbers">
            <span>Moves: <strong data-testid="moves">${position.moves.length}</strong></span>
            <span>Time: <strong>${Math.floor(this.seconds / 60)}:${String(this.seconds % 60).padStart(2, '0')}</strong></span>
          </div>
          <puzzle15-board .position=${position} ?locked=${solved || this.playing} .slideMs=${this.playing ? 90 : 120}
            @blank-moves=${(e: CustomEvent<Direction[]>) => this.move(e.detail)}></puzzle15-board>
          <p class="status" role="status" aria-live="polite">${solved ? this.solvedText() : `Slide the tiles into order: 1 to ${size * size - 1}, the blank bottom right.`}</p>
          ${this.linkError || this.session.error ? html`<p class="error" role="alert">${this.linkError || this.session.error}</p>` : ''}
          <div class="controls">
            <label>Heuristic
              <select @change=${(e: Event) => this.chooseHeuristic((e.target as HTMLSelectElement).value)}>
                ${OFFERED[size].map((h) => html`<option value=${h.id} ?selected=${h.id === heuristic}>${h.label}</option>`)}
              </select>
            </label>
            ${
              this.solving
                ? html`<span>${this.iterations.length === 0 ? (heuristic.startsWith('pdb') ? 'getting the pattern database ready…' : 'starting…') : `solving… threshold ${this.iterations.at(-1)!.depth}`}</span>
                  <button @click=${() => this.cancelSolve()}>Cancel</button>`
                : html`<button @click=${() => this.solve()} ?disabled=${solved || !!this.buildingLarge}>Solve</button>`
            }
            <button @click=${() => this.session.undo()} ?disabled=${this.session.positions.length < 2 || this.playing}>Undo</button>
          </div>
          ${this.solveNote()}
          <p class="hint">${patternMemory(heuristic)}</p>
          ${this.largeDatabaseView(size === 5 ? 'pdb6666' : 'pdb78')}
          ${this.building ? this.buildView(this.building) : ''}
          ${this.buildingLarge ? html`<button @click=${() => this.cancelBuildLarge()}>Cancel the build</button>` : ''}
          ${this.largeNote ? html`<p class="hint" role="status">${this.largeNote}</p>` : ''}
          ${this.solution ? this.solutionView() : ''}
          <p class="hint">Click a tile in line with the blank to slide it (with the tiles between), or use the arrow keys on the
            board. A pattern database is built in a worker the first time it is used (with its progress), then kept in this browser; its build is not counted in the solve's time.</p>
        </section>
        <section class="panel" aria-label="Search">
          <h2 class="hint">Nodes per threshold of IDA*</h2>
          <search-chart .entries=${this.chartEntries()} depthLabel="threshold" entryWord="iteration" emptyText="No solve yet."></search-chart>
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

  /** A board made by the chosen way from the session's seed (New board draws a new seed first, as New game does). */
  protected async startFromSeed(): Promise<void> {
    this.forgetSolution();
    this.stopClock();
    this.seconds = 0;
    this.started = undefined;
    try {
      const difficulty = this.method === 'walk' ? String(this.walkMoves) : this.method === 'level' ? this.band : undefined;
      const position = await generate(this.method, difficulty, this.session.seed, fetchResource, this.session.size);
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

  /** The heuristic a board of this size is solved with: the one chosen, where it is one of the size's. */
  private heuristicFor(size: number): string {
    return OFFERED[size].some((h) => h.id === this.heuristic) ? this.heuristic : OFFERED[size][0].id;
  }

  /**
   * What the solver can finish on this board, said before it starts: a 5x5 board far from the goal (a random one is
   * some 100 moves away) may take it hours, where the levels take seconds to minutes.
   */
  private solveNote() {
    const tiles = this.session.position.tiles;
    const least = manhattan(tiles);
    if (sizeOf(tiles) !== 5 || least < FAR_5X5 || isGoal(tiles)) return '';
    return html`<p class="hint" aria-label="What the solver finishes">This board is at least ${least} moves from the goal: an optimal solution of
      a 24-puzzle board this far may take the solver hours (Korf and Felner's random boards, 95 to 126 moves, took hours each); the levels, up to
      70+ moves, take seconds to minutes. Cancel stops the search.</p>`;
  }

  /** A new board of another size (the size stays for the next boards, and in links): a 5x5 one from its levels, which the solver finishes. */
  private chooseSize(size: number): void {
    this.session.size = size;
    this.band = DEFAULT_BAND[size];
    if (size === 5 && this.method === 'random') this.method = 'level';
    void this.startFromSeed();
  }

  /** Where the large databases are, and the storage's room; on 4x4 the heuristic is the 7-8 once it is here. */
  private async askKept(): Promise<void> {
    const names = Object.keys(LARGE_DATABASES) as LargeDatabase[];
    const [room, ...kept] = await Promise.all([
      storageRoom().catch(() => ({ free: null, persisted: false })),
      ...names.map((name) => keptWhere(LARGE_DATABASES[name].cache).catch(() => null)),
    ]);
    this.kept = Object.fromEntries(names.map((name, i) => [name, kept[i]]));
    this.room = room;
    if (this.kept.pdb78 && !this.heuristicChosen) this.heuristic = 'pdb78';
  }

  /** A large database: whether this browser can keep it, said before it is built, and the button that builds it. */
  private largeDatabaseView(name: LargeDatabase) {
    const kept = this.kept[name];
    if (kept === undefined || this.buildingLarge) return '';
    const { label, held, pitch } = LARGE_DATABASES[name];
    const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
    if (kept === 'page')
      return html`<p class="hint" role="note">The ${label} database is in this page's memory until the page closes: this browser's storage did not keep it${
        this.room?.free != null ? ` (it has room for ${mb(this.room.free)})` : ''
      }, so it is built again on a later visit.</p>`;
    if (kept === 'storage') return '';
    const fits = this.room?.free == null || this.room.free > held * 1.05;
    const keeping = fits
      ? `It is kept in this browser's storage (${mb(held)}).`
      : `This browser gives this site room for ${mb(this.room!.free!)} of storage, less than its ${mb(held)}: it would be kept in this page's memory only, until the page closes.`;
    return html`<div class="controls">
      <span>${`${pitch} ${keeping}`}</span>
      <button @click=${() => void this.buildLarge(name)} ?disabled=${!!this.solving}>${fits ? `Build the ${label} database` : 'Build it for this visit'}</button>
    </div>`;
  }

  /** Builds a large database in a worker (kept in this browser's storage where it can be, else in the page's memory). */
  private async buildLarge(name: LargeDatabase): Promise<void> {
    // A site whose storage is persistent keeps it when the browser is short of room.
    if (!this.room?.persisted) await askToPersist();
    const job = requestPrepare(searchPool(), 'puzzle15', { heuristic: name }, (iteration) => {
      if (this.buildingLarge === job) this.building = iteration;
    });
    this.buildingLarge = job;
    const started = performance.now();
    this.largeNote = '';
    job.promise.then(
      async () => {
        if (this.buildingLarge !== job) return;
        this.buildingLarge = undefined;
        this.building = undefined;
        this.largeNote = `The ${LARGE_DATABASES[name].label} database was built in ${Math.round((performance.now() - started) / 1000)} s.`;
        if (name === 'pdb78' && !this.heuristicChosen) this.heuristic = 'pdb78';
        await this.askKept();
      },
      (error: Error) => {
        if (this.buildingLarge !== job) return;
        this.buildingLarge = undefined;
        this.building = undefined;
        if (!(error instanceof CancelledError)) this.linkError = `the ${LARGE_DATABASES[name].label} database: ${error.message}`;
      },
    );
  }

  private cancelBuildLarge(): void {
    const done = this.building?.done ?? 0;
    this.buildingLarge?.cancel();
    this.buildingLarge = undefined;
    this.building = undefined;
    // A build is not kept in part: said, so that nobody cancels a long build thinking it will resume.
    this.largeNote = `The build was cancelled ${Math.floor(done * 100)}% of the way: what it had built is dropped, and a build starts over from the beginning.`;
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
      { heuristic: this.heuristicFor(sizeOf(this.session.position.tiles)) },
      Math.min(pool.size, 4),
      (iteration) => {
        if (this.solving !== job) return;
        // The database built first (if it was): said with its time, once the search starts.
        if (this.building) this.largeNote = `The pattern database was built in ${Math.round(this.building.ms / 1000)} s (kept for the next solves).`;
        this.building = undefined;
        this.iterations = [...this.iterations, iteration];
      },
      (iteration) => {
        if (this.solving === job) this.building = iteration;
      },
    );
    this.largeNote = '';
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
