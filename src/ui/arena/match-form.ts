// <match-form>: two bots and the SPRT's hypotheses and error rates: pairs of games until the test decides.

import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { SprtSettings } from '../../arena/sprt';
import type { BotInfo } from '../../contracts/game';
import '../bot-picker';
import { clamped, emit, formStyles } from './run-form';

@customElement('match-form')
export class MatchForm extends LitElement {
  static styles = formStyles;
  @property({ attribute: false }) bots: readonly BotInfo[] = [];
  @property() gameId = '';
  @property({ attribute: false }) matchBots: readonly [string, string] = ['', ''];
  @property({ attribute: false }) sprt: SprtSettings = { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 };
  @property({ type: Number }) maxGames = 2000;
  @property({ type: Boolean }) running = false;

  render() {
    const [first, second] = this.matchBots;
    return html`<section class="panel" aria-label="Match (SPRT)">
      <h2>Match (SPRT)</h2>
      <div class="list">
        ${([0, 1] as const).map(
          (i) => html`<div><bot-picker .bots=${this.bots} .value=${this.matchBots[i]} label=${i === 0 ? 'Is' : 'stronger than'}
            @change=${(e: CustomEvent<string>) => emit(this, 'settings', { matchBots: i === 0 ? [e.detail, second] : [first, e.detail] })}></bot-picker></div>`,
        )}
      </div>
      <div class="controls">
        ${(['elo0', 'elo1', 'alpha', 'beta'] as const).map(
          (name) => html`<label>${name} <input type="number" step=${name.startsWith('elo') ? '1' : '0.01'} .value=${String(this.sprt[name])} aria-label=${name}
            @change=${(e: Event) => emit(this, 'settings', { sprt: { ...this.sprt, [name]: Number((e.target as HTMLInputElement).value) } })} /></label>`,
        )}
        <label>Most games <input type="number" min="2" max="100000" .value=${String(this.maxGames)} @change=${(e: Event) => emit(this, 'settings', { matchGames: clamped(e, 2, 100_000) })} /></label>
      </div>
      <div class="controls">
        <button @click=${() => emit(this, 'run', { kind: 'match', bots: this.matchBots, maxGames: this.maxGames, sprt: this.sprt })} ?disabled=${this.running}>Run match</button>
      </div>
      <p class="hint">Pairs of games until the test decides whether the first bot is elo1 stronger (H1) or not (H0), as
        <code>npx playground ${this.gameId} match</code> does.</p>
    </section>`;
  }
}
