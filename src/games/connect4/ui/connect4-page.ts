// The Connect 4 page: a person against the AI (red, first, or yellow), two AIs, or two people, on a board of any
// size (7x6 by default); AI levels from the article's classic bot to the perfect solver; the article's status
// messages; a full column refused as an illegal move; "Show solution" with each column's score; the search chart
// of the solver's iterations. As an analysis board: a column's score plays it, the best line of the position is
// shown and playable move by move, and a position may be set up by hand (checked to be one a game reaches) and
// analysed. The game lives in the URL (#/connect4?moves=4,4,5,3, #/connect4?size=6x5&…), and so do "Show
// solution" (solution=1) and its threads (threads=2). Beside the solver's scores, the learned network's evaluation
// bar (network-bar.ts): what the network alone thinks, shown at once even where no solver finishes.

import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { AnalysisController } from '../../../ui/analysis-controller';
import { GamePage } from '../../../ui/game-page';
import { LevelChoice } from '../../../ui/level-choice';
import { userBotInfos, userBotLevels } from '../../../ui/my-bots/user-bots';
import { GameSession, PAGE_BOT_MS } from '../../../ui/game-session';
import type { ChartEntry } from '../../../ui/search-chart';
import '../../../ui/search-chart';
import { chartEntries, currentEntry, modeSelect, sessionControls, turnStatus } from '../../../ui/session-controls';
import { pageStyles } from '../../../ui/styles';
import { connect4 } from '..';
import { positionOf } from '../reachable';
import { format, height, newGame, type Position, sizeOf } from '../rules';
import { columnRange, columnSymbol, EMPTY_BOARD_SECONDS, formatSize, SIZES, STANDARD, sizeNumber, sizeOfNumber, symbolColumn } from '../sizes';
import { MAX_THREADS } from '../threads';
import { BestLineController } from './best-line';
import { NetworkBarController } from './network-bar';
import type { ColumnEstimate } from './connect4-board';
import './connect4-board';

const SEATS = ['Red', 'Yellow'] as const;
/** "Show solution"'s threads unless told otherwise: two where the page has shared memory. */
const DEFAULT_THREADS = crossOriginIsolated ? Math.min(2, navigator.hardwareConcurrency || 1) : 1;
const levels = connect4.levels;

@customElement('connect4-page')
export class Connect4Page extends GamePage<Position, number> {
  static styles = [
    pageStyles,
    css`
      .thinking {
        color: var(--muted);
      }
      .network-bar {
        display: flex;
        height: 0.8rem;
        max-width: 28rem;
        margin-top: 0.5rem;
        background: #facc15;
        border: 1px solid #0f172a;
      }
      .network-bar-red {
        background: #dc2626;
      }
      .line-move {
        min-width: 1.8rem;
        margin: 0 1px;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  /** Level index of the AI on each seat. */
  private readonly levelChoice = new LevelChoice(
    this,
    levels,
    () => this.playersChanged(),
    () => userBotLevels('connect4'),
    () => [...connect4.bots, ...userBotInfos('connect4')],
  );
  @state() private notice = '';
  /** The board being set up by hand (board[column][row]), while editing. */
  @state() private draft: number[][] | null = null;
  @state() private draftError = '';
  private readonly bestLine = new BestLineController(this);
  private readonly networkBar = new NetworkBarController(this);
  private readonly analysis = new AnalysisController(this, 'connect4', {}, DEFAULT_THREADS);
  protected readonly session = new GameSession<Position, number>(this, connect4, this.players(), () => this.positionChanged());

  render() {
    const session = this.session;
    const position = session.position;
    const analysis = this.analysis;
    return html`
      <h1>Connect 4</h1>
      <div class="layout">
        <section class="panel game" aria-label="Game">
          <div class="controls">
            ${modeSelect(this.mode, (mode) => this.setMode(mode))}
            ${this.mode === 'online' ? '' : this.sizeSelect()}
            ${this.mode === 'online' ? '' : this.solverNote()}
            ${
              this.mode === 'vs-bot'
                ? html`${this.seatSelect([`${SEATS[0]} (first)`, `${SEATS[1]} (second)`])}
                  ${this.levelChoice.select(this.humanSeat === 0 ? 1 : 0, 'AI level')}`
                : this.mode === 'bots'
                  ? html`${this.levelChoice.select(0, 'Red')} ${this.levelChoice.select(1, 'Yellow')}`
                  : ''
            }
          </div>
          <connect4-board .position=${this.draft ? this.draftPosition() : position}
            .scores=${analysis.on && !this.liveOnline && !this.draft ? this.columnScores() : null}
            .estimates=${this.columnEstimates()}
            ?interactive=${session.humanToMove || this.draft !== null} ?editing=${this.draft !== null}
            @column-play=${(e: CustomEvent<number>) => this.play(e.detail)}
            @cell-edit=${(e: CustomEvent<{ column: number; row: number }>) => this.editCell(e.detail.column, e.detail.row)}></connect4-board>
          ${this.draft ? this.editorControls() : analysis.on && !this.liveOnline ? html`${this.networkBar.render(SEATS)}${this.bestLineView()}` : ''}
          <p class="status" role="status" aria-live="polite">${this.status()}</p>
          ${
            this.notice || session.error || this.linkError || analysis.error
              ? html`<p class="error" role="alert">${this.notice || session.error || this.linkError || analysis.error}</p>`
              : ''
          }
          <div class="controls">
            ${
              this.liveOnline
                ? ''
                : html`<label><input type="checkbox" .checked=${analysis.on} @change=${(e: Event) => this.toggleSolution((e.target as HTMLInputElement).checked)} /> Show solution</label>
                  ${this.threadsSelect()}
                  ${this.draft ? '' : html`<button @click=${() => this.startEditing()}>Set up a position</button>`}`
            }
            ${
              analysis.running
                ? html`<span class="thinking">solving the other columns, easiest first… ${analysis.progress.reduce((sum, it) => sum + it.nodes, 0).toLocaleString('en')} nodes</span>
                  <button @click=${() => this.cancelSolution()}>Cancel</button>`
                : ''
            }
          </div>
          ${this.endBanner(this.status(), SEATS)}
          ${sessionControls(session, { newGame: () => this.newGame(), setSeed: (text) => this.setSeed(text) })}
          ${this.movesPanel(SEATS)}
          <p class="hint">Click a column, or press ${columnRange(position.width)}; arrows and Enter on the board. The solution shows each column's score
            for the side to move: positive wins (sooner is higher), 0 draws, negative loses.</p>
        </section>
        ${
          this.mode === 'online'
            ? ''
            : html`<section class="panel" aria-label="Search">
          <h2 class="hint">Each AI move</h2>
          <search-chart .entries=${chartEntries(session, SEATS)} .current=${currentEntry(session)} depthLabel=${this.depthLabel()}></search-chart>
          <h2 class="hint">The last solve, pass by pass (each a null-window search that narrows the score)</h2>
          <search-chart .entries=${this.iterationEntries()} depthLabel="score bound" entryWord="pass" emptyText="No solve yet."></search-chart>
          <p class="hint" role="note" aria-label="Search statistics">${this.statisticsLine()}</p>
        </section>`
        }
      </div>
    `;
  }

  /**
   * Each column's score: the analysis's when it is done, else the columns settled so far (the book's and the
   * quick ones first; undefined: still being solved).
   */
  private columnScores(): readonly (number | null | undefined)[] | null {
    const analysis = this.analysis;
    if (analysis.shown) return analysis.shown.values;
    if (!analysis.running) return null;
    const position = this.session.position;
    const scores: (number | null | undefined)[] = Array.from({ length: position.width }, (_, column) =>
      height(position, column) === position.height ? null : undefined,
    );
    for (const iteration of analysis.progress)
      if (iteration.stage === 'move' && iteration.best !== undefined) scores[symbolColumn(String(iteration.best))] = iteration.score;
    return scores;
  }

  /** The latest estimate of each column still being solved (analysis.ts reports them after each round). */
  private columnEstimates(): (ColumnEstimate | undefined)[] {
    const estimates: (ColumnEstimate | undefined)[] = [];
    if (!this.analysis.running) return estimates;
    for (const iteration of this.analysis.progress) {
      if (!iteration.stage?.startsWith('estimate') || iteration.best === undefined) continue;
      estimates[symbolColumn(String(iteration.best))] = { score: iteration.score, depth: iteration.depth, proven: iteration.stage !== 'estimate' };
    }
    return estimates;
  }

  /** The board's size: a new game on the size picked (7x6 the standard; larger boards take the solver far longer). */
  private sizeSelect() {
    const current = this.session.size ?? sizeNumber(this.session.position);
    return html`<label>Board
      <select aria-label="Board size" @change=${(e: Event) => this.setSize(Number((e.target as HTMLSelectElement).value))}>
        ${SIZES.map((size) => html`<option value=${sizeNumber(size)} ?selected=${sizeNumber(size) === current}>${formatSize(size)}${formatSize(size) === '7x6' ? ' (standard)' : ''}</option>`)}
      </select></label>`;
  }

  /**
   * What the solver can finish on this size, said before it starts: on a board whose empty position took it more
   * than a move's time on the page, Perfect and "Show solution" may not prove their moves in time.
   */
  private solverNote() {
    const size = formatSize(sizeOfNumber(this.session.size ?? sizeNumber(this.session.position)));
    const seconds = EMPTY_BOARD_SECONDS[size];
    if (size === formatSize(STANDARD) || (seconds !== undefined && seconds <= PAGE_BOT_MS / 1000)) return '';
    const took = seconds === undefined ? 'more than 30 minutes, or was not tried' : `${Math.round(seconds)} s`;
    return html`<p class="hint" aria-label="What the solver finishes">On ${size} the solver's empty board took ${took} here (one thread): early in a game
      Perfect may not prove its move within the page's ${PAGE_BOT_MS / 1000} s, and then plays the best move of its estimate (a search of threats), saying so;
      "Show solution" shows each score as it is solved, which may take as long (Cancel stops it).</p>`;
  }

  private setSize(size: number): void {
    this.session.size = size;
    this.newGame();
  }

  /** A link's start sets the board's size for the games after it. */
  protected openingPosition(position: Position): void {
    this.session.size = sizeNumber(position);
  }

  /**
   * How many threads "Show solution" searches with: up to the machine's cores where the page has shared memory
   * (cross-origin isolation), else one, and the page says why.
   */
  private threadsSelect() {
    if (!crossOriginIsolated) return html`<span class="hint">one thread: this page is not cross-origin isolated, so it has no shared memory</span>`;
    const most = Math.min(MAX_THREADS, navigator.hardwareConcurrency || 1);
    return html`<label>Threads
      <select @change=${(e: Event) => this.setThreads(Number((e.target as HTMLSelectElement).value))}>
        ${Array.from({ length: most }, (_, i) => html`<option value=${i + 1} ?selected=${i + 1 === this.analysis.threads}>${i + 1}</option>`)}
      </select></label>`;
  }

  private toggleSolution(on: boolean): void {
    this.analysis.toggle(on, format(this.session.position));
    this.showLineAndNetwork();
    this.saveToUrl();
  }

  /** Stops the solution's searches of this position: the columns' scores and the best line. */
  private cancelSolution(): void {
    this.analysis.cancel();
    this.bestLine.cancel();
    this.requestUpdate();
  }

  private setThreads(threads: number): void {
    this.analysis.setThreads(threads);
    this.showLineAndNetwork();
    this.saveToUrl();
  }

  /** The best line and the network's evaluation of the position shown, while "Show solution" is on. */
  private showLineAndNetwork(): void {
    const session = this.session;
    const wanted = this.analysis.on && !session.outcome && !this.liveOnline;
    this.bestLine.show(format(session.position), wanted, this.analysis.threads);
    this.networkBar.show(format(session.position), wanted);
  }

  /** The best line: perfect play by both to the end, each move a button that plays the line up to it. */
  private bestLineView() {
    const { line, error, running } = this.bestLine;
    if (this.session.outcome) return '';
    if (error) return html`<p class="error" role="alert">${error}</p>`;
    if (!line)
      return html`<p class="hint" aria-live="polite">
        ${running ? html`Finding the best line… <button @click=${() => this.cancelSolution()}>Stop</button>` : ''}
      </p>`;
    const start = this.session.position.moves.length;
    return html`<p class="best-line" aria-label="Best line">Best line:
      ${line.map(
        (column, i) =>
          html`<button class="line-move" aria-label=${`play the best line to move ${start + i + 1}: column ${columnSymbol(column)}`}
            @click=${() => this.playLine(line.slice(0, i + 1))}>${columnSymbol(column)}</button>`,
      )}
      <span class="hint">(${line.length} ${line.length === 1 ? 'move' : 'moves'} to the end)</span></p>`;
  }

  private playLine(columns: readonly number[]): void {
    const session = this.session;
    session.load(session.positions[0], [...session.moves, ...columns]);
  }

  /** A position to set up by hand: the board shown, then each click on a cell turns it empty, red, yellow. */
  private startEditing(): void {
    this.draft = this.session.position.board.map((column) => column.slice());
    this.draftError = '';
  }

  private draftPosition(): Position {
    const { width, height } = this.session.position;
    return { moves: '', width, height, board: this.draft!, winner: null };
  }

  private editCell(column: number, row: number): void {
    const draft = this.draft!.map((cells) => cells.slice());
    draft[column][row] = (draft[column][row] + 1) % 3;
    this.draft = draft;
    this.draftError = '';
  }

  private editorControls() {
    return html`<div class="controls" aria-label="Setting up a position">
        <span class="hint">Click a cell: empty, then red, then yellow.</span>
        <button @click=${() => this.analyseDraft()}>Analyse this position</button>
        <button @click=${() => (this.draft = this.draft!.map((cells) => cells.map(() => 0)))}>Clear</button>
        <button @click=${() => (this.draft = null)}>Cancel</button>
      </div>
      ${this.draftError ? html`<p class="error" role="alert">${this.draftError}</p>` : ''}`;
  }

  /** The position set up, checked to be one a game reaches, becomes the game (two people: nothing moves by itself), analysed. */
  private analyseDraft(): void {
    let position: Position;
    try {
      position = positionOf(this.draft!);
    } catch (error) {
      this.draftError = `This position cannot be analysed: ${(error as Error).message}.`;
      return;
    }
    this.draft = null;
    if (this.mode !== 'two') this.setMode('two');
    this.analysis.on = true;
    this.session.load(newGame(sizeOf(position)), [...position.moves].map(symbolColumn));
  }

  /** "Show solution" and its threads, from a link. */
  protected pageSettings(params: URLSearchParams): () => void {
    const solution = params.get('solution');
    if (solution !== null && solution !== '0' && solution !== '1') throw new Error(`solution "${solution}" is not 0 or 1`);
    const threadsText = params.get('threads');
    const most = crossOriginIsolated ? Math.min(MAX_THREADS, navigator.hardwareConcurrency || 1) : 1;
    const threads = threadsText === null ? this.analysis.threads : Number(threadsText);
    if (!Number.isInteger(threads) || threads < 1 || threads > most) throw new Error(`threads "${threadsText}" is not 1 to ${most} here`);
    return () => {
      if (solution !== null) this.analysis.on = solution === '1';
      this.analysis.threads = threads;
    };
  }

  protected urlParams(): Record<string, string> {
    const params = super.urlParams();
    if (this.analysis.on) params.solution = '1';
    if (this.analysis.threads !== DEFAULT_THREADS) params.threads = String(this.analysis.threads);
    return params;
  }

  /** The statistics of the last pass of the solve shown on the chart: table hits, best move first, threads. */
  private statisticsLine(): string {
    const search = this.session.searches.at(-1);
    const iterations = this.analysis.running || !search ? this.analysis.progress : search.iterations;
    const last = [...iterations].reverse().find((iteration) => iteration.statistics !== undefined)?.statistics;
    if (!last) return '';
    const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
    return `Last pass: table hits ${percent(last['table hits'])}, best move searched first ${percent(last['best move first'])}, ${last.threads} thread${last.threads === 1 ? '' : 's'}.`;
  }

  /** What the bot chart's line counts: the perfect bot's null-window passes, any other bot's depth. */
  private depthLabel(): string {
    const perfect = this.session.searches.map((search) => search.config.split(':')[0] === 'perfect');
    if (perfect.length > 0 && perfect.every(Boolean)) return 'passes';
    return perfect.some(Boolean) ? 'depth, or passes (perfect)' : 'depth';
  }

  /** The passes of the solution shown (running or done) while "Show solution" is on, or else of the last bot search. */
  private iterationEntries(): ChartEntry[] {
    const analysing = this.analysis.on && this.analysis.progress.length > 0;
    const search = this.session.searches.at(-1);
    // The null-window passes (not a move settled at once, nor the perfect bot's estimate by depth), each with the
    // score bound it tested: the line shows the window narrowing.
    const iterations = (analysing ? this.analysis.progress : (search?.iterations ?? [])).filter(
      (iteration) => iteration.stage !== 'move' && !iteration.stage?.startsWith('estimate'),
    );
    const live = analysing ? this.analysis.running : search !== undefined && !search.done;
    return iterations.map((iteration, i) => ({
      label: String(i + 1),
      nodes: iteration.nodes,
      depth: iteration.score,
      ms: iteration.ms,
      live: live && i === iterations.length - 1,
      book: iteration.stage === 'book',
    }));
  }

  /** The article's messages: "Your turn.", "You won!", "You lost!", "The game ended in a tie!". */
  protected status(): string {
    const outcome = this.session.outcome;
    if (!outcome) {
      if (this.mode === 'vs-bot' && this.session.humanToMove) return 'Your turn.';
      return turnStatus(this.session, this.mode, SEATS);
    }
    if (outcome.winner === null) return 'The game ended in a tie!';
    if (this.resultIsPersonal) return outcome.winner === this.personSeat ? 'You won!' : 'You lost!';
    return `${SEATS[outcome.winner]} won!`;
  }

  protected botConfigs(): [string, string] {
    return this.levelChoice.configs();
  }

  protected showAnalysis(): void {
    this.toggleSolution(true);
  }

  protected setBotConfig(seat: 0 | 1, config: string): void {
    this.levelChoice.setConfig(seat, config);
  }

  /** A column's symbol (1-9, a-c) drops a stone in that column. */
  protected keyMove(key: string): number | undefined {
    const column = symbolColumn(key);
    return column >= 0 && column < this.session.position.width ? column : undefined;
  }

  /** A full column is refused with the article's "illegal move". */
  protected play(column: number): void {
    const position = this.session.position;
    if (height(position, column) === position.height) {
      this.notice = `Illegal move: column ${columnSymbol(column)} is full.`;
      return;
    }
    this.notice = '';
    super.play(column);
  }

  private positionChanged(): void {
    this.notice = '';
    this.saveToUrl();
    this.analysis.show(format(this.session.position), !!this.session.outcome);
    this.showLineAndNetwork();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'connect4-page': Connect4Page;
  }
}
