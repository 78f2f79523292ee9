// The worker pool with real Node worker threads (dist-node/worker.mjs): jobs, progress, cancel.

import { afterAll, describe, expect, it } from 'vitest';
import { createNodePool } from '../../src/runtime/node-pool';
import { CancelledError, WorkerPool } from '../../src/runtime/pool';
import { requestMove, requestSolve } from '../../src/runtime/requests';
import type { Iteration } from '../../src/contracts/game';

const pool = createNodePool(2, 'dist-node/worker.mjs');
afterAll(() => pool.close());

describe('worker pool', () => {
  it('runs a bot in a worker thread and reports every iteration', async () => {
    const iterations: Iteration[] = [];
    const answer = await requestMove(pool, { game: 'tictactoe', bot: 'perfect', position: '.........', seed: 3 }, (it) => iterations.push(it)).promise;
    // Progress travels on its own channel: on a busy machine the last reports may come after the answer.
    await expect.poll(() => iterations.length).toBe(9);
    expect(iterations.map((it) => it.depth)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(answer.report.iterations).toEqual(iterations);
    expect(answer.report.nodes).toBe(iterations.reduce((sum, it) => sum + it.nodes, 0));
    expect(answer.move).toBe(iterations.at(-1)!.best);
  });

  it('sends a bad request back as an error, and the worker keeps serving', async () => {
    await expect(requestSolve(pool, 'tictactoe', 'XXXXXXXXX').promise).rejects.toThrow('9 X and 0 O');
    await expect(requestMove(pool, { game: 'tictactoe', bot: 'minimax:depth=99', position: '.........', seed: 1 }).promise).rejects.toThrow('out of range');
    await expect(requestMove(pool, { game: 'chess', bot: 'x', position: '', seed: 1 }).promise).rejects.toThrow('unknown game "chess"');
    expect((await requestSolve(pool, 'tictactoe', 'XX.OO....').promise).value).toBe(1);
  });

  it('cancels running and queued jobs at once; later jobs still run', async () => {
    // Hold both workers busy with many solves, queue one more, then cancel them all.
    const jobs = Array.from({ length: 6 }, () => requestSolve(pool, 'tictactoe', '.........'));
    for (const job of jobs) job.cancel();
    for (const job of jobs) await expect(job.promise).rejects.toBeInstanceOf(CancelledError);
    const answer = await requestSolve(pool, 'tictactoe', 'X...O....').promise;
    expect(answer.value).toBe(0);
  });

  it('answers jobs in parallel, as many as there are jobs', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => requestMove(pool, { game: 'tictactoe', bot: 'random', position: '.........', seed: i }).promise),
    );
    expect(new Set(answers.map((answer) => answer.move)).size).toBeGreaterThan(3);
  });
});

describe('worker pool scheduling (fake workers)', () => {
  /** A pool whose workers answer when the test says so; counts spawns and terminations. */
  function fakePool(size: number) {
    const counts = { spawned: 0, terminated: 0 };
    const pending: (() => void)[] = [];
    const pool = new WorkerPool(() => {
      counts.spawned++;
      const api = { playGame: () => new Promise<string>((resolve) => pending.push(() => resolve('done'))) };
      return { api: api as never, terminate: () => void counts.terminated++ };
    }, size);
    const job = () => pool.run((api) => (api as unknown as { playGame(): Promise<string> }).playGame());
    return { pool, counts, pending, job };
  }

  it('runs at most one job per worker and reuses idle workers', async () => {
    const { counts, pending, job } = fakePool(2);
    const jobs = Array.from({ length: 5 }, job);
    expect(counts.spawned).toBe(2);
    expect(pending.length).toBe(2);
    pending.shift()!();
    await jobs[0].promise;
    expect(pending.length).toBe(2);
    expect(counts.spawned).toBe(2);
  });

  it('cancels thousands of jobs without starting a worker for each', async () => {
    const { counts, job } = fakePool(2);
    const jobs = Array.from({ length: 5000 }, job);
    for (const job of jobs) job.cancel();
    for (const j of jobs) await expect(j.promise).rejects.toBeInstanceOf(CancelledError);
    expect(counts.terminated).toBe(2);
    expect(counts.spawned).toBe(2);
    const after = job();
    expect(counts.spawned).toBe(3); // the pool refills on demand
    after.cancel();
    await expect(after.promise).rejects.toBeInstanceOf(CancelledError);
  });
});
