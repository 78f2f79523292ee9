// The sandbox's own code (built to build/sandbox-prelude.js, run inside QuickJS by sandbox-bot.ts before a
// submitted module): the games' rules and the bot-modules API around the module's `choose`, its answers as text.
// Nothing of the host is reachable from here. The module shares this context and can change any of its objects,
// which can spoil only its own moves: the host checks every move again by the real rules.

import type { GameRules } from '../contracts/game';
import { games } from '../games';
import { type BotModule, botIdentity, type ChooseRequest, checkBotShape } from './bot-shape';
import { chooseMove } from './choose';

/** Every game's rules, from the one registry of games (src/games/index.ts). */
const RULES = new Map<string, GameRules<unknown, unknown>>(Object.values(games).map((game) => [game.rules.id, game.rules as GameRules<unknown, unknown>]));

/** The module's line in an error's stack, as QuickJS writes it (`at choose (bot.mjs:7:12)`). */
const lineOf = (error: unknown) => {
  const match = /bot\.mjs:(\d+)/.exec(error instanceof Error ? (error.stack ?? '') : '');
  return match ? Number(match[1]) : undefined;
};

let bot: BotModule | undefined;
let rules: GameRules<unknown, unknown> | undefined;

const sandbox = {
  /** The ids of the games whose rules are here. */
  games: (): string => JSON.stringify([...RULES.keys()]),
  /** Takes the module's default export for `game`: its identity as text, or a BotModuleError. */
  load(exported: unknown, game: string): string {
    rules = RULES.get(game);
    if (!rules) throw new Error(`the sandbox has no rules of ${game}`);
    bot = checkBotShape(exported);
    return JSON.stringify(botIdentity(bot));
  },
  /** The module's answer to a move (ChooseRequest as text), as text. */
  async choose(request: string): Promise<string> {
    if (!bot || !rules) throw new Error('no bot module is loaded');
    return JSON.stringify(await chooseMove(rules, bot, JSON.parse(request) as ChooseRequest, { lineOf, now: Date.now }));
  },
};

(globalThis as { sandbox?: typeof sandbox }).sandbox = sandbox;
