// A tuning as it is kept: in a file by `playground <game> tune --out`, in IndexedDB by the page (with its saved
// runs), the same document either way. It is the report as it stands, with what carrying it on needs: the
// settings it was started with and each step's result, so that `--resume` replays the steps played (SPSA's values
// and its draws of signs follow from the results alone) and plays on to the result of an uninterrupted tuning,
// and the page reopens it without playing a game. Read from outside, it is checked by its schema: what is read
// back is the settings, the results and the verification match's report; the rest (values, trajectory, SPSA's
// constants) is computed again from them. The command then checks its bots and parameters against the game.

import * as v from 'valibot';
import { sizeFault } from '../contracts/game';
import { games } from '../games';
import type { MatchReport } from './match';
import { ArenaGameSchema, readDocument, RunIdSchema, TimeControlSchema } from './saved-run';
import { MAX_GAMES } from './schedule';

/** The largest tuning document read, in characters. */
export const MAX_TUNE_CHARS = 64 << 20;

const text = (max = 10_000) => v.pipe(v.string(), v.maxLength(max));
const whole = (min = 0, max = Number.MAX_SAFE_INTEGER) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const real = v.pipe(v.number(), v.finite());
const rate = v.pipe(v.number(), v.minValue(0.001), v.maxValue(0.5));

/** The verification match's report (match.ts), as the page shows it again. */
const MatchReportSchema = v.object({
  bots: v.pipe(v.tuple([text(1000), text(1000)]), v.readonly()),
  result: v.picklist(['H0', 'H1', 'inconclusive']),
  llr: real,
  lower: real,
  upper: real,
  pairs: whole(0, MAX_GAMES),
  games: whole(0, MAX_GAMES),
  distinct_games: whole(0, MAX_GAMES),
  pentanomial: v.tuple([whole(), whole(), whole(), whole(), whole()]),
  wdl: v.pipe(v.tuple([whole(), whole(), whole()]), v.readonly()),
  elo_model: v.literal('logistic'),
  elo: real,
  elo_lo: v.nullable(real),
  elo_hi: v.nullable(real),
  los: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  nelo: real,
  nelo_lo: v.nullable(real),
  nelo_hi: v.nullable(real),
  elo0: real,
  elo1: real,
  alpha: rate,
  beta: rate,
  seed: whole(),
  stop: text(),
  trajectory: v.pipe(v.array(real), v.maxLength(MAX_GAMES), v.readonly()),
  scores: v.pipe(v.array(whole(0, 4)), v.maxLength(MAX_GAMES), v.readonly()),
  note: v.optional(text()),
  pairing: v.optional(text()),
}) satisfies v.GenericSchema<unknown, MatchReport>;

const SavedTuneSchema = v.object({
  format: v.literal('ai-playground-tune'),
  version: v.literal(1),
  id: RunIdSchema,
  /** ISO time the tuning started. */
  created: v.pipe(v.string(), v.isoTimestamp()),
  game: ArenaGameSchema,
  settings: v.object({
    bot: text(1000),
    params: v.pipe(v.array(v.object({ name: text(100), min: whole(-1e9), max: whole(-1e9) })), v.minLength(1), v.maxLength(64)),
    vs: v.pipe(v.array(text(1000)), v.minLength(1), v.maxLength(64)),
    games: whole(4, MAX_GAMES),
    seed: whole(0),
    size: v.optional(whole(1)),
    openings: v.optional(v.pipe(v.array(text(1000)), v.maxLength(100_000))),
    rEnd: v.optional(v.pipe(v.number(), v.minValue(1e-6), v.maxValue(10))),
    verify: v.object({ elo0: real, elo1: real, alpha: rate, beta: rate, maxGames: whole(2, MAX_GAMES) }),
  }),
  time: v.optional(TimeControlSchema),
  /** Each step's result: the + configuration's points minus the − one's, in halves from −2 to 2. */
  results: v.pipe(
    v.array(
      v.pipe(
        v.number(),
        v.check((result) => Number.isInteger(result * 2) && Math.abs(result) <= 2, 'a step scores from -2 to 2 in halves'),
      ),
    ),
    v.maxLength(MAX_GAMES / 4),
  ),
  /** The tuned configuration against the start's, or why there was none (yet). */
  verification: v.union([MatchReportSchema, v.object({ skipped: text() })]),
});

export type SavedTune = v.InferOutput<typeof SavedTuneSchema>;

/** What names a kept tuning, besides its report. */
export interface TuneIdentity {
  readonly format: 'ai-playground-tune';
  readonly version: 1;
  readonly id: string;
  readonly created: string;
  readonly game: string;
}

export function tuneIdentity(id: string, created: string, game: string): TuneIdentity {
  return { format: 'ai-playground-tune', version: 1, id, created, game };
}

/** A tuning document's text, checked; throws an Error with the first reason it is not one. */
export function parseSavedTune(source: string): SavedTune {
  return checkSavedTune(readDocument(source, MAX_TUNE_CHARS));
}

/** Checks a tuning read from anywhere (a file, the page's store); throws an Error with the first reason it is not one. */
export function checkSavedTune(document: unknown): SavedTune {
  const parsed = v.safeParse(SavedTuneSchema, document);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = v.getDotPath(issue);
    throw new Error(`it is no tuning this playground wrote: ${where ? `${where}: ` : ''}${issue.message}`);
  }
  const { settings, results } = parsed.output;
  // (A game without sizes has a tuning's size ignored, as a run's.)
  const sizeWrong = settings.size === undefined || !games[parsed.output.game].sizes ? null : sizeFault(games[parsed.output.game], settings.size);
  if (sizeWrong) throw new Error(`it is no tuning this playground wrote: ${sizeWrong}`);
  if (results.length > Math.floor(settings.games / 4)) throw new Error(`it has ${results.length} steps' results, more than its ${settings.games} games make`);
  return parsed.output;
}
