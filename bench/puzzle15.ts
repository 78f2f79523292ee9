// 15-puzzle: Korf's 100 solved on one worker with walking distance, against the native C reference of the same
// algorithm (bench/native/puzzle15.c) in the same run (node counts must be equal), then WD+ID, the 6-6-3 and the
// 7-8 pattern databases (the 7-8 with and without its dual lookups); and the 17 positions that need 80 moves, with
// the 7-8 (with and without) and the 6-6-3 databases, each
// searched by all the workers at once. Lengths are checked. A database's build (or its reading from the cache)
// happens before the first solve and is not counted: a solve's time is its search's.

import { readFileSync } from 'node:fs';
import { instantiateCore } from '../src/contracts/core';
import { ensureRankedPatterns, RANKED_GROUPS, type Puzzle15Core } from '../src/games/puzzle15/core';
import { solveShared } from '../src/runtime/shared-solve';
import { readCoreModule } from '../workers/node-cores';
import { parseSet } from '../src/games/puzzle15/sets';
import { compileNative, packagePath, runNative, solveSet, type BenchSuite, type TableRow } from './harness';

const korfSuite: BenchSuite = {
  name: 'puzzle15',
  description: 'korf100.txt with wd, wdid, pdb (6-6-3), pdb78 (7-8), pdb78-dual (with the dual lookups); WD against native C in the same run',
  async run({ pool, log }) {
    const boards = parseSet(readFileSync(packagePath('src/games/puzzle15/data/korf100.txt'), 'utf8'), 'korf');
    const lines = boards.map((board) => board.tiles.join(' '));
    const rows: TableRow[] = [];
    for (const heuristic of ['wd', 'wdid', 'pdb', 'pdb78', 'pdb78-dual']) {
      const { row, answers } = await solveSet(pool(1), 'puzzle15', heuristic, lines, { heuristic });
      const wrong = answers.filter((answer, i) => answer.length !== boards[i].length).length;
      log(`${heuristic}: ${row.nodes} nodes, ${(row.searchMs / 1000).toFixed(1)} s, ${wrong} wrong`);
      rows.push({
        solver: `wasm ${heuristic}`,
        boards: row.positions,
        wrong,
        nodes: row.nodes,
        'mean nodes': row.meanNodes,
        seconds: row.searchMs / 1000,
        'slowest s': row.slowestMs / 1000,
        'M nodes/s': row.nodesPerSecond / 1e6,
      });
      if (heuristic === 'wd') {
        const native = compileNative('puzzle15', log);
        if (!('binary' in native)) {
          rows.push({ solver: 'native wd', boards: native.problem });
          continue;
        }
        const output = runNative(native.binary, lines);
        const nodes = output.reduce((sum, [, n]) => sum + n, 0);
        const seconds = output.reduce((sum, [, , us]) => sum + us, 0) / 1e6;
        const nativeWrong = output.filter(([length], i) => length !== boards[i].length).length;
        rows.push({
          solver: 'native wd',
          boards: output.length,
          wrong: nativeWrong,
          nodes,
          'mean nodes': nodes / output.length,
          seconds,
          'slowest s': Math.max(...output.map(([, , us]) => us)) / 1e6,
          'M nodes/s': nodes / seconds / 1e6,
        });
        rows.push({
          solver: 'wasm/native rate',
          boards: '',
          wrong: '',
          nodes: nodes === row.nodes ? 'equal' : `differ by ${row.nodes - nodes}`,
          'mean nodes': '',
          seconds: '',
          'slowest s': '',
          'M nodes/s': row.nodesPerSecond / 1e6 / (nodes / seconds / 1e6),
        });
      }
    }
    return rows;
  },
};

/**
 * The 17 positions that need 80 moves with the 7-8 databases (with and without the dual lookups), one after another, each searched by every worker of
 * the pool at once (src/runtime/shared-solve.ts; `--workers 1` is the search on one worker); the first three with the 6-6-3
 * in the same run, for reference (minutes each).
 */
const hard80Suite: BenchSuite = {
  name: 'puzzle15-hard80',
  description: 'hard80.txt with pdb78 and pdb78-dual (all 17) and pdb (the first 3), each position searched by all the workers at once',
  async run({ pool, log }) {
    const boards = parseSet(readFileSync(packagePath('src/games/puzzle15/data/hard80.txt'), 'utf8'), 'hard');
    const workers = pool();
    const rows: TableRow[] = [];
    for (const [heuristic, count] of [
      ['pdb78', boards.length],
      ['pdb78-dual', boards.length],
      ['pdb', 3],
    ] as const) {
      // Not measured: every worker makes the databases ready (a worker cancelled at the end of a search does it again).
      await solveShared(workers, 'puzzle15', '1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15', { heuristic }, workers.size).promise;
      const solutions = [];
      for (const [i, board] of boards.slice(0, count).entries()) {
        const solution = await solveShared(workers, 'puzzle15', board.tiles.join(' '), { heuristic }, workers.size).promise;
        log(`${heuristic} ${i + 1}: ${solution.length} moves, ${solution.nodes} nodes, ${(solution.ms / 1000).toFixed(1)} s`);
        solutions.push(solution);
      }
      const nodes = solutions.reduce((sum, solution) => sum + solution.nodes, 0);
      const seconds = solutions.reduce((sum, solution) => sum + solution.ms, 0) / 1000;
      rows.push({
        solver: `wasm ${heuristic}, ${workers.size} worker${workers.size > 1 ? 's' : ''}`,
        boards: count,
        wrong: solutions.filter((solution, i) => solution.length !== boards[i].length).length,
        nodes,
        'mean nodes': nodes / count,
        seconds,
        'mean s': seconds / count,
        'slowest s': Math.max(...solutions.map((solution) => solution.ms)) / 1000,
        'M nodes/s': nodes / seconds / 1e6,
      });
    }
    return rows;
  },
};

/**
 * The 7-8 databases built from nothing (an empty cache), as a worker builds them: in a core of its own, the tables
 * then copied into the solving core. Its time and memory: the build's core at its largest, and the solving core.
 */
const pdb78BuildSuite: BenchSuite = {
  name: 'puzzle15-pdb78-build',
  description: 'the 7-8 pattern databases built from an empty cache: time and memory',
  async run({ log }) {
    const module = await readCoreModule(packagePath('build'), 'puzzle15');
    const core = await instantiateCore<Puzzle15Core>(module);
    let builder: Puzzle15Core | undefined;
    const scratch = async () => {
      builder = await instantiateCore<Puzzle15Core>(module);
      return builder;
    };
    const nothing = { read: async () => null, write: async () => {} };
    const started = performance.now();
    let lastShare = 0;
    await ensureRankedPatterns(
      core,
      nothing,
      (iteration) => {
        if ((iteration.done ?? 0) - lastShare >= 0.1) {
          lastShare = iteration.done ?? 0;
          log(`${Math.round(lastShare * 100)}% at ${(iteration.ms / 1000).toFixed(0)} s`);
        }
      },
      scratch,
    );
    const seconds = (performance.now() - started) / 1000;
    return [
      {
        build: '7-8 (8 tiles, then 7)',
        seconds,
        'tables MB': RANKED_GROUPS.reduce((sum, _, g) => sum + core.rankedTableBytes(g), 0) / 1e6,
        'build core MB': (builder?.memory.buffer.byteLength ?? 0) / 1e6,
        'solving core MB': core.memory.buffer.byteLength / 1e6,
      },
    ];
  },
};

export const puzzle15Suites: readonly BenchSuite[] = [korfSuite, hard80Suite, pdb78BuildSuite];
