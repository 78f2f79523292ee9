// A JavaScript bot module's worker in a page (src/engines/bot-module.ts): started from a blob in a sandboxed frame
// of no origin (src/engines/browser-bot-worker.ts), it gets the page's port as its first message, and imports the
// module from a blob of its own (the page's blob URLs are not reachable from here).

import { expose } from 'comlink';
import { createBotModuleApi } from '../src/engines/bot-module';
import { gameById } from '../src/games';

const api = createBotModuleApi(gameById);
self.addEventListener(
  'message',
  (event: MessageEvent) => {
    const port = event.ports[0];
    if (!port) return;
    expose(
      {
        ...api,
        load: (_url: string, source: string, gameId: string) => api.load(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), source, gameId),
      },
      port,
    );
  },
  { once: true },
);
