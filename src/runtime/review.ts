// A finished game reviewed as lichess does: every position solved (within a budget each: a position the solver
// cannot settle in it is left unknown), the values put in the first seat's terms for the evaluation graph, and
// each move marked by what it gave away against perfect play: best (nothing), an inaccuracy (less, the result
// unchanged), a mistake (a win to a draw, a draw to a loss) or a blunder (a win to a loss).

import type { AnyGame, Budget } from '../contracts/game';
import type { Job, WorkerPool } from './pool';
import { requestSolve } from './requests';

export type MoveClass = 'best' | 'inaccuracy' | 'mistake' | 'blunder';

/** What a review may spend on one position. */
export const REVIEW_BUDGET: Budget = { nodes: 4_000_000, ms: 1500 };

/**
 * The first seat's value of each position (null where the solver ran out of its budget), solved on the pool;
 * `progress` is told how many are done. The game's solver must say how to read its answer (firstSeatValue).
 */
export function reviewGame(
  pool: WorkerPool,
  game: AnyGame,
  positions: readonly unknown[],
  progress: (done: number) => void = () => {},
): Job<(number | null)[]> {
  const solver = game.solver;
  if (!solver?.firstSeatValue) throw new Error(`${game.rules.title} cannot be reviewed`);
  let done = 0;
  const jobs = positions.map((position) => requestSolve(pool, game.rules.id, game.rules.format(position), {}, REVIEW_BUDGET));
  const values = jobs.map((job, i) =>
    job.promise.then((answer) => {
      progress(++done);
      if ('error' in answer) return null;
      const value = solver.firstSeatValue!(answer, positions[i]);
      return value === 0 ? 0 : value; // not -0
    }),
  );
  return {
    promise: Promise.all(values),
    cancel() {
      for (const job of jobs) job.cancel();
    },
  };
}

/**
 * Each move's class from the values before and after it (the first seat's, null when unknown) and the seat that
 * made it; null where either value is unknown.
 */
export function classifyMoves(values: readonly (number | null)[], movers: readonly (0 | 1)[]): (MoveClass | null)[] {
  return movers.map((seat, k) => {
    const before = values[k];
    const after = values[k + 1];
    if (before === null || after === null || before === undefined || after === undefined) return null;
    const sign = seat === 0 ? 1 : -1;
    const [was, is] = [sign * before, sign * after];
    if (is >= was) return 'best';
    const drop = Math.sign(was) - Math.sign(is);
    return drop >= 2 ? 'blunder' : drop === 1 ? 'mistake' : 'inaccuracy';
  });
}

/** The marks lichess puts after a move. */
export const MOVE_MARKS: Readonly<Record<MoveClass, string>> = { best: '', inaccuracy: '?!', mistake: '?', blunder: '??' };
