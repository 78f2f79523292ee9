// The matrix core's exports (assembly/matrix) and how a rules position is set up in it.

import type { CoreExports } from '../../contracts/core';
import type { Position } from './rules';

/** The core's exports (assembly/matrix: what each does is written there). */
export type MatrixCore = CoreExports<typeof import('../../../build/matrix')>;

/**
 * Transposition table buckets (64 bytes, 4 entries each) for a position: 1 MB for 5x5 (a solve visits about
 * 30 k nodes; a bot clears its table every move, so small is fast), 32 MB for 6x6, 256 MB for searches to a
 * depth on larger boards, 1 GB to solve more than EXACT_FREE_CELLS cells to the end (the CLI: on 7x7 it
 * takes a third fewer nodes than a quarter of that).
 */
export function tableLog2(size: number, solveToEnd = false): number {
  if (solveToEnd && size * size > EXACT_FREE_CELLS) return 24;
  return size <= 4 ? 10 : size === 5 ? 14 : size === 6 ? 19 : 22;
}

/** Positions with this many free cells or fewer are solved to the end; larger ones are searched to a depth. */
export const EXACT_FREE_CELLS = 36;

/** The board and table each core holds: the table stays valid between positions of the same board. */
const boards = new WeakMap<MatrixCore, string>();

/**
 * Sets the position up in the core. The table is kept between positions of the same board (faster analysis)
 * unless `fresh`: a bot's search starts from a clear table so that its move and its node count are the same
 * whatever the worker searched before.
 */
export function setPosition(core: MatrixCore, position: Position, log2Buckets = tableLog2(position.size), fresh = false): void {
  const board = `${log2Buckets} ${position.size} ${position.values.join(' ')}`;
  if (boards.get(core) !== board) {
    core.setup(position.size, log2Buckets);
    for (const [cell, value] of position.values.entries()) core.setValue(cell, value);
    boards.set(core, board);
  } else if (fresh) {
    core.clearTable();
  }
  core.begin(position.startRow);
  for (const k of position.moves) core.play(k);
}
