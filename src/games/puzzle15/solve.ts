// Solving a board optimally with the game's cores (the 15-puzzle's, or the 24-puzzle's for a 5x5 board): the
// length and the blank's moves, each threshold of IDA* reported as an iteration.

import { withIterations } from '../../contracts/core';
import { budgetAnswer, type Budget, type DataCache, type Iteration, type ShareAnswer, type SolveAnswer } from '../../contracts/game';
import { ensureHeuristic, heuristicIndex, PATTERN_CACHE_NAMES, setBoard, type PuzzleCores } from './core';
import { CACHE_NAME_24, ensurePatterns24, heuristic24Index, setBoard24 } from './puzzle24-core';
import { sizeOf, type Direction, type Position } from './rules';

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

/** What both cores' searches answer to. */
interface SearchCore {
  solve(heuristic: number, nodeLimit: number, msLimit: number): number;
  searchShare(heuristic: number, limit: number, depth: number, part: number, parts: number, nodeLimit: number, msLimit: number): number;
  solutionMove(i: number): number;
  searchedLimit(): number;
  nextLimit(): number;
  nodeCount(): number;
  elapsedMs(): number;
  generatedCount?(): number;
}

/** A board set in its core, the heuristic's tables ready; what forgets the tables when they prove wrong. */
interface Search {
  readonly core: SearchCore;
  readonly which: number;
  forget(): Promise<never>;
}

/** `scratch`: cores of their own for a pattern database's build (core.ts), where the worker has them to give. */
export async function solveBoard(
  position: Position,
  heuristic: string,
  cores: PuzzleCores,
  cache: DataCache,
  budget: Budget = {},
  progress?: (iteration: Iteration<Direction>) => void,
  scratch?: () => Promise<PuzzleCores>,
): Promise<Solution> {
  const { core, which, forget } = await setUp(position, heuristic, cores, cache, progress, scratch);
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
  return { length, moves: solutionMoves(core, length), nodes: core.nodeCount(), ...generatedOf(core), ms: core.elapsedMs() };
}

/** The children the core generated, for a core that counts them. */
function generatedOf(core: SearchCore): { generated?: number } {
  return core.generatedCount ? { generated: core.generatedCount() } : {};
}

/** What the core answers when its threshold passes the diameter: the heuristic's tables do not hold. */
const BROKEN = -2;

/**
 * The board set in the core of its size with the heuristic's tables ready (the pattern database loaded or built).
 * Tables whose estimates pass the puzzle's diameter (their bytes wrong, with a checksum made to match them) are
 * forgotten by the core and the cache, so that the next solve builds them again, and the solve says so.
 */
async function setUp(
  position: Position,
  heuristic: string,
  cores: PuzzleCores,
  cache: DataCache,
  progress?: (iteration: Iteration<Direction>) => void,
  scratch?: () => Promise<PuzzleCores>,
): Promise<Search> {
  const broken = (diameter: number) =>
    `the ${heuristic} estimates pass the puzzle's diameter (${diameter} moves): its pattern database is wrong, and is built again at the next solve`;
  if (sizeOf(position.tiles) === 5) {
    const which = heuristic24Index(heuristic);
    const core = await cores.five();
    await ensurePatterns24(core, cache, progress, scratch && (async () => (await scratch()).five()));
    setBoard24(core, position);
    const forget = async (): Promise<never> => {
      core.freeTables();
      await cache.write(CACHE_NAME_24, new Uint8Array(0));
      throw new Error(broken(210));
    };
    return { core, which, forget };
  }
  const which = heuristicIndex(heuristic);
  const core = await cores.four();
  await ensureHeuristic(heuristic, core, cache, progress, scratch && (async () => (await scratch()).four()));
  setBoard(core, position);
  const forget = async (): Promise<never> => {
    core.freePatternGroups();
    core.freeRankedGroups();
    if (heuristic.startsWith('pdb')) await cache.write(PATTERN_CACHE_NAMES[heuristic.startsWith('pdb78') ? 'pdb78' : 'pdb'], new Uint8Array(0));
    throw new Error(broken(80));
  };
  return { core, which, forget };
}

/** The solution's moves as letters, one per move naming where the blank goes. */
function solutionMoves(core: SearchCore, length: number): string {
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
  cores: PuzzleCores,
  cache: DataCache,
  threshold: number,
  part: number,
  parts: number,
  scratch?: () => Promise<PuzzleCores>,
): Promise<ShareAnswer> {
  const { core, which, forget } = await setUp(position, heuristic, cores, cache, undefined, scratch);
  const length = core.searchShare(which, threshold, SPLIT_DEPTH, part, parts, 0, 0);
  if (length === BROKEN) await forget();
  return {
    length,
    moves: solutionMoves(core, length),
    nodes: core.nodeCount(),
    ...generatedOf(core),
    ms: core.elapsedMs(),
    threshold: core.searchedLimit(),
    next: core.nextLimit(),
  };
}

/** The solve answer (docs/cli.md): {"length": L, "moves": "…"}, L optimal, one letter per move naming where the blank goes. */
export async function solve(
  position: Position,
  heuristic: string,
  cores: PuzzleCores,
  cache: DataCache,
  budget: Budget,
  progress?: (iteration: Iteration<Direction>) => void,
  scratch?: () => Promise<PuzzleCores>,
): Promise<SolveAnswer> {
  const solution = await solveBoard(position, heuristic, cores, cache, budget, progress, scratch);
  if (solution.length < 0) return budgetAnswer(solution.nodes, solution.ms);
  const { length, moves, nodes, generated, ms } = solution;
  return { length, moves, nodes, ...(generated === undefined ? {} : { generated }), ms };
}
