// Tic-tac-toe as the engine sees it.

import type { GameDefinition } from '../../contracts/game';
import { bots, levels } from './bots';
import type { TicTacToeCore } from './core';
import { rules, type Position } from './rules';
import { solve } from './solve';
import { terminal } from './terminal';

export const tictactoe: GameDefinition<Position, number, TicTacToeCore> = {
  rules,
  bots,
  levels,
  terminal,
  core: 'tictactoe',
  solve: (position, _options, { core, budget }, progress = () => {}) => solve(position, core, budget, progress),
};
