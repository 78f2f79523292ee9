// The worker's API run in the test process itself (no thread), with the cores from build/ and the games' data.

import { cacheFolder, fileCache } from '../../workers/node-cache';
import { readCoreModule, readResource } from '../../workers/node-cores';
import { createSearchApi } from '../../workers/api';

export const api = createSearchApi(
  (core) => readCoreModule('build', core),
  (name) => readResource('src/games', name),
  fileCache(cacheFolder('.')),
);
