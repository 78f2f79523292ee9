// <puzzle15-board>: the 4x4 board. Tiles keep their element from move to move (keyed by number), so they
// slide to their new cell. Clicking a tile in line with the blank slides the whole segment; arrow keys move
// the tile that can move that way (← moves a tile left: the blank goes right). Fires `blank-moves` with the
// blank's moves (U, D, L, R) to make.

import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { slideTile, SIZE, type Direction, type Position } from '../rules';

/** Arrow key to the blank's move: the tile moves the way of the arrow, the blank the other way. */
const ARROWS: Readonly<Record<string, Direction>> = { ArrowLeft: 'R', ArrowRight: 'L', ArrowUp: 'D', ArrowDown: 'U' };

@customElement('puzzle15-board')
export class Puzzle15Board extends LitElement {
  static styles = css`
    .board {
      position: relative;
      width: calc(4 * 4.6rem + 5 * 6px);
      height: calc(4 * 4.6rem + 5 * 6px);
      background: #334155;
      border-radius: 10px;
      outline: none;
    }
    .board:focus-visible {
      box-shadow: 0 0 0 3px var(--accent);
    }
    .tile {
      position: absolute;
      top: 0;
      left: 0;
      width: 4.6rem;
      height: 4.6rem;
      border: none;
      border-radius: 8px;
      background: #f8fafc;
      color: #0f172a;
      font: 700 1.6rem/1 system-ui, sans-serif;
      cursor: pointer;
      transition: transform var(--slide-ms, 120ms) ease-out;
    }
    .tile.home {
      background: #dcfce7;
    }
    .tile:disabled {
      cursor: default;
    }
  `;

  @property({ attribute: false }) position!: Position;
  @property({ type: Boolean }) locked = false;
  /** How long a tile takes to slide (playback may go faster). */
  @property({ type: Number }) slideMs = 120;

  render() {
    const { tiles } = this.position;
    const placed = tiles.map((tile, cell) => ({ tile, cell })).filter(({ tile }) => tile !== 0);
    return html`<div class="board" role="grid" aria-label="15-puzzle: click a tile in line with the blank, or use the arrow keys" tabindex="0"
        style="--slide-ms: ${this.slideMs}ms" @keydown=${this.onKeydown}>
      ${repeat(
        placed,
        ({ tile }) => tile,
        ({ tile, cell }) => {
          const offset = (k: number) => `calc(6px + ${k} * (4.6rem + 6px))`;
          return html`<button class="tile ${tile === cell + 1 ? 'home' : ''}" role="gridcell" style="transform: translate(${offset(cell % SIZE)}, ${offset(Math.floor(cell / SIZE))})"
          data-tile=${tile} aria-label=${`Tile ${tile}, row ${Math.floor(cell / SIZE) + 1}, column ${(cell % SIZE) + 1}`} ?disabled=${this.locked}
          @click=${() => this.slide(cell)}>${tile}</button>`;
        },
      )}
    </div>`;
  }

  private slide(cell: number): void {
    const moves = slideTile(this.position, cell);
    if (moves.length > 0) this.emit(moves);
  }

  private onKeydown(event: KeyboardEvent): void {
    const direction = ARROWS[event.key];
    if (!direction || this.locked) return;
    event.preventDefault();
    this.emit([direction]);
  }

  private emit(moves: Direction[]): void {
    this.dispatchEvent(new CustomEvent('blank-moves', { detail: moves, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'puzzle15-board': Puzzle15Board;
  }
}
