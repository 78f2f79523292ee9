// 24-puzzle: Korf and Felner's 50 instances with the 6-6-6-6 databases and the mirrored lookup, each searched by
// every worker of the pool at once (src/runtime/shared-solve.ts), the easiest by Korf and Felner's published effort
// first, each within a budget (--max-ms, default 30 minutes): the length against the published one, the expansions
// and the children generated against the published nodes generated. Then the node rate of one worker against the
// native C build of the same search (bench/native/puzzle24.c, on the same tables) on the four easiest instances,
// in the same run: their node counts must be equal. The databases' build (or reading) is not counted.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_NAME_24 } from '../src/games/puzzle15/tables-24';
import { parseSet } from '../src/games/puzzle15/sets';
import { unlessCancelled } from '../src/runtime/pool';
import { solveShared, type SharedSolution } from '../src/runtime/shared-solve';
import { dataLines } from '../src/contracts/data-lines';
import { cacheFolder } from '../workers/node-cache';
import { compileNative, packagePath, runNative, solveSet, type BenchContext, type BenchSuite, type TableRow } from './harness';

const HALF_HOUR_MS = 30 * 60_000;
/** The instances of the native comparison: the four with the least published effort. */
const NATIVE_COUNT = 4;

/** Which instances to run: `1-10,25` (1-based), all when none is given. */
function chosen(list: string | undefined, count: number): Set<number> {
  if (list === undefined) return new Set(Array.from({ length: count }, (_, i) => i + 1));
  const numbers = new Set<number>();
  for (const part of list.split(',')) {
    const [from, to = from] = part.split('-').map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to > count || from > to)
      throw new Error(`"${part}" is not a range of instances 1 to ${count}`);
    for (let k = from; k <= to; k++) numbers.add(k);
  }
  return numbers;
}

/** A shared search with a time budget: null when it ran out (the search is cancelled). */
async function withinBudget(search: ReturnType<typeof solveShared>, ms: number): Promise<SharedSolution | null> {
  const timer = setTimeout(() => search.cancel(), ms);
  try {
    return await unlessCancelled(search);
  } finally {
    clearTimeout(timer);
  }
}

const korf50Suite: BenchSuite = {
  name: 'puzzle24',
  description:
    "Korf and Felner's 50 with the 6-6-6-6 databases, each searched by all the workers within --max-ms (default 30 min); one worker against native C",
  async run({ pool, log, maxMs, positions }) {
    const boards = parseSet(readFileSync(packagePath('src/games/puzzle15/data/korf50.txt'), 'utf8'), '#');
    const published = dataLines(readFileSync(packagePath('src/games/puzzle15/data/korf50-nodes.txt'), 'utf8')).map((line) => Number(line.split(/\s+/)[2]));
    const line = (i: number) => `5x5: ${boards[i].tiles.join(' ')}`;
    const options = { heuristic: 'pdb6666' };
    const workers = pool();
    // Not measured: the databases made ready in every worker (built once, then read from the cache).
    await solveShared(workers, 'puzzle15', `5x5: ${[...Array(23).keys()].map((i) => i + 1).join(' ')} 0 24`, options, workers.size).promise;
    const order = [...boards.keys()].sort((a, b) => published[a] - published[b]);
    const wanted = chosen(positions, boards.length);
    const budget = maxMs ?? HALF_HOUR_MS;
    const rows: TableRow[] = [];
    for (const i of order.filter((i) => wanted.has(i + 1))) {
      const solution = await withinBudget(solveShared(workers, 'puzzle15', line(i), options, workers.size), budget);
      const row = {
        instance: i + 1,
        published: boards[i].length,
        length: solution ? solution.length : `none in ${Math.round(budget / 60_000)} min`,
        expansions: solution?.nodes ?? '',
        generated: solution?.generated ?? '',
        'published generated': published[i],
        'generated/published': solution?.generated !== undefined ? solution.generated / published[i] : '',
        seconds: solution ? solution.ms / 1000 : '',
        'M expansions/s': solution ? solution.nodes / solution.ms / 1000 : '',
      };
      log(
        `#${i + 1}: ${solution ? `${solution.length} moves (published ${boards[i].length}), ${solution.nodes} expansions, ${(solution.ms / 1000).toFixed(1)} s` : 'not solved within the budget'}`,
      );
      rows.push(row);
    }
    const solved = rows.filter((row) => typeof row.length === 'number');
    rows.push({
      instance: `${solved.length} solved of ${rows.length}, ${workers.size} workers`,
      published: '',
      length: solved.filter((row) => row.length !== row.published).length === 0 ? 'all as published' : 'WRONG',
      expansions: solved.reduce((sum, row) => sum + Number(row.expansions), 0),
      generated: solved.reduce((sum, row) => sum + Number(row.generated), 0),
      'published generated': solved.reduce((sum, row) => sum + Number(row['published generated']), 0),
      'generated/published': '',
      seconds: solved.reduce((sum, row) => sum + Number(row.seconds), 0),
      'M expansions/s': '',
    });
    rows.push(...(await nativeRows(pool, log, order.slice(0, NATIVE_COUNT).map(line), order.slice(0, NATIVE_COUNT))));
    return rows;
  },
};

/** One worker against the native C build on the same instances, in the same run. */
async function nativeRows(pool: BenchContext['pool'], log: (line: string) => void, lines: string[], instances: number[]): Promise<TableRow[]> {
  const names = instances.map((i) => `#${i + 1}`).join(', ');
  const { row, answers } = await solveSet(pool(1), 'puzzle15', 'wasm', lines, { heuristic: 'pdb6666' });
  const native = compileNative('puzzle24', log);
  if (!('binary' in native)) return [{ instance: `native: ${native.problem}` }];
  const output = runNative(
    native.binary,
    lines.map((text) => text.replace('5x5: ', '')),
    [join(cacheFolder(packagePath()), CACHE_NAME_24)],
  );
  const nodes = output.reduce((sum, [, n]) => sum + n, 0);
  const seconds = output.reduce((sum, [, , us]) => sum + us, 0) / 1e6;
  const equal = output.every(([length, n], i) => length === answers[i].length && n === answers[i].nodes);
  return [
    { instance: `wasm, 1 worker (${names})`, expansions: row.nodes, seconds: row.searchMs / 1000, 'M expansions/s': row.nodesPerSecond / 1e6 },
    { instance: `native C, 1 thread (${names})`, expansions: nodes, seconds, 'M expansions/s': nodes / seconds / 1e6 },
    { instance: 'wasm/native rate', expansions: equal ? 'equal' : 'DIFFER', seconds: '', 'M expansions/s': row.nodesPerSecond / 1e6 / (nodes / seconds / 1e6) },
  ];
}

export const puzzle24Suites: readonly BenchSuite[] = [korf50Suite];
