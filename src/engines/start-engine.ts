// Starting an engine in Node from a command line's `--engine NAME=COMMAND`: a path ending in .js or .mjs is a
// JavaScript bot module run in a worker thread (`sandbox:FILE.mjs` the same module in the sandbox of submitted
// code), `connectx:FILE.py` a Kaggle ConnectX submission run unchanged by the adapter beside this file
// (connectx.py, in Python), anything else a command run by the shell (`node bot.mjs` too).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnNodeBotWorker, spawnSandboxBotWorker } from './node-bot-worker';
import { type Engine, type EngineIdentity, EngineFault } from './engine';
import { EngineProcess } from './engine-process';
import { ModuleEngine } from './module-engine';

/** A command that is one path ending in .js or .mjs (`node bot.mjs` is a command that runs a process). */
export const isBotModulePath = (command: string) => /^\S+\.m?js$/.test(command.trim());

/** `sandbox:FILE.mjs`: a bot module run as submitted code is, in the sandbox (sandbox-bot.ts). */
const SANDBOX = /^sandbox:(\S+\.m?js)$/;

/** `connectx:FILE.py`: the submission's path. */
const CONNECTX = /^connectx:(.+)$/;

/** A word for the shell, whatever it holds. */
const quoted = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * The ConnectX adapter: beside this file when it runs from src/, and in src/engines/ of the package when it runs
 * bundled in dist-node/.
 */
function connectxAdapter(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const found = [join(here, 'connectx.py'), join(here, '..', 'src', 'engines', 'connectx.py')].find((path) => existsSync(path));
  if (!found) throw new EngineFault('crash', 'the ConnectX adapter (src/engines/connectx.py) is missing from this installation');
  return found;
}

/** `size`: the board size of the engine's games, said in its hello (`6x5`), for games that have sizes. */
export async function startEngine(command: string, game: string, size?: string): Promise<{ engine: Engine; identity: EngineIdentity }> {
  const submission = CONNECTX.exec(command.trim())?.[1];
  if (submission !== undefined) {
    if (game !== 'connect4') throw new EngineFault('no-hello', `a ConnectX agent plays connect4, not ${game}`);
    const path = resolve(submission);
    if (!existsSync(path)) throw new EngineFault('crash', `there is no ConnectX submission ${path}`);
    return EngineProcess.start(`exec python3 ${quoted(connectxAdapter())} ${quoted(path)}`, game, size);
  }
  const sandboxed = SANDBOX.exec(command.trim())?.[1];
  if (sandboxed === undefined && !isBotModulePath(command)) return EngineProcess.start(command, game, size);
  const path = resolve(sandboxed ?? command.trim());
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    throw new EngineFault('crash', `cannot read the bot module ${path}: ${(error as Error).message}`);
  }
  return ModuleEngine.start(pathToFileURL(path).href, source, game, sandboxed === undefined ? () => spawnNodeBotWorker() : () => spawnSandboxBotWorker());
}
