// Red Ten duel as the CLI, the arena, the workers, the server and the pages see it. The size is the cards dealt
// to each player: 27 is the whole deck (each hand known to the other), fewer is a short deal with cards out of
// play. Online play is a full deal: no hidden cards to keep.

import { dataLines } from '../../contracts/data-lines';
import openings from './data/openings.txt?raw';
import { defineGame } from '../define-game';
import { botTypes } from './bot-types';
import { bots, levels } from './bots';
import type { Move } from './combos';
import type { CardsCore } from './core';
import { FULL_DEAL, MIN_DEAL, rules, SEATS, type Position } from './rules';
import { solve } from './solve';
import { terminal } from './terminal';

export const cards = defineGame<Position, Move, CardsCore>({
  rules,
  botTypes,
  bots,
  levels,
  terminal,
  pages: [
    {
      route: 'cards',
      title: 'Red Ten',
      blurb: "The climbing card game for two: the article's minimax bot, a strong solver, and an honest bot that does not peek.",
    },
  ],
  core: 'cards',
  sizes: { min: MIN_DEAL, max: FULL_DEAL, default: FULL_DEAL },
  margin: 'cards left',
  mirroredDeals: true,
  // The five levels on quick deals: 200 games in about 20 s (full deals: 20 games a start, 40 s).
  arena: { starts: 10, size: 10 },
  openings: [{ positions: dataLines(openings), size: 8 }],
  online: { sizes: { min: FULL_DEAL, max: FULL_DEAL, rule: `Red Ten online is a full deal, ${FULL_DEAL} cards each` } },
  solver: {
    solve: (position, _options, { core, budget }, progress = () => {}) => solve(position, core, budget, progress),
    firstSeatValue: (answer) => (answer.winner === SEATS[0] ? 1 : -1),
    values: { unit: 'result: 1 a win, -1 a loss', bound: 1 },
  },
});
