// <sweep-form>: a bot, the ranges of its parameters, the opponents; it runs the grid (a sweep) or tunes the ticked
// parameters by SPSA against the same opponents (`tune`, `stop`).

import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { findBot, paramTitles, parseBotConfig } from '../../contracts/bot-config';
import type { BotInfo } from '../../contracts/game';
import '../bot-picker';
import { clamped, emit, formStyles } from './run-form';

/** A parameter's range in the form, and whether it is swept (or tuned). */
export interface AxisSetting {
  readonly on: boolean;
  readonly lo: number;
  readonly hi: number;
}

/** The ranges of a bot's parameters: those it had kept, the others around their defaults (the first two ticked). */
export function sweepAxes(bots: readonly BotInfo[], config: string, previous: Readonly<Record<string, AxisSetting>>): Record<string, AxisSetting> {
  const bot = findBot(bots, parseBotConfig(bots, config).id);
  return Object.fromEntries(
    bot.params.map((spec, i) => [
      spec.name,
      previous[spec.name] ?? { on: i < 2, lo: Math.max(spec.min, spec.default - 2), hi: Math.min(spec.max, spec.default + 2) },
    ]),
  );
}

@customElement('sweep-form')
export class SweepForm extends LitElement {
  static styles = formStyles;
  @property({ attribute: false }) bots: readonly BotInfo[] = [];
  @property() gameId = '';
  @property() bot = '';
  @property({ attribute: false }) axes: Readonly<Record<string, AxisSetting>> = {};
  @property({ attribute: false }) opponents: readonly string[] = [];
  @property({ type: Number }) tuneGames = 400;
  @property({ type: Boolean }) running = false;
  @property({ type: Boolean }) tuning = false;

  private setAxis(name: string, change: Partial<AxisSetting>): void {
    emit(this, 'settings', { axes: { ...this.axes, [name]: { ...this.axes[name], ...change } } });
  }

  private setOpponents(opponents: readonly string[]): void {
    emit(this, 'settings', { opponents });
  }

  /** The grid's parameters are swept; the others keep the picker's values. */
  private runSweep(): void {
    const grid = Object.entries(this.axes)
      .filter(([, axis]) => axis.on)
      .map(([name, axis]) => ({ name, lo: axis.lo, hi: axis.hi }));
    const bot = this.bot
      .split(':')
      .filter((part, i) => i === 0 || !grid.some((axis) => part.startsWith(`${axis.name}=`)))
      .join(':');
    emit(this, 'run', { kind: 'sweep', bot, grid, vs: this.opponents });
  }

  render() {
    const titles = paramTitles(this.bots, this.bot);
    const { opponents } = this;
    return html`<section class="panel" aria-label="Sweep">
      <h2>Parameter sweep</h2>
      <bot-picker .bots=${this.bots.filter((bot) => bot.params.length > 0)} .value=${this.bot} label="Bot"
        @change=${(e: CustomEvent<string>) => emit(this, 'settings', { sweepBot: e.detail, axes: sweepAxes(this.bots, e.detail, this.axes) })}></bot-picker>
      <div class="list">
        ${Object.entries(this.axes).map(
          ([name, axis]) => html`<div>
          <label><input type="checkbox" .checked=${axis.on} @change=${(e: Event) => this.setAxis(name, { on: (e.target as HTMLInputElement).checked })} /> ${titles[name] ?? name}</label>
          <label>from <input type="number" .value=${String(axis.lo)} @change=${(e: Event) => this.setAxis(name, { lo: Number((e.target as HTMLInputElement).value) })} /></label>
          <label>to <input type="number" .value=${String(axis.hi)} @change=${(e: Event) => this.setAxis(name, { hi: Number((e.target as HTMLInputElement).value) })} /></label>
        </div>`,
        )}
      </div>
      <div class="list">
        ${opponents.map(
          (config, i) => html`<div>
          <bot-picker .bots=${this.bots} .value=${config} label="Against" @change=${(e: CustomEvent<string>) => this.setOpponents(opponents.map((c, j) => (j === i ? e.detail : c)))}></bot-picker>
          <button aria-label="Remove opponent" @click=${() => this.setOpponents(opponents.filter((_, j) => j !== i))} ?disabled=${opponents.length <= 1}>×</button>
        </div>`,
        )}
      </div>
      <div class="controls">
        <button @click=${() => this.setOpponents([...opponents, this.bots[0].id])}>Add opponent</button>
        <button @click=${() => this.runSweep()} ?disabled=${this.running}>Run sweep</button>
      </div>
      <div class="controls">
        <label>Tuning games <input type="number" min="4" max="100000" .value=${String(this.tuneGames)} @change=${(e: Event) => emit(this, 'settings', { tuneGames: clamped(e, 4, 100_000) })} /></label>
        <button @click=${() => emit(this, 'tune')} ?disabled=${this.running || this.tuning}>Tune (SPSA)</button>
        ${this.tuning ? html`<button @click=${() => emit(this, 'stop')}>Stop tuning</button>` : ''}
      </div>
      <p class="hint">Tune looks for the ticked parameters' best values within their ranges by SPSA against the opponents, then
        plays a match of the tuned against the start, as <code>npx playground ${this.gameId} tune</code> does.</p>
    </section>`;
  }
}
