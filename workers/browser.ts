// The search worker in a browser: cores and data files come from the server, one URL each; what it builds is
// kept by the page (in memory, through the port the page gives it) and in the browser's storage.

import { expose, type Remote, wrap } from 'comlink';
import { browserCache, type PageMemory } from './browser-cache';
import { fetchResource } from './browser-resources';
import { createSearchApi } from './api';
import { browserThreads } from './browser-threads';

const coreUrls = import.meta.glob<string>('../build/*.wasm', { query: '?url', import: 'default' });

async function loadModule(core: string): Promise<WebAssembly.Module> {
  const url = coreUrls[`../build/${core}.wasm`];
  if (!url) throw new Error(`there is no core "${core}"`);
  return WebAssembly.compileStreaming(fetch(await url()));
}

let page: Remote<PageMemory> | undefined;

expose({
  ...createSearchApi(
    loadModule,
    fetchResource,
    browserCache(() => page),
    browserThreads(loadModule),
  ),
  /** The page's memory, reached through this port: asked first, and given what this worker builds. */
  connectPage(port: MessagePort): void {
    page = wrap<PageMemory>(port);
  },
});
