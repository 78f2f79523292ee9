// Bot configurations: `id` or `id:param=value:param=value`, checked against the bot's parameter schema.

import type { BotInfo, Params, ParamSpec } from './game';

export interface BotConfig {
  readonly id: string;
  /** Every parameter of the bot, defaults filled in. */
  readonly params: Params;
}

/**
 * A parameter as people read it: its label, with its name where the two differ ("Jackpot threshold (advantage)"),
 * so that the settings and the results (which name parameters) read alike.
 */
export function paramTitle(spec: Pick<ParamSpec, 'name' | 'label'>): string {
  return spec.label.toLowerCase() === spec.name.toLowerCase() ? spec.label : `${spec.label} (${spec.name})`;
}

/** The titles of a bot's parameters by name (a bot that is not known: the names themselves). */
export function paramTitles(bots: readonly BotInfo[], config: string): Readonly<Record<string, string>> {
  const bot = bots.find((candidate) => candidate.id === config.split(':')[0].trim());
  return Object.fromEntries((bot?.params ?? []).map((spec) => [spec.name, paramTitle(spec)]));
}

export function findBot<B extends BotInfo>(bots: readonly B[], id: string): B {
  const bot = bots.find((candidate) => candidate.id === id);
  if (!bot) throw new Error(`unknown bot "${id}": the bots are ${bots.map((b) => b.id).join(', ')}`);
  return bot;
}

export function parseBotConfig(bots: readonly BotInfo[], text: string): BotConfig {
  return parseAssignments(bots, text).config;
}

/**
 * The configuration as it is named everywhere: spaces around it and its parts dropped, numbers written plainly
 * (` article:depth=03` is `article:depth=3`), the parameters in the order given. Throws like parseBotConfig.
 */
export function normalizeBotConfig(bots: readonly BotInfo[], text: string): string {
  const { config, named } = parseAssignments(bots, text);
  return [config.id, ...named.map((name) => `${name}=${config.params[name]}`)].join(':');
}

function parseAssignments(bots: readonly BotInfo[], text: string): { config: BotConfig; named: string[] } {
  const [id, ...assignments] = text.split(':').map((part) => part.trim());
  const bot = findBot(bots, id);
  const params: Record<string, number> = Object.fromEntries(bot.params.map((spec) => [spec.name, spec.default]));
  const seen = new Set<string>();
  for (const assignment of assignments) {
    const match = /^([A-Za-z]\w*)=(-?\d+)$/.exec(assignment);
    if (!match) throw new Error(`"${assignment}" in bot "${text}" is not param=integer`);
    const [, name, value] = match;
    const spec = bot.params.find((candidate) => candidate.name === name);
    if (!spec) {
      const known = bot.params.map((candidate) => candidate.name).join(', ') || 'none';
      throw new Error(`bot ${id} has no parameter "${name}" (its parameters: ${known})`);
    }
    if (seen.has(name)) throw new Error(`parameter ${name} is given twice in bot "${text}"`);
    seen.add(name);
    const number = Number(value);
    if (number < spec.min || number > spec.max) {
      throw new Error(`${id} ${name}=${number} is out of range ${spec.min}..${spec.max}`);
    }
    params[name] = number;
  }
  return { config: { id, params }, named: [...seen] };
}

/** The configuration's text, naming only the parameters that differ from their defaults. */
export function formatBotConfig(bots: readonly BotInfo[], config: BotConfig): string {
  const bot = findBot(bots, config.id);
  const changed = bot.params.filter((spec) => config.params[spec.name] !== spec.default);
  return [config.id, ...changed.map((spec) => `${spec.name}=${config.params[spec.name]}`)].join(':');
}
