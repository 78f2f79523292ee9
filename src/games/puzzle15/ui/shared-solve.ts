// IDA* on several workers at once: each iteration is dealt out among them (the nodes at SPLIT_DEPTH in turn,
// solve.ts), and the next threshold is the least of theirs. The first worker to reach the goal ends the
// search: the others are cancelled. The node counts of every iteration before the last add up to those of
// the search on one worker; the last counts the nodes of the worker that found the goal.

import type { Iteration, ShareAnswer, ShareRequest, SolveOptions } from '../../../contracts/game';
import { CancelledError, type Job, type WorkerPool } from '../../../runtime/pool';
import { requestShare } from '../../../runtime/requests';
import type { Solution } from '../solve';

export function solveShared(pool: WorkerPool, line: string, heuristic: string, parts: number, progress?: (iteration: Iteration) => void): Job<Solution> {
  let running: readonly Job<ShareAnswer>[] = [];
  let cancelled = false;
  const search = async (): Promise<Solution> => {
    let threshold = 0;
    let nodes = 0;
    const started = performance.now();
    for (;;) {
      if (cancelled) throw new CancelledError();
      running = Array.from({ length: parts }, (_, part) => shareJob(pool, line, { heuristic }, { threshold, part, parts }));
      const found = await firstSolution(running);
      const ms = performance.now() - started;
      if (found) {
        nodes += found.nodes;
        progress?.({ depth: found.threshold, nodes: found.nodes, ms, score: found.threshold });
        return { length: found.length, moves: found.moves, nodes, ms };
      }
      const answers = await Promise.all(running.map((job) => job.promise));
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
