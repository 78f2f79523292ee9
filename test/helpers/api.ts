// The worker's API run in the test process itself (no thread), with the cores from build/ and the games' data.

import { resolve } from 'node:path';
import { cacheFolder, fileCache } from '../../workers/node-cache';
import { readCoreModule, readResource } from '../../workers/node-cores';
import { createSearchApi } from '../../workers/api';
import { nodeThreads } from '../../workers/node-threads';

export const api = createSearchApi(
  (core) => readCoreModule('build', core),
  (name) => readResource('src/games', name),
  fileCache(cacheFolder('.')),
  nodeThreads((core) => readCoreModule('build', core), resolve('dist-node/thread-helper.mjs')),
);
