// A submitter's waits for its jobs' ends (a run's game tasks, a search's shares): heard from QueueEvents, and also
// looked at in Redis every second (look, called by the submitter's watch), since an event can go unheard (a job
// that ended before the events' stream was read, or while its connection was down): a wait never outlives its job.
// BullMQ's own Job.waitUntilFinished is not used: its first look at Redis rejects unheard when the queue closes
// meanwhile (Ctrl-C just after a job was added), and an unheard rejection ends the process.

import type { EventEmitter } from 'node:events';
import type { Job, Queue, QueueEvents } from 'bullmq';

interface Wait<Result> {
  finish(result: Result): void;
  fail(error: Error): void;
}

export class JobWaits<Result> {
  private readonly open = new Map<string, Wait<Result>>();

  /** The job's result, or its failure; `fail` ends the wait before the job does (a search cancelled). */
  wait<Data>(job: Job<Data, Result>, queue: Queue<Data, Result>, events: QueueEvents): { readonly ended: Promise<Result>; fail(error: Error): void } {
    const id = job.id!;
    let finish: (result: Result) => void = () => {};
    let fail: (error: Error) => void = () => {};
    const ended = new Promise<Result>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    // A job's own events (`completed:ID`, `failed:ID`) are not in QueueEvents' typed list.
    const heard: EventEmitter = events;
    const completed = (args: { returnvalue: Result }) => finish(args.returnvalue);
    const failed = (args: { failedReason: string }) => fail(new Error(args.failedReason));
    heard.on(`completed:${id}`, completed);
    heard.on(`failed:${id}`, failed);
    const done = () => {
      this.open.delete(id);
      heard.off(`completed:${id}`, completed);
      heard.off(`failed:${id}`, failed);
    };
    ended.then(done, done);
    const wait = { finish, fail };
    this.open.set(id, wait);
    // Ended before the events' stream was read, it is heard of no more: looked at once the stream is read.
    events
      .waitUntilReady()
      .then(() => this.lookAt(queue, id, wait))
      .catch(() => {});
    return { ended, fail };
  }

  /** Ends the waits of the jobs that have ended; returns the ids of those gone from Redis (their waits go on). */
  async look<Data>(queue: Queue<Data, Result>): Promise<string[]> {
    // All at once: a look costs one round trip to Redis, not one a job (a run waits for up to 128 tasks).
    const looked = await Promise.all([...this.open].map(async ([id, wait]) => ((await this.lookAt(queue, id, wait)) ? null : id)));
    return looked.filter((id) => id !== null);
  }

  /** Ends the wait if its job has ended; false when the job is gone from Redis. */
  private async lookAt<Data>(queue: Queue<Data, Result>, id: string, wait: Wait<Result>): Promise<boolean> {
    const job = await queue.getJob(id);
    if (!job) return false;
    if (job.finishedOn) {
      const state = await job.getState();
      if (state === 'completed') wait.finish(job.returnvalue);
      else if (state === 'failed') wait.fail(new Error(job.failedReason));
    }
    return true;
  }

  /** Ends a wait with a failure. */
  fail(id: string, error: Error): void {
    this.open.get(id)?.fail(error);
  }
}
