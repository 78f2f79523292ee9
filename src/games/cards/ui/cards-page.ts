// The Red Ten page: a person against a bot (either seat), two bots, or two people on one screen; a full deal
// (27 each) or a short one with cards out of play; the hand sorted as the article sorts it. Selecting cards
// lists the legal plays that use them, Play and Pass buttons, the last play on the table, whose turn, the
// plays in the move list, and the bots' searches on the chart. Which bots look at the other hand is said beside
// them. The position lives in the URL: #/cards?pos=<A | B | mover | last | out>&seed=7

import { css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '../../../ui/bot-picker';
import { isUserBot, userBotInfos } from '../../../ui/my-bots/user-bots';
import { GamePage } from '../../../ui/game-page';
import { GameSession } from '../../../ui/game-session';
import '../../../ui/search-chart';
import { chartEntries, currentEntry, modeSelect, sessionControls, turnStatus } from '../../../ui/session-controls';
import { pageStyles } from '../../../ui/styles';
import { cards } from '..';
import { findBot, parseBotConfig } from '../../../contracts/bot-config';
import { classOf, DECK_SIZE } from '../cards';
import { classify, formatMove, sameMove, type Combo, type Move } from '../combos';
import { FULL_DEAL, legalMoves, SEATS, SHORT_DEAL, type Position } from '../rules';
import './hidden-price';
import { cardLabel } from './playing-card';

const DEALS = [
  { each: FULL_DEAL, label: 'Full deal: 27 each (each hand known to the other)' },
  { each: SHORT_DEAL, label: 'Short deal: 17 each, 20 out of play' },
  { each: 10, label: 'Quick deal: 10 each' },
];

/** The cards each play took, from one position to the next: what the table shows and the history lists. */
function playsOf(positions: readonly Position[]): { seat: 0 | 1; move: Move; cards: number[] }[] {
  return positions.slice(1).map((position, i) => {
    const before = positions[i];
    const seat = before.toMove;
    const cards = before.hands[seat].filter((card) => !position.hands[seat].includes(card));
    return { seat, move: position.history.at(-1)!.move, cards };
  });
}

/** The plays listed for a selection at most. */
const MAX_LISTED = 12;

/** Whether a move uses at least the selected classes. */
function uses(move: Combo, selected: readonly number[]): boolean {
  const left = [...move.classes];
  return selected.every((cls) => {
    const at = left.indexOf(cls);
    if (at < 0) return false;
    left.splice(at, 1);
    return true;
  });
}

@customElement('cards-page')
export class CardsPage extends GamePage<Position, Move> {
  static styles = [
    pageStyles,
    css`
      .panel.game {
        max-width: 52rem;
      }
      .hand {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem;
        min-height: 4.5rem;
        margin: 0.4rem 0;
      }
      .hand button {
        padding: 0;
        border: none;
        background: none;
        transition: transform 0.1s;
      }
      .hand button.selected {
        transform: translateY(-0.6rem);
      }
      .hand button.idle {
        opacity: 0.55;
      }
      .table {
        min-height: 5.5rem;
        padding: 0.5rem;
        border-radius: 8px;
        background: #166534;
        color: #fff;
        margin: 0.5rem 0;
      }
      .table .hand {
        min-height: 0;
      }
      .who {
        font-weight: 600;
      }
      .to-move {
        color: #b45309;
      }
      .plays button {
        margin: 0.15rem;
      }
      .table .hint {
        /* On the green table: 7:1. */
        color: #dcfce7;
      }
    `,
  ];

  @state() private configs: [string, string] = ['strong', 'strong'];
  /** Show the other hand face up (a bot that looks sees it anyway). */
  @state() private showOther = false;
  /** The selected cards of the hand to move. */
  @state() private selected: number[] = [];
  protected readonly session = new GameSession<Position, Move>(this, cards, this.players(), () => this.positionChanged());

  render() {
    const session = this.session;
    const position = session.position;
    const mover = position.toMove;
    // The hand at the bottom: the person's in You vs AI and online; otherwise the hand to move.
    const bottom: 0 | 1 = this.personSeat ?? mover;
    const top = (1 - bottom) as 0 | 1;
    const faceUp = (this.showOther && !this.liveOnline) || this.mode === 'bots' || !!session.outcome;
    const plays = playsOf(session.positions.slice(0, session.cursor + 1));
    const lastPlay = plays.at(-1);
    const moves = session.humanToMove && bottom === mover ? legalMoves(position) : null;
    return html`
      <h1>Red Ten duel</h1>
      <div class="layout">
        <section class="panel game" aria-label="Game">
          <div class="controls">
            ${modeSelect(this.mode, (mode) => this.setMode(mode))}
            ${this.mode === 'vs-bot' ? this.seatSelect([`${SEATS[0]} (leads)`, SEATS[1]]) : ''}
            ${
              this.mode === 'online'
                ? ''
                : html`<label>Deal
              <select @change=${(e: Event) => this.setDeal(Number((e.target as HTMLSelectElement).value))}>
                ${DEALS.map((d) => html`<option value=${d.each} ?selected=${d.each === (session.size ?? FULL_DEAL)}>${d.label}</option>`)}
              </select>
            </label>`
            }
            ${
              this.liveOnline
                ? ''
                : html`<label><input type="checkbox" .checked=${this.showOther} @change=${(e: Event) => (this.showOther = (e.target as HTMLInputElement).checked)} /> Show the other hand</label>`
            }
          </div>
          ${([0, 1] as const)
            .filter((s) => this.mode === 'bots' || (this.mode === 'vs-bot' && s !== this.humanSeat))
            .map(
              (
                s,
              ) => html`<div class="controls"><bot-picker .bots=${[...cards.bots, ...userBotInfos('cards')]} .value=${this.configs[s]} label=${`${SEATS[s]} bot`}
              @change=${(e: CustomEvent<string>) => this.setConfig(s, e.detail)}></bot-picker><span class="hint">${this.looks(s) ? 'looks at the other hand' : 'does not look at the other hand'}</span></div>`,
            )}
          ${this.handView(top, faceUp, null)}
          <div class="table" aria-label="Table">
            ${
              lastPlay && lastPlay.move !== 'pass' && position.last
                ? html`<div>${SEATS[lastPlay.seat]} played ${formatMove(lastPlay.move)}:</div>
                  <div class="hand" data-testid="table">${lastPlay.cards.map((card) => html`<playing-card .card=${card}></playing-card>`)}</div>`
                : html`<div data-testid="table">${session.outcome ? '' : lastPlay?.move === 'pass' ? `${SEATS[lastPlay.seat]} passed: ${SEATS[mover]} leads.` : `${SEATS[mover]} leads.`}</div>`
            }
            ${position.out.length ? html`<div class="hint">${position.out.length} cards out of play.</div>` : ''}
          </div>
          ${this.handView(bottom, true, moves)}
          ${moves ? this.playControls(position, moves) : ''}
          <p class="status" role="status" aria-live="polite">${this.status()}</p>
          ${session.error || this.linkError ? html`<p class="error" role="alert">${session.error || this.linkError}</p>` : ''}
          ${this.endBanner(this.status(), SEATS)}
          ${sessionControls(session, { newGame: () => this.newGame(), setSeed: (text) => this.setSeed(text) })}
          ${this.movesPanel(SEATS)}
          <p class="hint">Click cards to select them, then Play, or click one of the plays listed. The holder of 3♥ leads a full deal.
            <a href="#/arena?game=cards">Arena: pit the bots against each other</a></p>
        </section>
        ${
          this.mode === 'online'
            ? ''
            : html`<section class="panel" aria-label="Search">
          <search-chart .entries=${chartEntries(session, SEATS)} .current=${currentEntry(session)}></search-chart>
        </section>`
        }
        <section class="panel" aria-label="Hidden information"><hidden-price></hidden-price></section>
      </div>
    `;
  }

  /** A hand; `moves`, the legal moves, when the person at this page plays it now (its cards can be selected). */
  private handView(seat: 0 | 1, faceUp: boolean, moves: readonly Move[] | null) {
    const position = this.session.position;
    const hand = position.hands[seat];
    const playable = moves && new Set(moves.flatMap((move) => (move === 'pass' ? [] : move.classes)));
    const name = `${SEATS[seat]}${this.personSeat === null ? '' : seat === this.personSeat ? ' (you)' : this.mode === 'vs-bot' ? ' (AI)' : ' (opponent)'}`;
    return html`<div aria-label=${`${SEATS[seat]}'s hand`}>
      <span class="who ${!this.session.outcome && position.toMove === seat ? 'to-move' : ''}">${name}: ${hand.length} card${hand.length === 1 ? '' : 's'}</span>
      <div class="hand">
        ${hand.map((card) =>
          !faceUp
            ? html`<playing-card></playing-card>`
            : playable
              ? html`<button class="${this.selected.includes(card) ? 'selected' : ''} ${playable.has(classOf(card)) ? '' : 'idle'}" data-card=${card} aria-label=${cardLabel(card)}
                  aria-pressed=${this.selected.includes(card)} @click=${() => this.toggle(card)}><playing-card .card=${card}></playing-card></button>`
              : html`<playing-card .card=${card}></playing-card>`,
        )}
      </div>
    </div>`;
  }

  private playControls(position: Position, moves: readonly Move[]) {
    const selectedClasses = this.selected.map(classOf);
    const chosen = this.selectedMove(moves);
    const matching = this.selected.length ? moves.filter((move): move is Combo => move !== 'pass' && uses(move, selectedClasses)) : [];
    return html`<div class="controls">
        <button @click=${() => chosen && this.play(chosen)} ?disabled=${!chosen}>Play${chosen ? ` ${formatMove(chosen)}` : ''}</button>
        <button @click=${() => this.play('pass')} ?disabled=${!position.last}>Pass</button>
        ${this.selected.length ? html`<button @click=${() => (this.selected = [])}>Clear</button>` : ''}
      </div>
      ${
        this.selected.length
          ? html`<div class="plays" aria-label="Legal plays with the selected cards">
            ${
              matching.length
                ? html`Legal plays with them: ${matching.slice(0, MAX_LISTED).map((move) => html`<button @click=${() => this.play(move)}>${formatMove(move)}</button>`)}
                  ${matching.length > MAX_LISTED ? html`<span class="hint">and ${matching.length - MAX_LISTED} more: select more cards to narrow them down.</span>` : ''}`
                : html`<span class="hint">No legal play uses these cards${position.last ? ` against ${formatMove(position.last)}` : ''}.</span>`
            }
          </div>`
          : ''
      }`;
  }

  /** The selection as a move, when it is exactly a legal one. */
  private selectedMove(moves: readonly Move[]): Combo | undefined {
    if (this.selected.length === 0) return undefined;
    const combo = classify(this.selected.map(classOf));
    return 'error' in combo || !moves.some((move) => sameMove(move, combo)) ? undefined : combo;
  }

  private toggle(card: number): void {
    this.selected = this.selected.includes(card) ? this.selected.filter((c) => c !== card) : [...this.selected, card];
  }

  protected play(move: Move): void {
    this.selected = [];
    super.play(move);
  }

  private looks(seat: 0 | 1): boolean {
    // A person's own bot is sent its seat's view (src/engines): it cannot look.
    if (isUserBot('cards', this.configs[seat])) return false;
    const config = parseBotConfig(cards.bots, this.configs[seat]);
    const bot = findBot(cards.bots, config.id) as (typeof cards.bots)[number] & { looks?: boolean };
    return !!bot.looks && (config.id !== 'article' || config.params.looks !== 0);
  }

  protected status(): string {
    const outcome = this.session.outcome;
    if (!outcome) return turnStatus(this.session, this.mode, SEATS);
    const left = Math.abs(outcome.margin ?? 0);
    const cardsLeft = `${left} card${left === 1 ? '' : 's'} left`;
    if (this.mode === 'vs-bot' && this.resultIsPersonal)
      return outcome.winner === this.humanSeat ? `You won! The AI had ${cardsLeft}.` : `You lost: the AI won, you had ${cardsLeft}.`;
    return `${SEATS[outcome.winner!]} wins, the other with ${cardsLeft}.`;
  }

  protected botConfigs(): [string, string] {
    return this.configs;
  }

  protected setBotConfig(seat: 0 | 1, config: string): void {
    parseBotConfig([...cards.bots, ...userBotInfos('cards')], config);
    this.configs = seat === 0 ? [config, this.configs[1]] : [this.configs[0], config];
  }

  private setConfig(seat: 0 | 1, config: string): void {
    this.configs = seat === 0 ? [config, this.configs[1]] : [this.configs[0], config];
    this.playersChanged();
  }

  private setDeal(each: number): void {
    this.session.size = each;
    this.newGame();
  }

  /** Online, a deal is a full deal: with every card dealt there is nothing to hide. */
  protected onlineSize(): number {
    return FULL_DEAL;
  }

  protected newGame(): void {
    this.selected = [];
    super.newGame();
  }

  private positionChanged(): void {
    this.selected = this.selected.filter((card) => this.session.position.hands[this.session.position.toMove].includes(card));
    this.saveToUrl();
  }

  /** A deal from a link keeps its size for the next new game. */
  protected openingPosition(position: Position): void {
    this.selected = [];
    const [a, b] = position.hands;
    if (a.length === b.length && 2 * a.length + position.out.length === DECK_SIZE) this.session.size = a.length;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cards-page': CardsPage;
  }
}
