// IDA* on several workers at once: each iteration is dealt out among them (the nodes at SPLIT_DEPTH in turn,
// solve.ts), and the next threshold is the least of theirs. The first worker to reach the goal ends the
// search: the others are cancelled. The node counts of every iteration before the last add up to those of
// the search on one worker; the last counts the nodes of the worker that found the goal. The heuristic's tables
// are made ready first, outside the solve's time: built once by one worker (its progress told to `preparing`),
// then read from the cache by each of the others.

import type { Iteration, ShareAnswer, ShareRequest, SolveOptions } from '../../../contracts/game';
import { CancelledError, type Job, type WorkerPool } from '../../../runtime/pool';
import { requestPrepare, requestShare } from '../../../runtime/requests';
import type { Solution } from '../solve';

export function solveShared(
  pool: WorkerPool,
  line: string,
  heuristic: string,
  parts: number,
  progress?: (iteration: Iteration) => void,
  preparing?: (iteration: Iteration) => void,
): Job<Solution> {
  let running: readonly Job<unknown>[] = [];
  let cancelled = false;
  const search = async (): Promise<Solution> => {
    const prepare = async (jobs: readonly Job<void>[]) => {
      running = jobs;
      await Promise.all(jobs.map((job) => job.promise));
      if (cancelled) throw new CancelledError();
    };
    await prepare([requestPrepare(pool, 'puzzle15', { heuristic }, preparing)]);
    await prepare(Array.from({ length: parts }, () => requestPrepare(pool, 'puzzle15', { heuristic })));
    let threshold = 0;
    let nodes = 0;
    const started = performance.now();
    for (;;) {
      if (cancelled) throw new CancelledError();
      const shares = Array.from({ length: parts }, (_, part) => shareJob(pool, line, { heuristic }, { threshold, part, parts }));
      running = shares;
      const found = await firstSolution(shares);
      const ms = performance.now() - started;
      if (found) {
        nodes += found.nodes;
        progress?.({ depth: found.threshold, nodes: found.nodes, ms, score: found.threshold });
        return { length: found.length, moves: found.moves, nodes, ms };
      }
      const answers = await Promise.all(shares.map((job) => job.promise));
      const iterationNodes = answers.reduce((sum, answer) => sum + answer.nodes, 0);
      nodes += iterationNodes;
      progress?.({ depth: answers[0].threshold, nodes: iterationNodes, ms, score: answers[0].threshold });
      threshold = Math.min(...answers.map((answer) => answer.next));
    }
  };
  return {
    promise: search(),
    cancel() {
      cancelled = true;
      for (const job of running) job.cancel();
    },
  };
}

function shareJob(pool: WorkerPool, line: string, options: SolveOptions, share: ShareRequest): Job<ShareAnswer> {
  return requestShare(pool, 'puzzle15', line, options, share);
}

/**
 * The first share that reaches the goal (the other jobs are cancelled then), or null when none does. A job
 * cancelled from outside (the whole search cancelled) rejects it with the CancelledError.
 */
function firstSolution(jobs: readonly Job<ShareAnswer>[]): Promise<ShareAnswer | null> {
  return new Promise((resolve, reject) => {
    let left = jobs.length;
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      for (const job of jobs) job.cancel();
      settle();
    };
    for (const job of jobs) {
      job.promise.then(
        (answer) => {
          if (answer.length >= 0) finish(() => resolve(answer));
          else if (--left === 0) finish(() => resolve(null));
        },
        (error: unknown) => finish(() => reject(error)),
      );
    }
  });
}
