// The page's one worker pool, started on first use.

import { createBrowserPool } from '../engine/browser-pool';
import type { WorkerPool } from '../engine/pool';

let pool: WorkerPool | undefined;

export function searchPool(): WorkerPool {
  pool ??= createBrowserPool();
  return pool;
}
