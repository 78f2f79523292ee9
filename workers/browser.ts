// The search worker in a browser: cores and data files come from the server, one URL each.

import { expose } from 'comlink';
import { indexedDbCache } from './browser-cache';
import { fetchResource } from './browser-resources';
import { createSearchApi } from './api';

const coreUrls = import.meta.glob<string>('../build/*.wasm', { query: '?url', import: 'default' });

expose(
  createSearchApi(
    async (core) => {
      const url = coreUrls[`../build/${core}.wasm`];
      if (!url) throw new Error(`there is no core "${core}"`);
      return WebAssembly.compileStreaming(fetch(await url()));
    },
    fetchResource,
    indexedDbCache,
  ),
);
