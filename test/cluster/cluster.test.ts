// The cluster against a real Redis (Debian's redis-server): a tournament and an SPRT match played by two worker
// processes give the same figures as the same runs played locally, timing aside; a bad --redis is refused.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { parseSavedRun } from '../../src/arena/saved-run';
import { freePort } from '../../src/cluster/local-redis';
import { QUEUE_NAME, redisConnection } from '../../src/cluster/tasks';
import { runCli } from '../helpers/cli';
import { type RedisProcess, startRedis, startWorker, taskCounts, type WorkerProcess } from '../helpers/redis';

let redis: RedisProcess;
let workers: WorkerProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
  workers = await Promise.all([startWorker(redis.url, 'w1'), startWorker(redis.url, 'w2')]);
}, 30_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await redis?.stop();
});

/** A report without its timing fields. */
function untimed(report: Record<string, unknown>): unknown {
  return JSON.parse(JSON.stringify(report), (key, value) => (key === 'ms' ? undefined : value));
}

describe('the cluster', () => {
  it('plays a tournament through two workers with the same figures as a local run', async () => {
    const args = ['matrix', 'tournament', '--bots', 'greedy,article,exact', '--games', '40', '--seed', '3', '--json'];
    const remote = await runCli([...args, '--redis', redis.url]);
    expect(remote.stderr).toMatch(
      /^run [\w-]+: its games are queued on redis:\/\/127\.0\.0\.1:\d+ \(playground runs --redis \S+ --cancel [\w-]+ stops it\)\n$/,
    );
    const local = await runCli(args);
    expect(untimed(JSON.parse(remote.stdout))).toEqual(untimed(JSON.parse(local.stdout)));
    expect(JSON.parse(remote.stdout).played).toBe(240);
  }, 60_000);

  it('plays an SPRT match through the workers to the same verdict, pair for pair', async () => {
    const args = ['matrix', 'match', '--bots', 'exact,article:depth=3', '--sprt', 'elo0=0,elo1=50', '--json'];
    const remote = await runCli([...args, '--redis', redis.url]);
    expect(remote.stderr).toMatch(
      /^run [\w-]+: its games are queued on redis:\/\/127\.0\.0\.1:\d+ \(playground runs --redis \S+ --cancel [\w-]+ stops it\)\n$/,
    );
    expect(JSON.parse(remote.stdout)).toEqual(JSON.parse((await runCli(args)).stdout));
  }, 60_000);

  it('plays a sweep and a tune through the workers with the same results as locally', async () => {
    const sweep = ['matrix', 'sweep', '--bot', 'article', '--grid', 'depth=1..3', '--vs', 'greedy,exact', '--games', '10', '--json'];
    const remoteSweep = await runCli([...sweep, '--redis', redis.url]);
    expect(untimed(JSON.parse(remoteSweep.stdout))).toEqual(untimed(JSON.parse((await runCli(sweep)).stdout)));
    const tune = ['matrix', 'tune', '--bot', 'article:depth=2', '--params', 'depth=1..6,jackpot=0..30', '--vs', 'greedy,exact', '--games', '40', '--json'];
    const remoteTune = await runCli([...tune, '--redis', redis.url]);
    expect(JSON.parse(remoteTune.stdout)).toEqual(JSON.parse((await runCli(tune)).stdout));
  }, 120_000);

  it('leaves a task made by another build to a worker of its build: back in the queue, no attempt spent, both builds named', async () => {
    const queue = new Queue(QUEUE_NAME, { connection: redisConnection(redis.url) });
    try {
      const task = { owner: 'old', run: 'old-0', game: 'matrix', indices: [0], games: [], time: {}, engines: [], build: 'an-older-build' };
      const job = await queue.add('games', task, { jobId: 'old-0-0', attempts: 1 });
      // A worker has taken it and given it back: one of them says so.
      await expect
        .poll(() => workers.map((worker) => worker.output()).join(''), { timeout: 15_000 })
        .toMatch(/worker w[12] runs build [\w-]+; tasks of build an-older-build are left for a worker of theirs: update one of them/);
      await expect.poll(async () => (await queue.getJob(job.id!))!.getState(), { timeout: 15_000 }).toBe('waiting');
      const back = (await queue.getJob(job.id!))!;
      expect(back.attemptsMade).toBe(0);
      expect(back.failedReason).toBeFalsy();
      // Out of the queue, for the tests after this one (a task being handed back is locked a moment).
      await expect
        .poll(
          async () =>
            queue
              .getJob(job.id!)
              .then((found) => found?.remove())
              .then(
                () => true,
                () => false,
              ),
          { timeout: 15_000 },
        )
        .toBe(true);
    } finally {
      await queue.close();
    }
  }, 30_000);

  it('refuses a --redis that is not a redis:// URL (a usage error), and fails on a Redis out of reach or a task no worker can play', async () => {
    const bad = await runCli(['matrix', 'tournament', '--bots', 'greedy,exact', '--redis', 'http://x']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--redis is redis://HOST:PORT');
    // Nothing listens there: a clear error within seconds, not a command that waits for ever.
    const nobody = `redis://127.0.0.1:${await freePort()}`;
    for (const command of [
      ['runs', '--redis', nobody],
      ['matrix', 'tournament', '--bots', 'greedy,exact', '--redis', nobody],
    ]) {
      const unreachable = await runCli(command);
      expect(unreachable.status).toBe(1);
      expect(unreachable.stderr).toContain(`cannot reach Redis at ${nobody}: `);
    }
    const engine = await runCli([
      'connect4',
      'tournament',
      '--engine',
      'r=node test/engines/connect4-random.mjs',
      '--bots',
      'r,random',
      '--games',
      '2',
      '--redis',
      redis.url,
    ]);
    expect(engine.status).toBe(1);
    expect(engine.stderr).toMatch(/a cluster task failed: worker w[12] has no engine r: start it with --engine NAME=COMMAND as the run was/);
  }, 60_000);

  it('plays engines on workers started with them, with the figures of a local run', async () => {
    const engine = 'r=node test/engines/connect4-random.mjs';
    const worker = await startWorker(redis.url, 'with-engine', 1, ['--engine', engine]);
    try {
      // The workers without the engine fail its tasks; BullMQ gives a failed task to a worker again (3 tries): stop them.
      await Promise.all(workers.map((w) => w.stop()));
      const args = ['connect4', 'tournament', '--engine', engine, '--bots', 'r,r:spice=7,random', '--games', '4', '--json'];
      const remote = await runCli([...args, '--redis', redis.url]);
      expect(remote.status).toBe(0);
      expect(untimed(JSON.parse(remote.stdout))).toEqual(untimed(JSON.parse((await runCli(args)).stdout)));
    } finally {
      await worker.stop();
      workers = await Promise.all([startWorker(redis.url, 'w1'), startWorker(redis.url, 'w2')]);
    }
  }, 60_000);
});

describe('a worker killed mid-run', () => {
  it('loses nothing: its task is taken again once its lock expires, and the figures are a local run’s', async () => {
    const own = await startRedis();
    const doomed = await startWorker(own.url, 'doomed');
    let survivor: WorkerProcess | undefined;
    try {
      const args = ['connect4', 'tournament', '--bots', 'classic:depth=6,classic:depth=5', '--games', '60', '--json'];
      const remote = runCli([...args, '--redis', own.url]);
      // The doomed worker is alone: once it holds a task, it dies holding it (a worker takes its next task as it
      // finishes one, so it holds one at every moment until the queue is empty).
      await expect.poll(() => taskCounts(own.url).then((counts) => counts.active), { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
      await doomed.stop('SIGKILL');
      survivor = await startWorker(own.url, 'survivor');
      const { stdout, stderr } = await remote;
      expect(stderr).toMatch(/^run [\w-]+: its games are queued on /);
      const local = await runCli(args);
      expect(untimed(JSON.parse(stdout))).toEqual(untimed(JSON.parse(local.stdout)));
      expect(JSON.parse(stdout).played).toBe(120);
    } finally {
      await survivor?.stop();
      await own.stop();
    }
  }, 120_000);
});

describe('Redis restarted mid-run', () => {
  it('is survived: the workers and the submitter reconnect, and the figures are a local run’s', async () => {
    let own = await startRedis(undefined, undefined, true);
    const pair = await Promise.all([startWorker(own.url, 'a'), startWorker(own.url, 'b')]);
    try {
      const args = ['connect4', 'tournament', '--bots', 'classic:depth=6,classic:depth=5', '--games', '60', '--json'];
      // Paused, the queue keeps the run's tasks waiting: the restart lands with all of them queued (60 pairs, a task
      // each) and none played.
      await setPaused(own.url, true);
      const remote = runCli([...args, '--redis', own.url]);
      await allQueued(own.url, 60);
      // Down for a second, its queue kept by its append-only file, back on the same port; then the workers play.
      await own.stop();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      own = await startRedis(own.port, own.dir, true);
      await setPaused(own.url, false);
      const { stdout, stderr } = await remote;
      expect(stderr).toMatch(/^run [\w-]+: its games are queued on /);
      expect(untimed(JSON.parse(stdout))).toEqual(untimed(JSON.parse((await runCli(args)).stdout)));
    } finally {
      await Promise.all(pair.map((worker) => worker.stop()));
      await own.stop();
    }
  }, 120_000);
});

describe('playground runs', () => {
  it('lists a run with its tasks and the workers, and --cancel stops it, the games played kept to resume', async () => {
    const own = await startRedis();
    const worker = await startWorker(own.url, 'lister');
    const out = join(mkdtempSync(join(tmpdir(), 'cluster-')), 'run.json');
    try {
      const remote = runCli([
        'connect4',
        'tournament',
        '--bots',
        'classic:depth=6,classic:depth=5',
        '--games',
        '100',
        '--json',
        '--out',
        out,
        '--redis',
        own.url,
      ]);
      // Once a task is played the queue is paused: the run is listed with tasks played and tasks waiting.
      await expect.poll(() => taskCounts(own.url).then((counts) => counts.completed), { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
      await setPaused(own.url, true);
      const listed: { runs: { run: string; game: string; waiting: number; completed: number }[]; workers: { name: string }[] } = JSON.parse(
        (await runCli(['runs', '--redis', own.url, '--json'])).stdout,
      );
      expect(listed.runs).toHaveLength(1);
      expect(listed.runs[0]).toMatchObject({ game: 'connect4' });
      expect(listed.runs[0].completed).toBeGreaterThan(0);
      expect(listed.runs[0].waiting).toBeGreaterThan(0);
      expect(listed.workers.map((w) => w.name)).toContain('lister');
      const cancel = await runCli(['runs', '--redis', own.url, '--cancel', listed.runs[0].run]);
      expect(cancel.stdout).toMatch(new RegExp(`^run ${listed.runs[0].run} cancelled: \\d+ tasks not taken yet removed`));
      const { status, stderr } = await remote;
      expect(status).toBe(130);
      expect(stderr).toContain(`run ${listed.runs[0].run} was cancelled on the cluster: the finished games are kept`);
      const saved = parseSavedRun(readFileSync(out, 'utf8'));
      expect(saved.finished).toBe(false);
      const played = saved.records.filter(Boolean).length;
      expect(played).toBeGreaterThan(0);
      expect(played).toBeLessThan(200);
    } finally {
      await worker.stop();
      await own.stop();
    }
  }, 120_000);
});

describe('a run of many tasks', () => {
  it('holds at most 128 of them in Redis at once, queuing the next as one finishes, with the figures of a local run', async () => {
    const own = await startRedis();
    const worker = await startWorker(own.url, 'windowed', 2);
    try {
      // 6,500 pairs: 130 tasks of 50 pairs.
      const args = ['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '6500', '--seed', '5', '--json'];
      await setPaused(own.url, true);
      const remote = runCli([...args, '--redis', own.url]);
      await expect.poll(() => taskCounts(own.url).then((counts) => counts.waiting), { timeout: 30_000, interval: 100 }).toBe(128);
      // The submitter has queued what it may, and no more.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await taskCounts(own.url)).waiting).toBe(128);
      await setPaused(own.url, false);
      const { status, stdout } = await remote;
      expect(status).toBe(0);
      expect(untimed(JSON.parse(stdout))).toEqual(untimed(JSON.parse((await runCli(args)).stdout)));
      expect((await taskCounts(own.url)).completed).toBe(130);
    } finally {
      await worker.stop();
      await own.stop();
    }
  }, 120_000);
});

describe('a submitter that dies', () => {
  it('is carried on with --resume: the games its tasks played meanwhile are taken from Redis, the figures a local run’s', async () => {
    const own = await startRedis();
    const worker = await startWorker(own.url, 'steady', 2);
    const out = join(mkdtempSync(join(tmpdir(), 'cluster-')), 'run.json');
    try {
      const args = ['connect4', 'tournament', '--bots', 'classic:depth=6,classic:depth=5', '--games', '40', '--json'];
      // The queue is paused until the submitter is dead: its tasks are all queued (40 pairs, a task each) and none
      // is played.
      await setPaused(own.url, true);
      const submitter = spawn(process.execPath, ['bin/playground.mjs', ...args, '--out', out, '--redis', own.url], { stdio: 'ignore' });
      const dead = new Promise((resolve) => submitter.once('exit', resolve));
      await allQueued(own.url, 40);
      submitter.kill('SIGKILL');
      await dead;
      // The worker plays on through the queue with nobody waiting for the results.
      await setPaused(own.url, false);
      await expect.poll(() => taskCounts(own.url).then((counts) => counts.waiting + counts.active), { timeout: 60_000, interval: 300 }).toBe(0);
      const saved = parseSavedRun(readFileSync(out, 'utf8'));
      expect(saved.records.filter(Boolean)).toHaveLength(0);
      // One task's results are lost from Redis too: the resumed run plays its games again.
      const lost = await dropCompletedTask(own.url);
      const resumed = await runCli(['connect4', 'tournament', '--resume', out, '--json', '--redis', own.url]);
      expect(resumed.stderr).toContain(`${80 - lost} games already played on the cluster taken from Redis`);
      expect(untimed(JSON.parse(resumed.stdout))).toEqual(untimed(JSON.parse((await runCli(args)).stdout)));
    } finally {
      await worker.stop();
      await own.stop();
    }
  }, 120_000);
});

describe('a Redis that loses the run', () => {
  const args = ['connect4', 'tournament', '--bots', 'classic:depth=6,classic:depth=5', '--games', '20', '--json'];

  /** A submitter whose tasks are all queued (the queue paused: none played), with its exit and what it wrote. */
  async function queuedRun(own: RedisProcess, out: string) {
    await setPaused(own.url, true);
    const submitter = spawn(process.execPath, ['bin/playground.mjs', ...args, '--out', out, '--redis', own.url], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    submitter.stderr.on('data', (chunk) => (stderr += chunk));
    const exit = new Promise<number | string | null>((done) => submitter.on('close', (code, signal) => done(code ?? signal)));
    await allQueued(own.url, 20); // 20 pairs, a task each
    return { submitter, exit, stderr: () => stderr };
  }

  it('restarted without persistence: the run ends within seconds, saying its tasks are gone, the games played kept', async () => {
    let own = await startRedis();
    const out = join(mkdtempSync(join(tmpdir(), 'cluster-')), 'run.json');
    const run = await queuedRun(own, out);
    await own.stop();
    own = await startRedis(own.port, own.dir);
    try {
      expect(await run.exit).toBe(1);
      expect(run.stderr()).toMatch(
        /playground: \d+ of the run's tasks are gone from Redis at redis:\/\/127\.0\.0\.1:\d+ \(restarted without persistence\?\): the finished games are kept, carry on with --resume/,
      );
      expect(parseSavedRun(readFileSync(out, 'utf8')).finished).toBe(false);
    } finally {
      run.submitter.kill('SIGKILL');
      await own.stop();
    }
  }, 60_000);

  it('gone: the run says so and waits, and Ctrl-C stops it at once, the games played kept', async () => {
    const own = await startRedis();
    const out = join(mkdtempSync(join(tmpdir(), 'cluster-')), 'run.json');
    const run = await queuedRun(own, out);
    try {
      await own.stop();
      await expect
        .poll(run.stderr, { timeout: 30_000 })
        .toMatch(/cannot reach Redis at \S+ for 5 s: waiting for it \(Ctrl-C stops, keeping the finished games\)/);
      run.submitter.kill('SIGINT');
      expect(await run.exit).toBe(130);
      expect(run.stderr()).toContain('interrupted: the finished games are kept');
      expect(parseSavedRun(readFileSync(out, 'utf8')).finished).toBe(false);
    } finally {
      run.submitter.kill('SIGKILL'); // a failed check leaves no submitter waiting for a Redis that is gone
    }
  }, 60_000);
});

/** Pauses the cluster queue (the workers take no task) or lets it go on. */
async function setPaused(url: string, paused: boolean): Promise<void> {
  const queue = new Queue(QUEUE_NAME, { connection: redisConnection(url) });
  try {
    await (paused ? queue.pause() : queue.resume());
  } finally {
    await queue.close();
  }
}

/** Waits until a paused queue holds the run's `tasks` tasks: the submitter queues them a few at a time. */
async function allQueued(url: string, tasks: number): Promise<void> {
  await expect.poll(() => taskCounts(url).then((counts) => counts.waiting), { timeout: 30_000, interval: 100 }).toBe(tasks);
}

/** Removes one completed task from Redis; its number of games. */
async function dropCompletedTask(url: string): Promise<number> {
  const queue = new Queue(QUEUE_NAME, { connection: redisConnection(url) });
  try {
    const [job] = await queue.getJobs('completed', 0, 0);
    await job.remove();
    return job.data.games.length;
  } finally {
    await queue.close();
  }
}
