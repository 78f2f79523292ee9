// Connect 4: Pascal Pons' test sets solved by the WebAssembly core on one worker, every score checked, and the
// time against a native build of Pons' algorithm (bench/native/connect4.c, compiled with the system's C
// compiler: the search ours started from) on the same positions in the same run.
// The two count nodes differently, so the table gives both counts and compares times only:
//   nodes         calls of our core's negamax: positions searched beyond their static look (forced replies,
//                 bounds and table probes settled before a call are not counted);
//   native nodes  every call of the native build's negamax, as Pons' solver counts them;
//   ns/node       each one's time over its own nodes (ours do more per node: the static look of every child).
// Times are the searches' own (each position starts from a clear table, cleared outside the timing).

import { existsSync, readFileSync } from 'node:fs';
import type { BenchSuite, TableRow } from './harness';
import { compileNative, packagePath, runNative, solveSet } from './harness';

function connect4Suite(name: string, sets: readonly (readonly [set: string, positions: number])[]): BenchSuite {
  return {
    name,
    description: `Pons' test sets (${sets.map(([set, n]) => `${set}${n < 1000 ? ` first ${n}` : ''}`).join(', ')}): scores, nodes, time vs Pons' algorithm in native C`,
    async run({ pool, log }) {
      const native = compileNative('connect4', log);
      // Warm the worker up first (not measured): V8 optimises the core only once it has run a while, and the
      // small sets are over before that. The native solver needs no warm-up.
      const warmUp = readFileSync(packagePath('test/data/connect4/Test_L2_R2'), 'utf8').trim().split('\n').slice(0, 300);
      await solveSet(pool(1), 'connect4', 'warm-up', warmUp, { scoreOnly: true });
      const rows: TableRow[] = [];
      const totals = { ms: 0, nativeMs: 0 };
      for (const [set, count] of sets) {
        const file = packagePath('test/data/connect4', set);
        if (!existsSync(file)) throw new Error(`there is no test set ${file}`);
        const lines = readFileSync(file, 'utf8').trim().split('\n').slice(0, count);
        const { row, answers } = await solveSet(pool(1), 'connect4', set, lines, { scoreOnly: true });
        const wrong = answers.filter((answer, i) => answer.score !== Number(lines[i].split(' ')[1])).length;
        totals.ms += row.searchMs;
        const result: Record<string, string | number> = {
          set,
          positions: row.positions,
          wrong,
          'mean nodes': row.meanNodes,
        };
        if ('binary' in native) {
          const output = runNative(native.binary, lines);
          const nativeNodes = output.reduce((sum, [, nodes]) => sum + nodes, 0);
          const nativeMs = output.reduce((sum, [, , us]) => sum + us, 0) / 1000;
          totals.nativeMs += nativeMs;
          result['native mean nodes'] = nativeNodes / row.positions;
          result['mean ms'] = row.searchMs / row.positions;
          result['native mean ms'] = nativeMs / row.positions;
          // The cost of a node (each side's own kind of node): where easy positions lose their time.
          result['ns/node'] = (row.searchMs * 1e6) / (row.meanNodes * row.positions);
          result['native ns/node'] = (nativeMs * 1e6) / nativeNodes;
          result['time vs native'] = row.searchMs / nativeMs;
        } else {
          result['mean ms'] = row.searchMs / row.positions;
          result.native = native.problem;
        }
        log(`${set}: ${wrong} wrong, mean ${row.meanNodes} nodes`);
        rows.push(result);
      }
      if ('binary' in native) {
        rows.push({
          set: 'all (time-weighted)',
          positions: '',
          wrong: '',
          'mean nodes': '',
          'native mean nodes': '',
          'mean ms': '',
          'native mean ms': '',
          'ns/node': '',
          'native ns/node': '',
          'time vs native': totals.ms / totals.nativeMs,
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
