// A run as it is kept: in IndexedDB by the page, in a file by the CLI (--out) or by the page's export. The same
// document either way, so a run from the CLI opens in the page and the other way round. A run read from outside
// (a file, the browser's store) is checked by a valibot schema, which also gives its type, then for what the
// schema cannot say (pairs, seats and records agree with each other); it is refused with the first reason.

import * as v from 'valibot';
import { type AnyGame, sizeFault } from '../contracts/game';
import { games, arenaGames } from '../games';
import { type MatchReport, matchReport } from './match';
import { FORFEIT_REASONS, type GameRecord, LOG_KEPT } from './play-out';
import { sweepReport, tournamentReport, type SweepReport, type TournamentReport } from './report';
import { MAX_GAMES, MAX_GRID_POINTS, MAX_OPPONENTS, MAX_TOURNAMENT_BOTS, type Schedule } from './schedule';
import type { TimeControl } from './time-control';

/** The largest run document read, in characters. */
export const MAX_RUN_CHARS = 256 << 20;
/** The most moves of one game (a 20 x 20 plus-minus board has 400). */
const MAX_MOVES = 2000;
const MAX_TEXT = 10_000;

const text = (max = MAX_TEXT) => v.pipe(v.string(), v.maxLength(max));
/** A list of at least `min` and at most `max` items, readonly as the arena's own lists are. */
const list = <T extends v.GenericSchema>(item: T, max: number, min = 0) => v.pipe(v.array(item), v.minLength(min), v.maxLength(max), v.readonly());
const whole = (min = 0) => v.pipe(v.number(), v.integer(), v.minValue(min));
/** A time control as a run keeps it (`--ms`, `--clock`, `--increment`). */
export const TimeControlSchema = v.object({ moveMs: v.optional(whole()), clockMs: v.optional(whole()), incrementMs: v.optional(whole()) });
const seats = v.pipe(v.tuple([text(200), text(200)]), v.readonly());

const MoveRecordSchema = v.object({
  move: text(200),
  nodes: v.pipe(v.number(), v.minValue(0)),
  ms: v.pipe(v.number(), v.minValue(0)),
  depth: whole(),
  loss: v.nullable(v.number()),
  drop: v.optional(v.nullable(v.picklist([0, 1, 2]))),
});

export const GameRecordSchema = v.object({
  start: text(),
  seats,
  moves: list(MoveRecordSchema, MAX_MOVES),
  winner: v.nullable(v.union([v.literal(0), v.literal(1)])),
  margin: v.pipe(v.number(), v.finite()),
  forfeit: v.optional(v.object({ seat: v.union([v.literal(0), v.literal(1)]), reason: v.picklist(FORFEIT_REASONS), detail: text() })),
  logs: v.optional(v.pipe(v.tuple([text(LOG_KEPT), text(LOG_KEPT)]), v.readonly())),
});

/** The id of a game with an arena (a game for two). */
export const ArenaGameSchema = v.picklist(
  arenaGames.map((game) => game.rules.id),
  'the run is of a game this playground has no arena for',
);
/** A run's id: its start time and a random tail (newRunId). */
export const RunIdSchema = v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/));

const ScheduleSchema = v.object({
  game: ArenaGameSchema,
  seed: v.pipe(whole(), v.maxValue(2 ** 32 - 1)),
  size: v.optional(whole(1)),
  bots: list(text(200), MAX_GRID_POINTS + MAX_OPPONENTS, 2),
  pairings: list(v.object({ a: text(200), b: text(200) }), MAX_GAMES, 1),
  starts: list(text(), MAX_GAMES),
  games: list(v.object({ pair: whole(), start: text(), seats, seed: v.pipe(whole(), v.maxValue(2 ** 32 - 1)) }), MAX_GAMES, 1),
});

const SavedRunSchema = v.object({
  format: v.literal('ai-playground-run'),
  version: v.literal(1),
  id: RunIdSchema,
  kind: v.picklist(['tournament', 'sweep', 'match']),
  /** ISO time the run started. */
  created: v.pipe(v.string(), v.isoTimestamp()),
  schedule: ScheduleSchema,
  /** By schedule index; null for a game not played (the run was cancelled or interrupted). */
  records: list(v.nullable(GameRecordSchema), MAX_GAMES),
  /** For a sweep: the swept bot, its grid and the opponents. */
  sweep: v.optional(
    v.object({
      bot: text(200),
      grid: list(v.object({ name: text(100), values: list(v.number(), MAX_GRID_POINTS) }), 16),
      vs: list(text(200), MAX_OPPONENTS, 1),
    }),
  ),
  /** For a match: its SPRT's hypotheses and error rates. */
  sprt: v.optional(
    v.object({
      elo0: v.pipe(v.number(), v.minValue(-2000), v.maxValue(2000)),
      elo1: v.pipe(v.number(), v.minValue(-2000), v.maxValue(2000)),
      alpha: v.pipe(v.number(), v.minValue(0.001), v.maxValue(0.5)),
      beta: v.pipe(v.number(), v.minValue(0.001), v.maxValue(0.5)),
    }),
  ),
  /** The time control the games were played with (`--ms`, `--clock`, `--increment`), when there was one. */
  time: v.optional(TimeControlSchema),
  elapsedMs: v.pipe(v.number(), v.minValue(0)),
  /** False while a run is under way or was interrupted (`--resume` carries it on); missing in older files. */
  finished: v.optional(v.boolean()),
});

export type SavedRun = v.InferOutput<typeof SavedRunSchema>;

export function newRunId(created: Date): string {
  return `${created
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 17)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export function savedRun(
  kind: SavedRun['kind'],
  schedule: Schedule,
  records: readonly (GameRecord | undefined)[],
  elapsedMs: number,
  created: Date,
  settings: Pick<SavedRun, 'sweep' | 'sprt'> = {},
  finished = true,
  id = newRunId(created),
  time: TimeControl = {},
): SavedRun {
  return {
    format: 'ai-playground-run',
    version: 1,
    id,
    kind,
    created: created.toISOString(),
    schedule,
    records: records.map((record) => record ?? null),
    ...(settings.sweep ? { sweep: settings.sweep } : {}),
    ...(settings.sprt ? { sprt: settings.sprt } : {}),
    ...(time.moveMs || time.clockMs ? { time } : {}),
    elapsedMs: Math.round(elapsedMs),
    finished,
  };
}

export function runReport(run: SavedRun): TournamentReport | SweepReport | MatchReport {
  const records = run.records.map((record) => record ?? undefined);
  if (run.sprt) return matchReport(run.schedule, records, run.sprt);
  return run.sweep ? sweepReport(run.schedule, run.sweep.bot, run.sweep.grid, run.sweep.vs, records) : tournamentReport(run.schedule, records);
}

/** A kept document's JSON, refused past `maxChars`; throws an Error saying what is wrong with it. */
export function readDocument(text: string, maxChars: number): unknown {
  if (text.length > maxChars) throw new Error(`the file is over ${maxChars >> 20} MB`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`this file is not JSON: ${(error as Error).message}`);
  }
}

/** Reads a run file; throws an Error saying what is wrong with it. */
export function parseSavedRun(text: string): SavedRun {
  return checkSavedRun(readDocument(text, MAX_RUN_CHARS));
}

/** Checks a run read from anywhere (a file, the page's store); throws an Error with the first reason it is not one. */
export function checkSavedRun(document: unknown): SavedRun {
  const head = document as { format?: unknown; version?: unknown; schedule?: unknown } | null;
  if (!head || typeof head !== 'object' || head.format !== 'ai-playground-run') throw new Error('this file is not an AI Playground run');
  if (head.version !== 1) throw new Error(`run version ${String(head.version)} is not one this playground reads`);
  if (!head.schedule || typeof head.schedule !== 'object') throw new Error('the run has no schedule');
  const parsed = v.safeParse(SavedRunSchema, document);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue);
    throw new Error(`the run is malformed: ${path ? `${path}: ` : ''}${issue.message}`);
  }
  const run = parsed.output;
  const reason = inconsistency(run);
  if (reason) throw new Error(`the run is malformed: ${reason}`);
  return run;
}

/** What the schema cannot check: the parts of the run agree with each other. */
function inconsistency(run: SavedRun): string | null {
  const { schedule, records } = run;
  if (records.length !== schedule.games.length) return "the run's games do not match its schedule";
  const sizeWrong = schedule.size === undefined || !games[schedule.game].sizes ? null : sizeFault(games[schedule.game], schedule.size);
  if (sizeWrong) return sizeWrong;
  const bots = new Set(schedule.bots);
  if (bots.size !== schedule.bots.length) return 'a bot is named twice';
  if (run.kind === 'tournament' && bots.size > MAX_TOURNAMENT_BOTS) return `a tournament has at most ${MAX_TOURNAMENT_BOTS} bots`;
  if (run.kind === 'sweep' && !run.sweep) return 'the sweep has no grid';
  if (run.kind === 'match' && (!run.sprt || schedule.pairings.length !== 1 || run.sprt.elo1 <= run.sprt.elo0))
    return 'a match is one pairing with its SPRT settings (elo0 below elo1)';
  for (const [i, { a, b }] of schedule.pairings.entries()) if (!bots.has(a) || !bots.has(b) || a === b) return `pairing ${i} is not of two of the run's bots`;
  for (const [i, game] of schedule.games.entries()) {
    const pairing = schedule.pairings[game.pair];
    if (!pairing) return `game ${i} names pairing ${game.pair}, which the run does not have`;
    const [first, second] = game.seats;
    if (!((first === pairing.a && second === pairing.b) || (first === pairing.b && second === pairing.a)))
      return `game ${i}'s seats are not its pairing's bots`;
    const record = records[i];
    const fault = record && recordFault(schedule, i, record);
    if (fault) return fault;
  }
  return null;
}

/** What is wrong with the record of a run's game `i`: played by its seats, from its start, by the rules. */
export function recordFault(schedule: Schedule, i: number, record: GameRecord): string | null {
  const game = schedule.games[i];
  if (record.seats[0] !== game.seats[0] || record.seats[1] !== game.seats[1]) return `game ${i} was played by other bots than its schedule's`;
  if (record.start !== game.start) return `game ${i} was played from another start than its schedule's`;
  const replayed = replayFault(games[schedule.game], record);
  return replayed && `game ${i}'s record does not replay by the rules: ${replayed}`;
}

/**
 * Games of a run already checked (its schedule), read from outside: each a record by the schema, of one of the
 * schedule's games, played as the schedule says and by the rules; an Error with the first reason one is not.
 */
export function checkGames(
  schedule: Schedule,
  entries: readonly { readonly index: unknown; readonly record: unknown }[],
): { index: number; record: GameRecord }[] {
  return entries.map(({ index, record }) => {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= schedule.games.length)
      throw new Error(`game ${String(index)} is not one of the run's ${schedule.games.length}`);
    const parsed = v.safeParse(GameRecordSchema, record);
    if (!parsed.success) {
      const path = v.getDotPath(parsed.issues[0]);
      throw new Error(`game ${index} is malformed: ${path ? `${path}: ` : ''}${parsed.issues[0].message}`);
    }
    const fault = recordFault(schedule, index, parsed.output);
    if (fault) throw new Error(fault);
    return { index, record: parsed.output };
  });
}

/**
 * What is wrong with a record played again by the rules: every move legal, and its end the rules' (the winner and
 * the margin of its last position), or a forfeit (the loser's opponent the winner, with no margin) before the end.
 */
function replayFault(game: AnyGame, record: GameRecord): string | null {
  const { rules } = game;
  let position: unknown;
  try {
    position = rules.parse(record.start);
  } catch (error) {
    return `its start: ${(error as Error).message}`;
  }
  for (const [ply, move] of record.moves.entries()) {
    if (rules.outcome(position)) return `move ${ply + 1} is played after the end of the game`;
    try {
      position = rules.play(position, rules.parseMove(move.move));
    } catch (error) {
      return `move ${ply + 1} (${move.move}): ${(error as Error).message}`;
    }
  }
  const outcome = rules.outcome(position);
  if (record.forfeit) {
    // A bot that lost on time made its last move too late: the game may end with it.
    if (outcome && record.forfeit.reason !== 'time') return 'a forfeit after the end of the game';
    if (record.winner !== 1 - record.forfeit.seat || record.margin !== 0) return "a forfeit's winner is the other seat, with no margin";
    return null;
  }
  if (!outcome) return 'the game is not over';
  if (outcome.winner !== record.winner || (outcome.margin ?? 0) !== record.margin)
    return `the rules end it ${outcome.winner === null ? 'drawn' : `won by seat ${outcome.winner}`}${outcome.margin ? ` by ${outcome.margin}` : ''}, not as the record says`;
  return null;
}
