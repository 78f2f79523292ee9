// The exact plus-minus solver on seeded boards, against figures of a native C reference measured on other
// boards than ours (one thread: 5x5 37 k nodes / 2 ms, 6x6 6.3 M / 0.55 s, 7x7 3.65 G / 410 s).
// Run with --workers 1 for single-thread times: two workers share the memory bandwidth.

import { format, generate } from '../src/games/matrix/rules';
import { solveSet, tableRow, type BenchRow, type BenchSuite } from './harness';

const REFERENCE: Record<number, { readonly meanNodes: number; readonly meanMs: number }> = {
  5: { meanNodes: 37_000, meanMs: 2 },
  6: { meanNodes: 6_300_000, meanMs: 550 },
  7: { meanNodes: 3_650_000_000, meanMs: 410_000 },
};

function matrixSuite(name: string, sets: readonly (readonly [size: number, boards: number])[]): BenchSuite {
  return {
    name,
    description: `solve seeded plus-minus boards exactly: ${sets.map(([size, boards]) => `${boards} of ${size}x${size}`).join(', ')}`,
    async run({ pool, log }) {
      const rows: BenchRow[] = [];
      for (const [size, count] of sets) {
        const lines = Array.from({ length: count }, (_, seed) => format(generate(seed + 1, size)));
        const { row } = await solveSet(pool(), 'matrix', `${size}x${size}`, lines);
        const reference = REFERENCE[size];
        log(
          `${row.set}: mean ${row.meanNodes} nodes, ${(row.searchMs / row.positions).toFixed(1)} ms (max ${row.slowestMs.toFixed(1)} ms); reference ${reference.meanNodes} nodes, ${reference.meanMs} ms`,
        );
        rows.push({ ...row, reference });
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
