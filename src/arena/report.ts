// The figures of a finished (or cancelled) run, as the CLI prints them and the page shows them. The leading
// fields are the tournament document of docs/cli.md; totals and games follow.

import { type BotJudgement, judgedField } from './accuracy';
import type { GameRecord } from './play-out';
import { eloRatings, type Rating } from './ratings';
import { distinctGames } from './repeats';
import { Z975 } from './numeric';
import { botTotals, pairResults, type BotTotals, type Tally } from './results';
import { pairingField, type GridAxis, type Schedule } from './schedule';

export interface TournamentReport {
  readonly game: string;
  readonly seed: number;
  readonly bots: readonly string[];
  readonly pairs: readonly { a: string; b: string; wins: number; draws: number; losses: number; margin: number }[];
  readonly ratings: readonly Rating[];
  /** Each pair's W/D/L from a's side when a moves first and when a moves second. */
  readonly seats: readonly { a: string; b: string; first: Tally; second: Tally }[];
  readonly totals: readonly BotTotals[];
  /** Games finished of games scheduled. */
  readonly played: number;
  readonly scheduled: number;
  /** The share of the finished games that were draws. */
  readonly draw_rate: number;
  /** Finished games that repeat no other (repeats.ts). */
  readonly distinct_games: number;
  readonly size?: number;
  /** Each bot's moves judged against perfect play, when the games were judged (accuracy.ts). */
  readonly judged?: readonly BotJudgement[];
  /** What a pair is, for a game whose starts are deals (schedule.ts pairingField). */
  readonly pairing?: string;
}

export function tournamentReport(schedule: Schedule, records: readonly (GameRecord | undefined)[]): TournamentReport {
  const pairs = pairResults(schedule, records);
  return {
    game: schedule.game,
    seed: schedule.seed,
    bots: schedule.bots,
    pairs: pairs.map(({ a, b, wins, draws, losses, margin }) => ({ a, b, wins, draws, losses, margin: round(margin) })),
    ratings: eloRatings(schedule.bots, pairs).map(({ bot, rating, lo, hi }) => ({
      bot,
      rating: round(rating),
      lo: lo === null ? null : round(lo),
      hi: hi === null ? null : round(hi),
    })),
    seats: pairs.map(({ a, b, first, second }) => ({ a, b, first, second })),
    totals: botTotals(schedule, records),
    played: records.filter(Boolean).length,
    scheduled: schedule.games.length,
    draw_rate: round(records.filter((record) => record && record.winner === null).length / Math.max(1, records.filter(Boolean).length)),
    distinct_games: distinctGames(records),
    ...(schedule.size === undefined ? {} : { size: schedule.size }),
    ...pairingField(schedule),
    ...judgedField(schedule, records),
  };
}

export interface SweepPoint {
  readonly bot: string;
  readonly params: Readonly<Record<string, number>>;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly margin: number;
  /** Mean points lost per move against perfect play, where measured. */
  readonly meanLoss: number | null;
  /** The score's 95% interval (scoreInterval). */
  readonly score_lo: number;
  readonly score_hi: number;
}

/**
 * The 95% interval of a score (wins + draws / 2 per game) from W/D/L: the score ± 1.96 standard errors, a game's
 * variance the trinomial one (draws vary less than a win or a loss), kept within 0..1.
 */
export function scoreInterval(wins: number, draws: number, losses: number): [number, number] {
  const games = wins + draws + losses;
  if (games === 0) return [0, 1];
  const score = (wins + draws / 2) / games;
  const variance = (wins + draws / 4) / games - score ** 2;
  const half = Z975 * Math.sqrt(Math.max(0, variance) / games);
  return [Math.max(0, score - half), Math.min(1, score + half)];
}

export interface SweepReport {
  readonly game: string;
  readonly seed: number;
  readonly bot: string;
  readonly grid: readonly GridAxis[];
  readonly vs: readonly string[];
  /** One entry per grid point, the first axis varying slowest: its results against all opponents together. */
  readonly points: readonly SweepPoint[];
  readonly played: number;
  readonly scheduled: number;
  /** Finished games that repeat no other (repeats.ts). */
  readonly distinct_games: number;
  /** What a pair is, for a game whose starts are deals (schedule.ts pairingField). */
  readonly pairing?: string;
}

export function sweepReport(
  schedule: Schedule,
  bot: string,
  grid: readonly GridAxis[],
  vs: readonly string[],
  records: readonly (GameRecord | undefined)[],
): SweepReport {
  const pairs = pairResults(schedule, records);
  const totals = new Map(botTotals(schedule, records).map((total) => [total.bot, total]));
  const pointConfigs = [...new Set(schedule.pairings.map((pairing) => pairing.a))];
  const points = pointConfigs.map((config) => {
    const mine = pairs.filter((pair) => pair.a === config);
    const games = mine.reduce((sum, pair) => sum + pair.games, 0);
    const params = Object.fromEntries(
      config
        .split(':')
        .slice(1)
        .map((part) => part.split('='))
        .filter(([name]) => grid.some((axis) => axis.name === name))
        .map(([name, value]) => [name, Number(value)]),
    );
    const [wins, draws, losses] = (['wins', 'draws', 'losses'] as const).map((key) => mine.reduce((sum, pair) => sum + pair[key], 0));
    const [lo, hi] = scoreInterval(wins, draws, losses);
    return {
      bot: config,
      params,
      wins,
      draws,
      losses,
      margin: round(games ? mine.reduce((sum, pair) => sum + pair.margin * pair.games, 0) / games : 0),
      meanLoss: totals.get(config)?.meanLoss ?? null,
      score_lo: round(lo),
      score_hi: round(hi),
    };
  });
  return {
    game: schedule.game,
    seed: schedule.seed,
    bot,
    grid,
    vs,
    points,
    played: records.filter(Boolean).length,
    scheduled: schedule.games.length,
    distinct_games: distinctGames(records),
    ...pairingField(schedule),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
