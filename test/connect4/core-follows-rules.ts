// The differential check of a Connect 4 core against the rules: random games on a board of `size`, where at every
// position the core's playable columns, winning moves and cells are the rules'.

import { expect } from 'vitest';
import type { Rng } from '../../src/contracts/rng';
import type { Connect4Core } from '../../src/games/connect4/core';
import { legalMoves, newGame, outcome, play } from '../../src/games/connect4/rules';
import type { BoardSize } from '../../src/games/connect4/sizes';

export function expectCoreFollowsRules(core: Connect4Core, size: BoardSize, games: number, rng: Rng): void {
  const { width, height } = size;
  for (let game = 0; game < games; game++) {
    let position = newGame(size);
    core.reset();
    while (!outcome(position)) {
      const legal = legalMoves(position);
      expect([...Array(width).keys()].filter((c) => core.canPlay(c))).toEqual(legal);
      for (const column of legal) expect(!!core.isWinningMove(column), `${position.moves}+${column + 1}`).toBe(play(position, column).winner !== null);
      const column = rng.pick(legal);
      position = play(position, column);
      core.playColumn(column);
      for (let c = 0; c < width; c++) for (let r = 0; r < height; r++) expect(core.cellAt(c, r)).toBe(position.board[c][r]);
    }
  }
}
