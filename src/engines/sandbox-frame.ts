// The document of the frame a page's bot module runs in (browser-bot-worker.ts): sandboxed to no origin by its
// iframe, and allowed by its own Content-Security-Policy no connection, no frame and no script but its own and
// blobs. Its one script waits for the page's message, starts the worker from the blob of the worker's code (a
// classic worker: Chromium starts no module worker in a frame of no origin), hands it the page's port, and reports
// its uncaught errors on the other port. The server's policy names this script by
// its hash (a frame's document inherits the page's policy too).

export const SANDBOX_SCRIPT = `addEventListener('message', (event) => {
  if (event.source !== parent || event.ports.length !== 2) return;
  const [api, faults] = event.ports;
  const worker = new Worker(URL.createObjectURL(new Blob([event.data.code], { type: 'text/javascript' })));
  worker.addEventListener('error', (error) => {
    error.preventDefault();
    faults.postMessage(String(error.message || 'error'));
  });
  worker.postMessage(null, [api]);
}, { once: true });`;

const SANDBOX_POLICY = "default-src 'none'; script-src 'unsafe-inline' blob: 'wasm-unsafe-eval'; worker-src blob:";

export const SANDBOX_DOCUMENT = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${SANDBOX_POLICY}"><script>${SANDBOX_SCRIPT}</script>`;
