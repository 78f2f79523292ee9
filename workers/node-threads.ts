// Search threads in Node: always available; each helper a worker thread running dist-node/thread-helper.mjs.

import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { ThreadTools } from '../src/contracts/game';

export function nodeThreads(module: (name: string) => Promise<WebAssembly.Module>, helperScript: string): ThreadTools {
  return {
    unavailable: () => '',
    module,
    async spawn(start) {
      const worker = new Worker(helperScript, { workerData: start });
      // A helper never keeps a process alive by itself: it ends with the search worker that started it.
      worker.unref();
      // Rejects if the worker fails first.
      const [message] = (await once(worker, 'message')) as [string];
      if (message !== 'joined') throw new Error(`a helper thread answered "${message}"`);
      return { terminate: () => void worker.terminate() };
    },
  };
}
