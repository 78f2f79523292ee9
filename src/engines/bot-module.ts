// A JavaScript bot module (docs/bot-modules.md) in a worker of its own, where it gets the position as the game's
// rules read it and the rules' helpers (never the WASM cores). This file is the worker's side: loading a module
// with the host's own JavaScript engine, checking its shape, asking it for moves, and naming the module's own line
// in its errors. (Code submitted by other people runs in the sandbox instead: sandbox-bot.ts.)

import { parser } from '@lezer/javascript';
import type { AnyGame } from '../contracts/game';
import {
  type BotModule,
  BotModuleError,
  type BotModuleIdentity,
  type BotWorkerApi,
  botIdentity,
  type ChooseAnswer,
  type ChooseRequest,
  checkBotShape,
  REPORTS_END,
} from './bot-shape';
import { chooseMove, describeError } from './choose';

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

/** Loads a module from a URL (a file: URL in Node, a blob: URL in a page) and checks its default export. */
export async function loadBotModule(url: string, source: string): Promise<BotModule> {
  let loaded: { default?: unknown };
  try {
    loaded = await import(/* @vite-ignore */ url);
  } catch (error) {
    const line = error instanceof SyntaxError ? (lineIn(error, url) ?? syntaxErrorLine(source)) : lineIn(error, url);
    throw new BotModuleError(describeError(error), line);
  }
  return checkBotShape(loaded.default);
}

/** The worker's API (Comlink): one module per worker, loaded once. */
export function createBotModuleApi(findGame: (id: string) => AnyGame): BotWorkerApi {
  let loaded: { bot: BotModule; game: AnyGame; url: string } | undefined;
  return {
    async load(url: string, source: string, gameId: string): Promise<BotModuleIdentity> {
      const bot = await loadBotModule(url, source);
      loaded = { bot, game: findGame(gameId), url };
      return botIdentity(bot);
    },
    /** The module's `info` reports go on `reports` as plain messages the host reads through their schema (never a function of the host's to call). */
    async choose(request: ChooseRequest, reports?: MessagePort): Promise<ChooseAnswer> {
      if (!loaded) throw new Error('no bot module is loaded');
      const { url } = loaded;
      try {
        return await chooseMove(loaded.game.rules, loaded.bot, request, {
          onInfo: reports && ((info) => reports.postMessage(info)),
          lineOf: (error) => lineIn(error, url),
        });
      } finally {
        reports?.postMessage(REPORTS_END);
        reports?.close();
      }
    },
  };
}
