// <tictactoe-board>: the 3x3 board. Cells are buttons labelled for screen readers; arrows move between
// them and Enter or Space plays the focused one. Fires `cell-play` with the cell number 0-8.

import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { EMPTY, winningCells, type Mark } from '../rules';

const NAMES = ['top left', 'top', 'top right', 'left', 'centre', 'right', 'bottom left', 'bottom', 'bottom right'];
const SYMBOL = ['', 'X', 'O'];

@customElement('tictactoe-board')
export class TicTacToeBoard extends LitElement {
  static styles = css`
    .board {
      display: grid;
      grid-template-columns: repeat(3, 6rem);
      grid-template-rows: repeat(3, 6rem);
      gap: 6px;
      background: var(--border);
      padding: 6px;
      border-radius: 10px;
      width: max-content;
    }
    button {
      font: 700 3.2rem/1 system-ui, sans-serif;
      border: none;
      border-radius: 6px;
      background: var(--cell);
      color: var(--text);
      cursor: pointer;
      position: relative;
    }
    button:disabled {
      cursor: default;
    }
    button:focus-visible {
      outline: 3px solid var(--accent);
      outline-offset: -3px;
    }
    .X {
      color: #2563eb;
    }
    .O {
      color: #dc2626;
    }
    .last {
      box-shadow: inset 0 0 0 3px #94a3b8;
    }
    .win {
      background: #bbf7d0;
    }
    .number {
      position: absolute;
      top: 4px;
      left: 6px;
      font-size: 0.75rem;
      font-weight: 400;
      color: var(--muted);
    }
  `;

  @property({ attribute: false }) board: readonly Mark[] = Array(9).fill(EMPTY);
  /** No cell can be played (not a person's turn, or the game is over). */
  @property({ type: Boolean }) locked = false;
  @property({ type: Number }) lastMove = -1;
  private focusCell = 4;

  render() {
    const wins = winningCells(this.board);
    return html`
      <div class="board" role="group" aria-label="Tic-tac-toe board" @keydown=${this.onKeydown}>
        ${this.board.map((mark, cell) => {
          const classes = [SYMBOL[mark], cell === this.lastMove ? 'last' : '', wins.has(cell) ? 'win' : ''].join(' ');
          const state = mark === EMPTY ? 'empty' : SYMBOL[mark];
          return html`<button
            class=${classes}
            data-cell=${cell}
            tabindex=${cell === this.focusCell ? 0 : -1}
            aria-label=${`Cell ${cell + 1}, ${NAMES[cell]}: ${state}`}
            aria-disabled=${String(this.locked || mark !== EMPTY)}
            @click=${() => this.playCell(cell)}
            @focus=${() => (this.focusCell = cell)}
          ><span class="number" aria-hidden="true">${cell + 1}</span>${SYMBOL[mark]}</button>`;
        })}
      </div>
    `;
  }

  private playCell(cell: number): void {
    if (this.locked || this.board[cell] !== EMPTY) return;
    this.dispatchEvent(new CustomEvent('cell-play', { detail: cell, bubbles: true, composed: true }));
  }

  private onKeydown(event: KeyboardEvent): void {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 };
    if (!(event.key in step)) return;
    event.preventDefault();
    const row = Math.floor(this.focusCell / 3);
    const column = this.focusCell % 3;
    const delta = step[event.key];
    const next = Math.abs(delta) === 1 ? row * 3 + ((column + delta + 3) % 3) : (this.focusCell + delta + 9) % 9;
    this.focusCell = next;
    this.requestUpdate();
    this.renderRoot.querySelector<HTMLButtonElement>(`[data-cell="${next}"]`)?.focus();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tictactoe-board': TicTacToeBoard;
  }
}
