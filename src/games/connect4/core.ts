// The Connect 4 core's exports (assembly/connect4), its two builds (7x6, and any size), and how a rules position
// is set up in it.

import type { Position } from './rules';
import { type BoardSize, isStandard, symbolColumn } from './sizes';

export interface Connect4Core {
  /** Sets the board's size (the any-size build; the 7x6 build takes only 7x6): 1 when it is a size the core plays. */
  setSize(width: number, height: number): number;
  /** The size's lowest and highest scores (Pons': -18 and 18 on 7x6). */
  lowestScore(): number;
  highestScore(): number;
  reset(): void;
  moveCount(): number;
  canPlay(column: number): number;
  playColumn(column: number): void;
  undo(): void;
  isWinningMove(column: number): number;
  canWinNext(): number;
  cellAt(column: number, row: number): number;
  clearTable(): void;
  /** The side to move's score (Pons' convention); weak: only its sign. */
  solve(weak: number, nodeLimit: number, msLimit: number): number;
  reachesScore(column: number, score: number, nodeLimit: number, msLimit: number): number;
  /**
   * The estimate (assembly/connect4/estimate.ts): the position's value for the side to move searched `depth`
   * plies, beyond +-provenScore() when proven; estimateColumn() its best column. The position must not be over.
   */
  estimate(depth: number, nodeLimit: number, msLimit: number): number;
  estimateColumn(): number;
  /** Allocates the estimate's table; only in a core of one thread (assembly/connect4/estimate.ts says why). */
  prepareEstimates(): void;
  clearEstimates(): void;
  provenScore(): number;
  nodeCount(): number;
  elapsedMs(): number;
  searchStopped(): number;
  setReporting(on: number): void;
  /** Since the last solve began, on the thread the host calls: the share of table probes that hit, of searched nodes whose first move was best. */
  tableHitRate(): number;
  firstMoveRate(): number;
  /** How many threads search (1 in the single-threaded build). */
  threadCount(): number;
  /** The table's size (log2 of its entries) unless told otherwise: 18, 2 MB (assembly/connect4/transposition-table.ts says why). */
  defaultTableLog2(): number;
  /** Sizes the transposition table to 2^log2 entries (17-27, 8 bytes each; 16 in the any-size build), empty, unless it has that size already. */
  setTableSize(log2: number): number;
  tableEntries(): number;
  /** Threads (the `-threads` builds): the first thread's blocks for `count` threads; a helper's attachment. */
  allocateThreads(count: number): number;
  attachThread(blocks: number, index: number, threads: number): number;
  attachTable(address: number, entries: number): void;
  helperSearch(generation: number): void;
  quitHelpers(): void;
}

/** The build that plays a size: 7x6's own (its shape compiled in, the fastest), else the any-size build. */
export function coreBuild(size: BoardSize, threaded: boolean): string {
  return `connect4${isStandard(size) ? '' : '-sizes'}${threaded ? '-threads' : ''}`;
}

/** A worker's Connect 4 cores: the 7x6 build's instance, and the any-size build's, made when first needed. */
export interface Connect4Cores {
  /** The core for positions of this size, set to it (its table emptied when the size changes). */
  forSize(size: BoardSize): Promise<Connect4Core>;
}

export function connect4Cores(instantiate: (build: string) => Promise<unknown>): Connect4Cores {
  const instances = new Map<string, Promise<Connect4Core>>();
  return {
    async forSize(size) {
      const build = coreBuild(size, false);
      let instance = instances.get(build);
      if (!instance) {
        instance = instantiate(build) as Promise<Connect4Core>;
        instances.set(build, instance);
      }
      const core = await instance;
      useSize(core, size);
      return core;
    },
  };
}

/** The size each core instance is set to (the any-size build's starts at 7x6). */
const sizes = new WeakMap<Connect4Core, string>();

/** Sets a core to a size unless it has it, emptying its table (keys of two sizes may be the same bits). */
export function useSize(core: Connect4Core, size: BoardSize): void {
  const name = `${size.width}x${size.height}`;
  if ((sizes.get(core) ?? '7x6') === name) return;
  if (!core.setSize(size.width, size.height)) throw new Error(`this core does not play ${name}`);
  core.clearTable();
  core.clearEstimates();
  sizes.set(core, name);
}

/** Sets the core to the position (and its size). */
export function setPosition(core: Connect4Core, position: Position): void {
  useSize(core, position);
  core.reset();
  for (const symbol of position.moves) core.playColumn(symbolColumn(symbol));
}
