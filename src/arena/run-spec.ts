// What the arena page asks for when it runs a tournament, a sweep or a match: a few settings, from which the
// schedule follows. The page plays it in the browser, or sends it to the server to be played on the cluster;
// both build the schedule with planRun, so both play the same games. The schema checks a spec that comes from
// outside (a page talking to the server).

import * as v from 'valibot';
import { findGame, arenaGames } from '../games';
import { type AnyGame, type BotInfo, type OpeningSuite, sizeLabel } from '../contracts/game';
import { matchSchedule } from './match';
import { type GridAxis, MAX_GRID_POINTS, MAX_OPPONENTS, MAX_TOURNAMENT_BOTS, type Schedule, sweep, tournament } from './schedule';
import type { SprtSettings } from './sprt';

/** The most starts of a tournament or a sweep, and the most games of a match, the page asks for. */
export const MAX_STARTS = 10_000;
export const MAX_MATCH_GAMES = 100_000;
/** The most swept parameters. */
const MAX_AXES = 8;

const ARENA_GAMES = arenaGames.map((game) => game.rules.id);

const whole = (min: number, max: number, what: string) =>
  v.pipe(
    v.number(`${what} is a whole number`),
    v.integer(`${what} is a whole number`),
    v.minValue(min, `${what} is at least ${min}`),
    v.maxValue(max, `${what} is at most ${max}`),
  );
const config = v.pipe(v.string('a bot is a configuration like "article:depth=3"'), v.maxLength(200, 'a bot configuration has at most 200 characters'));
const configs = (min: number, max: number, what: string) =>
  v.pipe(
    v.array(config, `${what} is a list of bots`),
    v.minLength(min, `${what} needs at least ${min} bots`),
    v.maxLength(max, `${what} has at most ${max} bots`),
  );

const common = {
  game: v.picklist(ARENA_GAMES, `the game is one of ${ARENA_GAMES.join(', ')}`),
  /** The game's size as the contract numbers it (Connect 4's 7x6 is 706), checked by the game when the run is planned. */
  size: v.optional(v.pipe(v.number('size is a whole number'), v.integer('size is a whole number'), v.minValue(1, 'size is at least 1'))),
  seed: whole(0, 2 ** 32 - 1, 'the seed'),
  /** Start from the game's opening suite instead of seeded starts. */
  openings: v.optional(v.boolean('openings is true or false')),
};
const rate = v.pipe(
  v.number('alpha and beta are rates from 0.001 to 0.5'),
  v.minValue(0.001, 'alpha and beta are rates from 0.001 to 0.5'),
  v.maxValue(0.5, 'alpha and beta are rates from 0.001 to 0.5'),
);
const elo = v.pipe(
  v.number('elo0 and elo1 are numbers from -2000 to 2000'),
  v.minValue(-2000, 'elo0 and elo1 are numbers from -2000 to 2000'),
  v.maxValue(2000, 'elo0 and elo1 are numbers from -2000 to 2000'),
);

export const RunSpecSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('tournament'), ...common, games: whole(1, MAX_STARTS, 'starts'), bots: configs(2, MAX_TOURNAMENT_BOTS, 'a tournament') }),
    v.object({
      kind: v.literal('sweep'),
      ...common,
      games: whole(1, MAX_STARTS, 'starts'),
      bot: config,
      grid: v.pipe(
        v.array(
          v.object({
            name: v.pipe(v.string('a swept parameter has a name'), v.regex(/^[A-Za-z]\w{0,40}$/, 'a swept parameter has a name')),
            lo: whole(-1_000_000, 1_000_000, 'a range end'),
            hi: whole(-1_000_000, 1_000_000, 'a range end'),
          }),
        ),
        v.minLength(1, 'tick at least one parameter to sweep'),
        v.maxLength(MAX_AXES, `a sweep has at most ${MAX_AXES} parameters`),
      ),
      vs: configs(1, MAX_OPPONENTS, "a sweep's opponents"),
    }),
    v.object({
      kind: v.literal('match'),
      ...common,
      bots: v.tuple([config, config], 'a match is between two bots'),
      maxGames: whole(2, MAX_MATCH_GAMES, 'most games'),
      sprt: v.object({ elo0: elo, elo1: elo, alpha: rate, beta: rate }),
    }),
  ],
  'a run is a tournament, a sweep or a match',
);
export type RunSpec = v.InferOutput<typeof RunSpecSchema>;

const ms = v.optional(
  v.pipe(
    v.number('a time is whole milliseconds'),
    v.integer('a time is whole milliseconds'),
    v.minValue(0, 'a time is whole milliseconds'),
    v.maxValue(3_600_000, 'a time is at most an hour'),
  ),
);
/** A run's time control as a page sends it: per move, or a clock with its increment, each at most an hour. */
export const RunTimeSchema = v.object({ moveMs: ms, clockMs: ms, incrementMs: ms });

/** Reads a spec from outside, or throws saying what is wrong with it. */
export function parseRunSpec(value: unknown): RunSpec {
  const parsed = v.safeParse(RunSpecSchema, value);
  if (!parsed.success) throw new Error(parsed.issues[0].message);
  return parsed.output;
}

/** The game's opening suite of `size`, or throws saying which sizes have one. */
export function gameSuite(game: AnyGame, size: number | undefined): readonly string[] {
  const suite = suiteOfSize(game, size);
  if (suite) return suite.positions;
  if (!game.openings) throw new Error(`${game.rules.title} has no opening suite`);
  const sizes = suiteSizes(game);
  const of = sizes.length === 1 ? `opening suite is of size ${sizes[0]}` : `opening suites are of sizes ${sizes.join(', ')}`;
  throw new Error(
    `${game.rules.title}'s ${of}, not ${sizeLabel(game.sizes!, size!)}: play ${sizes.length === 1 ? `size ${sizes[0]}` : 'one of them'}, or seeded starts`,
  );
}

/** The sizes the game's opening suites are of, as the game writes them. */
export function suiteSizes(game: AnyGame): string[] {
  return (game.openings ?? []).map((suite) => sizeLabel(game.sizes!, suite.size!));
}

/** The game's opening suite for a run of `size` (none given, or a game without sizes: its main suite). */
export function suiteOfSize(game: AnyGame, size: number | undefined): OpeningSuite | undefined {
  if (size === undefined) return game.openings?.[0];
  return game.openings?.find((suite) => suite.size === undefined || suite.size === size);
}

/** The games a spec plays, checked against the rules (bots the game has, sizes it allows). */
export function planRun(spec: RunSpec, bots?: readonly BotInfo[]): Schedule {
  const game = findGame(spec.game);
  if (!game) throw new Error(`there is no game ${spec.game}`);
  const size = game.sizes ? spec.size : undefined;
  const settings = { seed: spec.seed, size, bots, ...(spec.openings ? { openings: gameSuite(game, size) } : {}) };
  switch (spec.kind) {
    case 'tournament':
      return tournament(game, spec.bots, { ...settings, games: spec.games });
    case 'sweep':
      return sweep(game, spec.bot, sweepGrid(spec.grid), spec.vs, { ...settings, games: spec.games });
    case 'match':
      checkSprt(spec.sprt);
      if (spec.bots[0] === spec.bots[1]) throw new Error('a match is between two different configurations');
      return matchSchedule(game, spec.bots, spec.maxGames, settings);
  }
}

/** How many games a spec's schedule has, counted without planning it (for a bound checked first). */
export function plannedGames(spec: RunSpec): number {
  switch (spec.kind) {
    case 'tournament':
      return ((spec.bots.length * (spec.bots.length - 1)) / 2) * spec.games * 2;
    case 'sweep':
      return spec.grid.reduce((points, axis) => points * Math.max(0, axis.hi - axis.lo + 1), 1) * spec.vs.length * spec.games * 2;
    case 'match':
      return spec.maxGames;
  }
}

/** A sweep's ranges as the grid of its schedule and report. */
export function sweepGrid(ranges: readonly { readonly name: string; readonly lo: number; readonly hi: number }[]): GridAxis[] {
  if (ranges.length === 0) throw new Error('tick at least one parameter to sweep');
  if (ranges.some((axis) => axis.hi < axis.lo)) throw new Error('a parameter range runs backwards');
  const points = ranges.reduce((product, axis) => product * (axis.hi - axis.lo + 1), 1);
  if (points > MAX_GRID_POINTS) throw new Error(`the grid has ${points} points: at most ${MAX_GRID_POINTS}`);
  return ranges.map((axis) => ({ name: axis.name, values: Array.from({ length: axis.hi - axis.lo + 1 }, (_, i) => axis.lo + i) }));
}

export function checkSprt(sprt: SprtSettings): void {
  if (!(sprt.elo1 > sprt.elo0)) throw new Error('elo1 must be above elo0');
  if (![sprt.alpha, sprt.beta].every((rate) => rate >= 0.001 && rate <= 0.5)) throw new Error('alpha and beta are rates from 0.001 to 0.5');
}
