// A search shared among the cluster's machines (`solve --redis`) against a real Redis (Debian's redis-server) and
// two worker processes: on Korf's 15-puzzle instances with the walking distance, every iteration before the last
// as the published yardstick counts it (test/data/puzzle15/korf100_wd_counts.txt) and as one machine searches it,
// the optimal length Korf published; a malformed board refused before anything is queued; `runs --cancel` and
// Ctrl-C stop a long search, its shares on the workers too.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { instantiateCore } from '../../src/contracts/core';
import type { Puzzle15Core } from '../../src/games/puzzle15/core';
import { parse } from '../../src/games/puzzle15/rules';
import { parseSet } from '../../src/games/puzzle15/sets';
import { solveBoard } from '../../src/games/puzzle15/solve';
import { checkedCache } from '../../workers/checked-cache';
import { cacheFolder, fileCache } from '../../workers/node-cache';
import { readCoreModule } from '../../workers/node-cores';
import { runCli } from '../helpers/cli';
import { type RedisProcess, startRedis, startWorker, taskCounts, type WorkerProcess } from '../helpers/redis';

const korf = parseSet(readFileSync('src/games/puzzle15/data/korf100.txt', 'utf8'), 'korf');
/** Per instance: h0, WD of rows and columns, iterations, expansions of every iteration before the last. */
const yardstick = new Map(
  readFileSync('test/data/puzzle15/korf100_wd_counts.txt', 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/).map(Number))
    .map(([instance, h0, , , iterations, preFinal]) => [instance, { h0, iterations, preFinal }]),
);
const core = await instantiateCore<Puzzle15Core>(await readCoreModule('build', 'puzzle15'));
const cache = checkedCache(fileCache(cacheFolder('.')));

let redis: RedisProcess;
let workers: WorkerProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
  workers = await Promise.all([startWorker(redis.url, 's1'), startWorker(redis.url, 's2')]);
}, 30_000);

// The shares a search left on the workers (stopped once it is over, within a second) end before the next test
// counts the queue's tasks.
beforeEach(async () => {
  await expect.poll(() => taskCounts(redis.url), { timeout: 30_000, interval: 100 }).toMatchObject({ waiting: 0, active: 0 });
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await redis?.stop();
});

interface ClusterAnswer {
  readonly length: number;
  readonly moves: string;
  readonly nodes: number;
  readonly iterations: readonly { threshold: number; nodes: number }[];
}

describe('solve --redis', () => {
  // Nine iterations each: the eight before the last dealt out in five shares to two machines.
  const instances = [69, 24, 40];

  it("shares Korf's instances among two workers: every iteration before the last as published and as on one machine", async () => {
    const lines = instances.map((instance) => korf[instance - 1].tiles.join(' '));
    const { status, stdout, stderr } = await runCli(['puzzle15', 'solve', '--heuristic', 'wd', '--redis', redis.url, '--parts', '5'], `${lines.join('\n')}\n`);
    expect(stderr).toMatch(/^run [\w-]+: its searches are shared on redis:\/\/127\.0\.0\.1:\d+ \(playground runs --redis \S+ --cancel [\w-]+ stops it\)\n$/);
    expect(status).toBe(0);
    const answers: ClusterAnswer[] = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers).toHaveLength(instances.length);
    for (const [i, instance] of instances.entries()) {
      const answer = answers[i];
      const published = yardstick.get(instance)!;
      expect(answer.length, `#${instance}`).toBe(korf[instance - 1].length);
      expect(answer.iterations[0].threshold, `#${instance}: h0`).toBe(published.h0);
      expect(answer.iterations, `#${instance}`).toHaveLength(published.iterations);
      const beforeLast = answer.iterations.slice(0, -1);
      expect(
        beforeLast.reduce((sum, iteration) => sum + iteration.nodes, 0),
        `#${instance}`,
      ).toBe(published.preFinal);
      expect(answer.nodes).toBe(answer.iterations.reduce((sum, iteration) => sum + iteration.nodes, 0));
      // One machine's search, iteration by iteration.
      const alone: { threshold: number; nodes: number }[] = [];
      await solveBoard(parse(lines[i]), 'wd', core, cache, {}, (it) => alone.push({ threshold: it.depth, nodes: it.nodes }));
      expect(beforeLast, `#${instance}`).toEqual(alone.slice(0, -1));
    }
  }, 240_000);

  it('refuses a malformed or unsolvable board without queueing it, and answers the next line', async () => {
    const before = await taskCounts(redis.url);
    const { status, stdout } = await runCli(
      ['puzzle24', 'solve', '--redis', redis.url],
      '1 2 3\n2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0\n',
    );
    expect(status).toBe(1);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers[0].error).toMatch(/^a 5x5 board is 25 numbers 0 to 24, got 3$/);
    expect(answers[1].error).toMatch(/inversions/);
    expect(await taskCounts(redis.url)).toEqual(before);
  }, 60_000);

  it('answers a line past its budget as a local solve does, and goes on with the next', async () => {
    const lines = `${korf[87].tiles.join(' ')}\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n`;
    const { status, stdout } = await runCli(['puzzle15', 'solve', '--heuristic', 'md', '--redis', redis.url, '--max-nodes', '100000'], lines);
    expect(status).toBe(1);
    const [over, next] = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // Checked after each iteration: the nodes of the iterations searched, past the budget.
    expect(over).toMatchObject({ error: 'budget' });
    expect(over.nodes).toBeGreaterThan(100_000);
    expect(next).toMatchObject({ length: 1, moves: 'R' });
  }, 60_000);

  it('refuses --redis for a game whose search cannot be shared, and --parts without --redis', async () => {
    const connect4 = await runCli(['connect4', 'solve', '--redis', redis.url], '-\n');
    expect(connect4.status).toBe(2);
    expect(connect4.stderr).toMatch(/Connect 4's search cannot be shared on a cluster: no --redis/);
    const parts = await runCli(['puzzle15', 'solve', '--parts', '4'], '');
    expect(parts.status).toBe(2);
    expect(parts.stderr).toMatch(/--parts goes with --redis/);
  }, 60_000);

  it('stops a long search at `runs --cancel`: the command ends, the shares on the workers stop, the workers take the next', async () => {
    // Korf's #88 with the Manhattan distance: billions of nodes, far more than the test waits for.
    const long = runCli(['puzzle15', 'solve', '--heuristic', 'md', '--redis', redis.url, '--parts', '4'], `${korf[87].tiles.join(' ')}\n`);
    await expect.poll(() => taskCounts(redis.url).then((counts) => counts.active), { timeout: 30_000, interval: 100 }).toBe(2);
    const listed: { runs: { run: string; active: number }[] } = JSON.parse((await runCli(['runs', '--redis', redis.url, '--json'])).stdout);
    const run = listed.runs.find((entry) => entry.active > 0)!.run;
    expect((await runCli(['runs', '--redis', redis.url, '--cancel', run])).status).toBe(0);
    const { status, stdout, stderr } = await long;
    expect(status).toBe(130);
    expect(stderr).toContain(`run ${run} was cancelled on the cluster`);
    // The line under way is answered with the reason.
    expect(JSON.parse(stdout)).toEqual({ error: `run ${run} was cancelled on the cluster` });
    // Its shares end on the workers (they look for the cancel), and none is left to take.
    await expect.poll(() => taskCounts(redis.url), { timeout: 30_000, interval: 200 }).toMatchObject({ waiting: 0, active: 0 });
    const next = await runCli(['puzzle15', 'solve', '--heuristic', 'wd', '--redis', redis.url, '--parts', '3'], `${korf[68].tiles.join(' ')}\n`);
    expect(JSON.parse(next.stdout).length).toBe(korf[68].length);
  }, 120_000);

  it('stops a long search at Ctrl-C: its shares not taken yet removed, those taken stopped on the workers', async () => {
    const child = spawn(process.execPath, ['bin/playground.mjs', 'puzzle15', 'solve', '--heuristic', 'md', '--redis', redis.url, '--parts', '6'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.end(`${korf[87].tiles.join(' ')}\n`);
    await expect.poll(() => stderr, { timeout: 30_000 }).toMatch(/its searches are shared/);
    await expect.poll(() => taskCounts(redis.url).then((counts) => counts.active), { timeout: 30_000, interval: 100 }).toBe(2);
    child.kill('SIGINT');
    expect(await ended, stderr).toBe(130);
    expect(stderr).toContain('interrupted: the answers printed are kept');
    await expect.poll(() => taskCounts(redis.url), { timeout: 30_000, interval: 200 }).toMatchObject({ waiting: 0, active: 0 });
  }, 120_000);
});
