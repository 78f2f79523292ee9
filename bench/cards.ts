// The exact Red Ten solver on seeded perfect-information deals (both hands known, the first seat leads),
// against figures of a native reference measured on other deals (one solve, mean of 10 deals, one thread:
// 12 cards each 0.14 M nodes / 0.03 s, 14 each 2.9 M / 0.65 s, 16 each 14 M / 4.3 s),
// and against a native build of the same algorithm (bench/native/cards.c) on the same deals in the same run:
// the same winners and node counts, and the node rates compared. Run with --workers 1 for single-thread times.

import { packHand, playCode, solveTableLog2 } from '../src/games/cards/core';
import { deal, format, SEATS, type Position } from '../src/games/cards/rules';
import { compileNative, runNative, solveSet, tableRow, type BenchSuite, type TableRow } from './harness';

const REFERENCE: Record<number, { readonly meanNodes: number; readonly meanMs: number }> = {
  12: { meanNodes: 140_000, meanMs: 30 },
  14: { meanNodes: 2_900_000, meanMs: 650 },
  16: { meanNodes: 14_000_000, meanMs: 4300 },
};

const DEALS = 10;

/** The native solver's input line: both hands as the core's packed counts, the play to beat, the table size. */
function nativeLine(position: Position): string {
  const [mover, other] = [position.hands[position.toMove], position.hands[1 - position.toMove]].map((hand) => {
    const [low, high] = packHand(hand);
    return (BigInt(high) << 32n) | BigInt(low);
  });
  return `${mover} ${other} ${playCode(position.last)} ${solveTableLog2(position.hands[0].length + position.hands[1].length)}`;
}

export const cardsSuite: BenchSuite = {
  name: 'cards',
  description: `solve ${DEALS} seeded deals of 12, 14 and 16 cards each exactly (who wins with both hands known); node rate vs native C`,
  async run({ pool, log }) {
    const native = compileNative('cards', log);
    // Warm the workers up first (not measured): V8 optimises the core only once it has run a while, and the
    // 12-card solves are over before that. The native solver needs no warm-up.
    await solveSet(
      pool(),
      'cards',
      'warm-up',
      Array.from({ length: 40 }, (_, seed) => format(deal(1000 + seed, 12))),
    );
    const rows: TableRow[] = [];
    for (const each of [12, 14, 16]) {
      const positions = Array.from({ length: DEALS }, (_, seed) => deal(seed + 1, each));
      const { row, answers } = await solveSet(pool(), 'cards', `${each} each`, positions.map(format));
      const reference = REFERENCE[each];
      const wins = answers.filter((answer) => answer.winner === SEATS[0]).length;
      log(
        `${row.set}: mean ${row.meanNodes} nodes, ${(row.searchMs / row.positions).toFixed(1)} ms, the leader wins ${wins} of ${DEALS}; reference ${reference.meanNodes} nodes, ${reference.meanMs} ms`,
      );
      const result: Record<string, string | number> = { ...tableRow({ ...row, reference }) };
      if ('binary' in native) {
        const output = runNative(native.binary, positions.map(nativeLine));
        // The native solver answers for the mover: 1 when it wins.
        const differing = output.filter(
          ([won, nodes], i) => SEATS[won ? positions[i].toMove : 1 - positions[i].toMove] !== answers[i].winner || nodes !== answers[i].nodes,
        ).length;
        const nativeNodes = output.reduce((sum, [, nodes]) => sum + nodes, 0);
        const nativeMs = output.reduce((sum, [, , us]) => sum + us, 0) / 1000;
        log(`${row.set}: native mean ${(nativeMs / DEALS).toFixed(1)} ms, ${differing} deals with another winner or node count`);
        result['native mean ms'] = nativeMs / DEALS;
        result['native differs'] = differing;
        result['wasm/native rate'] = row.nodesPerSecond / (nativeNodes / nativeMs) / 1000;
      } else {
        result.native = native.problem;
      }
      rows.push(result);
    }
    return rows;
  },
};
