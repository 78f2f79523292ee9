// Strength against perfect play: Connect 4's bots at 10 ms, 100 ms and 1 s a move on Pascal Pons' six test sets
// (positions with their published scores), each move judged by the solver: it keeps the position's value when a
// won position stays won and a drawn one drawn (a lost position keeps its value whatever is played); the learned
// player among them (its raw network, whatever the time, its search over the network alone, and its strongest
// setting: the solver's proof first, the search over the network where none is found in time). Then on 8x7, where
// no solver finishes, at 1 s a move: the perfect bot, and the learned player's strongest setting (the solver's proof
// first, PUCT over the network elsewhere), each against the classic bot at depth 8 and Monte Carlo tree search, and
// the two against each other.
// Counts come first (positions, moves that kept the value), then the accuracy with its 95% interval (Wilson's).

import { readFileSync } from 'node:fs';
import { gameSuite } from '../src/arena/run-spec';
import { tournament } from '../src/arena/schedule';
import { parseSize, sizeNumber } from '../src/games/connect4/sizes';
import { gameById } from '../src/games';
import { requestMove } from '../src/runtime/requests';
import { runSchedule } from '../src/runtime/run-schedule';
import { shareInterval } from '../src/arena/accuracy';
import type { BenchSuite, TableRow } from './harness';
import { packagePath } from './harness';
import { MoveJudge, PONS_SETS, readPonsSet } from './judged-moves';

/** The learned player's strongest setting under a clock (docs/neural.md). */
const NEURAL_STRONGEST = 'neural-search:simulations=1000000:prove=50';
const BOTS = ['perfect', 'classic:depth=8:book=8', 'mcts:playouts=10000', 'neural', 'neural-search:simulations=1000000', NEURAL_STRONGEST];
/** The 8x7 pairs, the first bot's score reported. */
const PAIRS_8X7 = [
  ['perfect', 'classic:depth=8:book=8'],
  ['perfect', 'mcts:playouts=10000'],
  [NEURAL_STRONGEST, 'classic:depth=8:book=8'],
  [NEURAL_STRONGEST, 'mcts:playouts=10000'],
  [NEURAL_STRONGEST, 'perfect'],
];
const TIMES = [10, 100, 1000];
/** The 8x7 starts of each pair (each played in both seatings). */
const GAMES_8X7 = 16;
/** Positions of each set, unless --positions says which. */
const DEFAULT_POSITIONS = '1-100';

function parseRange(text: string, count: number): number[] {
  const picked = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to = from] = part.split('-').map(Number);
    for (let i = from; i <= Math.min(to, count); i++) picked.add(i - 1);
  }
  return [...picked].sort((a, b) => a - b);
}

export const strengthSuite: BenchSuite = {
  name: 'strength',
  description: `Connect 4's ${BOTS.join(', ')} at ${TIMES.join(', ')} ms a move on Pons' six sets (first 100 of each, or --positions), each move judged by the solver; then on 8x7 at 1 s a move ${PAIRS_8X7.map((pair) => pair.join(' vs ')).join(', ')}`,
  async run({ pool, log, positions }) {
    const workers = pool();
    const rows: TableRow[] = [];
    // Many bots play the same move: the judge solves each child once.
    const judge = new MoveJudge(workers);
    for (const set of PONS_SETS) {
      const all = readPonsSet(readFileSync(packagePath('test/data/connect4', set), 'utf8'));
      const picked = parseRange(positions ?? DEFAULT_POSITIONS, all.length).map((i) => all[i]);
      for (const bot of BOTS) {
        for (const ms of TIMES) {
          const started = performance.now();
          const answers = await Promise.all(
            picked.map(({ moves }, i) => requestMove(workers, { game: 'connect4', bot, position: moves, seed: i + 1, budget: { ms } }).promise),
          );
          const kept = (
            await judge.keeps(
              picked,
              answers.map((answer) => Number(answer.move) - 1),
            )
          ).filter(Boolean).length;
          const interval = shareInterval(kept, picked.length);
          const row = {
            set,
            bot,
            'ms a move': ms,
            positions: picked.length,
            kept,
            proven: answers.filter((answer) => answer.report.proven).length,
            forfeits: 0,
            accuracy: `${((100 * kept) / picked.length).toFixed(1)}%`,
            '95% interval': `${(100 * interval.lo).toFixed(1)}-${(100 * interval.hi).toFixed(1)}%`,
            'max ms': Math.max(...answers.map((answer) => answer.report.ms)),
          };
          log(`${set}, ${bot}, ${ms} ms: ${kept}/${picked.length} kept the value (${((performance.now() - started) / 1000).toFixed(1)} s)`);
          rows.push(row);
        }
      }
    }
    // 8x7 at 1 s a move, from sixteen positions of the game's 8x7 opening suite, both seatings (a game of 8x7 takes
    // about half a minute of its two bots' time).
    const game = gameById('connect4');
    const size = sizeNumber(parseSize('8x7'));
    for (const [bot, opponent] of PAIRS_8X7) {
      const schedule = tournament(game, [bot, opponent], { games: GAMES_8X7, seed: 1, openings: gameSuite(game, size), size });
      const records = await runSchedule(workers, schedule, { moveMs: 1000 }).finished;
      let points = 0;
      let forfeits = 0;
      for (const [i, record] of records.entries()) {
        const seat = schedule.games[i].seats.indexOf(bot);
        if (record!.forfeit?.seat === seat) forfeits++;
        points += record!.winner === null ? 0.5 : record!.winner === seat ? 1 : 0;
      }
      const interval = shareInterval(points, records.length);
      log(`8x7 ${bot} vs ${opponent}: ${points}/${records.length}`);
      rows.push({
        set: '8x7 games',
        bot: `${bot} vs ${opponent}`,
        'ms a move': 1000,
        positions: records.length,
        kept: points,
        proven: '',
        forfeits,
        accuracy: `${((100 * points) / records.length).toFixed(1)}% score`,
        '95% interval': `${(100 * interval.lo).toFixed(1)}-${(100 * interval.hi).toFixed(1)}%`,
        'max ms': Math.max(...records.flatMap((record) => record!.moves.map((move) => move.ms))),
      });
    }
    return rows;
  },
};
