// The page's one worker pool, started on first use.

import { createBrowserPool } from '../runtime/browser-pool';
import type { WorkerPool } from '../runtime/pool';

let pool: WorkerPool | undefined;

export function searchPool(): WorkerPool {
  pool ??= createBrowserPool();
  return pool;
}
