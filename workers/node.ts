// The search worker in a Node worker thread: cores are read from build/ beside dist-node/.

import { parentPort } from 'node:worker_threads';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { readCoreModule } from '../src/engine/node-cores';
import { createSearchApi } from './api';

if (!parentPort) throw new Error('workers/node runs as a worker thread');
const buildDir = resolve(dirname(fileURLToPath(import.meta.url)), '../build');
expose(createSearchApi((core) => readCoreModule(buildDir, core)), nodeEndpoint(parentPort));
