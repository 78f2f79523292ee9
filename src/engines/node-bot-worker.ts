// A bot module's worker in Node: a worker thread running dist-node/bot-worker.mjs (the bundled workers/bot-node.ts),
// or, for code submitted by other people, dist-node/bot-sandbox.mjs (workers/bot-sandbox-node.ts).

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { BotWorkerApi } from './bot-shape';
import type { BotWorker } from './module-engine';

export function spawnNodeBotWorker(workerFile = join(dirname(fileURLToPath(import.meta.url)), 'bot-worker.mjs')): BotWorker {
  const worker = new Worker(resolve(workerFile));
  let terminated = false;
  return {
    api: wrap<BotWorkerApi>(nodeEndpoint(worker)),
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

/** A worker running a module in the sandbox of submitted code. */
export function spawnSandboxBotWorker(workerFile = join(dirname(fileURLToPath(import.meta.url)), 'bot-sandbox.mjs')): BotWorker {
  return spawnNodeBotWorker(workerFile);
}
