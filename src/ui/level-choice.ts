// The AI level of each seat, for pages whose bots are picked by level (tic-tac-toe, Connect 4): the select
// that picks one, and the bot configurations the levels stand for.

import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';

export interface Level {
  readonly label: string;
  readonly config: string;
}

export class LevelChoice {
  /** Index into the levels of each seat's bot. */
  private levelOf: [number, number];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly levels: readonly Level[],
    /** Called when a seat's level changes (the page passes the new players to its session). */
    private readonly changed: () => void,
  ) {
    // The strongest level by default: the game's levels are listed weakest first.
    this.levelOf = [levels.length - 1, levels.length - 1];
  }

  configs(): [string, string] {
    return [this.levels[this.levelOf[0]].config, this.levels[this.levelOf[1]].config];
  }

  select(seat: 0 | 1, label: string): TemplateResult {
    return html`<label>${label}
      <select @change=${(e: Event) => this.set(seat, Number((e.target as HTMLSelectElement).value))}>
        ${this.levels.map((level, i) => html`<option value=${i} ?selected=${i === this.levelOf[seat]}>${level.label}</option>`)}
      </select>
    </label>`;
  }

  /** The AI keeps its level when the person changes sides: both seats take the AI seat's level. */
  keepAiLevel(aiSeat: 0 | 1): void {
    const level = this.levelOf[aiSeat];
    this.levelOf = [level, level];
  }

  private set(seat: 0 | 1, level: number): void {
    this.levelOf = seat === 0 ? [level, this.levelOf[1]] : [this.levelOf[0], level];
    this.host.requestUpdate();
    this.changed();
  }
}
