// <connect4-board>: the board, of the position's size. A marker over the column the pointer or the keyboard is
// on (the article's arrow) and a faint stone where a drop there would land, the last stone falling into place, the
// winning four outlined, and on request each column's score under perfect play (a button that plays the column),
// in words as well as colour (blue win, grey draw, orange loss: told apart without red and green), as on Pascal
// Pons' site. Keys: left and right move the marker, Enter or Space drops, a column's symbol (1-9, a-c) drops in
// that column. Fires `column-play` with the column (0-based), also for a full column: the page says why it cannot
// be played. While `editing`, a click on a cell fires `cell-edit` with its column and row instead.

import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { cells, type Position } from '../rules';
import { columnRange, columnSymbol, symbolColumn } from '../sizes';

const STONE_NAMES = ['', 'red', 'yellow'];
const LINES = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

/** The cells of every four in a row on the board, as `column,row`. */
function winningCells(position: Position): Set<string> {
  const cells = new Set<string>();
  const { board, width, height } = position;
  for (let column = 0; column < width; column++) {
    for (let row = 0; row < height; row++) {
      const stone = board[column][row];
      if (!stone) continue;
      for (const [dc, dr] of LINES) {
        const line = [0, 1, 2, 3].map((k) => [column + k * dc, row + k * dr]);
        if (line.every(([c, r]) => c >= 0 && c < width && r >= 0 && r < height && board[c][r] === stone)) for (const [c, r] of line) cells.add(`${c},${r}`);
      }
    }
  }
  return cells;
}

function scoreClass(score: number): string {
  return score > 0 ? 'score-win' : score < 0 ? 'score-loss' : 'score-draw';
}

/**
 * Words for a column's score (Pons' convention) for the side to move, `movesPlayed` stones on a board of `cells`:
 * how many more stones the winner plays, its last one making four.
 */
export function scoreWords(score: number, movesPlayed: number, boardCells: number): string {
  if (score === 0) return 'draw';
  // The winner's k-th stone is stone 2k - 1 (first player) or 2k of the game, and a win by stone p scores
  // (cells + 2 - p) / 2 rounded down: 22 - k on 7x6.
  const firstToMove = movesPlayed % 2 === 0;
  const winnerFirst = score > 0 ? firstToMove : !firstToMove;
  const k = Math.floor((boardCells + (winnerFirst ? 3 : 2)) / 2) - Math.abs(score);
  const winnerStones = winnerFirst ? Math.ceil(movesPlayed / 2) : Math.floor(movesPlayed / 2);
  return `${score > 0 ? 'win' : 'loss'} in ${k - winnerStones}`;
}

@customElement('connect4-board')
export class Connect4Board extends LitElement {
  static styles = css`
    :host {
      /* A hole's size: 3.2rem, less for a wide or tall board and on a narrow or short screen, so that the board
         fits its panel (a phone's 390 px). */
      --columns: 7;
      --rows: 6;
      --hole: min(3.2rem, calc(24rem / var(--columns)), calc((100vw - 7rem) / var(--columns)), calc((100vh - 18rem) / var(--rows)));
    }
    .wrap {
      width: max-content;
    }
    .markers,
    .scores {
      display: grid;
      grid-template-columns: repeat(var(--columns), var(--hole));
      gap: 6px;
      padding: 0 8px;
      height: 1.6rem;
      align-items: center;
      text-align: center;
    }
    .scores {
      height: auto;
      min-height: 2.6rem;
      font-size: 0.8rem;
      line-height: 1.1;
    }
    .marker {
      color: var(--accent);
      font-size: 1.2rem;
      visibility: hidden;
    }
    .marker.on {
      visibility: visible;
    }
    .board {
      display: grid;
      grid-template-columns: repeat(var(--columns), var(--hole));
      grid-template-rows: repeat(var(--rows), var(--hole));
      gap: 6px;
      padding: 8px;
      background: #1d4ed8;
      border-radius: 12px;
      outline: none;
    }
    .board:focus-visible {
      box-shadow: 0 0 0 3px var(--accent);
    }
    .hole {
      border-radius: 50%;
      background: var(--cell);
      position: relative;
      cursor: pointer;
      border: none;
      padding: 0;
    }
    .stone {
      position: absolute;
      inset: 3px;
      border-radius: 50%;
    }
    .red {
      background: #dc2626;
    }
    .yellow {
      background: #facc15;
    }
    /* Not by colour alone: a yellow stone has a ring, a red one none. */
    .stone.yellow::after {
      content: '';
      position: absolute;
      inset: 22%;
      border-radius: 50%;
      border: 3px solid #a16207;
    }
    .win {
      box-shadow: 0 0 0 4px #fff, 0 0 0 6px #0f172a;
    }
    .falling {
      animation: fall var(--fall-ms) cubic-bezier(0.5, 0, 1, 1);
    }
    @keyframes fall {
      from {
        transform: translateY(var(--fall-from));
      }
      to {
        transform: translateY(0);
      }
    }
    .scores > * {
      font: inherit;
      background: none;
      border: none;
      padding: 0;
      border-radius: 4px;
    }
    .scores > button {
      cursor: pointer;
    }
    .scores > button:hover,
    .scores > button:focus-visible {
      background: var(--cell);
    }
    .score-win {
      color: #005b96;
      font-weight: 700;
    }
    .score-draw {
      color: #475569;
      font-weight: 700;
    }
    .score-loss {
      color: #9a3412;
      font-weight: 700;
    }
    .estimate {
      color: #475569;
      font-style: italic;
    }
    .stone.ghost {
      opacity: 0.35;
    }
    .words {
      display: block;
      font-weight: 400;
      color: var(--muted);
    }
  `;

  @property({ attribute: false }) position!: Position;
  /** A person may drop a stone now. */
  @property({ type: Boolean }) interactive = false;
  /** Each column's score for the side to move (null: full), shown when set. */
  /** Each column's score for the side to move: null for a full column, undefined while it is being solved. */
  @property({ attribute: false }) scores: readonly (number | null | undefined)[] | null = null;
  /** For a column still being solved, its latest estimate, shown in place of the score until the score comes. */
  @property({ attribute: false }) estimates: readonly (ColumnEstimate | undefined)[] = [];
  /** Cells are set by hand: a click fires `cell-edit`. */
  @property({ type: Boolean }) editing = false;
  @state() private hover = 3;
  /** The pointer is over the board, or the board has the keyboard's focus: the landing cell is previewed. */
  @state() private aiming = false;

  protected willUpdate(): void {
    this.style.setProperty('--columns', String(this.position.width));
    this.style.setProperty('--rows', String(this.position.height));
    if (this.hover >= this.position.width) this.hover = Math.floor((this.position.width - 1) / 2);
  }

  render() {
    const { board, moves, width, height } = this.position;
    const wins = winningCells(this.position);
    const last = moves.length ? symbolColumn(moves.at(-1)!) : -1;
    const lastRow = last >= 0 ? board[last].filter(Boolean).length - 1 : -1;
    const columns = [...Array(width).keys()];
    const range = columnRange(width);
    const aimed = this.interactive && !this.editing && this.aiming ? this.hover : -1;
    const landing = aimed >= 0 ? board[aimed].indexOf(0) : -1;
    const mover = STONE_NAMES[(moves.length % 2) + 1];
    return html`<div class="wrap">
      <div class="markers" aria-hidden="true">
        ${columns.map((column) => html`<span class="marker ${this.interactive && !this.editing && column === this.hover ? 'on' : ''}">▼</span>`)}
      </div>
      <div class="board" role="group" aria-label=${`Connect 4 board, ${width} by ${height}: columns ${range}, keys ${range} or arrows and Enter`} tabindex="0"
        @keydown=${this.onKeydown} @mouseenter=${() => (this.aiming = true)} @mouseleave=${() => (this.aiming = false)}
        @focusin=${() => (this.aiming = true)} @focusout=${() => (this.aiming = false)}>
        ${[...Array(height).keys()].reverse().flatMap((row) =>
          columns.map((column) => {
            const stone = board[column][row];
            const falling = column === last && row === lastRow;
            const style = falling ? `--fall-from: ${-(height - row) * 3.6}rem; --fall-ms: ${120 + 45 * (height - row)}ms` : '';
            return html`<button class="hole" tabindex="-1" data-column=${column} data-row=${row}
              aria-label=${`Column ${columnSymbol(column)}, row ${row + 1}: ${stone ? STONE_NAMES[stone] : 'empty'}`}
              @mouseenter=${() => (this.hover = column)} @click=${() => (this.editing ? this.edit(column, row) : this.drop(column))}>
              ${stone ? html`<span class="stone ${STONE_NAMES[stone]} ${wins.has(`${column},${row}`) ? 'win' : ''} ${falling ? 'falling' : ''}" style=${style}></span>` : nothing}
              ${!stone && column === aimed && row === landing ? html`<span class="stone ghost ${mover}" aria-hidden="true"></span>` : nothing}
            </button>`;
          }),
        )}
      </div>
      ${
        this.scores
          ? html`<div class="scores" aria-label="Score of each column">
            ${this.scores.map((score, column) => this.scoreView(score, column))}
          </div>`
          : nothing
      }
    </div>`;
  }

  /** A column's score under it: a button that plays the column while a person may, its words said and shown. */
  private scoreView(score: number | null | undefined, column: number) {
    const name = `column ${columnSymbol(column)}`;
    if (score === undefined) {
      const estimate = this.estimates[column];
      if (!estimate) return html`<span class="pending" aria-label=${`${name}: being solved`}>…</span>`;
      // An estimate: a proven win or loss (its exact score still to come), or the search's own points.
      const words = estimate.proven ? (estimate.score > 0 ? 'wins' : 'loses') : `${estimate.score > 0 ? '+' : ''}${estimate.score}`;
      const said = `${name}: being solved; estimated ${estimate.proven ? `to ${words}` : `at ${words} points`} by a search ${estimate.depth} plies deep`;
      return html`<span class="estimate" aria-label=${said} title=${said}>≈ ${words}<span class="words">${estimate.depth} plies</span></span>`;
    }
    if (score === null) return html`<span aria-label=${`${name}: full`}>–</span>`;
    const words = scoreWords(score, this.position.moves.length, cells(this.position));
    const shown = html`${score > 0 ? '+' : ''}${score}<span class="words">${words}</span>`;
    if (!this.interactive || this.editing) return html`<span class=${scoreClass(score)} aria-label=${`${name}: ${score}, ${words}`}>${shown}</span>`;
    return html`<button class=${scoreClass(score)} aria-label=${`${name}: ${score}, ${words}; play it`}
      @click=${() => this.drop(column)} @mouseenter=${() => (this.hover = column)}>${shown}</button>`;
  }

  private edit(column: number, row: number): void {
    this.dispatchEvent(new CustomEvent('cell-edit', { detail: { column, row }, bubbles: true, composed: true }));
  }

  private drop(column: number): void {
    if (!this.interactive || this.editing) return;
    this.hover = column;
    this.dispatchEvent(new CustomEvent('column-play', { detail: column, bubbles: true, composed: true }));
  }

  private onKeydown(event: KeyboardEvent): void {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const width = this.position.width;
      this.hover = (this.hover + (event.key === 'ArrowLeft' ? width - 1 : 1)) % width;
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.drop(this.hover);
    } else {
      const column = symbolColumn(event.key);
      if (column >= 0 && column < this.position.width) {
        event.preventDefault();
        this.drop(column);
      }
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'connect4-board': Connect4Board;
  }
}

/** A column's estimate while it is being solved: the search's value for the side to move, and how deep it looked. */
export interface ColumnEstimate {
  readonly score: number;
  readonly depth: number;
  /** A win or a loss it proved (the exact score still to come). */
  readonly proven: boolean;
}
