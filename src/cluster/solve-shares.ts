// `playground <game> solve --redis URL`: each line's search shared among the cluster's machines. Its iterations are
// a local shared search's (searchShares, src/runtime/shared-solve.ts), each dealt out as `parts` share tasks on the
// cluster's queue, searched by the `playground worker`s; so the length, and the nodes of every iteration before the
// last, are one machine's. The lines are searched one after another, each by the whole cluster. A search over (its
// goal found, a share failed, the command stopped) tells the workers with a key: its shares still running stop, and
// those not taken yet are removed. Every second the command looks at Redis (redis-watch.ts): `playground runs
// --cancel` stops it; a share gone from Redis (a restart without persistence) ends its search with the reason.

import { QueueEvents } from 'bullmq';
import type { Iteration, ShareAnswer, ShareRequest, SolveOptions } from '../contracts/game';
import { CancelledError, type Job } from '../runtime/pool';
import { searchShares, type SharedSolution } from '../runtime/shared-solve';
import { JobWaits } from './job-waits';
import { watchRedis } from './redis-watch';
import { buildId, cancelKey, closeWithin, clusterQueue, QUEUE_NAME, redisConnection, SHARE_TASK, searchOverKey, type ShareTask } from './tasks';

/** How long the keys and results of a search stay in Redis. */
const KEPT_S = 3600;
/** How long a stopped command waits to tidy up. */
const CLEAN_UP_MS = 3000;

export interface ClusterSolver {
  /** One position's search, its iterations' shares searched by the cluster (`progress` told each iteration's nodes). */
  solve(game: string, line: string, options: SolveOptions, parts: number, progress?: (iteration: Iteration) => void): Job<SharedSolution>;
  /** Stops every search under way and lets go of Redis. */
  close(): Promise<void>;
}

/** The searches of the command's run `owner` on the cluster at `redis`; `onRemoteCancel` is told of a `runs --cancel`. */
export function clusterSolver(redis: string, owner: string, log: (line: string) => void, onRemoteCancel: () => void): ClusterSolver {
  const connection = redisConnection(redis);
  const queue = clusterQueue<ShareTask, ShareAnswer | null>(redis, connection);
  const events = new QueueEvents(QUEUE_NAME, { connection });
  // Each share waited for listens on the queue until it ends; a lost connection comes back by itself.
  queue.setMaxListeners(0);
  events.on('error', () => {});
  /** The shares in Redis, each with the end of its wait. */
  const waits = new JobWaits<ShareAnswer | null>();
  const searches = new Set<Job<SharedSolution>>();
  let cancelled = false;
  let count = 0;
  /** Whether `playground runs --cancel` stopped the run: then every search is cancelled. */
  const cancelledRemotely = async () => {
    if (!cancelled && (await (await queue.client).get(cancelKey(owner))) !== null) {
      cancelled = true;
      onRemoteCancel();
      for (const search of searches) search.cancel();
    }
    return cancelled;
  };
  const stopWatching = watchRedis(
    redis,
    async () => {
      await cancelledRemotely();
      for (const id of await waits.look(queue))
        waits.fail(id, new Error(`it is gone from Redis at ${redis} (restarted without persistence?): solve the line again`));
    },
    log,
    'the answers given',
  );
  const solve = (game: string, line: string, options: SolveOptions, parts: number, progress?: (iteration: Iteration) => void): Job<SharedSolution> => {
    const run = `${owner}-${count++}`;
    const over = async () => void (await (await queue.client).set(searchOverKey(run), '1', { EX: KEPT_S }));
    const shareOf = (share: ShareRequest): Job<ShareAnswer> => {
      const id = `${run}-${share.threshold}-${share.part}`;
      let settled = false;
      let stop: (error: Error) => void = () => {};
      const searched = (async () => {
        await events.waitUntilReady();
        const task: ShareTask = { owner, run, game, line, options, share, build: buildId() };
        const job = await queue.add(SHARE_TASK, task, { jobId: id, attempts: 2, removeOnComplete: { age: KEPT_S }, removeOnFail: { age: KEPT_S } });
        const { ended, fail } = waits.wait(job, queue, events);
        stop = fail;
        if (settled) fail(new CancelledError());
        let answer: ShareAnswer | null;
        try {
          answer = await ended;
        } catch (error) {
          if (error instanceof CancelledError) throw error;
          throw new Error(`a share of the search failed: ${(error as Error).message}`);
        }
        // Null: the search was over on the worker before this share was (this command's cancel, or the run's,
        // which the worker may have seen first).
        if (answer === null) {
          await cancelledRemotely();
          throw new CancelledError();
        }
        return answer;
      })().finally(() => (settled = true));
      return {
        promise: searched,
        cancel() {
          if (settled) return;
          settled = true;
          stop(new CancelledError());
          void over().catch(() => {});
          void queue.remove(id).catch(() => {});
        },
      };
    };
    const search = searchShares(shareOf, parts, progress);
    if (cancelled) search.cancel();
    searches.add(search);
    void search.promise.finally(() => searches.delete(search)).catch(() => {});
    return search;
  };
  return {
    solve,
    async close() {
      stopWatching();
      for (const search of searches) search.cancel();
      await closeWithin([queue, events], CLEAN_UP_MS);
    },
  };
}
