// One card drawn with CSS: rank and suit sign in the corner and the middle, red for hearts and diamonds and
// the red joker; a face-down card is a patterned back. No images.

import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { cardName, GREY_JOKER, RANKS, RED_JOKER } from '../cards';

const SIGNS = ['♥', '♦', '♠', '♣'];

export function cardLabel(card: number): string {
  if (card === GREY_JOKER) return 'grey joker';
  if (card === RED_JOKER) return 'red joker';
  return `${RANKS[card >> 2]} of ${['hearts', 'diamonds', 'spades', 'clubs'][card & 3]}`;
}

@customElement('playing-card')
export class PlayingCard extends LitElement {
  static styles = css`
    :host {
      display: inline-block;
    }
    .card {
      width: 3rem;
      height: 4.3rem;
      border-radius: 6px;
      border: 1px solid #9ca3af;
      background: #fff;
      color: #111827;
      position: relative;
      font: 600 1rem/1 system-ui, sans-serif;
      box-shadow: 0 1px 2px rgb(0 0 0 / 0.25);
      user-select: none;
    }
    .red {
      color: #dc2626;
    }
    .corner {
      position: absolute;
      top: 0.25rem;
      left: 0.3rem;
      text-align: center;
    }
    .middle {
      position: absolute;
      right: 0.25rem;
      bottom: 0.2rem;
      font-size: 1.5rem;
    }
    /* A joker's letter drawn by the style: its visible text is "JOKER", which its name ("grey joker") holds. */
    .joker .corner::before {
      content: 'G';
    }
    .joker.red .corner::before {
      content: 'R';
    }
    .joker .middle {
      font-size: 0.6rem;
      letter-spacing: 0.05em;
      writing-mode: vertical-rl;
      bottom: 0.3rem;
    }
    .back {
      background: repeating-linear-gradient(45deg, #1e3a8a 0 6px, #2563eb 6px 12px);
      border-color: #1e3a8a;
    }
  `;

  /** The card id, or -1 for a face-down card. */
  @property({ type: Number }) card = -1;

  render() {
    const card = this.card;
    if (card < 0) return html`<div class="card back" role="img" aria-label="a face-down card"></div>`;
    if (card >= GREY_JOKER) {
      return html`<div class="card joker ${card === RED_JOKER ? 'red' : ''}" role="img" aria-label=${cardLabel(card)} title=${cardName(card)}>
        <span class="corner"></span><span class="middle">JOKER</span></div>`;
    }
    const rank = RANKS[card >> 2];
    const sign = SIGNS[card & 3];
    return html`<div class="card ${(card & 3) < 2 ? 'red' : ''}" role="img" aria-label=${cardLabel(card)} title=${cardName(card)}>
      <span class="corner">${rank}<br />${sign}</span><span class="middle">${sign}</span></div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'playing-card': PlayingCard;
  }
}
