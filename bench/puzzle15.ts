// 15-puzzle: Korf's 100 solved on one worker with walking distance, against the native C reference of the same
// algorithm (bench/native/puzzle15.c) in the same run (node counts must be equal), then WD+ID and the 6-6-3
// pattern database; and the 17 positions that need 80 moves, with the pattern database. Lengths are checked.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSet } from '../src/games/puzzle15/sets';
import { solveSet, type BenchSuite, type TableRow } from './harness';

function nativeSolver(log: (line: string) => void): string | undefined {
  const binary = join(mkdtempSync(join(tmpdir(), 'puzzle15-native-')), 'puzzle15');
  try {
    execFileSync('cc', ['-O3', '-o', binary, 'bench/native/puzzle15.c']);
    return binary;
  } catch {
    log('no C compiler (cc): the native comparison is left out');
    return undefined;
  }
}

function setSuite(name: string, file: string, prefix: string, heuristics: readonly string[], withNative: boolean): BenchSuite {
  return {
    name,
    description: `${file} with ${heuristics.join(', ')}${withNative ? ', WD against native C in the same run' : ''}`,
    async run({ pool, log }) {
      const boards = parseSet(readFileSync(`src/games/puzzle15/data/${file}`, 'utf8'), prefix);
      const lines = boards.map((board) => board.tiles.join(' '));
      const rows: TableRow[] = [];
      for (const heuristic of heuristics) {
        const { row, answers } = await solveSet(pool(1), 'puzzle15', heuristic, lines, { heuristic });
        const wrong = answers.filter((answer, i) => answer.length !== boards[i].length).length;
        const slowest = Math.max(...answers.map((answer) => answer.ms));
        log(`${heuristic}: ${row.nodes} nodes, ${(row.searchMs / 1000).toFixed(1)} s, ${wrong} wrong`);
        rows.push({ solver: `wasm ${heuristic}`, boards: row.positions, wrong, nodes: row.nodes, 'mean nodes': row.meanNodes, seconds: row.searchMs / 1000, 'slowest s': slowest / 1000, 'M nodes/s': row.nodesPerSecond / 1e6 });
        if (heuristic === 'wd' && withNative) {
          const native = nativeSolver(log);
          if (!native) continue;
          const output = execFileSync(native, { input: `${lines.join('\n')}\n`, maxBuffer: 1 << 24 }).toString().trim().split('\n').map((line) => line.split(' ').map(Number));
          const nodes = output.reduce((sum, [, n]) => sum + n, 0);
          const seconds = output.reduce((sum, [, , us]) => sum + us, 0) / 1e6;
          const nativeWrong = output.filter(([length], i) => length !== boards[i].length).length;
          rows.push({ solver: 'native wd', boards: output.length, wrong: nativeWrong, nodes, 'mean nodes': nodes / output.length, seconds, 'slowest s': Math.max(...output.map(([, , us]) => us)) / 1e6, 'M nodes/s': nodes / seconds / 1e6 });
          rows.push({ solver: 'wasm/native rate', boards: '', wrong: '', nodes: nodes === row.nodes ? 'equal' : `differ by ${row.nodes - nodes}`, 'mean nodes': '', seconds: '', 'slowest s': '', 'M nodes/s': row.nodesPerSecond / 1e6 / (nodes / seconds / 1e6) });
        }
      }
      return rows;
    },
  };
}

export const puzzle15Suites: readonly BenchSuite[] = [
  setSuite('puzzle15', 'korf100.txt', 'korf', ['wd', 'wdid', 'pdb'], true),
  setSuite('puzzle15-hard80', 'hard80.txt', 'hard', ['pdb'], false),
];
