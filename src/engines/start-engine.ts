// Starting an engine in Node from a command line's `--engine NAME=COMMAND`: a path ending in .js or .mjs is a
// JavaScript bot module run in a worker thread, anything else a command run by the shell (`node bot.mjs` too).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnNodeBotWorker } from './node-bot-worker';
import { type Engine, type EngineIdentity, EngineFault } from './engine';
import { EngineProcess } from './engine-process';
import { ModuleEngine } from './module-engine';

/** A command that is one path ending in .js or .mjs (`node bot.mjs` is a command that runs a process). */
export const isBotModulePath = (command: string) => /^\S+\.m?js$/.test(command.trim());

export async function startEngine(command: string, game: string): Promise<{ engine: Engine; identity: EngineIdentity }> {
  if (!isBotModulePath(command)) return EngineProcess.start(command, game);
  const path = resolve(command.trim());
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    throw new EngineFault('crash', `cannot read the bot module ${path}: ${(error as Error).message}`);
  }
  return ModuleEngine.start(pathToFileURL(path).href, source, game, () => spawnNodeBotWorker());
}
