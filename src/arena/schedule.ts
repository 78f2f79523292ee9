// What a tournament or a sweep plays: for every pairing and every seeded start, two games with the seats
// swapped. The schedule is the same for the same settings, in the browser and in the CLI.

import { parseBotConfig } from '../contracts/bot-config';
import { type AnyGame, type BotInfo, sizeFault } from '../contracts/game';
import { deriveSeed, Rng } from '../contracts/rng';
import { findGame } from '../games';

export interface ScheduledGame {
  /** Index of the pairing: which configuration sits where is in `seats`. */
  readonly pair: number;
  readonly start: string;
  readonly seats: readonly [string, string];
  /** The game's seed: its bots' choices derive from it. */
  readonly seed: number;
}

export interface Pairing {
  readonly a: string;
  readonly b: string;
}

export interface Schedule {
  readonly game: string;
  readonly seed: number;
  readonly size?: number;
  /** Every configuration, in the order given. */
  readonly bots: readonly string[];
  readonly pairings: readonly Pairing[];
  /** The seeded starts, each played twice per pairing. */
  readonly starts: readonly string[];
  readonly games: readonly ScheduledGame[];
}

/** The most configurations a tournament meets in (a round robin of 64 is 2,016 pairings). */
export const MAX_TOURNAMENT_BOTS = 64;
/** The most grid points and opponents of a sweep. */
export const MAX_GRID_POINTS = 1000;
export const MAX_OPPONENTS = 64;
/** The most games a run schedules. */
export const MAX_GAMES = 1_000_000;

export interface ScheduleSettings {
  readonly games: number;
  readonly seed: number;
  readonly size?: number;
  /** The bots configurations may name: the game's own, and engines (default: the game's). */
  readonly bots?: readonly BotInfo[];
  /** Start positions to use instead of seeded ones (an opening suite): shuffled with the seed, used in turn. */
  readonly openings?: readonly string[];
}

function checkSettings(game: AnyGame, bots: readonly string[], pairings: number, settings: ScheduleSettings): void {
  for (const bot of bots) parseBotConfig(settings.bots ?? game.bots, bot);
  if (new Set(bots).size !== bots.length) throw new Error('a configuration is named twice');
  if (!Number.isInteger(settings.games) || settings.games < 1) throw new Error(`games must be at least 1, got ${settings.games}`);
  if (settings.games * 2 * pairings > MAX_GAMES) throw new Error(`the run would be ${settings.games * 2 * pairings} games: at most ${MAX_GAMES}`);
  if (settings.openings) checkOpenings(game, settings.openings);
  const fault = settings.size === undefined ? null : sizeFault(game, settings.size);
  if (fault) throw new Error(fault);
}

function build(game: AnyGame, bots: readonly string[], pairings: readonly Pairing[], settings: ScheduleSettings): Schedule {
  const size = settings.size ?? game.sizes?.default;
  const starts = settings.openings
    ? openingStarts(game, settings.openings, settings.games, settings.seed)
    : Array.from({ length: settings.games }, (_, i) => game.rules.format(game.rules.start(deriveSeed(settings.seed, `start ${i}`), size)));
  const games: ScheduledGame[] = [];
  pairings.forEach(({ a, b }, pair) => {
    starts.forEach((start, i) => {
      const seed = deriveSeed(settings.seed, `game ${i}`);
      games.push({ pair, start, seats: [a, b], seed }, { pair, start, seats: [b, a], seed });
    });
  });
  return { game: game.rules.id, seed: settings.seed, size, bots, pairings, starts, games };
}

/**
 * A report's `pairing` field: what a pair of games is, for a game whose starts are deals (nothing for the others,
 * nor for a game of rules alone that the registry does not hold).
 */
export function pairingField(schedule: Schedule): { pairing?: string } {
  return findGame(schedule.game)?.mirroredDeals
    ? { pairing: 'each pair is a deal and its mirror: the same cards with the hands swapped, each bot holding each hand once, so the luck of the deal cancels' }
    : {};
}

/** Throws, naming the position by its number, when an opening does not read or is a finished game. */
export function checkOpenings(game: AnyGame, openings: readonly string[]): void {
  if (openings.length === 0) throw new Error('the opening suite has no positions');
  for (const [i, opening] of openings.entries()) {
    let position: unknown;
    try {
      position = game.rules.parse(opening);
    } catch (error) {
      throw new Error(`opening ${i + 1} ("${opening.slice(0, 60)}"): ${(error as Error).message}`);
    }
    if (game.rules.outcome(position)) throw new Error(`opening ${i + 1} ("${opening.slice(0, 60)}") is a finished game`);
  }
}

/** `games` starts from an opening suite: the suite shuffled with the seed, then taken in turn (again from the top if need be). */
export function openingStarts(game: AnyGame, openings: readonly string[], games: number, seed: number): string[] {
  const order = openings.map((opening) => game.rules.format(game.rules.parse(opening)));
  const rng = new Rng(deriveSeed(seed, 'openings'));
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.nextU32() % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return Array.from({ length: games }, (_, i) => order[i % order.length]);
}

/** A round robin: every pair of configurations meets on every start, both ways round. */
export function tournament(game: AnyGame, bots: readonly string[], settings: ScheduleSettings): Schedule {
  if (bots.length < 2) throw new Error('a tournament needs at least two bots');
  if (bots.length > MAX_TOURNAMENT_BOTS) throw new Error(`a tournament has at most ${MAX_TOURNAMENT_BOTS} bots, got ${bots.length}`);
  checkSettings(game, bots, (bots.length * (bots.length - 1)) / 2, settings);
  const pairings: Pairing[] = [];
  for (let i = 0; i < bots.length; i++) for (let j = i + 1; j < bots.length; j++) pairings.push({ a: bots[i], b: bots[j] });
  return build(game, bots, pairings, settings);
}

/** A parameter range `name=lo..hi` (or a single `name=v`) of a sweep's grid. */
export interface GridAxis {
  readonly name: string;
  readonly values: readonly number[];
}

export function parseGrid(text: string): GridAxis[] {
  return text.split(',').map((part) => {
    const match = /^([A-Za-z]\w*)=(-?\d+)(?:\.\.(-?\d+))?$/.exec(part.trim());
    if (!match) throw new Error(`grid axis "${part}" is not name=lo..hi or name=value`);
    const lo = Number(match[2]);
    const hi = match[3] === undefined ? lo : Number(match[3]);
    if (hi < lo) throw new Error(`grid axis "${part}" runs backwards`);
    if (hi - lo + 1 > MAX_GRID_POINTS) throw new Error(`grid axis "${part}" has ${hi - lo + 1} values: a grid has at most ${MAX_GRID_POINTS} points`);
    return { name: match[1], values: Array.from({ length: hi - lo + 1 }, (_, i) => lo + i) };
  });
}

/** Every point of the grid as a configuration of the bot, the first axis varying slowest. */
export function gridConfigs(bot: string, grid: readonly GridAxis[]): string[] {
  return grid.reduce<string[]>((configs, axis) => configs.flatMap((config) => axis.values.map((value) => `${config}:${axis.name}=${value}`)), [bot]);
}

/** A sweep: every grid point of one bot against each fixed opponent. */
export function sweep(game: AnyGame, bot: string, grid: readonly GridAxis[], opponents: readonly string[], settings: ScheduleSettings): Schedule {
  if (opponents.length === 0) throw new Error('a sweep needs at least one opponent (--vs)');
  if (opponents.length > MAX_OPPONENTS) throw new Error(`a sweep has at most ${MAX_OPPONENTS} opponents, got ${opponents.length}`);
  const size = grid.reduce((points, axis) => points * axis.values.length, 1);
  if (size > MAX_GRID_POINTS) throw new Error(`the grid has ${size} points: at most ${MAX_GRID_POINTS}`);
  const points = gridConfigs(bot, grid);
  checkSettings(game, [...points, ...opponents.filter((o) => !points.includes(o))], points.length * opponents.length, settings);
  const pairings = points.flatMap((point) => opponents.map((opponent) => ({ a: point, b: opponent })));
  return build(game, [...new Set([...points, ...opponents])], pairings, settings);
}
