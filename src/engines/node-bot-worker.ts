// A bot module's worker in Node: a worker thread running dist-node/bot-worker.mjs (the bundled workers/bot-node.ts).

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { BotModuleApi } from './bot-module';
import type { BotWorker } from './module-engine';

export function spawnNodeBotWorker(workerFile = join(dirname(fileURLToPath(import.meta.url)), 'bot-worker.mjs')): BotWorker {
  const worker = new Worker(resolve(workerFile));
  let terminated = false;
  return {
    api: wrap<BotModuleApi>(nodeEndpoint(worker)),
    terminate: () => {
      terminated = true;
      void worker.terminate();
    },
    onExit: (listener) => {
      let why = 'it exited';
      worker.on('error', (error) => {
        why = `uncaught ${error.name}: ${error.message}`;
      });
      worker.on('exit', (code) => {
        if (!terminated) listener(`${why} (code ${code})`);
      });
    },
  };
}
