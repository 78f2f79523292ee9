// A match between two configurations under the SPRT (sprt.ts): its games are a tournament of the two, pair by
// pair (one start, A first then B first), and its figures are those of the pairs in start order up to the first
// pair on which the test decides. Games played past that pair (other workers were still at them) do not count,
// so the result is the same whatever the number of workers. Its Elo is fishtest's for a SPRT (sprt-elo.ts).

import { type BotJudgement, judgedField } from './accuracy';
import type { AnyGame } from '../contracts/game';
import type { GameRecord } from './play-out';
import { pairingField, type ScheduleSettings, type Schedule, tournament } from './schedule';
import { type Pentanomial, pairScore, type SprtSettings, type SprtState, SprtTest } from './sprt';
import { sprtElo } from './sprt-elo';
import { distinctGames } from './repeats';

export interface MatchReport {
  readonly bots: readonly [string, string];
  /** H1: A is at least elo1 stronger; H0: it is not; inconclusive: the games ran out (or the run was stopped) first. */
  readonly result: 'H0' | 'H1' | 'inconclusive';
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  /** Pairs counted, and their games; those of them that repeat no other (repeats.ts). */
  readonly pairs: number;
  readonly games: number;
  readonly distinct_games: number;
  readonly pentanomial: Pentanomial;
  /** A's wins, draws and losses in the counted games. */
  readonly wdl: readonly [number, number, number];
  /**
   * Logistic Elo, as fishtest's SPRT_elo gives it: a median-unbiased estimate and its 95% interval (null before
   * the first pair: no game bounds it yet; fishtest's search for it stops at ±1000).
   */
  readonly elo_model: 'logistic';
  readonly elo: number;
  readonly elo_lo: number | null;
  readonly elo_hi: number | null;
  readonly los: number;
  /** Normalized Elo (fishtest's pentanomial nElo) and its 95% interval (null before the first pair). */
  readonly nelo: number;
  readonly nelo_lo: number | null;
  readonly nelo_hi: number | null;
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
  readonly seed: number;
  /** Why the match stopped where it did. */
  readonly stop: string;
  /** The LLR after each counted pair, for the chart. */
  readonly trajectory: readonly number[];
  /** Each counted pair's score for A in half points (0..4), in start order: the match's whole story. */
  readonly scores: readonly number[];
  /** Each bot's moves judged against perfect play, when the games were judged (accuracy.ts). */
  readonly judged?: readonly BotJudgement[];
  readonly note?: string;
  /** What a pair is, for a game whose starts are deals (schedule.ts pairingNote). */
  readonly pairing?: string;
}

/** A match's schedule: `maxGames` games (rounded up to whole pairs) of A against B. */
export function matchSchedule(game: AnyGame, bots: readonly [string, string], maxGames: number, settings: Omit<ScheduleSettings, 'games'>): Schedule {
  if (!Number.isInteger(maxGames) || maxGames < 2) throw new Error(`a match needs at least 2 games (one pair), got ${maxGames}`);
  return tournament(game, bots, { ...settings, games: Math.ceil(maxGames / 2) });
}

/**
 * A match's pairs weighed in start order as their games come in: the pentanomial, A's W/D/L, each pair's score and
 * the LLR after it. It goes no further than the first pair not played yet, or than the pair that decides; each pair
 * is weighed once however often `advance` is called (a running match calls it after every game).
 */
export class MatchTally {
  readonly counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  readonly wdl: [number, number, number] = [0, 0, 0];
  readonly scores: number[] = [];
  readonly trajectory: number[] = [];
  private readonly test: SprtTest;

  constructor(
    private readonly schedule: Schedule,
    sprt: SprtSettings,
  ) {
    this.test = new SprtTest(sprt);
  }

  get state(): SprtState {
    return this.test.state;
  }

  get decided(): boolean {
    return this.state.result !== undefined;
  }

  /** Whether every scheduled pair has been weighed. */
  get exhausted(): boolean {
    return this.scores.length === this.schedule.games.length / 2;
  }

  /** Weighs the pairs finished since the last call; true once the test has decided. */
  advance(records: readonly (GameRecord | null | undefined)[]): boolean {
    while (!this.decided && !this.exhausted) {
      const pair = this.scores.length;
      const [first, second] = [records[2 * pair], records[2 * pair + 1]];
      if (!first || !second) break;
      const score = pairScore(first.winner, second.winner);
      this.counts[score]++;
      this.scores.push(score);
      for (const [record, seatOfA] of [[first, 0] as const, [second, 1] as const]) this.wdl[record.winner === null ? 1 : record.winner === seatOfA ? 0 : 2]++;
      this.trajectory.push(this.test.update(this.counts).llr);
    }
    return this.decided;
  }
}

/** The match's figures from its records: pairs in start order, up to the first decided one or the first not played. */
export function matchReport(schedule: Schedule, records: readonly (GameRecord | null | undefined)[], sprt: SprtSettings): MatchReport {
  const tally = new MatchTally(schedule, sprt);
  tally.advance(records);
  const { state } = tally;
  const elo = sprtElo(tally.counts, sprt);
  const bounded = state.pairs > 0;
  const stop = state.result
    ? `${state.result}: the LLR ${state.llr.toFixed(2)} passed ${state.stopAt[state.result === 'H1' ? 1 : 0].toFixed(2)} (the ${state.result === 'H1' ? 'upper' : 'lower'} bound ${(state.result === 'H1' ? state.upper : state.lower).toFixed(2)} less the overshoot expected past it) after ${state.pairs} pairs`
    : tally.exhausted
      ? `inconclusive: the ${schedule.games.length} games ran out with the LLR ${state.llr.toFixed(2)} between the bounds`
      : `inconclusive: stopped after ${state.pairs} pairs, the LLR ${state.llr.toFixed(2)} between the bounds`;
  return {
    bots: [schedule.pairings[0].a, schedule.pairings[0].b],
    result: state.result ?? 'inconclusive',
    llr: state.llr,
    lower: state.lower,
    upper: state.upper,
    pairs: state.pairs,
    games: 2 * state.pairs,
    distinct_games: distinctGames(records.slice(0, 2 * state.pairs)),
    pentanomial: [...tally.counts],
    wdl: tally.wdl,
    elo_model: 'logistic',
    elo: elo.elo,
    elo_lo: bounded ? elo.eloLo : null,
    elo_hi: bounded ? elo.eloHi : null,
    los: elo.los,
    nelo: elo.nelo,
    nelo_lo: bounded ? elo.neloLo : null,
    nelo_hi: bounded ? elo.neloHi : null,
    elo0: sprt.elo0,
    elo1: sprt.elo1,
    alpha: sprt.alpha,
    beta: sprt.beta,
    seed: schedule.seed,
    stop,
    trajectory: tally.trajectory,
    scores: tally.scores,
    ...(state.note ? { note: state.note } : {}),
    ...pairingField(schedule),
    ...judgedField(schedule, records),
  };
}

/** The most points a chart of the Elo over a match draws (each is three root findings). */
const TREND_POINTS = 200;

/** The match's Elo and interval after some of its pairs (every pair of a short match, the last one always), for charts. */
export function eloTrend(scores: readonly number[], sprt: SprtSettings): { pairs: number; elo: number; eloLo: number; eloHi: number }[] {
  const step = Math.max(1, Math.ceil(scores.length / TREND_POINTS));
  const counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  const trend: { pairs: number; elo: number; eloLo: number; eloHi: number }[] = [];
  scores.forEach((score, pair) => {
    counts[score]++;
    if ((pair + 1) % step === 0 || pair === scores.length - 1) trend.push({ pairs: pair + 1, ...sprtElo(counts, sprt) });
  });
  return trend;
}
