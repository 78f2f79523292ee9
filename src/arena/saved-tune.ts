// A tuning as `playground <game> tune --out` keeps it: the report so far, the settings it was started with and
// each step's result, so that `--resume` replays the steps played (SPSA's values and its draws of signs follow
// from the results alone) and plays on to the result of an uninterrupted tuning. Read from outside, the file is
// checked by its schema; the command then checks its bots and parameters against the game.

import * as v from 'valibot';
import { TimeControlSchema } from './saved-run';
import { MAX_GAMES } from './schedule';

/** The largest tuning document read, in characters. */
export const MAX_TUNE_CHARS = 64 << 20;

const text = (max = 10_000) => v.pipe(v.string(), v.maxLength(max));
const whole = (min = 0, max = Number.MAX_SAFE_INTEGER) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const rate = v.pipe(v.number(), v.minValue(0.001), v.maxValue(0.5));

const SavedTuneSchema = v.object({
  settings: v.object({
    bot: text(1000),
    params: v.pipe(v.array(v.object({ name: text(100), min: whole(-1e9), max: whole(-1e9) })), v.minLength(1), v.maxLength(64)),
    vs: v.pipe(v.array(text(1000)), v.minLength(1), v.maxLength(64)),
    games: whole(4, MAX_GAMES),
    seed: whole(0),
    size: v.optional(whole(1, 1000)),
    openings: v.optional(v.pipe(v.array(text(1000)), v.maxLength(100_000))),
    rEnd: v.optional(v.pipe(v.number(), v.minValue(1e-6), v.maxValue(10))),
    verify: v.object({ elo0: v.pipe(v.number(), v.finite()), elo1: v.pipe(v.number(), v.finite()), alpha: rate, beta: rate, maxGames: whole(2, MAX_GAMES) }),
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
});

export type SavedTune = v.InferOutput<typeof SavedTuneSchema>;

/** A tuning document's text, checked; throws an Error with the first reason it is not one. */
export function parseSavedTune(source: string): SavedTune {
  if (source.length > MAX_TUNE_CHARS) throw new Error(`the file is over ${MAX_TUNE_CHARS >> 20} MB`);
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    throw new Error(`it is not JSON: ${(error as Error).message}`);
  }
  const parsed = v.safeParse(SavedTuneSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue.path?.map((item) => String(item.key)).join('.');
    throw new Error(`it is no tuning this playground wrote: ${where ? `${where}: ` : ''}${issue.message}`);
  }
  const { settings, results } = parsed.output;
  if (results.length > Math.floor(settings.games / 4)) throw new Error(`it has ${results.length} steps' results, more than its ${settings.games} games make`);
  return parsed.output;
}
