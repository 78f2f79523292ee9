// The search worker in a Node worker thread: cores are read from build/ beside dist-node/, data files from
// src/games/, and the data cache is $AI_PLAYGROUND_CACHE or node_modules/.cache/ai-playground/.

import { parentPort } from 'node:worker_threads';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { cacheFolder, fileCache } from './node-cache';
import { readCoreModule, readResource } from './node-cores';
import { createSearchApi } from './api';
import { nodeThreads } from './node-threads';

if (!parentPort) throw new Error('workers/node runs as a worker thread');
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const loadModule = (core: string) => readCoreModule(resolve(root, 'build'), core);
expose(
  createSearchApi(
    loadModule,
    (name) => readResource(resolve(root, 'src/games'), name),
    fileCache(cacheFolder(root)),
    nodeThreads(loadModule, resolve(root, 'dist-node/thread-helper.mjs')),
  ),
  nodeEndpoint(parentPort),
);
