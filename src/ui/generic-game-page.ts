// The page of a game that has none of its own (a game of rules alone, defineGame's generic page entry): the
// position in its notation, its legal moves as buttons (in the game's words for people), the modes, seats and
// bots of every game page, the move list and its record, the end banner and the search chart. One element per
// game, `<route>-page`, defined when the app's pages are listed.

import { isSolitaire } from '../contracts/powers';
import { html } from 'lit';
import { state } from 'lit/decorators.js';
import { parseBotConfig } from '../contracts/bot-config';
import { type AnyGame, moveLabel } from '../contracts/game';
import './bot-picker';
import { GamePage } from './game-page';
import { GameSession, type Player } from './game-session';
import { userBotInfos } from './my-bots/user-bots';
import './search-chart';
import { chartEntries, currentEntry, MODES, modeSelect, sessionControls } from './session-controls';
import { pageStyles } from './styles';

/** The legal moves shown as buttons at most (a game with more lists the first ones and says how many are left). */
const MAX_BUTTONS = 200;

/** Defines `<tag>` as the generic page of `game` (once). */
export function defineGenericPage(game: AnyGame, tag: string): void {
  if (customElements.get(tag)) return;
  customElements.define(tag, genericPageOf(game));
}

function genericPageOf(game: AnyGame) {
  const seats = game.rules.seats;
  const bots = () => [...game.bots, ...userBotInfos(game.rules.id)];
  // The strongest of its levels plays by default.
  const strongest = game.levels.at(-1)!.config;

  class GenericGamePage extends GamePage<unknown, unknown> {
    static styles = pageStyles;

    @state() private configs: [string, string] = [strongest, strongest];
    /** A puzzle for one has no modes, seats or bots: the person plays it alone. */
    protected readonly twoPlayers = !isSolitaire(game);
    protected readonly session = new GameSession<unknown, unknown>(this, game, this.players(), () => this.saveToUrl());

    render() {
      const session = this.session;
      const { rules } = game;
      const moves = session.humanToMove ? rules.legalMoves(session.position) : [];
      return html`
        <h1>${rules.title}</h1>
        <div class="layout">
          <section class="panel game" aria-label="Game">
            ${
              this.twoPlayers
                ? html`<div class="controls">
                  ${modeSelect(this.mode, (mode) => this.setMode(mode), game.online ? MODES : MODES.filter((mode) => mode.id !== 'online'))}
                  ${this.mode === 'vs-bot' ? this.seatSelect(seats) : ''}
                </div>`
                : ''
            }
            ${([0, 1] as const)
              .filter((s) => this.twoPlayers && (this.mode === 'bots' || (this.mode === 'vs-bot' && s !== this.humanSeat)))
              .map(
                (s) => html`<div class="controls"><bot-picker .bots=${bots()} .value=${this.configs[s]} label=${`${seats[s]} bot`}
                  @change=${(e: CustomEvent<string>) => this.setConfig(s, e.detail)}></bot-picker></div>`,
              )}
            <p>Position: <code aria-label="The position in the game's notation">${rules.format(session.position)}</code></p>
            ${
              moves.length > 0
                ? html`<div class="controls" role="group" aria-label="Legal moves">
                    ${moves.slice(0, MAX_BUTTONS).map((move) => html`<button @click=${() => this.play(move)}>${moveLabel(rules, move)}</button>`)}
                    ${moves.length > MAX_BUTTONS ? html`<span class="hint">and ${moves.length - MAX_BUTTONS} more</span>` : ''}
                  </div>`
                : ''
            }
            <p class="status" role="status" aria-live="polite">${this.status()}</p>
            ${session.error || this.linkError ? html`<p class="error" role="alert">${session.error || this.linkError}</p>` : ''}
            ${this.endBanner(this.status(), seats)}
            ${sessionControls(session, { newGame: () => this.newGame(), setSeed: (text) => this.setSeed(text) })}
            ${this.movesPanel(seats)}
            <p class="hint">${rules.title} has no page of its own: its position is shown in its notation, and each legal move is a button.</p>
          </section>
          ${
            this.mode === 'online'
              ? ''
              : html`<section class="panel" aria-label="Search">
                <search-chart .entries=${chartEntries(session, seats)} .current=${currentEntry(session)}></search-chart>
              </section>`
          }
        </div>
      `;
    }

    protected players(): [Player, Player] {
      return this.twoPlayers ? super.players() : [{ kind: 'human' }, { kind: 'human' }];
    }

    protected botConfigs(): [string, string] {
      return this.configs;
    }

    protected setBotConfig(seat: 0 | 1, config: string): void {
      parseBotConfig(bots(), config);
      this.configs = seat === 0 ? [config, this.configs[1]] : [this.configs[0], config];
    }

    private setConfig(seat: 0 | 1, config: string): void {
      this.setBotConfig(seat, config);
      this.playersChanged();
    }
  }
  return GenericGamePage;
}
