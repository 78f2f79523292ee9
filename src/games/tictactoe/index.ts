// Tic-tac-toe as the CLI, the arena, the workers, the server and the pages see it.

import { dataLines } from '../../contracts/data-lines';
import { judging } from '../../contracts/powers';
import openings from './data/openings.txt?raw';
import { defineGame } from '../define-game';
import { botTypes } from './bot-types';
import { bots, levels } from './bots';
import type { TicTacToeCore } from './core';
import { rules, type Position } from './rules';
import { solve } from './solve';
import { terminal } from './terminal';

export const tictactoe = defineGame<Position, number, TicTacToeCore>({
  rules,
  botTypes,
  bots,
  levels,
  terminal,
  pages: [{ route: 'tictactoe', title: 'Tic-tac-toe', blurb: 'Play X or O against an AI from random to perfect, watch two AIs, or play a friend.' }],
  core: 'tictactoe',
  openings: [{ positions: dataLines(openings) }],
  online: {},
  solver: {
    solve: (position, _options, { core, budget }, progress = () => {}) => solve(position, core, budget, progress),
    // "value" is the side to move's.
    firstSeatValue: (answer, position) => (rules.seatToMove(position) === 0 ? 1 : -1) * (answer.value as number),
    values: { unit: 'result: 1 a win, 0 a draw, -1 a loss', bound: 1 },
  },
  powers: [judging.is({ judging: () => ({ options: {}, quick: true }) })],
});
