// Command-line options: `--name value` or `--name=value` for options with a value, `--name` for flags; the
// checks of their values, and what counts as a mistake in the command line (exit status 2).

import { parseArgs as parseCommandLine } from 'node:util';
import { parseSeed } from '../contracts/rng';

export interface OptionSpec {
  readonly name: string;
  /** The value's placeholder in the help (`PATH`), or undefined for a flag. */
  readonly value?: string;
  readonly help: string;
  /** May be given more than once (`--engine a=… --engine b=…`): optionList gives every value. */
  readonly repeatable?: boolean;
}

/**
 * A mistake in the command line (an option, a value, a bot, a file it names): the CLI prints it with the usage
 * and exits with status 2. Any other error is a failure of the work itself: status 1.
 */
export class UsageError extends Error {}

/**
 * `read()` (or the promise it returns), with an error it throws counted as a mistake in the command line (`what`
 * says where, when given).
 */
export function asUsage<T>(read: () => T, what?: string): T {
  const usage = (error: unknown): never => {
    if (error instanceof UsageError) throw error;
    const message = (error as Error).message;
    throw new UsageError(what ? `${what}: ${message}` : message);
  };
  try {
    const value = read();
    return (value instanceof Promise ? value.catch(usage) : value) as T;
  } catch (error) {
    return usage(error);
  }
}

export interface ParsedArgs {
  readonly positional: readonly string[];
  readonly options: ReadonlyMap<string, string | true>;
  /** Every value of the repeatable options, in order. */
  readonly lists: ReadonlyMap<string, readonly string[]>;
}

/**
 * The command line read by node:util's parseArgs, then checked against the specs. Its lenient mode is used as the
 * reader, because its strict mode refuses a value that begins with a dash (`--start "-3 4 …"`, a plus-minus
 * board): the checks it would make are made here, with messages that name the option as the help does. A word
 * with a single dash (`-`, `-3`) is an argument, as the help's options all have two.
 */
export function parseArgs(argv: readonly string[], specs: readonly OptionSpec[]): ParsedArgs {
  const { tokens } = parseCommandLine({
    args: [...argv],
    options: Object.fromEntries(specs.map((spec) => [spec.name, { type: spec.value ? 'string' : 'boolean', multiple: !!spec.repeatable }] as const)),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  let shortWord = -1;
  for (const token of tokens) {
    if (token.kind === 'positional') positional.push(token.value);
    if (token.kind !== 'option') continue;
    if (!token.rawName.startsWith('--')) {
      // `-ab` comes as the options a and b of one word: the word is an argument.
      if (token.index !== shortWord) positional.push(argv[token.index]);
      shortWord = token.index;
      continue;
    }
    const { name, value } = token;
    const spec = specs.find((candidate) => candidate.name === name);
    if (!spec) throw new UsageError(`unknown option --${name}`);
    if (!spec.value) {
      if (value !== undefined) throw new UsageError(`--${name} takes no value`);
      options.set(name, true);
    } else {
      if (value === undefined) throw new UsageError(`--${name} needs a value (${spec.value})`);
      if (options.has(name) && !spec.repeatable) throw new UsageError(`--${name} is given twice`);
      options.set(name, value);
      lists.set(name, [...(lists.get(name) ?? []), value]);
    }
  }
  return { positional, options, lists };
}

/** Every value of a repeatable option. */
export function optionList(args: ParsedArgs, name: string): readonly string[] {
  return args.lists.get(name) ?? [];
}

export function optionText(args: ParsedArgs, name: string): string | undefined {
  const value = args.options.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** An integer option within [min, max], or the fallback when it is absent. */
export function optionInteger(args: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const text = optionText(args, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/** A number option within [min, max] (decimals allowed), or the fallback when it is not given. */
export function optionNumber(args: ParsedArgs, name: string, fallback: number, min: number, max: number): number {
  const text = optionText(args, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max)
    throw new UsageError(`--${name} must be a number from ${min} to ${max}, got "${text}"`);
  return value;
}

/** A seed option (`--seed`), or the fallback when it is absent. */
export function optionSeed(args: ParsedArgs, name = 'seed', fallback = 1): number {
  const text = optionText(args, name);
  return text === undefined ? fallback : asUsage(() => parseSeed(text), `--${name}`);
}

export function formatOptions(specs: readonly OptionSpec[]): string {
  const heads = specs.map((spec) => `--${spec.name}${spec.value ? ` ${spec.value}` : ''}`);
  const width = Math.max(...heads.map((head) => head.length));
  return specs.map((spec, i) => `  ${heads[i].padEnd(width)}  ${spec.help}`).join('\n');
}

/**
 * A build script's options (`npm run book:connect4 -- --plies 10`), read and checked as the CLI's: `--help` prints
 * them, and a mistake is printed with them and ends the script with status 2.
 */
export function scriptOptions<T>(usage: string, specs: readonly OptionSpec[], read: (args: ParsedArgs) => T): T {
  const all = [...specs, HELP_OPTION];
  try {
    const args = parseArgs(process.argv.slice(2), all);
    if (args.options.has('help')) {
      console.log(`usage: ${usage}\n${formatOptions(all)}`);
      process.exit(0);
    }
    if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
    return asUsage(() => read(args));
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: ${usage}\n${formatOptions(all)}`);
    process.exit(2);
  }
}

/** The options several commands share. */
export const HELP_OPTION: OptionSpec = { name: 'help', help: 'show this help' };

export const ENGINE_OPTION: OptionSpec = {
  name: 'engine',
  value: 'NAME=COMMAND',
  help: 'an engine (docs/engine-protocol.md), a bot module (a .js/.mjs path, docs/bot-modules.md; sandbox:FILE.mjs runs it in the sandbox of submitted code) or a Kaggle ConnectX agent (connectx:FILE.py), named NAME in the configurations; repeatable. All but a sandboxed module run as you, with your files and network: run only code you trust',
  repeatable: true,
};

/** One `--engine NAME=COMMAND`. */
export function engineOption(spec: string): { name: string; command: string } {
  const match = /^([A-Za-z][\w-]*)=(.+)$/s.exec(spec);
  if (!match) throw new UsageError(`--engine is NAME=COMMAND, got "${spec}"`);
  return { name: match[1], command: match[2] };
}
