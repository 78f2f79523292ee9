// The arena's settings kept across reloads (localStorage): the shared ones (starts, seed, time, the match's and
// the tuning's), and each game's bots (the tournament's, the sweep's bot, ranges and opponents, the match's).
// What is read back is checked (a schema, and every bot configuration against the game's bots): anything else
// is ignored and the defaults stand.

import * as v from 'valibot';
import { parseBotConfig } from '../../contracts/bot-config';
import type { BotInfo } from '../../contracts/game';

const KEY = 'ai-playground:arena';

const config = v.pipe(v.string(), v.maxLength(200));
const GameSettingsSchema = v.object({
  configs: v.pipe(v.array(config), v.minLength(2), v.maxLength(64)),
  sweepBot: config,
  axes: v.record(v.pipe(v.string(), v.maxLength(40)), v.object({ on: v.boolean(), lo: v.number(), hi: v.number() })),
  opponents: v.pipe(v.array(config), v.minLength(1), v.maxLength(64)),
  matchBots: v.tuple([config, config]),
  size: v.optional(v.number()),
});
export type GameSettings = v.InferOutput<typeof GameSettingsSchema>;

const SettingsSchema = v.object({
  game: v.string(),
  gamesPerPair: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
  seed: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 32 - 1)),
  moveMs: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000)),
  sprt: v.object({ elo0: v.number(), elo1: v.number(), alpha: v.number(), beta: v.number() }),
  matchGames: v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(100_000)),
  tuneGames: v.pipe(v.number(), v.integer(), v.minValue(4), v.maxValue(100_000)),
  /** Where runs are played: in the browser, on the server's cluster, or by the server, kept in its lab. */
  where: v.optional(v.picklist(['browser', 'cluster', 'lab']), 'browser'),
  games: v.record(v.string(), GameSettingsSchema),
});
export type ArenaSettings = v.InferOutput<typeof SettingsSchema>;

/** The settings kept, or undefined (none, or not readable). */
export function loadArenaSettings(): ArenaSettings | undefined {
  try {
    const parsed = v.safeParse(SettingsSchema, JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

export function saveArenaSettings(settings: ArenaSettings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // A full or forbidden storage: the settings are not kept, the arena works on.
  }
}

/** A game's kept bots, when every configuration still names one of its bots (a bot of the person's may be gone). */
export function usableGameSettings(kept: GameSettings | undefined, bots: readonly BotInfo[]): GameSettings | undefined {
  if (!kept) return undefined;
  try {
    for (const bot of [...kept.configs, kept.sweepBot, ...kept.opponents, ...kept.matchBots]) parseBotConfig(bots, bot);
    return kept;
  } catch {
    return undefined;
  }
}
