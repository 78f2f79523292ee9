// A helper search thread in Node: a worker thread that joins the first thread's shared memory (its start message
// is the worker data) and tells its parent once it has.

import { parentPort, workerData } from 'node:worker_threads';
import { runHelper, type HelperStart } from '../src/games/connect4/threads';

if (!parentPort) throw new Error('workers/thread-helper-node runs as a worker thread');
const parent = parentPort;
void runHelper(workerData as HelperStart, () => parent.postMessage('joined'));
