// The tic-tac-toe page: a person against the AI (either mark), two AIs (watch, step or run) or two people;
// AI levels from random to perfect; undo, new game; the search chart beside the board. The position and the
// seed live in the URL: #/tictactoe?pos=X...O....&seed=7

import { html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { GamePage } from '../../../ui/game-page';
import { LevelChoice } from '../../../ui/level-choice';
import { userBotInfos, userBotLevels } from '../../../ui/my-bots/user-bots';
import { GameSession } from '../../../ui/game-session';
import { chartEntries, currentEntry, modeSelect, sessionControls } from '../../../ui/session-controls';
import { pageStyles } from '../../../ui/styles';
import '../../../ui/search-chart';
import { tictactoe } from '..';
import { EMPTY, type Position } from '../rules';
import './tictactoe-board';

const SEATS = ['X', 'O'] as const;
const levels = tictactoe.levels;

@customElement('tictactoe-page')
export class TicTacToePage extends GamePage<Position, number> {
  static styles = pageStyles;

  /** Level index of the bot on each seat (in You vs AI, the AI's is that of the seat the person does not play). */
  private readonly levelChoice = new LevelChoice(
    this,
    levels,
    () => this.playersChanged(),
    () => userBotLevels('tictactoe'),
    () => [...tictactoe.bots, ...userBotInfos('tictactoe')],
  );
  protected readonly session = new GameSession<Position, number>(this, tictactoe, this.players(), () => this.saveToUrl());
  render() {
    const session = this.session;
    const position = session.position;
    const previous = session.positions.at(-2);
    const lastMove = previous ? position.board.findIndex((mark, cell) => mark !== previous.board[cell]) : -1;
    return html`
      <h1>Tic-tac-toe</h1>
      <div class="layout">
        <section class="panel game" aria-label="Game">
          <div class="controls">
            ${modeSelect(this.mode, (mode) => this.setMode(mode))}
            ${
              this.mode === 'vs-bot'
                ? html`${this.seatSelect(SEATS)}
                  ${this.levelChoice.select(this.humanSeat === 0 ? 1 : 0, 'AI level')}`
                : this.mode === 'bots'
                  ? html`${this.levelChoice.select(0, 'X level')} ${this.levelChoice.select(1, 'O level')}`
                  : ''
            }
          </div>
          <tictactoe-board
            .board=${position.board}
            .lastMove=${lastMove}
            ?locked=${!session.humanToMove}
            @cell-play=${(e: CustomEvent<number>) => session.play(e.detail)}
          ></tictactoe-board>
          <p class="status" role="status" aria-live="polite">${this.status()}</p>
          ${session.error || this.linkError ? html`<p class="error" role="alert">${session.error || this.linkError}</p>` : ''}
          ${this.endBanner(this.status(), SEATS)}
          ${sessionControls(session, { newGame: () => this.newGame(), setSeed: (text) => this.setSeed(text) })}
          ${this.movesPanel(SEATS)}
          <p class="hint">Keys: 1-9 play a cell (1 top left, 9 bottom right); arrows move between cells, Enter plays.</p>
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

  protected botConfigs(): [string, string] {
    return this.levelChoice.configs();
  }

  protected setBotConfig(seat: 0 | 1, config: string): void {
    this.levelChoice.setConfig(seat, config);
  }

  /** Digits 1-9 play a free cell, 1 top left. */
  protected keyMove(key: string): number | undefined {
    const cell = /^[1-9]$/.test(key) ? Number(key) - 1 : -1;
    return cell >= 0 && this.session.position.board[cell] === EMPTY ? cell : undefined;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tictactoe-page': TicTacToePage;
  }
}
