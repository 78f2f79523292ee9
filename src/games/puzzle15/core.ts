// The 15-puzzle core's exports (assembly/puzzle15), setting a board up in it, and its pattern database:
// read from the data cache, or built by the core on first use and written to the cache.

import type { DataCache, Iteration } from '../../contracts/game';
import type { Position } from './rules';

export const HEURISTICS = ['wd', 'wdid', 'md', 'pdb'] as const;
export type Heuristic = (typeof HEURISTICS)[number];

export interface Puzzle15Core {
  setTile(cell: number, tile: number): void;
  prepare(heuristic: number): number;
  solve(heuristic: number, nodeLimit: number, msLimit: number): number;
  solutionMove(i: number): number;
  searchShare(heuristic: number, limit: number, depth: number, part: number, parts: number, nodeLimit: number, msLimit: number): number;
  searchedLimit(): number;
  nextLimit(): number;
  buildWalkingDistance(): number;
  addPatternGroup(tilesMask: number): number;
  startPatternBuild(group: number): void;
  stepPatternBuild(budget: number): number;
  patternBuildVisited(): number;
  patternGroupCount(): number;
  nodeCount(): number;
  elapsedMs(): number;
  searchStopped(): number;
  setReporting(on: number): void;
  readonly memory: WebAssembly.Memory;
}

/**
 * The additive 6-6-3 pattern database for the goal 1 … 15 0: the left half of the top three rows, their
 * right half, and the bottom row (Korf and Felner's partition turned 180° for our goal). The core also looks up
 * the board mirrored about the main diagonal, which gives the transposed groups.
 */
export const PATTERN_GROUPS: readonly (readonly number[])[] = [
  [1, 2, 5, 6, 9, 10],
  [3, 4, 7, 8, 11, 12],
  [13, 14, 15],
];
const CACHE_NAME = 'puzzle15-pdb-6-6-3-v1.bin';

export function setBoard(core: Puzzle15Core, position: Position): void {
  for (const [cell, tile] of position.tiles.entries()) core.setTile(cell, tile);
}

export function heuristicIndex(name: string): number {
  const index = HEURISTICS.indexOf(name as Heuristic);
  if (index < 0) throw new Error(`there is no heuristic "${name}": use ${HEURISTICS.join(', ')}`);
  return index;
}

/**
 * The states each group's breadth-first search visits (a placement of the group's tiles with the region the blank
 * is in): 11,816,640 for each 6-tile group, 3,792 for the 3-tile one. For the build's progress; measured, and
 * checked by the build (a group that visits another number fails).
 */
export const PATTERN_STATES: readonly number[] = [11_816_640, 11_816_640, 3_792];

/** States a build step takes off the queue: about half a second, then the progress is reported. */
const BUILD_STEP = 1 << 19;

/**
 * Makes sure the core has the pattern database: from the cache, or built (about 25 s) and then cached. While it
 * builds, `progress` is told after every step: stage "pattern database", `done` the share built so far.
 */
export async function ensurePatterns(core: Puzzle15Core, cache: DataCache, progress?: (iteration: Iteration<never>) => void): Promise<void> {
  if (core.patternGroupCount() === PATTERN_GROUPS.length) return;
  if (core.patternGroupCount() !== 0) throw new Error('the pattern database was left half set up');
  const cached = await cache.read(CACHE_NAME);
  const sizes = PATTERN_GROUPS.map((group) => 16 ** group.length);
  const expected = sizes.reduce((a, b) => a + b, 0);
  const usable = cached && cached.length === expected ? cached : null;
  const built: Uint8Array[] = [];
  const allStates = PATTERN_STATES.reduce((a, b) => a + b, 0);
  const started = performance.now();
  let before = 0;
  let offset = 0;
  for (const [g, group] of PATTERN_GROUPS.entries()) {
    const address = core.addPatternGroup(group.reduce((mask, tile) => mask | (1 << tile), 0));
    if (usable) {
      new Uint8Array(core.memory.buffer, address, sizes[g]).set(usable.subarray(offset, offset + sizes[g]));
    } else {
      core.startPatternBuild(g);
      for (;;) {
        const step = core.stepPatternBuild(BUILD_STEP);
        if (step < 0) throw new Error('the pattern database outgrew its queue');
        const states = core.patternBuildVisited();
        const done = Math.min(1, (before + states) / allStates);
        progress?.({ depth: g + 1, nodes: before + states, ms: performance.now() - started, score: 0, stage: 'pattern database', done });
        if (step === 1) break;
      }
      const states = core.patternBuildVisited();
      if (states !== PATTERN_STATES[g]) throw new Error(`pattern group ${g + 1} visited ${states} states, not ${PATTERN_STATES[g]}: the build is wrong`);
      before += states;
      // A fresh view: building may have grown the memory.
      built.push(new Uint8Array(core.memory.buffer, address, sizes[g]).slice());
    }
    offset += sizes[g];
  }
  if (!usable) {
    const all = new Uint8Array(expected);
    let at = 0;
    for (const table of built) {
      all.set(table, at);
      at += table.length;
    }
    await cache.write(CACHE_NAME, all);
  }
}
