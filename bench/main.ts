// `playground bench <suite>`: runs a benchmark suite and prints its table (node counts first), then one JSON
// document. A bundle of its own (dist-node/bench.mjs), which bin/playground.mjs runs for `bench`: the benchmarks
// are not part of the CLI.

import { asUsage, formatOptions, HELP_OPTION, optionInteger, optionText, parseArgs, UsageError, type OptionSpec } from '../src/cli/args';
import { createNodePool } from '../src/runtime/node-pool';
import type { WorkerPool } from '../src/runtime/pool';
import { formatTable } from './harness';
import { suites } from './index';

const BENCH_OPTIONS: readonly OptionSpec[] = [
  { name: 'json', help: 'print only the JSON document' },
  { name: 'workers', value: 'N', help: 'worker threads (default: one per core)' },
  { name: 'max-ms', value: 'N', help: 'a time budget per position, for suites that search one at a time (puzzle24: default 30 minutes)' },
  { name: 'positions', value: 'LIST', help: 'the positions of the set to run, by number: 1-10,25 (puzzle24)' },
  HELP_OPTION,
];

const usage = () =>
  `usage: playground bench <suite> [options]\n${formatOptions(BENCH_OPTIONS)}\nsuites:\n${suites.map((s) => `  ${s.name.padEnd(16)} ${s.description}`).join('\n')}`;

async function bench(argv: readonly string[], pools: WorkerPool[]): Promise<number> {
  const [name, ...rest] = argv;
  const args = parseArgs(rest, BENCH_OPTIONS);
  if (name === undefined || name === '--help' || args.options.has('help')) {
    console.log(usage());
    return name === undefined ? 2 : 0;
  }
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
  const suite = asUsage(() => {
    const found = suites.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`unknown bench suite "${name}": the suites are ${suites.map((s) => s.name).join(', ')}`);
    return found;
  });
  const json = args.options.has('json');
  const workers = optionInteger(args, 'workers', 0, 1, 256) || undefined;
  const sized = new Map<number | undefined, WorkerPool>();
  const pool = (size = workers) => {
    let made = sized.get(size);
    if (!made) {
      made = createNodePool(size);
      sized.set(size, made);
      pools.push(made);
    }
    return made;
  };
  const started = performance.now();
  const maxMs = optionInteger(args, 'max-ms', 0, 1, 2 ** 40) || undefined;
  const rows = await suite.run({ pool, log: (line) => json || console.error(line), maxMs, positions: optionText(args, 'positions') });
  const wallMs = performance.now() - started;
  if (!json) console.log(`${formatTable(rows)}\nwall time ${(wallMs / 1000).toFixed(2)} s`);
  console.log(JSON.stringify({ suite: suite.name, wallMs: Math.round(wallMs), rows }));
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  const pools: WorkerPool[] = [];
  try {
    return await bench(argv, pools);
  } catch (error) {
    console.error(`playground bench: ${(error as Error).message}`);
    if (!(error instanceof UsageError)) return 1;
    console.error('run playground bench --help for the usage');
    return 2;
  } finally {
    for (const pool of pools) pool.close();
  }
}

process.exitCode = await main(process.argv.slice(3));
