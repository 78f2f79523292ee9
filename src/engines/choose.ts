// A bot module's move (docs/bot-modules.md): the position handed to its `choose` with the rules' helpers, and what
// it returns read as a move of the game, or named as illegal with why. No host of its own: it runs where the
// module runs, in its worker or inside the sandbox of submitted code.

import type { GameRules } from '../contracts/game';
import { Rng } from '../contracts/rng';
import { LOG_KEPT } from '../arena/play-out';
import { type BotModule, BotModuleError, type ChooseAnswer, type ChooseRequest, REPORTS_KEPT } from './bot-shape';
import type { EngineInfo } from './protocol';

type AnyRules = GameRules<unknown, unknown>;

export interface ChooseOptions {
  /** Each `info` report as it comes. */
  readonly onInfo?: (info: EngineInfo) => void;
  /** The module's line an error of its code was thrown on, where it can be told. */
  readonly lineOf?: (error: unknown) => number | undefined;
  /** The clock, in milliseconds. */
  readonly now?: () => number;
}

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A module's `info(figures)` as protocol figures: numbers that are numbers, a principal variation in notation. */
function engineInfo(rules: AnyRules, figures: unknown): EngineInfo {
  const given = (typeof figures === 'object' && figures !== null ? figures : {}) as Record<string, unknown>;
  const info: { depth?: number; nodes?: number; score?: number; pv?: string[] } = {};
  for (const key of ['depth', 'nodes', 'score'] as const) {
    const value = finite(given[key]);
    if (value !== undefined) info[key] = value;
  }
  if (Array.isArray(given.pv)) info.pv = given.pv.map((move) => (typeof move === 'string' ? move : String(rules.formatMove(move))));
  return info;
}

export const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : `it threw ${String(error)}`);

/**
 * Asks a module for its move: one of legalMoves() (or its notation); anything else is answered as illegal with
 * the value the bot returned (the host checks the move again, as it checks every engine's).
 */
export async function chooseMove(rules: AnyRules, bot: BotModule, request: ChooseRequest, options: ChooseOptions = {}): Promise<ChooseAnswer> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const log: string[] = [];
  let logged = 0;
  let reports = 0;
  let lastInfo: EngineInfo | undefined;
  const rng = new Rng(request.seed);
  const position = rules.parse(request.position);
  const tools = {
    seat: request.seat,
    params: { ...Object.fromEntries(bot.params.map((param) => [param.name, param.default])), ...request.params },
    notation: request.position,
    legalMoves: (at: unknown = position) => rules.legalMoves(at),
    play: (at: unknown, move: unknown) => rules.play(at, typeof move === 'string' ? rules.parseMove(move) : move),
    outcome: (at: unknown = position) => rules.outcome(at),
    seatToMove: (at: unknown = position) => rules.seatToMove(at),
    format: (at: unknown = position) => rules.format(at),
    formatMove: (move: unknown) => rules.formatMove(move),
    timeLeftMs: () => Math.max(0, request.ms - (now() - started)),
    random: () => rng.nextU32() / 2 ** 32,
    // Bounded as it is written: the move's log keeps its first LOG_KEPT characters, whatever the bot logs.
    log: (...values: unknown[]) => {
      const room = LOG_KEPT - logged;
      if (room <= 0 || log.length >= REPORTS_KEPT) return;
      const line = values
        .map((value) => printable(value, room))
        .join(' ')
        .slice(0, room);
      logged += line.length + 1;
      log.push(line);
    },
    info: (figures: unknown) => {
      lastInfo = engineInfo(rules, figures);
      if (reports++ < REPORTS_KEPT) options.onInfo?.(lastInfo);
    },
  };
  let chosen: unknown;
  try {
    chosen = await bot.choose(position, tools);
  } catch (error) {
    throw new BotModuleError(describeError(error), options.lineOf?.(error));
  }
  const legal = rules.legalMoves(position).map((candidate) => rules.formatMove(candidate));
  let move: string | undefined;
  try {
    move = typeof chosen === 'string' ? rules.formatMove(rules.parseMove(chosen)) : rules.formatMove(chosen);
  } catch {
    move = undefined;
  }
  const answer = { ...(lastInfo ? { info: lastInfo } : {}), log, ms: now() - started };
  if (move !== undefined && legal.includes(move)) return { move, ...answer };
  // Named as the bot returned it (a column index, an object, undefined), with why the rules refuse it when it is a
  // move of the game, and the moves it could have returned.
  const returned = JSON.stringify(chosen) ?? String(chosen);
  let reason = 'not a move of this game';
  const parsed = move === undefined ? undefined : readMove(rules, move);
  if (parsed !== undefined) {
    try {
      rules.play(position, parsed.move);
    } catch (error) {
      reason = message(error);
    }
  }
  const choices = JSON.stringify(rules.legalMoves(position).slice(0, 20));
  return { move: move ?? returned, illegal: `choose returned ${returned} (${reason}); legalMoves() here: ${choices}`, ...answer };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A logged value as text, at most `room` characters of it (a value JSON cannot write is named as such). */
function printable(value: unknown, room: number): string {
  if (typeof value === 'string') return value.slice(0, room);
  try {
    return String(JSON.stringify(value)).slice(0, room);
  } catch {
    return '[a value that cannot be written]';
  }
}

/** A move in the game's notation read back, when the notation reads it as itself (else undefined). */
function readMove(rules: AnyRules, text: string): { move: unknown } | undefined {
  try {
    const move = rules.parseMove(text);
    return rules.formatMove(move) === text ? { move } : undefined;
  } catch {
    return undefined;
  }
}
