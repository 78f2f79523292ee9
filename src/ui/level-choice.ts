// The AI level of each seat, for pages whose bots are picked by level (tic-tac-toe, Connect 4): the select
// that picks one, and the bot configurations the levels stand for. After the game's levels come the person's
// own bots (the My bots page), which may come and go.

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
    private readonly gameLevels: readonly Level[],
    /** Called when a seat's level changes (the page passes the new players to its session). */
    private readonly changed: () => void,
    /** The levels after the game's: the person's own bots. */
    private readonly extra: () => readonly Level[] = () => [],
  ) {
    // The strongest level by default: the game's levels are listed weakest first.
    this.levelOf = [gameLevels.length - 1, gameLevels.length - 1];
  }

  private get levels(): readonly Level[] {
    return [...this.gameLevels, ...this.extra()];
  }

  configs(): [string, string] {
    // A bot of the person's that was deleted leaves its seat the strongest level.
    const levels = this.levels;
    const level = (seat: 0 | 1) => levels[this.levelOf[seat]] ?? this.gameLevels.at(-1)!;
    return [level(0).config, level(1).config];
  }

  select(seat: 0 | 1, label: string): TemplateResult {
    return html`<label>${label}
      <select @change=${(e: Event) => this.set(seat, Number((e.target as HTMLSelectElement).value))}>
        ${this.levels.map((level, i) => html`<option value=${i} ?selected=${i === this.levelOf[seat]}>${level.label}</option>`)}
      </select>
    </label>`;
  }

  /** Sets a seat to the level of `config` (a link's); throws when there is none. */
  setConfig(seat: 0 | 1, config: string): void {
    const level = this.levels.findIndex((candidate) => candidate.config === config);
    if (level < 0) throw new Error(`there is no AI level "${config}" here: ${this.levels.map((candidate) => candidate.config).join(', ')}`);
    this.levelOf = seat === 0 ? [level, this.levelOf[1]] : [this.levelOf[0], level];
    this.host.requestUpdate();
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
