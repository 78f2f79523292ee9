// A helper search thread in a browser: a module worker that joins the first thread's shared memory (its start
// message is the first message it gets) and answers once it has.

import { runHelper, type HelperStart } from '../src/games/connect4/threads';

self.addEventListener('message', (event: MessageEvent<HelperStart>) => void runHelper(event.data, () => self.postMessage('joined')), { once: true });
