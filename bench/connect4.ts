// Connect 4: Pascal Pons' test sets solved by the WebAssembly core on one worker, every score checked, node
// counts against his published means, and the time and node rate against a native build of Pons' algorithm
// (bench/native/connect4.c, compiled with the system's C compiler: the reference our search started from) on the
// same positions in the same run.
// Times are the searches' own (each position starts from a clear table, cleared outside the timing).

import { existsSync, readFileSync } from 'node:fs';
import type { BenchSuite, TableRow } from './harness';
import { compileNative, packagePath, runNative, solveSet } from './harness';

/** Pons' mean nodes per position without an opening book (data/README.md). */
const PONS_MEAN_NODES: Record<string, number> = {
  Test_L3_R1: 51.3,
  Test_L2_R1: 449.1,
  Test_L2_R2: 39_807,
  Test_L1_R1: 3_296,
  Test_L1_R2: 1_187_923,
  Test_L1_R3: 58_220_590,
};

function connect4Suite(name: string, sets: readonly (readonly [set: string, positions: number])[]): BenchSuite {
  return {
    name,
    description: `Pons' test sets (${sets.map(([set, n]) => `${set}${n < 1000 ? ` first ${n}` : ''}`).join(', ')}): scores, nodes vs Pons, node rate vs native C`,
    async run({ pool, log }) {
      const native = compileNative('connect4', log);
      // Warm the worker up first (not measured): V8 optimises the core only once it has run a while, and the
      // small sets are over before that. The native solver needs no warm-up.
      const warmUp = readFileSync(packagePath('test/data/connect4/Test_L2_R2'), 'utf8').trim().split('\n').slice(0, 300);
      await solveSet(pool(1), 'connect4', 'warm-up', warmUp, { scoreOnly: true });
      const rows: TableRow[] = [];
      const totals = { nodes: 0, ms: 0, nativeNodes: 0, nativeMs: 0 };
      for (const [set, count] of sets) {
        const file = packagePath('test/data/connect4', set);
        if (!existsSync(file)) throw new Error(`there is no test set ${file}`);
        const lines = readFileSync(file, 'utf8').trim().split('\n').slice(0, count);
        const { row, answers } = await solveSet(pool(1), 'connect4', set, lines, { scoreOnly: true });
        const wrong = answers.filter((answer, i) => answer.score !== Number(lines[i].split(' ')[1])).length;
        totals.nodes += row.nodes;
        totals.ms += row.searchMs;
        const result: Record<string, string | number> = {
          set,
          positions: row.positions,
          wrong,
          'mean nodes': row.meanNodes,
          'Pons mean': PONS_MEAN_NODES[set],
          'nodes vs Pons': row.meanNodes / PONS_MEAN_NODES[set],
          'mean ms': row.searchMs / row.positions,
          'M nodes/s': row.nodesPerSecond / 1e6,
        };
        if ('binary' in native) {
          const output = runNative(native.binary, lines);
          const nativeNodes = output.reduce((sum, [, nodes]) => sum + nodes, 0);
          const nativeMs = output.reduce((sum, [, , us]) => sum + us, 0) / 1000;
          totals.nativeNodes += nativeNodes;
          totals.nativeMs += nativeMs;
          result['native mean nodes'] = nativeNodes / row.positions;
          result['native mean ms'] = nativeMs / row.positions;
          // Our search is no longer the reference's (it prunes more): time per position is the figure that compares.
          result['time vs native'] = row.searchMs / nativeMs;
          result['native M nodes/s'] = nativeNodes / nativeMs / 1000;
          result['wasm/native rate'] = row.nodesPerSecond / 1e6 / (nativeNodes / nativeMs / 1000);
        } else {
          result.native = native.problem;
        }
        log(`${set}: ${wrong} wrong, mean ${row.meanNodes} nodes`);
        rows.push(result);
      }
      if ('binary' in native) {
        rows.push({
          set: 'all (node-weighted)',
          positions: '',
          wrong: '',
          'mean nodes': '',
          'Pons mean': '',
          'nodes vs Pons': '',
          'mean ms': '',
          'native mean nodes': '',
          'native mean ms': '',
          'time vs native': totals.ms / totals.nativeMs,
          'M nodes/s': totals.nodes / totals.ms / 1000,
          'native M nodes/s': totals.nativeNodes / totals.nativeMs / 1000,
          'wasm/native rate': totals.nodes / totals.ms / (totals.nativeNodes / totals.nativeMs),
        });
      }
      return rows;
    },
  };
}

export const connect4Suites: readonly BenchSuite[] = [
  connect4Suite('connect4', [
    ['Test_L3_R1', 1000],
    ['Test_L2_R1', 1000],
    ['Test_L2_R2', 1000],
    ['Test_L1_R1', 1000],
    ['Test_L1_R2', 100],
  ]),
  connect4Suite('connect4-full', [
    ['Test_L1_R2', 1000],
    ['Test_L1_R3', 100],
  ]),
];
