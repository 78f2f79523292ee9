// The exact Red Ten solver on seeded perfect-information deals (both hands known, the first seat leads), against
// a native build of the same algorithm (bench/native/cards.c) on the same deals in the same run: the same winners
// and node counts (nodes: calls of the solver's search, counted alike in both), and the times compared. Run
// with --workers 1 for single-thread times.

import { packHand, playCode, solveTableLog2 } from '../src/games/cards/core';
import { deal, format, SEATS, type Position } from '../src/games/cards/rules';
import { compileNative, runNative, solveSet, tableRow, type BenchSuite, type TableRow } from './harness';

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
  description: `solve ${DEALS} seeded deals of 12, 14 and 16 cards each exactly (who wins with both hands known); time vs native C`,
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
      const wins = answers.filter((answer) => answer.winner === SEATS[0]).length;
      log(`${row.set}: mean ${row.meanNodes} nodes, ${(row.searchMs / row.positions).toFixed(1)} ms, the leader wins ${wins} of ${DEALS}`);
      const result: Record<string, string | number> = { ...tableRow(row) };
      if ('binary' in native) {
        const output = runNative(native.binary, positions.map(nativeLine));
        // The native solver answers for the mover: 1 when it wins.
        const differing = output.filter(
          ([won, nodes], i) => SEATS[won ? positions[i].toMove : 1 - positions[i].toMove] !== answers[i].winner || nodes !== answers[i].nodes,
        ).length;
        const nativeMs = output.reduce((sum, [, , us]) => sum + us, 0) / 1000;
        log(`${row.set}: native mean ${(nativeMs / DEALS).toFixed(1)} ms, ${differing} deals with another winner or node count`);
        result['native mean ms'] = nativeMs / DEALS;
        result['native differs'] = differing;
        result['time vs native'] = row.searchMs / nativeMs;
      } else {
        result.native = native.problem;
      }
      rows.push(result);
    }
    return rows;
  },
};
