// The exact plus-minus solver on seeded boards: nodes (calls of the core's negamax) and time. There is no native
// build of this solver to measure beside it, so the table has no reference column.
// Run with --workers 1 for single-thread times: two workers share the memory bandwidth.

import { format, generate } from '../src/games/matrix/rules';
import { solveSet, tableRow, type BenchRow, type BenchSuite } from './harness';

function matrixSuite(name: string, sets: readonly (readonly [size: number, boards: number])[]): BenchSuite {
  return {
    name,
    description: `solve seeded plus-minus boards exactly: ${sets.map(([size, boards]) => `${boards} of ${size}x${size}`).join(', ')}`,
    async run({ pool, log }) {
      const rows: BenchRow[] = [];
      for (const [size, count] of sets) {
        const lines = Array.from({ length: count }, (_, seed) => format(generate(seed + 1, size)));
        const { row } = await solveSet(pool(), 'matrix', `${size}x${size}`, lines);
        log(`${row.set}: mean ${row.meanNodes} nodes, ${(row.searchMs / row.positions).toFixed(1)} ms (max ${row.slowestMs.toFixed(1)} ms)`);
        rows.push(row);
      }
      return rows.map(tableRow);
    },
  };
}

export const matrixSuites: readonly BenchSuite[] = [
  matrixSuite('matrix', [
    [5, 30],
    [6, 20],
  ]),
  matrixSuite('matrix7', [[7, 3]]),
];
