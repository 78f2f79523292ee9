// The matrix core's exports (assembly/matrix) and how a rules position is set up in it.

import type { Position } from './rules';

export interface MatrixCore {
  setup(size: number, log2Buckets: number): void;
  setValue(cell: number, value: number): void;
  begin(startRow: number): void;
  play(k: number): number;
  undo(): void;
  sideToMove(): number;
  activeLine(): number;
  legalMask(): number;
  freeCellCount(): number;
  /** Value for the mover looking depth plies ahead (>= the free cells: exact), MTD(f) from a guess. */
  search(depth: number, guess: number, nodeLimit: number, msLimit: number): number;
  bestMove(): number;
  moveValue(k: number, depth: number, nodeLimit: number, msLimit: number): number;
  nodeCount(): number;
  elapsedMs(): number;
  searchStopped(): number;
}

/** Transposition table buckets (32 bytes, 4 entries each) by board size: 4 MB for 5x5, 16 MB for 6x6, 128 MB above. */
export function tableLog2(size: number): number {
  return size <= 4 ? 12 : size === 5 ? 17 : size === 6 ? 19 : 22;
}

/** Positions with this many free cells or fewer are solved to the end; larger ones are searched to a depth. */
export const EXACT_FREE_CELLS = 36;

/** The board each core holds: its table stays valid between positions of the same board. */
const boards = new WeakMap<MatrixCore, string>();

export function setPosition(core: MatrixCore, position: Position): void {
  const board = `${position.size} ${position.values.join(' ')}`;
  if (boards.get(core) !== board) {
    core.setup(position.size, tableLog2(position.size));
    position.values.forEach((value, cell) => core.setValue(cell, value));
    boards.set(core, board);
  }
  core.begin(position.startRow);
  for (const k of position.moves) core.play(k);
}
