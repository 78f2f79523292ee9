// Connect 4: the empty board solved without the opening book, in one worker: one thread and two (sharing one
// table), and the effect of the table's size on one thread. Nodes are calls of the solver's negamax (positions
// searched beyond their static look: forced replies, bounds and table probes are not counted).

import type { BenchSuite, TableRow } from './harness';
import { solveSet } from './harness';

/** Threads and table size (log2 of the entries, 8 bytes each) of each run; the first is the reference. */
const RUNS: readonly (readonly [threads: number, log2: number])[] = [
  [1, 23],
  [2, 23],
  [1, 22],
  [1, 24],
  [1, 25],
];

export const connect4EmptySuite: BenchSuite = {
  name: 'connect4-empty',
  description: 'the empty board without the book: 1 and 2 threads, tables of 32 MB to 256 MB (about 4 minutes)',
  async run({ pool, log }) {
    const rows: TableRow[] = [];
    let referenceMs = 0;
    for (const [threads, log2] of RUNS) {
      const { answers } = await solveSet(pool(1), 'connect4', 'empty board', ['-'], {
        'no-book': true,
        scoreOnly: true,
        threads: String(threads),
        table: String(log2),
      });
      const [answer] = answers;
      if (answer.score !== 1) throw new Error(`the empty board scored ${answer.score}, not 1`);
      referenceMs ||= answer.ms;
      log(`${threads} thread(s), 2^${log2} entries: ${answer.nodes} nodes, ${(answer.ms / 1000).toFixed(1)} s`);
      rows.push({
        threads,
        'table MB': 2 ** log2 / 2 ** 17,
        score: answer.score as number,
        nodes: answer.nodes,
        seconds: answer.ms / 1000,
        'M nodes/s': answer.nodes / answer.ms / 1000,
        'speed-up': referenceMs / answer.ms,
      });
    }
    return rows;
  },
};
