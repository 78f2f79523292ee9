// The search worker in a browser: cores come from the server, one URL per build/<core>.wasm.

import { expose } from 'comlink';
import { createSearchApi } from './api';

const coreUrls = import.meta.glob<string>('../build/*.wasm', { query: '?url', import: 'default' });

expose(
  createSearchApi(async (core) => {
    const url = coreUrls[`../build/${core}.wasm`];
    if (!url) throw new Error(`there is no core "${core}"`);
    return WebAssembly.compileStreaming(fetch(await url()));
  }),
);
