// Connect 4: is every answer a person waits for instant? 200 games of the perfect player against seeded random
// and classic opponents (the perfect player first in half of them); at every position met, "Show solution"
// (every column's score, with the page's 2 threads) and, where the perfect player moves, its move, each timed
// from request to answer through one worker as the page asks it. The times per answer: median, 90th and 99th
// percentiles, the slowest; the share within 1 s.

import { outcome, parse } from '../src/games/connect4/rules';
import { requestAnalysis, requestMove } from '../src/runtime/requests';
import type { BenchSuite, TableRow } from './harness';

const GAMES = 200;
const THREADS = 2;
/** The opponents in turn: random, then the article's classic bot at depth 4 (its seed varies its ties). */
const OPPONENTS = ['random', 'classic:depth=4:tolerance=12'];

function summary(answer: string, times: readonly number[], slowestLine: string): TableRow {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
  return {
    answer,
    count: sorted.length,
    'median ms': at(0.5),
    'p90 ms': at(0.9),
    'p99 ms': at(0.99),
    'max ms': sorted.at(-1) ?? 0,
    'within 1 s': sorted.filter((ms) => ms <= 1000).length / sorted.length,
    slowest: slowestLine,
  };
}

export const connect4AnswersSuite: BenchSuite = {
  name: 'connect4-answers',
  description: `${GAMES} games of the perfect player against random and classic bots: "Show solution" (${THREADS} threads) and the perfect move at every position, timed (about 20 s here)`,
  async run({ pool, log }) {
    const worker = pool(1);
    const analyses: number[] = [];
    const moves: number[] = [];
    const slowest = { analysis: [0, ''] as [number, string], move: [0, ''] as [number, string] };
    for (let game = 0; game < GAMES; game++) {
      const perfectSeat = (game >> 1) % 2;
      const opponent = OPPONENTS[game % OPPONENTS.length];
      let line = '';
      while (!outcome(parse(line))) {
        let started = performance.now();
        await requestAnalysis(worker, 'connect4', line, {}, THREADS).promise;
        const analysed = performance.now() - started;
        analyses.push(analysed);
        if (analysed > slowest.analysis[0]) slowest.analysis = [analysed, line || '-'];
        const perfect = line.length % 2 === perfectSeat;
        started = performance.now();
        const answer = await requestMove(worker, { game: 'connect4', bot: perfect ? 'perfect' : opponent, position: line, seed: game + 1 }).promise;
        if (perfect) {
          const moved = performance.now() - started;
          moves.push(moved);
          if (moved > slowest.move[0]) slowest.move = [moved, line || '-'];
        }
        line += answer.move;
      }
      if ((game + 1) % 20 === 0) log(`${game + 1} games, ${analyses.length} positions`);
    }
    return [summary('Show solution', analyses, slowest.analysis[1]), summary('perfect move', moves, slowest.move[1])];
  },
};
