// A submitter's waits for its jobs (src/cluster/job-waits.ts) against a real Redis: an end heard, an end that came
// before the wait began, a failure, and a queue closed at once after a job was added (Ctrl-C then), which must
// leave no rejection unheard: Node ends a process on one.

import { Queue, QueueEvents, Worker } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobWaits } from '../../src/cluster/job-waits';
import { redisConnection } from '../../src/cluster/tasks';
import { type RedisProcess, startRedis } from '../helpers/redis';

let redis: RedisProcess;
let count = 0;

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);

afterAll(async () => {
  await redis?.stop();
});

/** A queue of its own, its events, and a worker that doubles a number and fails on a negative one. */
async function setUp(withWorker: boolean) {
  const name = `waits-${count++}`;
  const queue = new Queue<number, number>(name, { connection: redisConnection(redis.url) });
  const events = new QueueEvents(name, { connection: redisConnection(redis.url) });
  await events.waitUntilReady();
  const worker = withWorker
    ? new Worker<number, number>(
        name,
        async (job) => {
          if (job.data < 0) throw new Error(`negative: ${job.data}`);
          return 2 * job.data;
        },
        { connection: redisConnection(redis.url) },
      )
    : undefined;
  const close = () => Promise.all([queue.close(), events.close(), worker?.close()]);
  return { queue, events, worker, close };
}

it('hears a job end, and a failure with its reason', async () => {
  const { queue, events, close } = await setUp(true);
  const waits = new JobWaits<number>();
  const done = waits.wait(await queue.add('double', 21), queue, events).ended;
  const failed = waits.wait(await queue.add('double', -1), queue, events).ended;
  expect(await done).toBe(42);
  await expect(failed).rejects.toThrow('negative: -1');
  await close();
}, 30_000);

it('ends a wait begun after its job had ended, with nothing heard', async () => {
  const { queue, events, worker, close } = await setUp(true);
  const job = await queue.add('double', 5);
  await expect.poll(() => job.getState(), { timeout: 10_000 }).toBe('completed');
  await worker!.close();
  expect(await new JobWaits<number>().wait(job, queue, events).ended).toBe(10);
  await close();
}, 30_000);

it('leaves no rejection unheard when its queue closes just after a job was added', async () => {
  const unheard: unknown[] = [];
  const listen = (reason: unknown) => unheard.push(reason);
  process.on('unhandledRejection', listen);
  try {
    for (let round = 0; round < 5; round++) {
      const { queue, events, close } = await setUp(false);
      const waits = new JobWaits<number>();
      const { ended, fail } = waits.wait(await queue.add('double', round), queue, events);
      ended.catch(() => {});
      await close();
      fail(new Error('stopped'));
    }
    // BullMQ's waitUntilFinished rejected unheard here within a few milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unheard).toEqual([]);
  } finally {
    process.off('unhandledRejection', listen);
  }
}, 30_000);
