// Search threads in a browser: only in a cross-origin isolated page (a shared memory needs it); each helper a
// module worker of its own.

import type { ThreadTools } from '../src/contracts/game';

export function browserThreads(module: (name: string) => Promise<WebAssembly.Module>): ThreadTools {
  return {
    unavailable: () =>
      self.crossOriginIsolated ? '' : 'the page is not cross-origin isolated (its server sends no COOP/COEP headers), so it has no shared memory',
    module,
    spawn(start) {
      const worker = new Worker(new URL('./thread-helper-browser.ts', import.meta.url), { type: 'module' });
      return new Promise((resolve, reject) => {
        worker.addEventListener('message', () => resolve({ terminate: () => worker.terminate() }), { once: true });
        worker.addEventListener('error', (event) => reject(new Error(`a helper thread failed to start: ${event.message}`)), { once: true });
        worker.postMessage(start);
      });
    },
  };
}
