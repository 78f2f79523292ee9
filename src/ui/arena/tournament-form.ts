// <tournament-form>: the bots of a round robin (at least two), and its Run button.

import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { BotInfo } from '../../contracts/game';
import '../bot-picker';
import { emit, formStyles } from './run-form';

@customElement('tournament-form')
export class TournamentForm extends LitElement {
  static styles = formStyles;
  @property({ attribute: false }) bots: readonly BotInfo[] = [];
  @property({ attribute: false }) configs: readonly string[] = [];
  @property({ type: Boolean }) running = false;

  private set(configs: readonly string[]): void {
    emit(this, 'settings', { configs });
  }

  render() {
    const { configs } = this;
    return html`<section class="panel" aria-label="Tournament">
      <h2>Tournament</h2>
      <div class="list">
        ${configs.map(
          (config, i) => html`<div>
          <bot-picker .bots=${this.bots} .value=${config} label=${`Bot ${i + 1}`} @change=${(e: CustomEvent<string>) => this.set(configs.map((c, j) => (j === i ? e.detail : c)))}></bot-picker>
          <button aria-label=${`Remove bot ${i + 1}`} @click=${() => this.set(configs.filter((_, j) => j !== i))} ?disabled=${configs.length <= 2}>×</button>
        </div>`,
        )}
      </div>
      <div class="controls">
        <button @click=${() => this.set([...configs, this.bots[0].id])}>Add bot</button>
        <button @click=${() => emit(this, 'run', { kind: 'tournament', bots: configs })} ?disabled=${this.running}>Run tournament</button>
      </div>
    </section>`;
  }
}
