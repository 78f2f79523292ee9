// The tic-tac-toe page: a person against the AI (either mark), two AIs (watch, step or run) or two people;
// AI levels from random to perfect; undo, new game; the search chart beside the board. The position and the
// seed live in the URL: #/tictactoe?pos=X...O....&seed=7

import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { parseSeed } from '../../../engine/rng';
import { GameSession, type Player } from '../../../ui/game-session';
import { replaceHash } from '../../../ui/router';
import { pageStyles } from '../../../ui/styles';
import type { ChartEntry } from '../../../ui/search-chart';
import '../../../ui/search-chart';
import { tictactoe } from '..';
import { EMPTY, format, markToMove, parse, X, type Position } from '../rules';
import './tictactoe-board';

type Mode = 'vs-ai' | 'ai-ai' | 'two';
const MODES: readonly { readonly id: Mode; readonly label: string }[] = [
  { id: 'vs-ai', label: 'You vs AI' },
  { id: 'ai-ai', label: 'AI vs AI' },
  { id: 'two', label: 'Two players' },
];
const SEATS = ['X', 'O'] as const;
const levels = tictactoe.levels;
const PERFECT = levels.length - 1;

@customElement('tictactoe-page')
export class TicTacToePage extends LitElement {
  static styles = pageStyles;

  /** The URL's parameters: pos (the position), seed, mode. */
  @property({ attribute: false }) params = new URLSearchParams();
  @state() private mode: Mode = 'vs-ai';
  @state() private humanSeat: 0 | 1 = 0;
  /** Level index of the bot on each seat (the AI's in You vs AI is that of the seat the person does not play). */
  @state() private levelOf: [number, number] = [PERFECT, PERFECT];
  @state() private linkError = '';
  private readonly session = new GameSession<Position, number>(this, tictactoe, this.players(), () => this.saveToUrl());
  private readonly onKey = (event: KeyboardEvent) => this.playDigit(event);

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKey);
  }

  willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('params')) this.loadFromUrl();
  }

  render() {
    const session = this.session;
    const position = session.position;
    const lastMove = session.positions.length > 1 ? position.board.findIndex((mark, cell) => mark !== session.positions.at(-2)!.board[cell]) : -1;
    return html`
      <h1>Tic-tac-toe</h1>
      <div class="layout">
        <section class="panel game" aria-label="Game">
          <div class="controls">
            <label>Mode
              <select @change=${(e: Event) => this.setMode((e.target as HTMLSelectElement).value as Mode)}>
                ${MODES.map((mode) => html`<option value=${mode.id} ?selected=${mode.id === this.mode}>${mode.label}</option>`)}
              </select>
            </label>
            ${this.mode === 'vs-ai'
              ? html`<label>You play
                    <select @change=${(e: Event) => this.setHumanSeat(Number((e.target as HTMLSelectElement).value) as 0 | 1)}>
                      ${SEATS.map((seat, i) => html`<option value=${i} ?selected=${i === this.humanSeat}>${seat}</option>`)}
                    </select>
                  </label>
                  ${this.levelSelect(this.humanSeat === 0 ? 1 : 0, 'AI level')}`
              : this.mode === 'ai-ai'
                ? html`${this.levelSelect(0, 'X level')} ${this.levelSelect(1, 'O level')}`
                : ''}
          </div>
          <tictactoe-board
            .board=${position.board}
            .lastMove=${lastMove}
            ?locked=${!session.humanToMove}
            @cell-play=${(e: CustomEvent<number>) => session.play(e.detail)}
          ></tictactoe-board>
          <p class="status" role="status" aria-live="polite">${this.status()}</p>
          ${session.error || this.linkError ? html`<p class="error" role="alert">${session.error || this.linkError}</p>` : ''}
          <div class="controls">
            <button @click=${() => this.newGame()}>New game</button>
            <button @click=${() => session.undo()} ?disabled=${session.positions.length < 2}>Undo</button>
            ${session.isThinking ? html`<button @click=${() => session.moveNow()}>Move now</button>` : ''}
            ${this.mode === 'ai-ai'
              ? html`<button @click=${() => (session.paused ? session.run() : session.pause())} ?disabled=${!!session.outcome}>${session.paused ? 'Run' : 'Pause'}</button>
                  <button @click=${() => session.step()} ?disabled=${!!session.outcome || session.isThinking}>Step</button>
                  <label>Delay
                    <input type="range" min="0" max="2000" step="100" .value=${String(session.delayMs)}
                      @input=${(e: Event) => (session.delayMs = Number((e.target as HTMLInputElement).value))} aria-label="Delay between AI moves in milliseconds" />
                  </label>`
              : ''}
            <label>Seed <input type="number" min="0" max="4294967295" .value=${String(session.seed)} @change=${(e: Event) => this.setSeed((e.target as HTMLInputElement).value)} /></label>
          </div>
          <p class="hint">Keys: 1-9 play a cell (1 top left, 9 bottom right); arrows move between cells, Enter plays.</p>
        </section>
        <section class="panel" aria-label="Search">
          <search-chart .entries=${this.chartEntries()}></search-chart>
        </section>
      </div>
    `;
  }

  private levelSelect(seat: 0 | 1, label: string) {
    return html`<label>${label}
      <select @change=${(e: Event) => this.setLevel(seat, Number((e.target as HTMLSelectElement).value))}>
        ${levels.map((level, i) => html`<option value=${i} ?selected=${i === this.levelOf[seat]}>${level.label}</option>`)}
      </select>
    </label>`;
  }

  private status(): string {
    const session = this.session;
    const outcome = session.outcome;
    if (outcome) {
      if (outcome.winner === null) return 'Draw.';
      if (this.mode === 'vs-ai') return outcome.winner === this.humanSeat ? 'You won!' : 'You lost: the AI won.';
      return `${SEATS[outcome.winner]} wins!`;
    }
    const seat = SEATS[session.seatToMove];
    if (session.isThinking) return `${seat} to move: the AI is thinking…`;
    if (session.humanToMove) return this.mode === 'vs-ai' ? `${seat} to move: your turn.` : `${seat} to move.`;
    return session.paused ? `${seat} to move: paused, press Step or Run.` : `${seat} to move.`;
  }

  private chartEntries(): ChartEntry[] {
    return this.session.searches.map((search) => ({
      label: `${SEATS[search.seat]} ${search.ply + 1}`,
      nodes: search.nodes,
      depth: search.iterations.at(-1)?.depth ?? 0,
      ms: search.ms,
      live: !search.done,
    }));
  }

  private players(): [Player, Player] {
    const bot = (seat: 0 | 1): Player => ({ kind: 'bot', config: levels[this.levelOf[seat]].config });
    const human: Player = { kind: 'human' };
    if (this.mode === 'two') return [human, human];
    if (this.mode === 'ai-ai') return [bot(0), bot(1)];
    return this.humanSeat === 0 ? [human, bot(1)] : [bot(0), human];
  }

  private setMode(mode: Mode): void {
    this.mode = mode;
    this.session.setPlayers(this.players());
    this.saveToUrl();
  }

  private setHumanSeat(seat: 0 | 1): void {
    const aiLevel = this.levelOf[1 - this.humanSeat];
    this.humanSeat = seat;
    this.levelOf = [aiLevel, aiLevel];
    this.session.setPlayers(this.players());
  }

  private setLevel(seat: 0 | 1, level: number): void {
    this.levelOf = seat === 0 ? [level, this.levelOf[1]] : [this.levelOf[0], level];
    this.session.setPlayers(this.players());
  }

  private setSeed(text: string): void {
    try {
      this.session.seed = parseSeed(text);
      this.linkError = '';
      this.saveToUrl();
    } catch (error) {
      this.linkError = (error as Error).message;
    }
  }

  private newGame(): void {
    this.linkError = '';
    this.session.newGame();
  }

  private playDigit(event: KeyboardEvent): void {
    const target = event.composedPath()[0] as HTMLElement;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[1-9]$/.test(event.key)) {
      event.preventDefault();
      const cell = Number(event.key) - 1;
      if (this.session.position.board[cell] === EMPTY) this.session.play(cell);
    }
  }

  private loadFromUrl(): void {
    const mode = this.params.get('mode');
    if (mode && MODES.some((m) => m.id === mode) && mode !== this.mode) {
      this.mode = mode as Mode;
      this.session.setPlayers(this.players());
    }
    try {
      const seed = this.params.get('seed');
      if (seed !== null) this.session.seed = parseSeed(seed);
      const pos = this.params.get('pos');
      if (pos !== null && pos !== format(this.session.position)) {
        const start = parse(pos);
        // You vs AI from a link: the person takes the side to move, unless the game is over.
        if (this.mode === 'vs-ai') {
          this.humanSeat = markToMove(start) === X ? 0 : 1;
          this.session.setPlayers(this.players());
        }
        this.session.newGame(start);
      }
      this.linkError = '';
    } catch (error) {
      this.linkError = `This link's position cannot be opened: ${(error as Error).message}.`;
    }
  }

  private saveToUrl(): void {
    replaceHash('tictactoe', { pos: format(this.session.position), seed: String(this.session.seed), mode: this.mode });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tictactoe-page': TicTacToePage;
  }
}
