// <puzzle15-board>: the board, 4x4 or 5x5 (its tiles smaller, so that it keeps its size). Tiles keep their element from move to move (keyed by number), so they
// slide to their new cell. Clicking a tile in line with the blank slides the whole segment; arrow keys move
// the tile that can move that way (← moves a tile left: the blank goes right). Fires `blank-moves` with the
// blank's moves (U, D, L, R) to make.

import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { sizeOf, slideTile, type Direction, type Position } from '../rules';

/** Arrow key to the blank's move: the tile moves the way of the arrow, the blank the other way. */
const ARROWS: Readonly<Record<string, Direction>> = { ArrowLeft: 'R', ArrowRight: 'L', ArrowUp: 'D', ArrowDown: 'U' };

@customElement('puzzle15-board')
export class Puzzle15Board extends LitElement {
  static styles = css`
    .board {
      --tile: 4.6rem;
      position: relative;
      width: calc(var(--size) * var(--tile) + (var(--size) + 1) * 6px);
      height: calc(var(--size) * var(--tile) + (var(--size) + 1) * 6px);
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
      width: var(--tile);
      height: var(--tile);
      border: none;
      border-radius: 8px;
      background: #f8fafc;
      color: #0f172a;
      font: 700 calc(var(--tile) * 0.35) / 1 system-ui, sans-serif;
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
    const size = sizeOf(tiles);
    const placed = tiles.map((tile, cell) => ({ tile, cell })).filter(({ tile }) => tile !== 0);
    // A 5x5 board's tiles are smaller: the board keeps about the 4x4's size.
    const tileSize = size === 4 ? '4.6rem' : '3.6rem';
    return html`<div class="board" role="group" aria-label=${`${size * size - 1}-puzzle: click a tile in line with the blank, or use the arrow keys`} tabindex="0"
        style="--slide-ms: ${this.slideMs}ms; --size: ${size}; --tile: ${tileSize}" @keydown=${this.onKeydown}>
      ${repeat(
        placed,
        ({ tile }) => tile,
        ({ tile, cell }) => {
          const offset = (k: number) => `calc(6px + ${k} * (var(--tile) + 6px))`;
          return html`<button class="tile ${tile === cell + 1 ? 'home' : ''}" style="transform: translate(${offset(cell % size)}, ${offset(Math.floor(cell / size))})"
          data-tile=${tile} aria-label=${`Tile ${tile}, row ${Math.floor(cell / size) + 1}, column ${(cell % size) + 1}`} ?disabled=${this.locked}
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
