// Tuning a bot's parameters by SPSA (arena/spsa.ts), for `playground <game> tune` and the arena page. Each step
// measures θ+cΔ and θ−cΔ on the same seeded start against the step's opponent (the --vs configurations in turn), each playing both
// seats: the step's result is θ+'s points minus θ−'s (−2..2). Then a verification match (the SPRT) of the tuned
// configuration against the one it started from. The same seed gives the same run on any number of workers:
// a step's games are played together, steps one after another. A tuning carried on replays its steps' results.

import { type BotConfig, formatBotConfig, parseBotConfig } from '../contracts/bot-config';
import type { AnyGame, BotInfo } from '../contracts/game';
import { deriveSeed, Rng } from '../contracts/rng';
import { type MatchReport, matchSchedule } from '../arena/match';
import type { GameRecord } from '../arena/play-out';
import { checkOpenings, openingStarts, type Schedule } from '../arena/schedule';
import { Spsa, type SpsaConstants, type SpsaParam, type SpsaProbe } from '../arena/spsa';
import { pairScore, type SprtSettings } from '../arena/sprt';
import { type PlaySettings, playMatch, playSchedule } from './play-games';
import type { WorkerPool } from './pool';

export interface TuneSettings {
  readonly bot: string;
  readonly params: readonly SpsaParam[];
  readonly vs: readonly string[];
  /** Games of the tuning (4 a step). */
  readonly games: number;
  readonly seed: number;
  readonly size?: number;
  /** An opening suite to take the steps' starts from (else seeded starts); the verification match uses it too. */
  readonly openings?: readonly string[];
  readonly rEnd?: number;
  /** The verification match: its SPRT and its most games. */
  readonly verify: SprtSettings & { readonly maxGames: number };
  /** A tuning carried on (--resume): its steps' results so far, replayed instead of played. */
  readonly results?: readonly number[];
}

export interface TuneReport {
  readonly bot: string;
  readonly vs: readonly string[];
  readonly steps: number;
  readonly games: number;
  readonly seed: number;
  readonly start: Readonly<Record<string, number>>;
  readonly final: Readonly<Record<string, number>>;
  /** Each parameter's θ (a real number) after every step. */
  readonly trajectory: Readonly<Record<string, readonly number[]>>;
  /** Each parameter's SPSA constants (a, c, A, α, γ, r_end, c_end). */
  readonly spsa: Readonly<Record<string, SpsaConstants>>;
  /** The tuned configuration against the start's, or why there was no match (the same configuration). */
  readonly verification: MatchReport | { readonly skipped: string };
  readonly tuned: string;
  /** What carrying the tuning on needs: its settings, and each step's result (+'s points minus −'s). */
  readonly settings: Omit<TuneSettings, 'results'>;
  readonly results: readonly number[];
}

/**
 * SPSA over a tuning's steps: its values, its draws of signs and its trajectory follow from the steps' results
 * alone, so a tuning carried on, or reopened, is replayed from them.
 */
class TuneSteps {
  readonly spsa: Spsa;
  readonly steps: number;
  private readonly signs: Rng;
  private readonly startConfig: BotConfig;
  private readonly trajectory: Record<string, number[]>;
  private readonly results: number[] = [];

  constructor(
    private readonly known: readonly BotInfo[],
    private readonly settings: TuneSettings,
  ) {
    this.startConfig = parseBotConfig(known, settings.bot);
    this.steps = Math.max(1, Math.floor(settings.games / 4));
    this.spsa = new Spsa({ params: settings.params, steps: this.steps, rEnd: settings.rEnd }, this.startConfig.params);
    this.signs = new Rng(deriveSeed(settings.seed, 'tune signs'));
    this.trajectory = Object.fromEntries(settings.params.map((param) => [param.name, []]));
    for (const result of settings.results ?? []) {
      if (this.spsa.done) break;
      this.take(this.probe(), result);
    }
  }

  /** The next step's two configurations' values. */
  probe(): SpsaProbe {
    return this.spsa.probe(this.signs);
  }

  /** A step's result: SPSA's values move, and the trajectory and the results record it. */
  take(probe: SpsaProbe, result: number): void {
    this.spsa.update(probe, result);
    this.results.push(result);
    for (const [i, param] of this.settings.params.entries()) this.trajectory[param.name].push(Number(this.spsa.theta[i].toFixed(4)));
  }

  /** The bot's configuration with these values of its parameters. */
  configOf(values: Readonly<Record<string, number>>): string {
    return formatBotConfig(this.known, { id: this.startConfig.id, params: { ...this.startConfig.params, ...values } });
  }

  /** The report of the tuning as it stands, with its verification (or why there is none). */
  report(verification: TuneReport['verification']): TuneReport {
    const { settings, trajectory } = this;
    const { results: _replayed, ...kept } = settings;
    const final = this.spsa.values();
    const played = this.results.length;
    return {
      bot: settings.bot,
      vs: settings.vs,
      steps: played,
      games: played * 4,
      seed: settings.seed,
      start: Object.fromEntries(settings.params.map((param) => [param.name, this.startConfig.params[param.name]])),
      final,
      trajectory,
      spsa: this.spsa.constants(),
      verification,
      tuned: this.configOf(final),
      settings: kept,
      results: [...this.results],
    };
  }
}

/** A kept tuning's report again, from its settings, its steps' results and its verification, without playing a game. */
export function replayedTune(known: readonly BotInfo[], settings: TuneSettings, verification: TuneReport['verification']): TuneReport {
  return new TuneSteps(known, settings).report(verification);
}

export async function tune(
  game: AnyGame,
  known: readonly BotInfo[],
  settings: TuneSettings,
  play: PlaySettings,
  pool: WorkerPool,
  /** After every step: its number, the steps in all, the trajectory so far, and the report as it stands (no verification yet). */
  onStep: (step: number, steps: number, trajectory: Readonly<Record<string, readonly number[]>>, soFar: TuneReport) => void = () => {},
  /** Asked before each step: true ends the tuning there (the values so far are the result, with no verification). */
  stopped: () => boolean = () => false,
  /** Aborted, the step under way is cancelled too, and the tuning ends as when stopped. */
  abort?: AbortSignal,
): Promise<TuneReport> {
  const size = settings.size ?? game.sizes?.default;
  if (settings.openings) checkOpenings(game, settings.openings);
  // A tuning carried on: its steps so far give the values and the draws of signs an uninterrupted run had.
  const tuning = new TuneSteps(known, settings);
  const { spsa, steps } = tuning;
  const openings = settings.openings && openingStarts(game, settings.openings, steps, settings.seed);
  while (!spsa.done && !stopped()) {
    const probe = tuning.probe();
    const k = probe.step;
    const opponent = settings.vs[k % settings.vs.length];
    const start = openings?.[k] ?? game.rules.format(game.rules.start(deriveSeed(settings.seed, `tune start ${k}`), size));
    const seed = deriveSeed(settings.seed, `tune game ${k}`);
    const [plus, minus] = [tuning.configOf(probe.plus), tuning.configOf(probe.minus)];
    const schedule: Schedule = {
      game: game.rules.id,
      seed: settings.seed,
      size,
      bots: [...new Set([plus, minus, opponent])],
      pairings: [
        { a: plus, b: opponent },
        { a: minus, b: opponent },
      ],
      starts: [start],
      games: [plus, minus].flatMap((config, pair) => [
        { pair, start, seats: [config, opponent] as const, seed },
        { pair, start, seats: [opponent, config] as const, seed },
      ]),
    };
    const run = playSchedule(pool, game, schedule, play);
    const cancel = () => run.cancel();
    abort?.addEventListener('abort', cancel);
    const records = await run.finished.finally(() => abort?.removeEventListener('abort', cancel));
    // Stopped while the step was played (its games not all finished): the values so far are the result.
    if (records.some((record) => !record)) break;
    // In each pair the configuration sits first, then second (by seat, not by name: it may equal the opponent).
    const points = ([first, second]: (GameRecord | undefined)[]) => pairScore(first!.winner, second!.winner) / 2;
    tuning.take(probe, points(records.slice(0, 2)) - points(records.slice(2, 4)));
    const soFar = tuning.report({ skipped: `the tuning is under way: ${k + 1} of ${steps} steps played` });
    onStep(k + 1, steps, soFar.trajectory, soFar);
  }
  const tuned = tuning.configOf(spsa.values());
  const from = tuning.configOf({});
  const verification = stopped()
    ? { skipped: 'the tuning was stopped: no verification' }
    : tuned === from
      ? { skipped: `the tuned values are the start's (${from}): nothing to verify` }
      : await playMatch(
          pool,
          game,
          matchSchedule(game, [tuned, from], settings.verify.maxGames, { seed: settings.seed, size, bots: known, openings: settings.openings }),
          settings.verify,
          play,
          stopped,
        );
  return tuning.report(verification);
}
