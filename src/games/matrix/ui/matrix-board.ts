// <matrix-board>: the N x N values, the active line highlighted, taken cells in their taker's colour, the last
// move marked, and on request each playable cell's value under perfect play. Playable cells are buttons
// labelled for screen readers, one Tab stop for the board (a roving tabindex): arrows move along the line, Enter
// takes a cell, and the focus stays on the board after a move. Fires `cell-play` with the index of the cell in
// the line.

import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { cellOf, cellOwners, lastCell, legalMoves, seatToMove, type Position } from '../rules';

const SEAT_CLASS = ['rows', 'columns'];

@customElement('matrix-board')
export class MatrixBoard extends LitElement {
  static styles = css`
    .board {
      display: grid;
      gap: 4px;
      width: max-content;
      padding: 6px;
      border-radius: 10px;
      background: var(--border);
    }
    .cell {
      width: 2.8rem;
      height: 2.8rem;
      display: grid;
      place-items: center;
      position: relative;
      border: none;
      border-radius: 6px;
      font: 600 1.05rem/1 system-ui, sans-serif;
      background: var(--cell);
      color: var(--text);
      transition: background-color 180ms ease, transform 180ms ease, opacity 180ms ease;
    }
    .active {
      background: #fef3c7;
    }
    button.cell {
      cursor: pointer;
    }
    button.cell:hover,
    button.cell:focus-visible {
      background: #fde68a;
      outline: 2px solid var(--accent);
      outline-offset: -2px;
    }
    /* Taken: tinted in the taker's colour and marked with its initial; the value stays readable (4.5:1 or more). */
    .taken {
      color: #334155;
    }
    .taken.rows {
      background: #bfdbfe;
    }
    .taken.columns {
      background: #fecaca;
    }
    /* Not by colour alone: a taken cell names its taker, R (rows) or C (columns), in its corner. */
    .taken::before {
      position: absolute;
      top: 1px;
      left: 3px;
      font-size: 0.62rem;
      font-weight: 700;
    }
    .taken.rows::before {
      content: 'R';
    }
    .taken.columns::before {
      content: 'C';
    }
    .last {
      opacity: 1;
      box-shadow: inset 0 0 0 3px #334155;
      animation: pop 220ms ease;
    }
    @keyframes pop {
      from {
        transform: scale(1.25);
      }
      to {
        transform: scale(1);
      }
    }
    .value {
      position: absolute;
      bottom: 1px;
      right: 3px;
      font-size: 0.68rem;
      font-weight: 700;
    }
    .best {
      color: #15803d;
    }
    .worse {
      color: #b91c1c;
    }
  `;

  @property({ attribute: false }) position!: Position;
  /** A person may take a cell now. */
  @property({ type: Boolean }) interactive = false;
  /** Each playable cell's value for the mover (by index in the line), shown when set. */
  @property({ attribute: false }) values: readonly (number | null)[] | null = null;
  /** The cell of the line (its index) that holds the board's Tab stop. */
  @state() private focusK = -1;
  /** Whether the focus was on the board before an update: it stays there (on a cell, or the board itself). */
  private hadFocus = false;

  willUpdate(): void {
    this.hadFocus = !!this.shadowRoot?.activeElement;
  }

  updated(): void {
    const active = this.shadowRoot?.activeElement;
    // Kept only when the focus was on the board and is now nowhere, or on the board itself waiting for a cell.
    if (!this.hadFocus || (active && !active.classList.contains('board'))) return;
    const target = this.renderRoot.querySelector<HTMLElement>('button.cell[tabindex="0"]') ?? this.renderRoot.querySelector<HTMLElement>('.board');
    if (target !== active) target?.focus();
  }

  render() {
    const position = this.position;
    const { size } = position;
    const owners = cellOwners(position);
    const last = lastCell(position);
    const seat = seatToMove(position);
    const playable = new Set(legalMoves(position).map((k) => cellOf(position, k)));
    const best = this.values ? Math.max(...this.values.filter((v): v is number => v !== null)) : 0;
    const moves = legalMoves(position);
    const stop = moves.includes(this.focusK) ? this.focusK : moves[0];
    return html`<div class="board" role="group" aria-label="Board" tabindex="-1" style="grid-template-columns: repeat(${size}, auto)" @keydown=${this.onKeydown}>
      ${position.values.map((value, cell) => {
        const row = Math.floor(cell / size);
        const column = cell % size;
        const inLine = seat === 0 ? row === position.line : column === position.line;
        const owner = owners[cell];
        const classes = ['cell', inLine ? 'active' : '', owner !== null ? `taken ${SEAT_CLASS[owner]}` : '', cell === last ? 'last' : ''].join(' ');
        const k = seat === 0 ? column : row;
        const shown = inLine && playable.has(cell) ? this.values?.[k] : undefined;
        const badge =
          shown === undefined || shown === null ? '' : html`<span class="value ${shown === best ? 'best' : 'worse'}">${shown > 0 ? '+' : ''}${shown}</span>`;
        const label = `Row ${row + 1}, column ${column + 1}: ${value}${owner !== null ? `, taken by ${SEAT_CLASS[owner]}` : ''}${badge ? `; worth ${shown} under perfect play` : ''}`;
        if (this.interactive && playable.has(cell)) {
          return html`<button class=${classes} data-cell=${cell} data-k=${k} tabindex=${k === stop ? 0 : -1} aria-label=${label}
            @click=${() => this.play(k)} @focus=${() => (this.focusK = k)}>${value}${badge}</button>`;
        }
        return html`<div class=${classes} role="img" data-cell=${cell} aria-label=${label}>${value}${badge}</div>`;
      })}
    </div>`;
  }

  private play(k: number): void {
    this.dispatchEvent(new CustomEvent('cell-play', { detail: k, bubbles: true, composed: true }));
  }

  /** Arrows move the focus along the playable cells of the line. */
  private onKeydown(event: KeyboardEvent): void {
    const forward = event.key === 'ArrowRight' || event.key === 'ArrowDown';
    if (!forward && event.key !== 'ArrowLeft' && event.key !== 'ArrowUp') return;
    const buttons = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('button.cell')];
    if (buttons.length === 0) return;
    event.preventDefault();
    const current = buttons.indexOf(this.renderRoot.querySelector('button.cell:focus') as HTMLButtonElement);
    const next = current < 0 ? 0 : (current + (forward ? 1 : -1) + buttons.length) % buttons.length;
    this.focusK = Number(buttons[next].dataset.k);
    buttons[next].focus();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'matrix-board': MatrixBoard;
  }
}
