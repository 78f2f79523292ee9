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
  buildPatternGroup(group: number): number;
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

/** Makes sure the core has the pattern database: from the cache, or built (about 25 s) and then cached. */
export async function ensurePatterns(core: Puzzle15Core, cache: DataCache, progress?: (iteration: Iteration<never>) => void): Promise<void> {
  if (core.patternGroupCount() === PATTERN_GROUPS.length) return;
  if (core.patternGroupCount() !== 0) throw new Error('the pattern database was left half set up');
  const cached = await cache.read(CACHE_NAME);
  const sizes = PATTERN_GROUPS.map((group) => 16 ** group.length);
  const expected = sizes.reduce((a, b) => a + b, 0);
  const usable = cached && cached.length === expected ? cached : null;
  const built: Uint8Array[] = [];
  let offset = 0;
  for (const [g, group] of PATTERN_GROUPS.entries()) {
    const address = core.addPatternGroup(group.reduce((mask, tile) => mask | (1 << tile), 0));
    if (usable) {
      new Uint8Array(core.memory.buffer, address, sizes[g]).set(usable.subarray(offset, offset + sizes[g]));
    } else {
      const started = performance.now();
      const states = core.buildPatternGroup(g);
      if (states < 0) throw new Error('the pattern database outgrew its queue');
      // A fresh view: building may have grown the memory.
      built.push(new Uint8Array(core.memory.buffer, address, sizes[g]).slice());
      progress?.({ depth: g + 1, nodes: states, ms: performance.now() - started, score: 0, stage: `pattern group ${group.join(' ')}` });
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
