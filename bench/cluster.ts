// The cluster's cost: one fixed tournament played locally (the command's pool) and through the queue (a Redis
// started for the bench, `playground worker` processes), with one core and with two: node counts first (the same
// every way: the same games), then time, games per second, the queue's rate against the local one, and what a
// task costs beyond its games.

import type { ChildProcess } from 'node:child_process';
import type { GameRecord } from '../src/arena/play-out';
import { tournament } from '../src/arena/schedule';
import { startLocalRedis, startProcess, stopProcess } from '../src/cluster/local-redis';
import { ClusterSubmission } from '../src/cluster/submit';
import { pairsPerTask } from '../src/cluster/tasks';
import { gameById } from '../src/games';
import { runSchedule } from '../src/runtime/run-schedule';
import { type BenchSuite, packagePath, type TableRow } from './harness';

const BOTS = ['classic:depth=6', 'classic:depth=5'];
const STARTS = 100;

export const clusterSuite: BenchSuite = {
  name: 'cluster',
  description: `Connect 4 tournament ${BOTS.join(' vs ')}, ${2 * STARTS} games, locally and through Redis with 1 and 2 worker processes`,
  async run({ pool, log }) {
    const game = gameById('connect4');
    const schedule = tournament(game, BOTS, { games: STARTS, seed: 1 });
    const tasks = Math.ceil(STARTS / pairsPerTask(STARTS));
    const redis = await startLocalRedis();
    const { url } = redis;
    const rows: TableRow[] = [];
    const measure = async (way: string, cores: number, play: () => Promise<(GameRecord | undefined)[]>) => {
      const started = performance.now();
      const records = await play();
      const seconds = (performance.now() - started) / 1000;
      const nodes = records.reduce((sum, record) => sum + record!.moves.reduce((s, move) => s + move.nodes, 0), 0);
      log(`${way}: ${(records.length / seconds).toFixed(1)} games/s`);
      rows.push({ way, cores, games: records.length, nodes, seconds, 'games/s': records.length / seconds });
    };
    const workers: ChildProcess[] = [];
    try {
      for (const cores of [1, 2]) {
        await runSchedule(pool(cores), tournament(game, BOTS, { games: 4, seed: 2 }), {}).finished; // warm-up
        await measure(`local, ${cores} worker thread${cores > 1 ? 's' : ''}`, cores, () => runSchedule(pool(cores), schedule, {}).finished);
        while (workers.length < cores)
          workers.push(
            await startProcess(
              process.execPath,
              [packagePath('bin/playground.mjs'), 'worker', '--redis', url, '--concurrency', '1', '--name', `bench-${workers.length + 1}`],
              /playing the tasks/,
            ),
          );
        await new ClusterSubmission({ redis: url, owner: 'bench', runId: `bench-warm-${cores}` }, tournament(game, BOTS, { games: 4, seed: 2 }), {}).finished;
        await measure(
          `queue, ${cores} worker process${cores > 1 ? 'es' : ''}`,
          cores,
          () => new ClusterSubmission({ redis: url, owner: 'bench', runId: `bench-${cores}-${Date.now()}` }, schedule, {}).finished,
        );
      }
    } finally {
      await Promise.all(workers.map((worker) => stopProcess(worker)));
      await redis.stop();
    }
    const rate = (way: string) => rows.find((row) => row.way === way)!['games/s'] as number;
    return rows.map((row) => {
      const local = rate(`local, ${row.cores} worker thread${(row.cores as number) > 1 ? 's' : ''}`);
      const queued = String(row.way).startsWith('queue');
      return {
        ...row,
        'vs local': queued ? (row['games/s'] as number) / local : '',
        'vs 1 process': queued ? (row['games/s'] as number) / rate('queue, 1 worker process') : '',
        'ms a task beyond its games': queued ? (((row.seconds as number) - (row.games as number) / local) * 1000) / tasks : '',
      };
    });
  },
};
