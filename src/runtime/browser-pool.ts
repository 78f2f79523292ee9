// The worker pool in a browser: module Web Workers running workers/browser.ts.

import { wrap } from 'comlink';
import type { SearchApi } from '../../workers/api';
import { WorkerPool } from './pool';

export function createBrowserPool(size = navigator.hardwareConcurrency || 1): WorkerPool {
  return new WorkerPool(
    () => {
      const worker = new Worker(new URL('../../workers/browser.ts', import.meta.url), { type: 'module' });
      return { api: wrap<SearchApi>(worker), terminate: () => worker.terminate() };
    },
    Math.max(1, size),
  );
}
