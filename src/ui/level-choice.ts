// The AI level of each seat, for pages whose bots are picked by level (tic-tac-toe, Connect 4): the select
// that picks one, and the bot configurations the levels stand for. After the game's levels come the person's
// own bots (the My bots page), which may come and go, and any other configuration of the game's bots a link or a
// replayed game brought (`classic:depth=5`), listed by its configuration.

import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { parseBotConfig } from '../contracts/bot-config';
import type { BotInfo } from '../contracts/game';

export interface Level {
  readonly label: string;
  readonly config: string;
}

export class LevelChoice {
  /** Index into the levels of each seat's bot. */
  private levelOf: [number, number];
  /** Configurations that are no level of the game's, kept as levels of their own. */
  private others: Level[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly gameLevels: readonly Level[],
    /** Called when a seat's level changes (the page passes the new players to its session). */
    private readonly changed: () => void,
    /** The levels after the game's: the person's own bots. */
    private readonly extra: () => readonly Level[],
    /** Every bot a configuration may name: the game's and the person's. */
    private readonly bots: () => readonly BotInfo[],
  ) {
    // The strongest level by default: the game's levels are listed weakest first.
    this.levelOf = [gameLevels.length - 1, gameLevels.length - 1];
  }

  private get levels(): readonly Level[] {
    return [...this.gameLevels, ...this.others, ...this.extra()];
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

  /** Sets a seat to `config` (a link's, a replay's): its level, or a level of its own; throws when no bot has it. */
  setConfig(seat: 0 | 1, config: string): void {
    let level = this.levels.findIndex((candidate) => candidate.config === config);
    if (level < 0) {
      parseBotConfig(this.bots(), config);
      this.others = [...this.others, { label: config, config }];
      level = this.levels.findIndex((candidate) => candidate.config === config);
    }
    this.levelOf = seat === 0 ? [level, this.levelOf[1]] : [this.levelOf[0], level];
    this.host.requestUpdate();
  }

  private set(seat: 0 | 1, level: number): void {
    this.levelOf = seat === 0 ? [level, this.levelOf[1]] : [this.levelOf[0], level];
    this.host.requestUpdate();
    this.changed();
  }
}
