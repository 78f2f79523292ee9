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
}

export function setPosition(core: Connect4Core, position: Position): void {
  core.reset();
  for (const digit of position.moves) core.playColumn(Number(digit) - 1);
}
