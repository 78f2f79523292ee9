// The solver on several threads (lazy SMP): the core's threaded build on one shared memory, the first thread
// in this worker and a helper per extra thread in workers of its own, all searching each null window in orders
// of their own and sharing one transposition table; the first to finish answers. The core does the searching
// and the handing out; here the threads are started, and each helper's loop waits for work.

import { instantiateCore } from '../../contracts/core';
import type { ThreadTools } from '../../contracts/game';
import { type Connect4Core, type Connect4Cores, coreBuild, useSize } from './core';
import { type BoardSize, formatSize } from './sizes';

/** The most threads a search may use. */
export const MAX_THREADS = 16;

/**
 * The table of several threads unless told: 2^23 entries (64 MB), where one thread's default is 2^18. Two threads
 * fill a small table twice as fast and barely beat one there (7x6 empty board: 22.0 s against 23.1 s on one); on
 * 2^23 they solve it 1.82x as fast as one thread on 2^23, and every board that takes one thread over 10 s as fast
 * as on 2^22 or faster (6x8: 52 s against 80 s; docs/rules/connect4.md).
 */
export const THREADS_TABLE_LOG2 = 23;

/** What a helper needs to join: the module, the memory, where its block and the table are. */
export interface HelperStart {
  readonly module: WebAssembly.Module;
  readonly memory: WebAssembly.Memory;
  readonly blocks: number;
  readonly table: number;
  readonly entries: number;
  readonly index: number;
  readonly threads: number;
  readonly size: BoardSize;
}

// The control words a helper's worker reads (byte offsets from the control address the core returns).
const GENERATION = 16;
const QUIT = 28;

/** A memory of 64 pages to start with, and room to grow to 2 GB (the table is allocated in it). */
const INITIAL_PAGES = 64;
const MAXIMUM_PAGES = 32768;

interface ThreadedCore {
  readonly threads: number;
  readonly log2: number | undefined;
  readonly size: string;
  readonly core: Promise<Connect4Core>;
}

let current: ThreadedCore | undefined;
let stopCurrent: (() => void) | undefined;

/**
 * The core searching boards of `size` with `threads` threads on a table of 2^log2 entries (THREADS_TABLE_LOG2
 * when none is given), started on first use and kept for the next searches (a search with another count, table
 * or board size stops these and starts others). Throws, saying why, where threads are not available.
 */
export function threadedCore(tools: ThreadTools, threads: number, log2: number | undefined, size: BoardSize): Promise<Connect4Core> {
  if (current?.threads === threads && current.log2 === log2 && current.size === formatSize(size)) return current.core;
  stopCurrent?.();
  const core = (async () => {
    const reason = tools.unavailable();
    if (reason) throw new Error(`${threads} threads are not available here: ${reason}`);
    const module = await tools.module(coreBuild(size, true));
    const memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES, shared: true });
    const first = await instantiateCore<Connect4Core>(module, memory);
    useSize(first, size);
    const blocks = first.allocateThreads(threads);
    const table = first.setTableSize(log2 ?? THREADS_TABLE_LOG2);
    const entries = first.tableEntries();
    const helpers = await Promise.all(
      Array.from({ length: threads - 1 }, (_, i) => tools.spawn({ module, memory, blocks, table, entries, index: i + 1, threads, size } satisfies HelperStart)),
    );
    stopCurrent = () => {
      first.quitHelpers();
      for (const helper of helpers) helper.terminate();
    };
    return first;
  })();
  current = { threads, log2, size: formatSize(size), core };
  core.catch(() => {
    if (current?.core === core) current = undefined;
  });
  return core;
}

/**
 * The core to search boards of `size` with: the worker's own for one thread (its table sized to 2^log2 entries,
 * or to the core's own size when none is given), else the threaded core. Throws where this worker cannot start threads.
 */
export async function searchCore(cores: Connect4Cores, tools: ThreadTools | undefined, threads: number, size: BoardSize, log2?: number): Promise<Connect4Core> {
  if (threads === 1) {
    const single = await cores.forSize(size);
    single.setTableSize(log2 ?? single.defaultTableLog2());
    return single;
  }
  if (!tools) throw new Error('this worker cannot start search threads');
  return threadedCore(tools, threads, log2, size);
}

/**
 * A helper thread's life: join the first thread's memory (then `joined()`), and search each window it hands
 * out, until told to quit.
 */
export async function runHelper(start: HelperStart, joined: () => void): Promise<void> {
  const core = await instantiateCore<Connect4Core>(start.module, start.memory);
  if (!core.setSize(start.size.width, start.size.height)) throw new Error(`this core does not play ${formatSize(start.size)}`);
  const control = core.attachThread(start.blocks, start.index, start.threads);
  core.attachTable(start.table, start.entries);
  joined();
  const words = new Int32Array(start.memory.buffer);
  const generation = (control + GENERATION) >>> 2;
  const quit = (control + QUIT) >>> 2;
  let seen = 0;
  for (;;) {
    Atomics.wait(words, generation, seen);
    if (Atomics.load(words, quit)) return;
    const now = Atomics.load(words, generation);
    if (now === seen) continue;
    seen = now;
    core.helperSearch();
  }
}
