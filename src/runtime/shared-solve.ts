// A search several workers share (a solver with `share`: the 15-puzzle's IDA*): each iteration is dealt out among
// them (the 15-puzzle's solve.ts deals the nodes at its split depth in turn), and the next threshold is the least
// of theirs. The first share to reach the goal ends the search: the others are cancelled. The node counts of
// every iteration before the last add up to those of the search on one worker; the last counts the nodes of the
// share that found the goal. The shares are searched by the workers of a pool (solveShared) or by the cluster's
// machines (src/cluster/solve-shares.ts): the iterations are the same loop, searchShares.

import type { Iteration, ShareAnswer, ShareRequest, SolveOptions } from '../contracts/game';
import { CancelledError, type Job, type WorkerPool } from './pool';
import { requestPrepare, requestShare } from './requests';

/** A shared search's answer: the solution's length and moves, the nodes of every worker, the time. */
export interface SharedSolution {
  readonly length: number;
  readonly moves: string;
  readonly nodes: number;
  /** The children generated, where the solver counts them. */
  readonly generated?: number;
  readonly ms: number;
}

/**
 * A search shared among the workers of a pool. The solver's tables are made ready first, outside the solve's
 * time: built once by one worker (its progress told to `preparing`), then read from the cache by each of the others.
 */
export function solveShared(
  pool: WorkerPool,
  game: string,
  line: string,
  options: SolveOptions,
  parts: number,
  progress?: (iteration: Iteration) => void,
  preparing?: (iteration: Iteration) => void,
): Job<SharedSolution> {
  let running: readonly Job<unknown>[] = [];
  let cancelled = false;
  const wait = async <T>(start: () => readonly Job<T>[]): Promise<T[]> => {
    if (cancelled) throw new CancelledError();
    const jobs = start();
    running = jobs;
    const values = await Promise.all(jobs.map((job) => job.promise));
    if (cancelled) throw new CancelledError();
    return values;
  };
  const search = async (): Promise<SharedSolution> => {
    await wait(() => [requestPrepare(pool, game, options, preparing)]);
    await wait(() => Array.from({ length: parts }, () => requestPrepare(pool, game, options, preparing)));
    const [solution] = await wait(() => [searchShares((share) => requestShare(pool, game, line, options, share), parts, progress)]);
    return solution;
  };
  return {
    promise: search(),
    cancel() {
      cancelled = true;
      for (const job of running) job.cancel();
    },
  };
}

/** IDA*'s iterations, each dealt out as `parts` shares searched by `shareOf`, until a share reaches the goal. */
export function searchShares(
  shareOf: (share: ShareRequest) => Job<ShareAnswer>,
  parts: number,
  progress?: (iteration: Iteration) => void,
): Job<SharedSolution> {
  let running: readonly Job<unknown>[] = [];
  let cancelled = false;
  const search = async (): Promise<SharedSolution> => {
    let threshold = 0;
    let nodes = 0;
    let generated: number | undefined;
    const started = performance.now();
    for (;;) {
      if (cancelled) throw new CancelledError();
      const shares = Array.from({ length: parts }, (_, part) => shareOf({ threshold, part, parts }));
      running = shares;
      const found = await firstSolution(shares);
      const ms = performance.now() - started;
      if (found) {
        nodes += found.nodes;
        if (found.generated !== undefined) generated = (generated ?? 0) + found.generated;
        progress?.({ depth: found.threshold, nodes: found.nodes, ms, score: found.threshold });
        return { length: found.length, moves: found.moves, nodes, ms, ...(generated === undefined ? {} : { generated }) };
      }
      const answers = await Promise.all(shares.map((job) => job.promise));
      const iterationNodes = answers.reduce((sum, answer) => sum + answer.nodes, 0);
      nodes += iterationNodes;
      for (const answer of answers) if (answer.generated !== undefined) generated = (generated ?? 0) + answer.generated;
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
