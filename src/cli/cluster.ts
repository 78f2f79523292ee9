// The cluster's own commands: `playground worker --redis URL` (a machine that plays the queue's game tasks) and
// `playground runs --redis URL [--cancel RUN_ID]` (what the cluster is doing, or a run stopped). docs/cluster.md.

import { isSolitaire } from '../contracts/powers';
import { availableParallelism, hostname } from 'node:os';
import { cancelRun, clusterStatus } from '../cluster/runs';
import { buildId, checkRedis, redisConnection } from '../cluster/tasks';
import { ClusterWorker } from '../cluster/worker';
import { findGame } from '../games';
import { createNodePool } from '../runtime/node-pool';
import type { WorkerPool } from '../runtime/pool';
import {
  ENGINE_OPTION,
  engineOption,
  formatOptions,
  HELP_OPTION,
  optionInteger,
  optionList,
  optionText,
  parseArgs,
  UsageError,
  type OptionSpec,
  type ParsedArgs,
} from './args';

const WORKER_OPTIONS: readonly OptionSpec[] = [
  { name: 'redis', value: 'URL', help: 'the Redis of the cluster (redis://HOST:PORT)' },
  { name: 'concurrency', value: 'N', help: 'games played at once (default: one per core)' },
  { name: 'name', value: 'NAME', help: "this worker's name in the cluster (default: the host name and process id)" },
  { ...ENGINE_OPTION, help: "an engine or bot module the runs may name, as the run's command names it (repeatable)" },
  { name: 'ladder', help: "offer the engines to the lab's ladder (its server started with this REDIS_URL): their games are played here" },
  { name: 'ladder-game', value: 'GAME', repeatable: true, help: 'the ladder they join (repeatable; default connect4)' },
  HELP_OPTION,
];

/** `--redis URL`, checked to be a redis:// URL (whether it answers is checked where waiting would not do). */
export function redisOption(args: ParsedArgs): string | undefined {
  const redis = optionText(args, 'redis');
  if (redis === undefined) return undefined;
  try {
    redisConnection(redis);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return redis;
}

/** `playground worker --redis URL`: plays the cluster's game tasks on this machine until interrupted. */
export async function clusterWorker(argv: readonly string[], pools: WorkerPool[]): Promise<number> {
  const args = parseArgs(argv, WORKER_OPTIONS);
  if (args.options.has('help')) {
    console.log(
      `usage: playground worker --redis URL [--concurrency N] [--name NAME] [--engine NAME=COMMAND ... [--ladder]]\n${formatOptions(WORKER_OPTIONS)}`,
    );
    return 0;
  }
  const redis = redisOption(args);
  if (!redis) throw new UsageError('worker needs --redis URL');
  const concurrency = optionInteger(args, 'concurrency', availableParallelism(), 1, 256);
  const name = optionText(args, 'name') ?? `${hostname()}-${process.pid}`;
  const pool = createNodePool(concurrency);
  pools.push(pool);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const engines = optionList(args, 'engine').map(engineOption);
  const ladderGames = optionList(args, 'ladder-game');
  if (!args.options.has('ladder') && ladderGames.length > 0) throw new UsageError('--ladder-game goes with --ladder');
  if (args.options.has('ladder') && engines.length === 0) throw new UsageError('--ladder offers the engines given with --engine NAME=COMMAND');
  for (const game of ladderGames) {
    const found = findGame(game);
    if (!found || isSolitaire(found)) throw new UsageError(`--ladder-game: there is no ladder of "${game}"`);
  }
  const ladder = args.options.has('ladder') ? { games: ladderGames.length > 0 ? ladderGames : ['connect4'] } : undefined;
  const worker = new ClusterWorker({ redis, pool, concurrency, name, engines, log, ladder });
  await worker.ready;
  log(`worker ${name}: playing the tasks of ${redis}, ${concurrency} at once (build ${buildId()})`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await worker.close();
  return 0;
}

const RUNS_OPTIONS: readonly OptionSpec[] = [
  { name: 'redis', value: 'URL', help: 'the Redis of the cluster (redis://HOST:PORT)' },
  { name: 'cancel', value: 'RUN_ID', help: 'stop a run: its tasks not taken yet are removed, and its command keeps what was played' },
  { name: 'json', help: 'print one JSON document' },
  HELP_OPTION,
];

/** `playground runs --redis URL [--cancel RUN_ID]`: the cluster's runs and workers, or a run stopped. */
export async function clusterRuns(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, RUNS_OPTIONS);
  if (args.options.has('help')) {
    console.log(`usage: playground runs --redis URL [--cancel RUN_ID] [--json]\n${formatOptions(RUNS_OPTIONS)}`);
    return 0;
  }
  const redis = redisOption(args);
  if (!redis) throw new UsageError('runs needs --redis URL');
  await checkRedis(redis);
  const cancel = optionText(args, 'cancel');
  if (cancel !== undefined) {
    const removed = await cancelRun(redis, cancel);
    console.log(args.options.has('json') ? JSON.stringify({ cancelled: cancel, removed }) : `run ${cancel} cancelled: ${removed} tasks not taken yet removed`);
    return 0;
  }
  const status = await clusterStatus(redis);
  if (args.options.has('json')) {
    console.log(JSON.stringify(status));
    return 0;
  }
  const runs = status.runs.map((run) =>
    ['', run.run, run.game, run.waiting, run.active, run.completed, run.failed, run.games, new Date(run.queuedAt).toISOString()].join('  '),
  );
  const workers = status.workers.map((worker) => `  ${worker.name}  ${worker.tasks} tasks, ${worker.games} games, ${worker.gamesPerSecond.toFixed(1)} games/s`);
  console.log(
    [
      'runs (id, game, tasks waiting, active, done, failed, games played, queued at):',
      ...(runs.length ? runs : ['  none']),
      'workers (tasks and games finished in the last 10 minutes):',
      ...(workers.length ? workers : ['  none']),
    ].join('\n'),
  );
  return 0;
}
