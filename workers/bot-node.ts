// A JavaScript bot module's worker in a Node worker thread (src/engines/bot-module.ts).

import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createBotModuleApi } from '../src/engines/bot-module';
import { gameById } from '../src/games';

if (!parentPort) throw new Error('workers/bot-node runs as a worker thread');
// A module shares the process with the run: it may not signal it (process.exit in a worker ends the worker only,
// which is the module's forfeit).
process.kill = () => {
  throw new Error('a bot module sends no signals');
};
expose(createBotModuleApi(gameById), nodeEndpoint(parentPort));
