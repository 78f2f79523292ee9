// What a JavaScript bot module is (docs/bot-modules.md): its default export `{ name, author?, params?,
// choose(position, tools) }`, what one move asks of it and what its answer is. Checked wherever a module runs: in a
// worker of its own, and inside the sandbox of submitted code (sandbox-prelude.ts).

import * as v from 'valibot';
import { LOG_KEPT } from '../arena/play-out';
import { EngineInfoSchema } from './protocol';

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

/** An error of the module's code, its line (1-based) where it can be told. */
export class BotModuleError extends Error {
  constructor(message: string, line?: number) {
    super(line ? `line ${line}: ${message}` : message);
    this.name = 'BotModuleError';
  }
}

/** A module's default export checked: the bot, or a BotModuleError saying what its shape lacks. */
export function checkBotShape(exported: unknown): BotModule {
  const shape = 'the default export must be { name, params?, choose(position, tools) }';
  if (typeof (exported as { choose?: unknown } | undefined)?.choose !== 'function') throw new BotModuleError(`${shape}: it has no choose function`);
  const parsed = v.safeParse(BotModuleSchema, exported);
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

/** The identity of a checked bot. */
export function botIdentity(bot: BotModule): BotModuleIdentity {
  return { name: bot.name, ...(bot.author ? { author: bot.author } : {}), params: bot.params };
}

/** One move asked of a module: the position (its seat's view), the time, the seed of its `random`, its parameters. */
export interface ChooseRequest {
  readonly position: string;
  readonly ms: number;
  /** The move's whole time, past which it is lost (a sandbox interrupts the move there itself). */
  readonly limitMs?: number;
  readonly seed: number;
  readonly seat: 0 | 1;
  readonly params: Readonly<Record<string, number>>;
}

/** How many log lines, and how many `info` reports, a module may make in one move; past that they are dropped. */
export const REPORTS_KEPT = 1000;
/**
 * The last message on a move's reports port: the host keeps reading until it comes (the answer travels on another
 * port, and two ports keep no order between them).
 */
export const REPORTS_END = 'end of reports';

/**
 * The answer to a move, as the host reads it: a module can write to its worker's port itself, and the sandbox's
 * answer is text its code could shape, so the host takes only what has this shape (anything else is the module's
 * fault).
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

/** A bot module's worker, as the host calls it (over Comlink): a module loaded once, then its moves. */
export interface BotWorkerApi {
  load(url: string, source: string, gameId: string): Promise<BotModuleIdentity>;
  /** `reports`, when given, is a port the module's `info` reports are posted on as they come (a sandbox posts none). */
  choose(request: ChooseRequest, reports?: MessagePort): Promise<ChooseAnswer>;
}
