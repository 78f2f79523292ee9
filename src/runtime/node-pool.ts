// The worker pool in Node: worker threads running dist-node/worker.mjs (the bundled workers/node.ts).

import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { SearchApi } from '../../workers/api';
import { WorkerPool } from './pool';

/** worker.mjs sits beside the bundled CLI in dist-node/; tests pass its path. */
export function createNodePool(size = availableParallelism(), workerFile = join(dirname(fileURLToPath(import.meta.url)), 'worker.mjs')): WorkerPool {
  return new WorkerPool(
    () => {
      const worker = new Worker(resolve(workerFile));
      return { api: wrap<SearchApi>(nodeEndpoint(worker)), terminate: () => void worker.terminate() };
    },
    Math.max(1, size),
  );
}
