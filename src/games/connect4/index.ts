// Connect 4 as the CLI, the arena, the workers, the server and the pages see it.

import { defineGame } from '../define-game';
import { bots, levels } from './bots';
import type { Connect4Core } from './core';
import { rules, type Position } from './rules';
import { analyzeFastestFirst } from './analysis';
import { solve, type Connect4SolveOptions } from './solve';
import { terminal } from './terminal';

export const connect4 = defineGame<Position, number, Connect4Core, Connect4SolveOptions>({
  rules,
  bots,
  levels,
  terminal,
  pages: [{ route: 'connect4', title: 'Connect 4', blurb: "Drop stones against the article's classic bot or a perfect solver; see every column's score." }],
  core: 'connect4',
  resources: ['connect4/book.bin'],
  online: {},
  // The five levels, perfect included: 100 games in about 25 s on two cores.
  arena: { starts: 5 },
  solver: {
    options: [
      { name: 'analyze', help: "add every column's score (null for a full column)" },
      { name: 'weak', help: 'only win (1), draw (0) or loss (-1): faster' },
    ],
    solve: (position, options, { core, budget }, progress) => solve(position, options, core, budget, progress),
    // "score" is the side to move's.
    firstSeatValue: (answer, position) => (rules.seatToMove(position) === 0 ? 1 : -1) * (answer.score as number),
  },
  analyze: analyzeFastestFirst,
});
