// A submitted bot module's worker in a Node worker thread: the module runs inside the sandbox
// (src/engines/sandbox-bot.ts), whose own code is build/sandbox-prelude.js beside this bundle's folder.

import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createSandboxBotApi } from '../src/engines/sandbox-bot';

if (!parentPort) throw new Error('workers/bot-sandbox-node runs as a worker thread');
const prelude = readFileSync(new URL('../build/sandbox-prelude.js', import.meta.url), 'utf8');
expose(createSandboxBotApi(prelude), nodeEndpoint(parentPort));
