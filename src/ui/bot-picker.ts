// <bot-picker>: a bot and its parameters, the form built from the bot's parameter schema. Fires `change`
// with the configuration text (`id` or `id:param=value`, only parameters that differ from the defaults).

import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { findBot, formatBotConfig, paramTitle, parseBotConfig } from '../contracts/bot-config';
import type { BotInfo } from '../contracts/game';

@customElement('bot-picker')
export class BotPicker extends LitElement {
  static styles = css`
    :host {
      display: inline-flex;
      max-width: 100%;
      flex-wrap: wrap;
      gap: 0.4rem 0.8rem;
      align-items: center;
    }
    label {
      display: inline-flex;
      gap: 0.35rem;
      align-items: center;
    }
    select,
    input {
      max-width: 100%;
      font: inherit;
      padding: 0.25rem 0.4rem;
      border: 1px solid var(--border);
      border-radius: 6px;
      background: var(--control);
      color: var(--text);
    }
    input {
      width: 4.5rem;
    }
  `;

  @property({ attribute: false }) bots: readonly BotInfo[] = [];
  /** The configuration text. */
  @property() value = '';
  @property() label = 'Bot';

  render() {
    if (this.bots.length === 0) return html``;
    const config = this.config();
    const bot = findBot(this.bots, config.id);
    return html`
      <label>${this.label}
        <select aria-label=${this.label} @change=${(e: Event) => this.emit((e.target as HTMLSelectElement).value)} title=${bot.description}>
          ${this.bots.map((b) => html`<option value=${b.id} ?selected=${b.id === bot.id}>${b.label}</option>`)}
        </select>
      </label>
      ${bot.params.map(
        (spec) => html`<label title=${`${spec.min} to ${spec.max}, default ${spec.default}`}>${paramTitle(spec)}
          <input type="number" min=${spec.min} max=${spec.max} step="1" .value=${String(config.params[spec.name])}
            @change=${(e: Event) => this.setParam(spec.name, e.target as HTMLInputElement)} />
        </label>`,
      )}
    `;
  }

  private config() {
    try {
      return parseBotConfig(this.bots, this.value);
    } catch {
      return parseBotConfig(this.bots, this.bots[0].id);
    }
  }

  private setParam(name: string, input: HTMLInputElement): void {
    const config = this.config();
    const spec = findBot(this.bots, config.id).params.find((p) => p.name === name)!;
    const value = Math.round(Number(input.value));
    // Out of range or not a number: back to the nearest allowed value rather than an invalid configuration.
    const clamped = Number.isFinite(value) ? Math.min(spec.max, Math.max(spec.min, value)) : spec.default;
    input.value = String(clamped);
    this.emit(formatBotConfig(this.bots, { id: config.id, params: { ...config.params, [name]: clamped } }));
  }

  private emit(value: string): void {
    this.value = value;
    this.dispatchEvent(new CustomEvent('change', { detail: value, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bot-picker': BotPicker;
  }
}
