// The exact Red Ten solver on seeded perfect-information deals (both hands known, the first seat leads),
// against the native reference of rules/cards.md section 8 (one solve, mean of 10 deals, one thread:
// 12 cards each 0.14 M nodes / 0.03 s, 14 each 2.9 M / 0.65 s, 16 each 14 M / 4.3 s; other deals than ours).
// Run with --workers 1 for single-thread times.

import { deal, format } from '../src/games/cards/rules';
import { solveSet, tableRow, type BenchRow, type BenchSuite } from './harness';

const REFERENCE: Record<number, { readonly meanNodes: number; readonly meanMs: number }> = {
  12: { meanNodes: 140_000, meanMs: 30 },
  14: { meanNodes: 2_900_000, meanMs: 650 },
  16: { meanNodes: 14_000_000, meanMs: 4300 },
};

const DEALS = 10;

export const cardsSuite: BenchSuite = {
  name: 'cards',
  description: `solve ${DEALS} seeded deals of 12, 14 and 16 cards each exactly (who wins with both hands known)`,
  async run({ pool, log }) {
    const rows: BenchRow[] = [];
    for (const each of [12, 14, 16]) {
      const lines = Array.from({ length: DEALS }, (_, seed) => format(deal(seed + 1, each)));
      const { row, answers } = await solveSet(pool(), 'cards', `${each} each`, lines);
      const reference = REFERENCE[each];
      const wins = answers.filter((answer) => answer.winner === 'A').length;
      log(`${row.set}: mean ${row.meanNodes} nodes, ${(row.searchMs / row.positions).toFixed(1)} ms, the leader wins ${wins} of ${DEALS}; reference ${reference.meanNodes} nodes, ${reference.meanMs} ms`);
      rows.push({ ...row, reference });
    }
    return rows.map(tableRow);
  },
};
