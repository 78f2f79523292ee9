// A bot module's worker in a page: a module Web Worker of its own running workers/bot-browser.ts.

import { wrap } from 'comlink';
import type { BotModuleApi } from './bot-module';
import type { BotWorker } from './module-engine';

export function spawnBrowserBotWorker(): BotWorker {
  const worker = new Worker(new URL('../../workers/bot-browser.ts', import.meta.url), { type: 'module' });
  return {
    api: wrap<BotModuleApi>(worker),
    terminate: () => worker.terminate(),
    onExit: (listener) =>
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        listener(`uncaught ${event.message || 'error'}`);
      }),
  };
}
