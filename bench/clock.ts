// Bots under a clock: each game's strongest bots and a few others play each other at 10 ms, 100 ms and 1 s a
// move and under a clock of 10 s + 0.1 s a move, and every move's time is set against the time it was given. The
// table's counts come first (moves, forfeits, moves past their time by more than the margin), then the times: the
// median and the 99th percentile of the time used, the longest, and the most a move went past its time.
// Times are wall time around the bot's call in its worker (play-out.ts), so the machine's load is in them.

import { GameClock, type TimeControl } from '../src/arena/time-control';
import type { GameRecord } from '../src/arena/play-out';
import { tournament } from '../src/arena/schedule';
import { gameById } from '../src/games';
import { runSchedule } from '../src/runtime/run-schedule';
import type { BenchSuite, TableRow } from './harness';

/** How far past its time a move may answer: the aim for our bots on this machine (README, "Bots under a clock"). */
export const CLOCK_MARGIN_MS = 20;

/** Two bots that play each other, both measured. */
interface Pairing {
  readonly game: string;
  readonly size?: number;
  readonly label: string;
  readonly bots: readonly [string, string];
}

const PAIRINGS: readonly Pairing[] = [
  { game: 'connect4', label: 'Connect 4 7x6', bots: ['perfect', 'classic:depth=8:book=8'] },
  { game: 'connect4', label: 'Connect 4 7x6', bots: ['mcts:playouts=10000', 'classic:depth=4'] },
  { game: 'connect4', size: 807, label: 'Connect 4 8x7', bots: ['perfect', 'classic:depth=8:book=8'] },
  { game: 'cards', label: 'Red Ten', bots: ['honest', 'strong'] },
  { game: 'cards', label: 'Red Ten', bots: ['article:depth=8', 'random'] },
  { game: 'matrix', size: 8, label: 'plus-minus 8x8', bots: ['exact', 'article:depth=8'] },
  { game: 'tictactoe', label: 'tic-tac-toe', bots: ['perfect', 'minimax:depth=9'] },
];

/** The controls, with how many moves each measured bot makes under it at least. */
const CONTROLS: readonly { readonly name: string; readonly time: TimeControl; readonly moves: number }[] = [
  { name: '10 ms', time: { moveMs: 10 }, moves: 300 },
  { name: '100 ms', time: { moveMs: 100 }, moves: 300 },
  { name: '1 s', time: { moveMs: 1000 }, moves: 60 },
  { name: '10 s + 0.1 s', time: { clockMs: 10_000, incrementMs: 100 }, moves: 150 },
];

/** Each move of a record with the time it was given, by replaying the game's clock over the times it used. */
function movesWithTimes(record: GameRecord, time: TimeControl): { seat: 0 | 1; used: number; given: number }[] {
  const clock = new GameClock(time);
  return record.moves.map((move, ply) => {
    const seat = (ply % 2) as 0 | 1;
    const given = clock.moveTime(seat).ms;
    clock.spend(seat, move.ms);
    return { seat, used: move.ms, given };
  });
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

export const clockSuite: BenchSuite = {
  name: 'clock',
  description: `bots under a clock: ${PAIRINGS.length} pairings at ${CONTROLS.map((c) => c.name).join(', ')}, each move's time against its limit (margin ${CLOCK_MARGIN_MS} ms); about 40 minutes on two workers`,
  async run({ pool, log }) {
    const workers = pool();
    const rows: TableRow[] = [];
    for (const pairing of PAIRINGS) {
      const game = gameById(pairing.game);
      for (const control of CONTROLS) {
        const measured = pairing.bots.map(() => ({ used: [] as number[], over: [] as number[], forfeits: 0 }));
        // Seeded rounds of games until both bots have made their moves.
        for (let round = 1; Math.min(...measured.map((m) => m.used.length)) < control.moves; round++) {
          const schedule = tournament(game, pairing.bots, { games: workers.size, seed: round, size: pairing.size });
          const records = await runSchedule(workers, schedule, control.time).finished;
          for (const record of records) {
            if (!record) continue;
            const seatOf = (seat: 0 | 1) => pairing.bots.indexOf(record.seats[seat]);
            if (record.forfeit) measured[seatOf(record.forfeit.seat)].forfeits++;
            for (const move of movesWithTimes(record, control.time)) {
              const bot = measured[seatOf(move.seat)];
              bot.used.push(move.used);
              bot.over.push(move.used - move.given);
            }
          }
        }
        for (const [i, bot] of pairing.bots.entries()) {
          const used = [...measured[i].used].sort((a, b) => a - b);
          const over = Math.max(...measured[i].over);
          const row = {
            game: pairing.label,
            bot,
            control: control.name,
            moves: used.length,
            forfeits: measured[i].forfeits,
            [`past +${CLOCK_MARGIN_MS} ms`]: measured[i].over.filter((ms) => ms > CLOCK_MARGIN_MS).length,
            'p50 ms': percentile(used, 0.5),
            'p99 ms': percentile(used, 0.99),
            'max ms': used.at(-1) ?? 0,
            'most over ms': over,
          };
          log(`${row.game}, ${bot}, ${control.name}: ${row.moves} moves, ${row.forfeits} forfeits, most over its time ${over.toFixed(1)} ms`);
          rows.push(row);
        }
      }
    }
    return rows;
  },
};
