// The plus-minus matrix game as the CLI, the arena, the workers, the server and the pages see it.

import { dataLines } from '../../contracts/data-lines';
import openings from './data/openings.txt?raw';
import { defineGame } from '../define-game';
import { botTypes } from './bot-types';
import { bots, levels } from './bots';
import type { MatrixCore } from './core';
import { DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, rules, type Position } from './rules';
import { analyze, moveLoss as moveLossOf, solve } from './solve';
import { judging, moveLoss } from '../../contracts/powers';
import { terminal } from './terminal';

/** The largest board whose games are judged once played: the solver settles a 6x6 board's positions in a review's budget. */
const JUDGED_SIZE = 6;

export const matrix = defineGame<Position, number, MatrixCore>({
  rules,
  botTypes,
  bots,
  levels,
  terminal,
  pages: [
    {
      route: 'matrix',
      title: 'Plus-minus',
      blurb: "Take numbers from your row or column: the article's bot with its parameters, a perfect bot, and the value of every move.",
    },
  ],
  core: 'matrix',
  sizes: { min: MIN_SIZE, max: MAX_SIZE, default: DEFAULT_SIZE },
  margin: 'points',
  openings: [{ positions: dataLines(openings), size: 5 }],
  online: { sizes: { min: 2, max: 12, rule: 'a plus-minus board online is 2 to 12' } },
  solver: {
    solve: (position, _options, { core, budget }, progress = () => {}) => solve(position, core, budget, progress),
    // "value" is already the first seat's final margin.
    firstSeatValue: (answer) => answer.value as number,
    values: { unit: 'points ahead at the end' },
  },
  analyze: (position, { core, budget }, progress) => analyze(position, core, budget, progress),
  powers: [judging.is({ judging: (size) => ({ options: {}, quick: (size ?? DEFAULT_SIZE) <= JUDGED_SIZE }) }), moveLoss.is({ loss: moveLossOf })],
});
