// The tic-tac-toe core's exports (assembly/tictactoe) and how a rules position is set up in it.

import type { Position } from './rules';

export interface TicTacToeCore {
  clear(): void;
  setCell(cell: number, mark: number): void;
  cellAt(cell: number): number;
  sideToMove(): number;
  play(cell: number): void;
  undo(cell: number): void;
  /** 0 game on, 1 X has a line, 2 O has a line, 3 draw. */
  result(): number;
  legalMask(): number;
  search(depth: number, nodeLimit: number, msLimit: number): number;
  rootScore(cell: number): number;
  chooseBest(seed: number): number;
  nodeCount(): number;
  elapsedMs(): number;
  searchStopped(): number;
  readonly NO_MOVE: WebAssembly.Global;
}

export function setPosition(core: TicTacToeCore, position: Position): void {
  core.clear();
  for (const [cell, mark] of position.board.entries()) core.setCell(cell, mark);
}

/** The best cells of the last search, in cell order. */
export function bestCells(core: TicTacToeCore, best: number): number[] {
  return [...Array(9).keys()].filter((cell) => core.rootScore(cell) === best && best !== core.NO_MOVE.value);
}
