// A JavaScript bot module (docs/bot-modules.md): a file whose default export is
// `{ name, author?, params?, choose(position, tools) }`, run inside a worker of its own, where it gets the
// position as the game's rules read it and the rules' helpers (never the WASM cores). This file is the worker's
// side: loading a module and checking its shape, asking it for a move, and turning its errors into messages
// that name the module's own line.

import { parser } from '@lezer/javascript';
import * as v from 'valibot';
import type { AnyGame } from '../contracts/game';
import { Rng } from '../contracts/rng';
import { type EngineInfo, EngineInfoSchema } from './protocol';
import { LOG_KEPT } from '../arena/play-out';

const ParamSchema = v.object({
  name: v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'a parameter name is a letter then letters, digits or _')),
  label: v.optional(v.string()),
  min: v.pipe(v.number(), v.integer()),
  max: v.pipe(v.number(), v.integer()),
  default: v.pipe(v.number(), v.integer()),
});

const BotModuleSchema = v.object({
  name: v.pipe(v.string(), v.nonEmpty('the bot has no name')),
  author: v.optional(v.string()),
  params: v.optional(v.array(ParamSchema), []),
  choose: v.function(),
});

export type BotModule = v.InferOutput<typeof BotModuleSchema>;

/** What a module says of itself, as an engine's answer to hello. */
export interface BotModuleIdentity {
  readonly name: string;
  readonly author?: string;
  readonly params: BotModule['params'];
}

/** One move asked of a module: the position (its seat's view), the time, the seed of its `random`, its parameters. */
export interface ChooseRequest {
  readonly position: string;
  readonly ms: number;
  readonly seed: number;
  readonly seat: 0 | 1;
  readonly params: Readonly<Record<string, number>>;
}

/** How many log lines, and how many `info` reports, a module may make in one move; past that they are dropped. */
const REPORTS_KEPT = 1000;

/**
 * The worker's answer to a move, as the host reads it: a module can write to its worker's port itself, so the
 * host takes only what has this shape (anything else is the module's fault).
 */
export const ChooseAnswerSchema = v.object({
  /** The move in the game's notation (or, when it is none, what the bot returned). */
  move: v.pipe(v.string(), v.maxLength(1000)),
  /** Why the bot's answer is no legal move, naming what it returned. */
  illegal: v.optional(v.pipe(v.string(), v.maxLength(4000))),
  /** The last search figures the bot reported with `info`, if any. */
  info: v.optional(EngineInfoSchema),
  /** What the bot logged during this move. */
  log: v.pipe(v.array(v.pipe(v.string(), v.maxLength(LOG_KEPT))), v.maxLength(REPORTS_KEPT)),
  ms: v.pipe(v.number(), v.finite()),
});
export type ChooseAnswer = v.InferOutput<typeof ChooseAnswerSchema>;

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A module's `info(figures)` as protocol figures: numbers that are numbers, a principal variation in notation. */
function engineInfo(rules: AnyGame['rules'], figures: unknown): EngineInfo {
  const given = (typeof figures === 'object' && figures !== null ? figures : {}) as Record<string, unknown>;
  const info: { depth?: number; nodes?: number; score?: number; pv?: string[] } = {};
  for (const key of ['depth', 'nodes', 'score'] as const) {
    const value = finite(given[key]);
    if (value !== undefined) info[key] = value;
  }
  if (Array.isArray(given.pv)) info.pv = given.pv.map((move) => (typeof move === 'string' ? move : String(rules.formatMove(move))));
  return info;
}

/** An error of the module's code, its line (1-based) where it can be told. */
export class BotModuleError extends Error {
  constructor(message: string, line?: number) {
    super(line ? `line ${line}: ${message}` : message);
    this.name = 'BotModuleError';
  }
}

/** The line of the first syntax error in the source, as a JavaScript parser finds it. */
function syntaxErrorLine(source: string): number | undefined {
  let at: number | undefined;
  parser.parse(source).iterate({
    enter(node) {
      if (at !== undefined) return false;
      if (node.type.isError) at = node.from;
    },
  });
  return at === undefined ? undefined : source.slice(0, at).split('\n').length;
}

/** The module's line in an error's stack: the first frame in the module's URL. */
function lineIn(error: unknown, url: string): number | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}:(\\d+):\\d+`).exec(stack);
  return match ? Number(match[1]) : undefined;
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : `it threw ${String(error)}`);

/** Loads a module from a URL (a file: URL in Node, a blob: URL in a page) and checks its default export. */
export async function loadBotModule(url: string, source: string): Promise<BotModule> {
  let loaded: { default?: unknown };
  try {
    loaded = await import(/* @vite-ignore */ url);
  } catch (error) {
    const line = error instanceof SyntaxError ? (lineIn(error, url) ?? syntaxErrorLine(source)) : lineIn(error, url);
    throw new BotModuleError(describe(error), line);
  }
  const shape = 'the default export must be { name, params?, choose(position, tools) }';
  if (typeof (loaded.default as { choose?: unknown } | undefined)?.choose !== 'function') throw new BotModuleError(`${shape}: it has no choose function`);
  const parsed = v.safeParse(BotModuleSchema, loaded.default);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue.path?.map((item) => String(item.key)).join('.');
    throw new BotModuleError(`${shape}: ${where ? `${where}: ` : ''}${issue.message}`);
  }
  for (const param of parsed.output.params) {
    if (!(param.min <= param.default && param.default <= param.max))
      throw new BotModuleError(`parameter ${param.name}: its default ${param.default} is not in ${param.min}..${param.max}`);
  }
  return parsed.output;
}

/**
 * Asks a module for its move: one of legalMoves() (or its notation); anything else is answered as illegal with
 * the value the bot returned (the host checks the move again, as it checks every engine's).
 */
export async function chooseMove(
  game: AnyGame,
  bot: BotModule,
  url: string,
  request: ChooseRequest,
  onInfo?: (info: EngineInfo) => void,
): Promise<ChooseAnswer> {
  const { rules } = game;
  const started = performance.now();
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
    timeLeftMs: () => Math.max(0, request.ms - (performance.now() - started)),
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
      if (reports++ < REPORTS_KEPT) onInfo?.(lastInfo);
    },
  };
  let chosen: unknown;
  try {
    chosen = await bot.choose(position, tools);
  } catch (error) {
    throw new BotModuleError(describe(error), lineIn(error, url));
  }
  const legal = rules.legalMoves(position).map((candidate) => rules.formatMove(candidate));
  let move: string | undefined;
  try {
    move = typeof chosen === 'string' ? rules.formatMove(rules.parseMove(chosen)) : rules.formatMove(chosen);
  } catch {
    move = undefined;
  }
  const answer = { ...(lastInfo ? { info: lastInfo } : {}), log, ms: performance.now() - started };
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
function readMove(rules: AnyGame['rules'], text: string): { move: unknown } | undefined {
  try {
    const move = rules.parseMove(text);
    return rules.formatMove(move) === text ? { move } : undefined;
  } catch {
    return undefined;
  }
}

/** The worker's API (Comlink): one module per worker, loaded once. */
export function createBotModuleApi(findGame: (id: string) => AnyGame) {
  let loaded: { bot: BotModule; game: AnyGame; url: string } | undefined;
  return {
    async load(url: string, source: string, gameId: string): Promise<BotModuleIdentity> {
      const bot = await loadBotModule(url, source);
      loaded = { bot, game: findGame(gameId), url };
      return { name: bot.name, ...(bot.author ? { author: bot.author } : {}), params: bot.params };
    },
    /**
     * `reports`, when given, is a port the module's `info` reports are posted on as they come: plain messages the
     * host reads through their schema (never a function of the host's to call).
     */
    async choose(request: ChooseRequest, reports?: MessagePort): Promise<ChooseAnswer> {
      if (!loaded) throw new Error('no bot module is loaded');
      try {
        return await chooseMove(loaded.game, loaded.bot, loaded.url, request, reports && ((info) => reports.postMessage(info)));
      } finally {
        reports?.close();
      }
    },
  };
}

export type BotModuleApi = ReturnType<typeof createBotModuleApi>;
