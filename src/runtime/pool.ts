// A pool of search workers, one per core: jobs queue for a free worker, and a job can be cancelled at any
// moment. Cancelling a running job terminates its worker (a search in WebAssembly cannot be interrupted
// otherwise); the pool starts a fresh one when it next needs it.

import type { Remote } from 'comlink';
import type { SearchApi } from '../../workers/api';

export interface WorkerHandle {
  readonly api: Remote<SearchApi>;
  terminate(): void;
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export interface Job<T> {
  readonly promise: Promise<T>;
  cancel(): void;
}

/** A job's value, or null when it was cancelled (by a deadline, or a search that ended elsewhere). */
export async function unlessCancelled<T>(job: Job<T>): Promise<T | null> {
  try {
    return await job.promise;
  } catch (error) {
    if (error instanceof CancelledError) return null;
    throw error;
  }
}

interface Entry {
  readonly task: (api: Remote<SearchApi>) => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  worker?: WorkerHandle;
  settled: boolean;
}

export class WorkerPool {
  private readonly idle: WorkerHandle[] = [];
  /** Jobs waiting, from `head` on (a run can queue thousands: no shifting the whole array per job). */
  private queue: Entry[] = [];
  private head = 0;
  private readonly active = new Set<Entry>();
  private running = 0;
  private closed = false;

  constructor(
    private readonly spawn: () => WorkerHandle,
    readonly size: number,
  ) {
    if (!(size >= 1)) throw new Error(`a pool needs at least one worker, got ${size}`);
  }

  /** Queues a task; on a closed pool the job fails at once. */
  run<T>(task: (api: Remote<SearchApi>) => Promise<T>): Job<T> {
    if (this.closed) return { promise: Promise.reject(new Error('the worker pool is closed')), cancel: () => {} };
    let entry!: Entry;
    const promise = new Promise<T>((resolve, reject) => {
      entry = { task, resolve: resolve as (value: unknown) => void, reject, settled: false };
    });
    this.queue.push(entry);
    this.pump();
    return { promise, cancel: () => this.cancel(entry) };
  }

  /** Terminates every worker; queued and running jobs are cancelled. */
  close(): void {
    this.closed = true;
    for (const entry of this.queue.slice(this.head)) this.cancel(entry);
    for (const entry of [...this.active]) this.cancel(entry);
    this.queue = [];
    this.head = 0;
    for (const worker of this.idle.splice(0)) worker.terminate();
  }

  private pump(): void {
    while (!this.closed && this.head < this.queue.length && (this.idle.length > 0 || this.running < this.size)) {
      const entry = this.queue[this.head++];
      if (this.head === this.queue.length) {
        this.queue = [];
        this.head = 0;
      }
      if (entry.settled) continue; // cancelled while it waited
      const worker = this.idle.pop() ?? this.spawn();
      entry.worker = worker;
      this.active.add(entry);
      this.running++;
      entry.task(worker.api).then(
        (value) => this.finish(entry, () => entry.resolve(value)),
        (error) => this.finish(entry, () => entry.reject(error)),
      );
    }
  }

  private finish(entry: Entry, settle: () => void): void {
    this.active.delete(entry);
    if (entry.settled) return; // cancelled: its worker is gone already
    entry.settled = true;
    this.running--;
    this.idle.push(entry.worker!);
    settle();
    this.pump();
  }

  private cancel(entry: Entry): void {
    if (entry.settled) return;
    entry.settled = true;
    if (entry.worker) {
      this.active.delete(entry);
      entry.worker.terminate();
      this.running--;
      // Refill after the caller's other cancels: cancelling a whole run must not start a worker per job.
      queueMicrotask(() => this.pump());
    }
    entry.reject(new CancelledError());
  }
}
