// Tuning a bot's parameters by SPSA (arena/spsa.ts), for `playground <game> tune` and the arena page. Each step
// measures θ+cΔ and θ−cΔ on the same seeded start against the step's opponent (the --vs configurations in turn), each playing both
// seats: the step's result is θ+'s points minus θ−'s (−2..2). Then a verification match (the SPRT) of the tuned
// configuration against the one it started from. The same seed gives the same run on any number of workers:
// a step's games are played together, steps one after another. A tuning carried on replays its steps' results.

import { formatBotConfig, parseBotConfig } from '../contracts/bot-config';
import type { AnyGame, BotInfo } from '../contracts/game';
import { deriveSeed, Rng } from '../contracts/rng';
import { type MatchReport, matchSchedule } from '../arena/match';
import type { GameRecord } from '../arena/play-out';
import { checkOpenings, openingStarts, type Schedule } from '../arena/schedule';
import { Spsa, type SpsaConstants, type SpsaParam } from '../arena/spsa';
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
  const startConfig = parseBotConfig(known, settings.bot);
  const configOf = (values: Readonly<Record<string, number>>) => formatBotConfig(known, { id: startConfig.id, params: { ...startConfig.params, ...values } });
  const steps = Math.max(1, Math.floor(settings.games / 4));
  const spsa = new Spsa({ params: settings.params, steps, rEnd: settings.rEnd }, startConfig.params);
  const signs = new Rng(deriveSeed(settings.seed, 'tune signs'));
  const trajectory: Record<string, number[]> = Object.fromEntries(settings.params.map((param) => [param.name, []]));
  const size = settings.size ?? game.sizes?.default;
  if (settings.openings) checkOpenings(game, settings.openings);
  const openings = settings.openings && openingStarts(game, settings.openings, steps, settings.seed);
  const { results: replayed = [], ...kept } = settings;
  const results: number[] = [];
  /** A step's result: SPSA's values move, and the trajectory and the results record it. */
  const take = (probe: ReturnType<Spsa['probe']>, result: number) => {
    spsa.update(probe, result);
    results.push(result);
    for (const [i, param] of settings.params.entries()) trajectory[param.name].push(Number(spsa.theta[i].toFixed(4)));
  };
  // A tuning carried on: its steps so far give the values and the draws of signs an uninterrupted run had.
  for (const result of replayed) {
    if (spsa.done) break;
    take(spsa.probe(signs), result);
  }
  while (!spsa.done && !stopped()) {
    const probe = spsa.probe(signs);
    const k = probe.step;
    const opponent = settings.vs[k % settings.vs.length];
    const start = openings?.[k] ?? game.rules.format(game.rules.start(deriveSeed(settings.seed, `tune start ${k}`), size));
    const seed = deriveSeed(settings.seed, `tune game ${k}`);
    const [plus, minus] = [configOf(probe.plus), configOf(probe.minus)];
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
    take(probe, points(records.slice(0, 2)) - points(records.slice(2, 4)));
    onStep(k + 1, steps, trajectory, report({ skipped: `the tuning is under way: ${k + 1} of ${steps} steps played` }));
  }
  /** The report of the tuning as it stands, with its verification (or why there is none). */
  function report(verification: TuneReport['verification']): TuneReport {
    const final = spsa.values();
    return {
      bot: settings.bot,
      vs: settings.vs,
      steps: trajectory[settings.params[0].name].length,
      games: trajectory[settings.params[0].name].length * 4,
      seed: settings.seed,
      start: Object.fromEntries(settings.params.map((param) => [param.name, startConfig.params[param.name]])),
      final,
      trajectory,
      spsa: spsa.constants(),
      verification,
      tuned: configOf(final),
      settings: kept,
      results,
    };
  }
  const tuned = configOf(spsa.values());
  const from = configOf({});
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
  return report(verification);
}
