// The worker pool in a browser: module Web Workers running workers/browser.ts, each given a port to the page's
// memory (workers/browser-cache.ts), where what one worker builds waits for the others as long as the page lives.

import { expose, transfer, wrap } from 'comlink';
import type { SearchApi } from '../../workers/api';
import { type PageMemory, pageMemory } from '../../workers/browser-cache';
import { WorkerPool } from './pool';

type BrowserSearchApi = SearchApi & { connectPage(port: MessagePort): void };

export function createBrowserPool(size = navigator.hardwareConcurrency || 1): WorkerPool {
  return new WorkerPool(
    () => {
      const worker = new Worker(new URL('../../workers/browser.ts', import.meta.url), { type: 'module' });
      const api = wrap<BrowserSearchApi>(worker);
      const channel = new MessageChannel();
      expose(pageMemory satisfies PageMemory, channel.port1);
      // Sent before any task: the worker reads its messages in order.
      void api.connectPage(transfer(channel.port2, [channel.port2]));
      return {
        api,
        terminate: () => {
          worker.terminate();
          channel.port1.close();
        },
      };
    },
    Math.max(1, size),
  );
}
