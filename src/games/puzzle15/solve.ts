// Solving a board optimally with the game's core (4x4 with the 15-puzzle's heuristics, 5x5 with the 6-6-6-6
// tables): the length and the blank's moves, each threshold of IDA* reported as an iteration.

import { withIterations } from '../../contracts/core';
import { budgetAnswer, type Budget, type DataCache, type Iteration, type ShareAnswer, type SolveAnswer } from '../../contracts/game';
import { ensurePatterns, ensureRankedPatterns, heuristicIndex, PATTERN_CACHE_NAMES, setBoard, type Puzzle15Core } from './core';
import { sizeOf, type Direction, type Position } from './rules';
import { CACHE_NAME_24, ensurePatterns24 } from './tables-24';

const LETTERS: readonly Direction[] = ['U', 'L', 'R', 'D'];

/** The heuristic a board is solved with when none is asked for: walking distance, or the 6-6-6-6 databases on 5x5. */
export function defaultHeuristic(position: Position): string {
  return sizeOf(position.tiles) === 5 ? 'pdb6666' : 'wd';
}

export interface Solution {
  /** The optimal number of moves, or -1 when the budget ran out. */
  readonly length: number;
  readonly moves: string;
  readonly nodes: number;
  /** The children generated, on 5x5 (Korf and Felner's count). */
  readonly generated?: number;
  readonly ms: number;
}

/** Makes the tables of a heuristic ready (the pattern databases; the others need none). */
export async function ensureHeuristic(
  heuristic: string,
  core: Puzzle15Core,
  cache: DataCache,
  progress?: (iteration: Iteration<never>) => void,
  scratch?: () => Promise<Puzzle15Core>,
): Promise<void> {
  if (heuristic === 'pdb') await ensurePatterns(core, cache, progress);
  else if (heuristic.startsWith('pdb78')) await ensureRankedPatterns(core, cache, progress, scratch);
  else if (heuristic.startsWith('pdb6666')) await ensurePatterns24(core, cache, progress, scratch);
}

/** A board set in the core, the heuristic's tables ready: its number, and what forgets the tables when they prove wrong. */
interface Search {
  readonly which: number;
  /** Whether the search counts the children it generates (the 5x5 tables' search, as Korf and Felner count). */
  readonly countsGenerated: boolean;
  forget(): Promise<never>;
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
  const { which, countsGenerated, forget } = await setUp(position, heuristic, core, cache, progress, scratch);
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
  if (length === BROKEN) await forget();
  return { length, moves: solutionMoves(core, length), nodes: core.nodeCount(), ...generatedOf(core, countsGenerated), ms: core.elapsedMs() };
}

/** The children the search generated, for a search that counts them. */
function generatedOf(core: Puzzle15Core, countsGenerated: boolean): { generated?: number } {
  return countsGenerated ? { generated: core.generatedCount() } : {};
}

/** What the core answers when its threshold passes the diameter: the heuristic's tables do not hold. */
const BROKEN = -2;

/**
 * The board set in the core with the heuristic's tables ready (the pattern database loaded or built). Tables whose
 * estimates pass the puzzle's diameter (their bytes wrong, with a checksum made to match them) are forgotten by the
 * core and the cache, so that the next solve builds them again, and the solve says so.
 */
async function setUp(
  position: Position,
  heuristic: string,
  core: Puzzle15Core,
  cache: DataCache,
  progress?: (iteration: Iteration<Direction>) => void,
  scratch?: () => Promise<Puzzle15Core>,
): Promise<Search> {
  const size = sizeOf(position.tiles);
  const which = heuristicIndex(heuristic, size);
  await ensureHeuristic(heuristic, core, cache, progress, scratch);
  setBoard(core, position);
  const tables = size === 5;
  const forget = async (): Promise<never> => {
    if (tables) core.freeTables();
    else {
      core.freePatternGroups();
      core.freeRankedGroups();
    }
    const cacheName = tables ? CACHE_NAME_24 : heuristic.startsWith('pdb') ? PATTERN_CACHE_NAMES[heuristic.startsWith('pdb78') ? 'pdb78' : 'pdb'] : undefined;
    if (cacheName) await cache.write(cacheName, new Uint8Array(0));
    throw new Error(
      `the ${heuristic} estimates pass the puzzle's diameter (${tables ? 210 : 80} moves): its pattern database is wrong, and is built again at the next solve`,
    );
  };
  return { which, countsGenerated: tables, forget };
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
  const { which, countsGenerated, forget } = await setUp(position, heuristic, core, cache, undefined, scratch);
  const length = core.searchShare(which, threshold, SPLIT_DEPTH, part, parts, 0, 0);
  if (length === BROKEN) await forget();
  return {
    length,
    moves: solutionMoves(core, length),
    nodes: core.nodeCount(),
    ...generatedOf(core, countsGenerated),
    ms: core.elapsedMs(),
    threshold: core.searchedLimit(),
    next: core.nextLimit(),
  };
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
  const { length, moves, nodes, generated, ms } = solution;
  return { length, moves, nodes, ...(generated === undefined ? {} : { generated }), ms };
}
