// A bot module's worker in a page, where the module reaches nothing but its position and the rules' helpers: a
// hidden frame sandboxed to no origin (none of the page's storage, no request as the page) and allowed no
// connection (sandbox-frame.ts) starts it from a blob of the worker's code. The page talks to the worker on a
// MessagePort sent through the frame; removing the frame ends the worker. A frame of no origin runs in a process
// of its own: a module that exhausts its memory gets that process ended, not the page's, and forfeits on time.

import { wrap } from 'comlink';
import botWorkerUrl from '../../workers/bot-browser.ts?worker&url';
import type { BotWorkerApi } from './bot-shape';
import type { BotWorker } from './module-engine';
import { SANDBOX_DOCUMENT } from './sandbox-frame';

/** The worker's code, fetched once (from the page's origin: the frame may fetch nothing). */
let workerCode: Promise<string> | undefined;

function fetchWorkerCode(): Promise<string> {
  workerCode ??= fetch(botWorkerUrl).then((response) => {
    if (!response.ok) throw new Error(`the bot worker's code could not be fetched (${response.status})`);
    // A classic script's top-level names would be globals the module could reach: the bundle runs in a function.
    return response.text().then((code) => `(function () {\n${code}\n})();`);
  });
  workerCode.catch(() => (workerCode = undefined));
  return workerCode;
}

export function spawnBrowserBotWorker(): BotWorker {
  const api = new MessageChannel();
  const faults = new MessageChannel();
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.hidden = true;
  frame.title = "a bot's sandbox";
  frame.srcdoc = SANDBOX_DOCUMENT;
  frame.addEventListener(
    'load',
    () =>
      void fetchWorkerCode().then(
        (code) => frame.contentWindow?.postMessage({ code }, '*', [api.port2, faults.port2]),
        (error: Error) => faults.port2.postMessage(error.message),
      ),
    { once: true },
  );
  document.body.append(frame);
  return {
    api: wrap<BotWorkerApi>(api.port1),
    terminate: () => {
      frame.remove();
      api.port1.close();
      faults.port1.close();
    },
    onExit: (listener) => {
      faults.port1.onmessage = (event) => listener(`uncaught ${String(event.data)}`);
    },
  };
}
