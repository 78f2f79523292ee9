// The plus-minus page: a person against a bot (rows and first as in the article, or columns), two bots, or two
// people; any bot with its parameters on each bot seat; sizes 2 to 12 and a seed; "Show values" puts the value
// under perfect play on every playable cell and tells what the last move lost against the best. The position
// lives in the URL: #/matrix?pos=5 2 v11 … / 3 1&seed=7&mode=vs-bot

import { css, html } from 'lit';
import { parseBotConfig } from '../../../contracts/bot-config';
import { customElement, state } from 'lit/decorators.js';
import { AnalysisController } from '../../../ui/analysis-controller';
import '../../../ui/bot-picker';
import { userBotInfos } from '../../../ui/my-bots/user-bots';
import { GamePage } from '../../../ui/game-page';
import { GameSession } from '../../../ui/game-session';
import '../../../ui/search-chart';
import { chartEntries, currentEntry, modeSelect, sessionControls, turnStatus } from '../../../ui/session-controls';
import { pageStyles } from '../../../ui/styles';
import { matrix } from '..';
import { format, seatToMove, type Position } from '../rules';
import './matrix-board';

const SEATS = ['Rows', 'Columns'] as const;
const UI_SIZES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** Where analysis cannot be exact (more than 36 free cells), it searches as deep as this many nodes allow. */
const ANALYSIS_BUDGET = { nodes: 20_000_000 };

@customElement('matrix-page')
export class MatrixPage extends GamePage<Position, number> {
  static styles = [
    pageStyles,
    css`
      .scores {
        display: flex;
        gap: 0.75rem;
        margin-bottom: 0.75rem;
      }
      .score {
        flex: 1;
        padding: 0.4rem 0.8rem;
        border-radius: 8px;
        color: #fff;
        font-size: 1.1rem;
        border: 3px solid transparent;
      }
      .score.rows {
        background: #2563eb;
      }
      .score.columns {
        background: #dc2626;
      }
      .score.to-move {
        border-color: #facc15;
      }
      .score strong {
        font-size: 1.5rem;
        margin-left: 0.5rem;
      }
    `,
  ];

  /** The bot configuration of each seat when a bot plays it (the article bot on columns, as in the app). */
  @state() private configs: [string, string] = ['exact', 'article'];
  @state() private lastMoveNote = '';
  private readonly analysis = new AnalysisController(this, 'matrix', ANALYSIS_BUDGET);
  protected readonly session = new GameSession<Position, number>(this, matrix, this.players(), () => this.positionChanged());

  render() {
    const session = this.session;
    const position = session.position;
    const seat = seatToMove(position);
    const analysis = this.analysis;
    const values = analysis.on && analysis.shown && !this.liveOnline ? analysis.shown.values : null;
    return html`
      <h1>Plus-minus</h1>
      <div class="layout">
        <section class="panel game" aria-label="Game">
          <div class="controls">
            ${modeSelect(this.mode, (mode) => this.setMode(mode))}
            ${this.mode === 'vs-bot' ? this.seatSelect([`${SEATS[0]} (first)`, `${SEATS[1]} (second)`]) : ''}
            <label>Size
              <select @change=${(e: Event) => this.setSize(Number((e.target as HTMLSelectElement).value))}>
                ${UI_SIZES.map((size) => html`<option value=${size} ?selected=${size === position.size}>${size}x${size}</option>`)}
              </select>
            </label>
          </div>
          ${([0, 1] as const)
            .filter((s) => this.mode === 'bots' || (this.mode === 'vs-bot' && s !== this.humanSeat))
            .map(
              (
                s,
              ) => html`<div class="controls"><bot-picker .bots=${[...matrix.bots, ...userBotInfos('matrix')]} .value=${this.configs[s]} label=${`${SEATS[s]} bot`}
              @change=${(e: CustomEvent<string>) => this.setConfig(s, e.detail)}></bot-picker></div>`,
            )}
          <div class="scores">
            ${([0, 1] as const).map(
              (
                s,
              ) => html`<div class="score ${s === 0 ? 'rows' : 'columns'} ${!session.outcome && s === seat ? 'to-move' : ''}" aria-label=${`${SEATS[s]}: ${position.points[s]} points`}>
              ${SEATS[s]}${this.seatTag(s)}<strong>${position.points[s]}</strong></div>`,
            )}
          </div>
          <matrix-board .position=${position} .values=${values} ?interactive=${session.humanToMove}
            @cell-play=${(e: CustomEvent<number>) => session.play(e.detail)}></matrix-board>
          <p class="status" role="status" aria-live="polite">${this.status()}</p>
          ${session.error || this.linkError || analysis.error ? html`<p class="error" role="alert">${session.error || this.linkError || analysis.error}</p>` : ''}
          <div class="controls">
            ${
              this.liveOnline
                ? ''
                : html`<label><input type="checkbox" .checked=${analysis.on} @change=${(e: Event) => analysis.toggle((e.target as HTMLInputElement).checked, format(position))} /> Show values</label>`
            }
            ${analysis.running ? html`<span>analysing… ${analysis.progress.length ? `depth ${analysis.progress.at(-1)!.depth}` : ''}</span><button @click=${() => analysis.cancel()}>Cancel</button>` : ''}
            ${values && analysis.shown ? html`<span class="hint">${analysis.shown.exact ? 'exact' : `${analysis.shown.depth} plies deep`}</span>` : ''}
          </div>
          ${this.lastMoveNote && !this.liveOnline ? html`<p class="hint" aria-live="polite">${this.lastMoveNote}</p>` : ''}
          ${this.endBanner(this.status(), SEATS)}
          ${sessionControls(session, { newGame: () => this.newGame(), setSeed: (text) => this.setSeed(text) })}
          ${this.movesPanel(SEATS)}
          <p class="hint">Rows take a cell in the highlighted row, columns in the highlighted column; the cell's value is added to
            the taker's points. Arrows move along the line, Enter takes a cell. <a href="#/arena?game=matrix">Tuning lab: pit the bots against each other</a></p>
        </section>
        ${
          this.mode === 'online'
            ? ''
            : html`<section class="panel" aria-label="Search">
          <search-chart .entries=${chartEntries(session, SEATS)} .current=${currentEntry(session)}></search-chart>
        </section>`
        }
      </div>
    `;
  }

  private seatTag(seat: 0 | 1): string {
    if (this.mode === 'two') return '';
    if (this.mode === 'vs-bot' && seat === this.humanSeat) return ' (you)';
    return ` (${this.configs[seat]})`;
  }

  protected status(): string {
    const outcome = this.session.outcome;
    if (!outcome) return turnStatus(this.session, this.mode, SEATS);
    const [rows, columns] = this.session.position.points;
    const score = `${Math.max(rows, columns)} to ${Math.min(rows, columns)}`;
    if (outcome.winner === null) return `Draw, ${rows} to ${columns}.`;
    if (this.mode === 'vs-bot' && this.resultIsPersonal) return outcome.winner === this.humanSeat ? `You won, ${score}!` : `You lost: the AI won, ${score}.`;
    return `${SEATS[outcome.winner]} win, ${score}!`;
  }

  protected botConfigs(): [string, string] {
    return this.configs;
  }

  protected showAnalysis(): void {
    this.analysis.toggle(true, format(this.session.position));
  }

  protected setBotConfig(seat: 0 | 1, config: string): void {
    parseBotConfig([...matrix.bots, ...userBotInfos('matrix')], config);
    this.configs = seat === 0 ? [config, this.configs[1]] : [this.configs[0], config];
  }

  private setConfig(seat: 0 | 1, config: string): void {
    this.configs = seat === 0 ? [config, this.configs[1]] : [this.configs[0], config];
    this.playersChanged();
  }

  private setSize(size: number): void {
    this.session.size = size;
    this.newGame();
  }

  /** After every move: what the move lost (when its position was analysed), then the new position's values. */
  private positionChanged(): void {
    const { positions } = this.session;
    const previous = positions.at(-2);
    const before = previous && this.analysis.of(format(previous));
    const position = this.session.position;
    if (before && position.moves.length === previous.moves.length + 1) {
      const k = position.moves.at(-1)!;
      const best = Math.max(...before.values.filter((v): v is number => v !== null));
      const lost = best - before.values[k]!;
      const who = SEATS[seatToMove(previous)];
      this.lastMoveNote =
        lost === 0
          ? `${who}' last move was a best move.`
          : `${who}' last move lost ${lost} point${lost === 1 ? '' : 's'} against the best (${best > 0 ? '+' : ''}${best}).`;
    } else {
      this.lastMoveNote = '';
    }
    this.saveToUrl();
    this.analysis.show(format(position), !!this.session.outcome);
  }

  protected openingPosition(position: Position): void {
    this.session.size = position.size;
    this.analysis.clear();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'matrix-page': MatrixPage;
  }
}
