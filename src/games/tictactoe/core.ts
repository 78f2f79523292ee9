// The tic-tac-toe core's exports (assembly/tictactoe) and how a rules position is set up in it.

import type { CoreExports } from '../../contracts/core';
import type { Position } from './rules';

/** The core's exports (assembly/tictactoe: what each does is written there). */
export type TicTacToeCore = CoreExports<typeof import('../../../build/tictactoe')>;

export function setPosition(core: TicTacToeCore, position: Position): void {
  core.clear();
  for (const [cell, mark] of position.board.entries()) core.setCell(cell, mark);
}

/** The best cells of the last search, in cell order. */
export function bestCells(core: TicTacToeCore, best: number): number[] {
  return [...Array(9).keys()].filter((cell) => core.rootScore(cell) === best && best !== core.NO_MOVE.value);
}
