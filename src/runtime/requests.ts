// Search requests sent to the pool, with progress reported per iteration.

import { proxy } from 'comlink';
import type { MoveAnswer, MoveRequest, ProgressCallback } from '../../workers/api';
import type { Analysis, Budget, ShareAnswer, ShareRequest, SolveAnswer, SolveOptions } from '../contracts/game';
import type { Job, WorkerPool } from './pool';
import type { Rating, VirtualDraws } from '../arena/ratings';
import type { PairResult } from '../arena/results';

export function requestMove(pool: WorkerPool, request: MoveRequest, onProgress?: ProgressCallback): Job<MoveAnswer> {
  return pool.run((api) => api.botMove(request, onProgress && proxy(onProgress)));
}

export function requestSolve(
  pool: WorkerPool,
  game: string,
  line: string,
  options: SolveOptions = {},
  budget: Budget = {},
  onProgress?: ProgressCallback,
): Job<SolveAnswer> {
  return pool.run((api) => api.solve(game, line, options, budget, onProgress && proxy(onProgress)));
}

/** One share of one iteration of a search several workers share. */
export function requestShare(pool: WorkerPool, game: string, line: string, options: SolveOptions, share: ShareRequest): Job<ShareAnswer> {
  return pool.run((api) => api.searchShare(game, line, options, share));
}

/** The solver's tables made ready in a worker of the pool (the 15-puzzle's pattern database), a build's progress reported. */
export function requestPrepare(pool: WorkerPool, game: string, options: SolveOptions, onProgress?: ProgressCallback): Job<void> {
  return pool.run((api) => api.prepareSolver(game, options, onProgress && proxy(onProgress)));
}

/** Position lines solved in one worker, one after another: the answers in the order of the lines. */
export function requestSolveAll(pool: WorkerPool, game: string, lines: readonly string[], options: SolveOptions = {}): Job<SolveAnswer[]> {
  return pool.run((api) => api.solveAll(game, lines, options));
}

export function requestAnalysis(
  pool: WorkerPool,
  game: string,
  position: string,
  budget: Budget = {},
  threads = 1,
  onProgress?: ProgressCallback,
): Job<Analysis> {
  return pool.run((api) => api.analyze(game, position, budget, onProgress && proxy(onProgress), threads));
}

/** A whole-history rating fit, in a worker of the pool. */
export function requestRatings(pool: WorkerPool, bots: readonly string[], pairs: readonly PairResult[], virtualDraws: VirtualDraws): Job<Rating[]> {
  return pool.run((api) => api.fitRatings(bots, pairs, virtualDraws));
}
