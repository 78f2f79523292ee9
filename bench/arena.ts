// Tournament throughput: the same seeded tournament on one worker and on two; node counts first (they are
// the same on both), then time, games per second and the speed-up. Each pool first plays a small warm-up
// tournament (starting workers, compiling the core, the JIT), so the figure is the steady rate; the warm-up's
// time is printed too.

import { runSchedule } from '../src/runtime/run-schedule';
import { tournament } from '../src/arena/schedule';
import { gameById } from '../src/games';
import type { BenchSuite, TableRow } from './harness';

const BOTS = ['greedy', 'article:depth=3', 'exact'];

function arenaSuite(name: string, games: number, size: number): BenchSuite {
  return {
    name,
    description: `matrix tournament ${BOTS.join(', ')}: ${games} seeded ${size}x${size} boards, both seatings, on 1 and 2 workers`,
    async run({ pool, log }) {
      const schedule = tournament(gameById('matrix'), BOTS, { games, seed: 1, size });
      const warmUp = tournament(gameById('matrix'), BOTS, { games: 10, seed: 2, size });
      const rows: TableRow[] = [];
      for (const workers of [1, 2]) {
        const warmStarted = performance.now();
        await runSchedule(pool(workers), warmUp, {}).finished;
        const warmUpSeconds = (performance.now() - warmStarted) / 1000;
        const started = performance.now();
        const records = await runSchedule(pool(workers), schedule, {}).finished;
        const seconds = (performance.now() - started) / 1000;
        const nodes = records.reduce((sum, record) => sum + record!.moves.reduce((s, move) => s + move.nodes, 0), 0);
        const rate = schedule.games.length / seconds;
        log(`${workers} worker(s): ${rate.toFixed(1)} games/s`);
        rows.push({
          workers,
          games: schedule.games.length,
          nodes,
          seconds,
          'games/s': rate,
          speedup: rows.length ? rate / (rows[0]['games/s'] as number) : 1,
          'warm-up s': warmUpSeconds,
        });
      }
      return rows;
    },
  };
}

export const arenaSuites: readonly BenchSuite[] = [arenaSuite('arena', 200, 5), arenaSuite('arena-long', 1000, 5)];
