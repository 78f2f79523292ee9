// <connect4-board>: the 7x6 board. A marker over the column the pointer or the keyboard is on (the article's
// arrow), the last stone falling into place, the winning four outlined, and on request each column's score
// under perfect play, coloured win / draw / loss with the moves to the end, as on Pascal Pons' site.
// Keys: left and right move the marker, Enter or Space drops, digits 1-7 drop in that column.
// Fires `column-play` with the column (0-6), also for a full column: the page says why it cannot be played.

import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { HEIGHT, WIDTH, type Position } from '../rules';

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
  const { board } = position;
  for (let column = 0; column < WIDTH; column++) {
    for (let row = 0; row < HEIGHT; row++) {
      const stone = board[column][row];
      if (!stone) continue;
      for (const [dc, dr] of LINES) {
        const line = [0, 1, 2, 3].map((k) => [column + k * dc, row + k * dr]);
        if (line.every(([c, r]) => c >= 0 && c < WIDTH && r >= 0 && r < HEIGHT && board[c][r] === stone)) for (const [c, r] of line) cells.add(`${c},${r}`);
      }
    }
  }
  return cells;
}

/** Words for a column's score (Pons' convention) for the side to move with `stones` of its own on the board. */
export function scoreWords(score: number, movesPlayed: number): string {
  if (score === 0) return 'draw';
  const mine = Math.floor(movesPlayed / 2);
  // A win with the k-th own stone scores 22 - k; a loss to the opponent's k-th stone scores k - 22.
  if (score > 0) return `win in ${22 - score - mine}`;
  const theirs = Math.ceil(movesPlayed / 2);
  return `loss in ${22 + score - theirs}`;
}

@customElement('connect4-board')
export class Connect4Board extends LitElement {
  static styles = css`
    :host {
      /* A hole's size: 3.2rem, less on a narrow screen so that the seven columns fit (a phone's 390 px). */
      --hole: min(3.2rem, calc((100vw - 7rem) / 7));
    }
    .wrap {
      width: max-content;
    }
    .markers,
    .scores {
      display: grid;
      grid-template-columns: repeat(7, var(--hole));
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
      grid-template-columns: repeat(7, var(--hole));
      grid-template-rows: repeat(6, var(--hole));
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
    .score-win {
      color: #15803d;
      font-weight: 700;
    }
    .score-draw {
      color: #475569;
      font-weight: 700;
    }
    .score-loss {
      color: #b91c1c;
      font-weight: 700;
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
  @state() private hover = 3;

  render() {
    const { board, moves } = this.position;
    const wins = winningCells(this.position);
    const last = moves.length ? Number(moves.at(-1)) - 1 : -1;
    const lastRow = last >= 0 ? board[last].filter(Boolean).length - 1 : -1;
    return html`<div class="wrap">
      <div class="markers" aria-hidden="true">
        ${[...Array(WIDTH).keys()].map((column) => html`<span class="marker ${this.interactive && column === this.hover ? 'on' : ''}">▼</span>`)}
      </div>
      <div class="board" role="grid" aria-label="Connect 4 board: columns 1 to 7, keys 1-7 or arrows and Enter" tabindex="0"
        @keydown=${this.onKeydown}>
        ${[...Array(HEIGHT).keys()].reverse().flatMap((row) =>
          [...Array(WIDTH).keys()].map((column) => {
            const stone = board[column][row];
            const falling = column === last && row === lastRow;
            const style = falling ? `--fall-from: ${-(HEIGHT - row) * 3.6}rem; --fall-ms: ${120 + 45 * (HEIGHT - row)}ms` : '';
            return html`<button class="hole" role="gridcell" tabindex="-1" data-column=${column} data-row=${row}
              aria-label=${`Column ${column + 1}, row ${row + 1}: ${stone ? STONE_NAMES[stone] : 'empty'}`}
              @mouseenter=${() => (this.hover = column)} @click=${() => this.drop(column)}>
              ${stone ? html`<span class="stone ${STONE_NAMES[stone]} ${wins.has(`${column},${row}`) ? 'win' : ''} ${falling ? 'falling' : ''}" style=${style}></span>` : nothing}
            </button>`;
          }),
        )}
      </div>
      ${
        this.scores
          ? html`<div class="scores" aria-label="Score of each column">
            ${this.scores.map((score, column) =>
              score === undefined
                ? html`<span class="pending" aria-label=${`column ${column + 1}: being solved`}>…</span>`
                : score === null
                  ? html`<span aria-label=${`column ${column + 1}: full`}>–</span>`
                  : html`<span class=${score > 0 ? 'score-win' : score < 0 ? 'score-loss' : 'score-draw'} aria-label=${`column ${column + 1}: ${score}, ${scoreWords(score, moves.length)}`}>
                    ${score > 0 ? '+' : ''}${score}<span class="words">${scoreWords(score, moves.length)}</span></span>`,
            )}
          </div>`
          : nothing
      }
    </div>`;
  }

  private drop(column: number): void {
    if (!this.interactive) return;
    this.hover = column;
    this.dispatchEvent(new CustomEvent('column-play', { detail: column, bubbles: true, composed: true }));
  }

  private onKeydown(event: KeyboardEvent): void {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      this.hover = (this.hover + (event.key === 'ArrowLeft' ? WIDTH - 1 : 1)) % WIDTH;
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.drop(this.hover);
    } else if (/^[1-7]$/.test(event.key)) {
      event.preventDefault();
      this.drop(Number(event.key) - 1);
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'connect4-board': Connect4Board;
  }
}
