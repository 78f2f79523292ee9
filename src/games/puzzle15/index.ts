// The 15-puzzle as the CLI, the workers and the pages see it: a solitaire (no arena), solved by the core.

import type { Iteration, ShareRequest, SolveTools } from '../../contracts/game';
import { generators, powerOf, scratchCore, sharedSearch, solitaire, solverTables } from '../../contracts/powers';
import { defineGame } from '../define-game';
import { bots, levels } from './bots';
import { HEURISTICS, HEURISTICS_24, type Heuristic, type Heuristic24, type Puzzle15Core } from './core';
import { DEFAULT_BAND, LEVELS_FILE, levelBoard, parseLevels } from './levels';
import { PUZZLE_SIZES, randomBoard, randomWalk, rules, SIZE, type Direction, type Position } from './rules';
import { defaultHeuristic, ensureHeuristic, searchShare, solve } from './solve';
import { terminal } from './terminal';

export const GENERATORS = ['walk', 'random', 'level'] as const;

/** The article's three ways to make a start, on a board of `size`; `difficulty` is the walk's length or the level's band. */
export async function generate(
  method: string,
  difficulty: string | undefined,
  seed: number,
  resource: (name: string) => Promise<ArrayBuffer | null>,
  size = SIZE,
): Promise<Position> {
  if (method === 'random') return randomBoard(seed, size);
  if (method === 'walk') {
    const moves = Number(difficulty ?? 40);
    if (!Number.isInteger(moves) || moves < 0 || moves > 10_000) throw new Error(`a walk's difficulty is its number of moves, 0 to 10000, got "${difficulty}"`);
    return randomWalk(seed, moves, size);
  }
  if (method === 'level') {
    const bytes = await resource(LEVELS_FILE[size]);
    if (!bytes) throw new Error(`there is no levels file for ${size}x${size} (npm run levels:puzzle15 -- --size ${size} builds it)`);
    return levelBoard(parseLevels(new TextDecoder().decode(bytes)), difficulty ?? DEFAULT_BAND[size], seed, size);
  }
  throw new Error(`there is no generator "${method}": use ${GENERATORS.join(', ')}`);
}

type PuzzleOptions = { readonly heuristic?: Heuristic | Heuristic24 };

/** The worker's scratch core (for building a pattern database in a memory of its own). */
function scratchCores(tools: SolveTools<unknown>): (() => Promise<Puzzle15Core>) | undefined {
  const scratch = powerOf(tools, scratchCore);
  return scratch && (() => scratch() as Promise<Puzzle15Core>);
}

/** The solver's tables made ready in this worker: read from the cache, or built in a scratch core. */
async function prepare(options: PuzzleOptions, tools: SolveTools<Puzzle15Core>, progress?: (iteration: Iteration<Direction>) => void): Promise<void> {
  await ensureHeuristic(options.heuristic ?? 'wd', tools.core, tools.cache, progress, scratchCores(tools));
}

/** One share of one IDA* iteration, dealt out among the workers (src/runtime/shared-solve.ts). */
function share(position: Position, options: PuzzleOptions, { threshold, part, parts }: ShareRequest, tools: SolveTools<Puzzle15Core>) {
  return searchShare(position, options.heuristic ?? defaultHeuristic(position), tools.core, tools.cache, threshold, part, parts, scratchCores(tools));
}

export const puzzle15 = defineGame<Position, Direction, Puzzle15Core, PuzzleOptions>({
  rules,
  bots,
  levels,
  terminal,
  pages: [
    {
      route: 'puzzle15',
      title: '15-puzzle',
      blurb: 'The 15-puzzle and the 24-puzzle (5x5): slide the tiles home, or let the optimal solver show the shortest way; boards by difficulty.',
    },
    {
      route: 'puzzle15-bench',
      title: 'Solver bench',
      blurb: "Korf's 100, the 80-move positions or random boards: nodes and time per heuristic, every length checked.",
    },
  ],
  core: 'puzzle15',
  sizes: PUZZLE_SIZES,
  resources: Object.values(LEVELS_FILE),
  powers: [
    solitaire.is(true),
    generators.is({
      methods: [
        { method: 'walk', difficulty: 'the number of random moves from the goal (default 40)' },
        { method: 'random', difficulty: 'none: a uniform random solvable board' },
        { method: 'level', difficulty: 'the optimal length band: 20-29, 30-39, 40-49 (default), 50-59 or 60+ (5x5: 30-39 … 50-59 (default) … 70+)' },
      ],
      generate,
    }),
    solverTables.is({ prepare }),
    sharedSearch.is({ share }),
  ],
  solver: {
    options: [
      {
        name: 'heuristic',
        value: 'H',
        help: "4x4: wd (default), wdid, md, pdb (6-6-3) or pdb78 (7-8; the pattern databases are built on first use, then cached); pdb78-pair, pdb78-regular and pdb78-dual: the 7-8 with fewer or more lookups. 5x5: pdb6666 (default; the 6-6-6-6 databases with the mirrored lookup, built on first use in about three minutes, then cached), pdb6666-regular (without the mirrored lookup) or pdb6666-dual (with the dual boards' lookups too)",
        choices: [...HEURISTICS, ...HEURISTICS_24],
      },
    ],
    solve: (position, options, tools, progress) =>
      solve(position, options.heuristic ?? defaultHeuristic(position), tools.core, tools.cache, tools.budget, progress, scratchCores(tools)),
  },
});
