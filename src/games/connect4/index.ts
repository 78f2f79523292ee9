// Connect 4 as the engine sees it.

import type { GameDefinition } from '../../contracts/game';
import { bots, levels } from './bots';
import type { Connect4Core } from './core';
import { rules, type Position } from './rules';
import { analyzeColumns, solve } from './solve';
import { terminal } from './terminal';

export const connect4: GameDefinition<Position, number, Connect4Core> = {
  rules,
  bots,
  levels,
  terminal,
  core: 'connect4',
  solveOptions: [
    { name: 'analyze', help: "add every column's score (null for a full column)" },
    { name: 'weak', help: 'only win (1), draw (0) or loss (-1): faster' },
  ],
  solve: (position, options, { core, budget }, progress) => solve(position, options, core, budget, progress),
  analyze: (position, core, budget, progress) => analyzeColumns(position, core, false, budget, progress),
};
