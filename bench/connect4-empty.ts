// Connect 4: the empty board solved without the opening book, in one worker: one thread and two (sharing one
// table), and the effect of the table's size on one thread. Nodes are calls of the solver's negamax (positions
// searched beyond their static look: forced replies, bounds and table probes are not counted).

import type { BenchSuite, TableRow } from './harness';
import { solveSet } from './harness';

/**
 * Threads and table size (log2 of the entries, 8 bytes each; none: the solver's default, what `connect4 solve`, the
 * bots and the README's figure use) of each run; the first is the reference.
 */
const RUNS: readonly (readonly [threads: number, log2: number | undefined])[] = [
  [1, undefined],
  [2, undefined],
  [1, 20],
  [1, 23],
];

export const connect4EmptySuite: BenchSuite = {
  name: 'connect4-empty',
  description: "the empty board without the book: the solver's default table on 1 and 2 threads, then tables of 8 MB and 64 MB (about 3 minutes)",
  async run({ pool, log }) {
    const rows: TableRow[] = [];
    let referenceMs = 0;
    for (const [threads, log2] of RUNS) {
      const { answers } = await solveSet(pool(1), 'connect4', 'empty board', ['-'], {
        'no-book': true,
        scoreOnly: true,
        threads: String(threads),
        ...(log2 === undefined ? {} : { table: String(log2) }),
      });
      const [answer] = answers;
      if (answer.score !== 1) throw new Error(`the empty board scored ${answer.score}, not 1`);
      referenceMs ||= answer.ms;
      const table = log2 === undefined ? 'the default' : `2^${log2} entries`;
      log(`${threads} thread(s), ${table}: ${answer.nodes} nodes, ${(answer.ms / 1000).toFixed(1)} s`);
      rows.push({
        threads,
        table,
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
