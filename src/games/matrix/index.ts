// The plus-minus matrix game as the engine sees it.

import type { GameDefinition } from '../../contracts/game';
import { bots, levels } from './bots';
import type { MatrixCore } from './core';
import { DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, rules, type Position } from './rules';
import { analyze, moveLoss, solve } from './solve';
import { terminal } from './terminal';

export const matrix: GameDefinition<Position, number, MatrixCore> = {
  rules,
  bots,
  levels,
  terminal,
  core: 'matrix',
  sizes: { min: MIN_SIZE, max: MAX_SIZE, default: DEFAULT_SIZE },
  solve: (position, _options, { core, budget }, progress = () => {}) => solve(position, core, budget, progress),
  analyze,
  moveLoss,
};
