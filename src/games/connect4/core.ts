// The Connect 4 core's exports (assembly/connect4) and how a rules position is set up in it.

import type { Position } from './rules';

export interface Connect4Core {
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
  nodeCount(): number;
  elapsedMs(): number;
  searchStopped(): number;
  setReporting(on: number): void;
  /** Since the last solve began, on the thread the host calls: the share of table probes that hit, of searched nodes whose first move was best. */
  tableHitRate(): number;
  firstMoveRate(): number;
  /** How many threads search (1 in the single-threaded build). */
  threadCount(): number;
  /** Sizes the transposition table to 2^log2 entries (20-27, 8 bytes each), empty, unless it has that size already. */
  setTableSize(log2: number): number;
  tableEntries(): number;
  /** Threads (the `-threads` build): the first thread's blocks for `count` threads; a helper's attachment. */
  allocateThreads(count: number): number;
  attachThread(blocks: number, index: number, threads: number): number;
  attachTable(address: number, entries: number): void;
  helperSearch(generation: number): void;
  quitHelpers(): void;
}

export function setPosition(core: Connect4Core, position: Position): void {
  core.reset();
  for (const digit of position.moves) core.playColumn(Number(digit) - 1);
}
