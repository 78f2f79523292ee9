// Solving a 15-puzzle board optimally with the core: the length and the blank's moves, each threshold of
// IDA* reported as an iteration.

import { withIterations } from '../../contracts/core';
import { budgetAnswer, type Budget, type DataCache, type Iteration, type ShareAnswer, type SolveAnswer } from '../../contracts/game';
import { ensureHeuristic, heuristicIndex, PATTERN_CACHE_NAMES, setBoard, type Puzzle15Core } from './core';
import type { Direction, Position } from './rules';

const LETTERS: readonly Direction[] = ['U', 'L', 'R', 'D'];

export interface Solution {
  /** The optimal number of moves, or -1 when the budget ran out. */
  readonly length: number;
  readonly moves: string;
  readonly nodes: number;
  readonly ms: number;
}

/** `scratch`: a core of its own for a pattern database's build (core.ts), where the worker has one to give. */
export async function solveBoard(
  position: Position,
  heuristic: string,
  core: Puzzle15Core,
  cache: DataCache,
  budget: Budget = {},
  progress?: (iteration: Iteration<Direction>) => void,
  scratch?: () => Promise<Puzzle15Core>,
): Promise<Solution> {
  const which = await setUp(position, heuristic, core, cache, progress, scratch);
  let before = { nodes: 0, ms: 0 };
  const search = () => core.solve(which, budget.nodes ?? 0, budget.ms ?? 0);
  const length = progress
    ? withIterations(
        core,
        (threshold, nodes, ms) => {
          progress({ depth: threshold, nodes: nodes - before.nodes, ms: ms - before.ms, score: threshold });
          before = { nodes, ms };
        },
        search,
      )
    : search();
  if (length === BROKEN) await forgetHeuristic(heuristic, core, cache);
  return { length, moves: solutionMoves(core, length), nodes: core.nodeCount(), ms: core.elapsedMs() };
}

/** What the core answers when its threshold passes the diameter: the heuristic's tables do not hold. */
const BROKEN = -2;

/**
 * A pattern database whose estimates passed the puzzle's diameter (its bytes wrong, with a checksum made to match
 * them): it goes from the core and from the cache, so that the next solve builds it again, and this one says so.
 */
async function forgetHeuristic(heuristic: string, core: Puzzle15Core, cache: DataCache): Promise<never> {
  core.freePatternGroups();
  core.freeRankedGroups();
  const name = PATTERN_CACHE_NAMES[heuristic.startsWith('pdb78') ? 'pdb78' : 'pdb'];
  if (heuristic.startsWith('pdb')) await cache.write(name, new Uint8Array(0));
  throw new Error(`the ${heuristic} estimates pass the puzzle's diameter (80 moves): its pattern database is wrong, and is built again at the next solve`);
}

/** The board set in the core with the heuristic's tables ready (the pattern database loaded or built); its index. */
async function setUp(
  position: Position,
  heuristic: string,
  core: Puzzle15Core,
  cache: DataCache,
  progress?: (iteration: Iteration<Direction>) => void,
  scratch?: () => Promise<Puzzle15Core>,
): Promise<number> {
  const which = heuristicIndex(heuristic);
  await ensureHeuristic(heuristic, core, cache, progress, scratch);
  setBoard(core, position);
  return which;
}

/** The solution's moves as letters, one per move naming where the blank goes. */
function solutionMoves(core: Puzzle15Core, length: number): string {
  return length > 0 ? Array.from({ length }, (_, i) => LETTERS[core.solutionMove(i)]).join('') : '';
}

/** The nodes at this depth are dealt out among the workers sharing an iteration (some thousands of them). */
export const SPLIT_DEPTH = 10;

/**
 * One iteration of IDA* at `threshold` (at least the board's estimate) over share `part` of `parts` of the
 * tree, for a search shared among workers (src/runtime/shared-solve.ts).
 */
export async function searchShare(
  position: Position,
  heuristic: string,
  core: Puzzle15Core,
  cache: DataCache,
  threshold: number,
  part: number,
  parts: number,
  scratch?: () => Promise<Puzzle15Core>,
): Promise<ShareAnswer> {
  const which = await setUp(position, heuristic, core, cache, undefined, scratch);
  const length = core.searchShare(which, threshold, SPLIT_DEPTH, part, parts, 0, 0);
  if (length === BROKEN) await forgetHeuristic(heuristic, core, cache);
  return { length, moves: solutionMoves(core, length), nodes: core.nodeCount(), ms: core.elapsedMs(), threshold: core.searchedLimit(), next: core.nextLimit() };
}

/** The solve answer (docs/cli.md): {"length": L, "moves": "…"}, L optimal, one letter per move naming where the blank goes. */
export async function solve(
  position: Position,
  heuristic: string,
  core: Puzzle15Core,
  cache: DataCache,
  budget: Budget,
  progress?: (iteration: Iteration<Direction>) => void,
  scratch?: () => Promise<Puzzle15Core>,
): Promise<SolveAnswer> {
  const solution = await solveBoard(position, heuristic, core, cache, budget, progress, scratch);
  if (solution.length < 0) return budgetAnswer(solution.nodes, solution.ms);
  return { length: solution.length, moves: solution.moves, nodes: solution.nodes, ms: solution.ms };
}
