// Red Ten duel as the engine sees it. The size is the cards dealt to each player: 27 is the whole deck
// (each hand known to the other), fewer is a short deal with cards out of play.

import type { GameDefinition } from '../../contracts/game';
import { bots, levels } from './bots';
import type { Move } from './combos';
import type { CardsCore } from './core';
import { FULL_DEAL, MIN_DEAL, rules, type Position } from './rules';
import { solve } from './solve';
import { terminal } from './terminal';

export const cards: GameDefinition<Position, Move, CardsCore> = {
  rules,
  bots,
  levels,
  terminal,
  core: 'cards',
  sizes: { min: MIN_DEAL, max: FULL_DEAL, default: FULL_DEAL },
  solve: (position, _options, { core, budget }, progress = () => {}) => solve(position, core, budget, progress),
};
