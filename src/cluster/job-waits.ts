// A submitter's waits for its jobs' ends (a run's game tasks, a search's shares): heard from QueueEvents, and also
// looked at in Redis every second (look, called by the submitter's watch), since an event can go unheard (a job
// that ended before the events' stream was read, or while its connection was down): a wait never outlives its job.

import type { Job, Queue, QueueEvents } from 'bullmq';

export class JobWaits<Result> {
  private readonly open = new Map<string, { finish(result: Result): void; fail(error: Error): void }>();

  /** The job's result, or its failure; `fail` ends the wait before the job does (a search cancelled). */
  wait(job: Job<unknown, Result>, events: QueueEvents): { readonly ended: Promise<Result>; fail(error: Error): void } {
    const id = job.id!;
    let finish: (result: Result) => void = () => {};
    let fail: (error: Error) => void = () => {};
    const ended = new Promise<Result>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    ended.then(
      () => this.open.delete(id),
      () => this.open.delete(id),
    );
    this.open.set(id, { finish, fail });
    job.waitUntilFinished(events).then(finish, fail);
    return { ended, fail };
  }

  /** Ends the waits of the jobs that have ended; returns the ids of those gone from Redis (their waits go on). */
  async look<Data>(queue: Queue<Data, Result>): Promise<string[]> {
    // All at once: a look costs one round trip to Redis, not one a job (a run waits for up to 128 tasks).
    const looked = await Promise.all(
      [...this.open].map(async ([id, wait]) => {
        const job = await queue.getJob(id);
        if (!job) return id;
        if (job.finishedOn) {
          const state = await job.getState();
          if (state === 'completed') wait.finish(job.returnvalue);
          else if (state === 'failed') wait.fail(new Error(job.failedReason));
        }
        return null;
      }),
    );
    return looked.filter((id) => id !== null);
  }

  /** Ends a wait with a failure. */
  fail(id: string, error: Error): void {
    this.open.get(id)?.fail(error);
  }
}
