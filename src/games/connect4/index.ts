// Connect 4 as the CLI, the arena, the workers, the server and the pages see it.

import { dataLines } from '../../contracts/data-lines';
import { budgetAnswer } from '../../contracts/game';
import { judging, powerOf, threads } from '../../contracts/powers';
import openings from './data/openings.txt?raw';
import openings10x5 from './data/openings-10x5.txt?raw';
import openings8x7 from './data/openings-8x7.txt?raw';
import openings9x6 from './data/openings-9x6.txt?raw';
import { defineGame } from '../define-game';
import { botTypes } from './bot-types';
import { bots, levels } from './bots';
import { type Connect4Cores, connect4Cores } from './core';
import { rules, type Position } from './rules';
import { analyzeFastestFirst } from './analysis';
import { bookFile, loadBook } from './book';
import { MODEL_FILE } from './neural';
import { principalVariation, solve, type Connect4SolveOptions } from './solve';
import { EMPTY_BOARD_SECONDS, SIZES, STANDARD, formatSize, isStandard, parseSize, sizeNumber, sizeOfNumber } from './sizes';
import { terminal } from './terminal';
import { MAX_THREADS, searchCore, THREADS_TABLE_LOG2 } from './threads';

/** Every size as the game contract counts sizes, narrowest first (4x4 the least, 12x4 the most). */
const SIZE_NUMBERS = SIZES.map(sizeNumber);
const [FIRST_SIZE, LAST_SIZE] = [SIZE_NUMBERS[0], SIZE_NUMBERS[SIZE_NUMBERS.length - 1]];
/** A run's games are judged where a strong solve of the empty board takes at most this (6x6, 7x5, 8x4, 5x8 and below). */
const JUDGED_EMPTY_BOARD_SECONDS = 5;

export const connect4 = defineGame<Position, number, Connect4Cores, Connect4SolveOptions>({
  rules,
  botTypes,
  bots,
  levels,
  terminal,
  pages: [
    {
      route: 'connect4',
      title: 'Connect 4',
      blurb: "Drop stones against the article's classic bot, a learned network or a perfect solver; see every column's score.",
    },
  ],
  core: 'connect4',
  makeCore: connect4Cores,
  // The 7x6 book and the learned player's model ship; a book of another size is read where one was built (npm run
  // book:connect4 -- --size WxH).
  resources: [...SIZES.map(bookFile), MODEL_FILE],
  sizes: {
    min: FIRST_SIZE,
    max: LAST_SIZE,
    default: sizeNumber(STANDARD),
    named: {
      all: SIZE_NUMBERS,
      format: (size) => formatSize(sizeOfNumber(size)),
      parse: (text) => sizeNumber(parseSize(text)),
    },
  },
  online: { sizes: { min: FIRST_SIZE, max: LAST_SIZE, rule: 'a Connect 4 room is one of its sizes, 4x4 to 12x4' } },
  // The five levels of search, perfect included: 100 games in about 25 s on two cores (the learned player's search
  // level takes one to two seconds a move; both its levels are a pick away).
  arena: { starts: 5, bots: levels.filter((level) => !level.config.startsWith('neural')).map((level) => level.config) },
  // 7x6's suite, and those of the boards no solve finishes on, where the learned player is judged (docs/neural.md).
  openings: [
    { positions: dataLines(openings), size: sizeNumber(STANDARD) },
    { positions: dataLines(openings8x7), size: sizeNumber(parseSize('8x7')) },
    { positions: dataLines(openings9x6), size: sizeNumber(parseSize('9x6')) },
    { positions: dataLines(openings10x5), size: sizeNumber(parseSize('10x5')) },
  ],
  solver: {
    options: [
      { name: 'analyze', help: "add every column's score (null for a full column)" },
      { name: 'pv', help: 'add the best line: the columns of perfect play by both to the end ("pv":[4,4,…])' },
      { name: 'weak', help: 'only win (1), draw (0) or loss (-1): faster' },
      { name: 'no-book', help: 'search even a position the opening book has (by default it answers, with "book":true)' },
      {
        name: 'threads',
        value: 'N',
        help: 'search each position with N threads sharing one table (use with --workers 1)',
        choices: Array.from({ length: MAX_THREADS }, (_, i) => String(i + 1)),
      },
      { name: 'keep-table', help: 'keep the table from one line to the next (faster on related lines; node counts then depend on the lines before)' },
      {
        name: 'table',
        value: 'LOG2',
        help: `a table of about 2^LOG2 entries, 8 bytes each (default 18: 2 MB; with threads ${THREADS_TABLE_LOG2}: ${2 ** (THREADS_TABLE_LOG2 + 3 - 20)} MB)`,
        choices: Array.from({ length: 11 }, (_, i) => String(i + 17)),
      },
    ],
    solve: async (position, options, { core, budget, resource, powers }, progress) => {
      const book = options['no-book'] ? undefined : await loadBook(resource, position);
      /** The core to search with: asked for only once a search is needed (threads start with it). */
      const searching = () =>
        searchCore(core, powerOf({ powers }, threads), Number(options.threads ?? 1), position, options.table === undefined ? undefined : Number(options.table));
      if (options.pv) {
        // The line alone: its first move is the best one, and its length says when the game ends.
        const { line, score, nodes, ms } = principalVariation(position, await searching(), budget, (at) => book?.lookup(at));
        if (line === null) return budgetAnswer(nodes, ms);
        return { score, move: line.length ? line[0] + 1 : null, pv: line.map((column) => column + 1), nodes, ms };
      }
      // A position of the opening book answers from it: its score, a best column and every column's score, no search.
      if (!options['no-book'] && !options.scoreOnly && !rules.outcome(position)) {
        const known = book?.lookup(position);
        if (known) {
          const sign = (value: number | null) => (value === null ? null : options.weak ? Math.sign(value) : value);
          const columns = options.analyze ? { columns: known.values.map(sign) } : {};
          return { score: sign(known.score), move: known.column + 1, ...columns, book: true, nodes: 0, ms: 0 };
        }
      }
      return solve(position, options, await searching(), budget, progress);
    },
    // "score" is the side to move's.
    firstSeatValue: (answer, position) => (rules.seatToMove(position) === 0 ? 1 : -1) * (answer.score as number),
    // Pons' score: on 7x6 a win with the winner's k-th stone scores 22 - k (18 at most), a loss the opposite;
    // on W x H, (W x H + 2 - the stones on the board) / 2, rounded down.
    values: { unit: "score: 22 less the winner's stones on 7x6", bound: 18 },
  },
  analyze: analyzeFastestFirst,
  powers: [
    // The result is all a judge needs: a weak solve, on the standard board (its book) and the sizes solved in seconds.
    judging.is({
      judging: (size) => {
        const board = size === undefined ? STANDARD : sizeOfNumber(size);
        return { options: { weak: true }, quick: isStandard(board) || (EMPTY_BOARD_SECONDS[formatSize(board)] ?? Infinity) <= JUDGED_EMPTY_BOARD_SECONDS };
      },
    }),
  ],
});
