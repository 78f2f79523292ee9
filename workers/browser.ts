// The search worker in a browser: cores and data files come from the server, one URL each.

import { expose } from 'comlink';
import { indexedDbCache } from './browser-cache';
import { fetchResource } from './browser-resources';
import { createSearchApi } from './api';
import { browserThreads } from './browser-threads';

const coreUrls = import.meta.glob<string>('../build/*.wasm', { query: '?url', import: 'default' });

async function loadModule(core: string): Promise<WebAssembly.Module> {
  const url = coreUrls[`../build/${core}.wasm`];
  if (!url) throw new Error(`there is no core "${core}"`);
  return WebAssembly.compileStreaming(fetch(await url()));
}

expose(createSearchApi(loadModule, fetchResource, indexedDbCache, browserThreads(loadModule)));
