// The sliding-puzzle core's exports (assembly/puzzle15, every width), its heuristics by size, setting a board up in
// it, and the 15-puzzle's pattern databases (the 6-6-3 and the 7-8): read from the data cache, or built by the core
// on first use and written to the cache. A worker holds one of the two at a time: making one ready frees the other.
// The 24-puzzle's tables are made ready by tables-24.ts.

import type { CoreExports } from '../../contracts/core';
import type { DataCache, Iteration } from '../../contracts/game';
import { sizeOf, type Position } from './rules';
import { ensurePacked, tilesMask, type PackedTables } from './packed-tables';

/**
 * The 4x4 heuristics by the core's index: walking distance, WD with the inversion distance, Manhattan, the 6-6-3
 * databases, and the 7-8 ones with the board's, the mirrored board's and WD's lookups, without WD, with the
 * board's alone, and with the dual boards' lookups too (to see what each lookup brings).
 */
export const HEURISTICS = ['wd', 'wdid', 'md', 'pdb', 'pdb78', 'pdb78-pair', 'pdb78-regular', 'pdb78-dual'] as const;
export type Heuristic = (typeof HEURISTICS)[number];

/**
 * Each heuristic's name, short (the bench's columns) and long (the solver's choice, for those it offers: the 7-8
 * database's variants with fewer or more lookups are the bench's, to compare).
 */
export const HEURISTIC_LABELS: Readonly<Record<Heuristic, { readonly short: string; readonly long?: string }>> = {
  wd: { short: 'WD', long: 'Walking distance' },
  wdid: { short: 'WD+ID', long: 'WD + inversion distance' },
  md: { short: 'Manhattan', long: 'Manhattan distance' },
  pdb: { short: 'PDB 6-6-3', long: 'Pattern database 6-6-3' },
  pdb78: { short: 'PDB 7-8', long: 'Pattern database 7-8' },
  'pdb78-pair': { short: 'PDB 7-8 without WD' },
  'pdb78-regular': { short: 'PDB 7-8, one lookup' },
  'pdb78-dual': { short: 'PDB 7-8 with dual lookups' },
};

/**
 * The 5x5 heuristics, numbered in the core after the 4x4 ones: the 6-6-6-6 databases looked up for the board alone,
 * for the board and its mirror about the main diagonal, the larger (Korf and Felner's), and with the dual boards' too.
 */
export const HEURISTICS_24 = ['pdb6666-regular', 'pdb6666', 'pdb6666-dual'] as const;
export type Heuristic24 = (typeof HEURISTICS_24)[number];

/** The core's exports (assembly/puzzle15: what each does is written there). */
export type Puzzle15Core = CoreExports<typeof import('../../../build/puzzle15')>;

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
/** The data cache's entries of the pattern databases. */
export const PATTERN_CACHE_NAMES = { pdb: 'puzzle15-pdb-6-6-3-v1.bin', pdb78: 'puzzle15-pdb-7-8-v1.bin' } as const;
const CACHE_NAME = PATTERN_CACHE_NAMES.pdb;

export function setBoard(core: Puzzle15Core, position: Position): void {
  core.setWidth(sizeOf(position.tiles));
  for (const [cell, tile] of position.tiles.entries()) core.setTile(cell, tile);
}

/** A heuristic's index in the core, for a board of `size`. */
export function heuristicIndex(name: string, size: number): number {
  if (size === 5) {
    const index = HEURISTICS_24.indexOf(name as Heuristic24);
    if (index < 0) throw new Error(`the 24-puzzle has no heuristic "${name}": use ${HEURISTICS_24.join(' or ')}`);
    return HEURISTICS.length + index;
  }
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
  core.freeRankedGroups();
  core.freePatternGroups();
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
    const address = core.addPatternGroup(tilesMask(group));
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

/**
 * The 7-8 databases for the goal 1 … 15 0: the top two rows (tiles 1-8) and the rest (Korf and Felner's 7-8
 * partition turned 180° for our goal). Each is indexed by its tiles' cells as an arrangement and keeps 4 bits
 * an entry (assembly/puzzle15/ranked-patterns.ts).
 */
export const RANKED_GROUPS: readonly (readonly number[])[] = [
  [1, 2, 3, 4, 5, 6, 7, 8],
  [9, 10, 11, 12, 13, 14, 15],
];

/** What each pattern heuristic holds in a worker once ready, and the most its build takes, in bytes. */
export const PATTERN_MEMORY: Readonly<Record<'pdb' | 'pdb78', { readonly held: number; readonly build: number }>> = {
  // The 6-6-3 build adds a bit per state (33.5 MB) and its queue (33.5 MB).
  pdb: { held: 2 * 16 ** 6 + 16 ** 3, build: 2 * 16 ** 6 + 16 ** 3 + 2 * 16 ** 6 + 4 * 2 ** 23 },
  // The build holds two bytes an arrangement of the larger group (1.04 GB) and the smaller group's table.
  pdb78: {
    held: (16 * 15 * 14 * 13 * 12 * 11 * 10 * 9 + 16 * 15 * 14 * 13 * 12 * 11 * 10) / 2,
    build: 16 * 15 * 14 * 13 * 12 * 11 * 10 * 9 * 2 + (16 * 15 * 14 * 13 * 12 * 11 * 10) / 2,
  },
};

const MB = 1e6;

/**
 * What a heuristic's pattern database takes in a worker, in words for a page ('' for a heuristic without one),
 * with the build's time measured on a two-core machine.
 */
export function patternMemory(heuristic: string): string {
  if (heuristic === 'pdb')
    return `The 6-6-3 database takes ${Math.round(PATTERN_MEMORY.pdb.held / MB)} MB in each worker (about ${Math.round(PATTERN_MEMORY.pdb.build / MB)} MB and half a minute while it is built, once).`;
  if (heuristic.startsWith('pdb78')) {
    return `The 7-8 database takes ${Math.round(PATTERN_MEMORY.pdb78.held / MB)} MB in each worker that uses it (its build, once: about three minutes and ${(PATTERN_MEMORY.pdb78.build / 1e9).toFixed(1)} GB).`;
  }
  return '';
}

/** The 7-8 databases as the core keeps them (4 bits an entry, ranked-patterns.ts). */
const RANKED_TABLES: PackedTables<Puzzle15Core> = {
  stage: 'pattern database 7-8',
  cacheName: PATTERN_CACHE_NAMES.pdb78,
  tiles: RANKED_GROUPS,
  // Measured: the 8-tile group takes about nine tenths of the build.
  buildShares: [0.9, 0.1],
  held: (core) => core.rankedGroupCount() === RANKED_GROUPS.length && RANKED_GROUPS.every((_, g) => core.rankedTableAddress(g) !== 0),
  declare(core) {
    core.freePatternGroups();
    core.freeRankedGroups();
    for (const group of RANKED_GROUPS) core.addRankedGroup(tilesMask(group));
  },
  forget: (core) => core.freeRankedGroups(),
  bytes: (core, g) => core.rankedTableBytes(g),
  allocate: (core, g) => core.allocateRankedTable(g),
  address: (core, g) => core.rankedTableAddress(g),
  startBuild: (core, g) => core.startRankedBuild(g),
  stepBuild: (core) => core.stepRankedBuild(),
  buildDone: (core) => core.rankedBuildDone(),
};

/**
 * Makes sure the core has the 7-8 databases: from the cache, or built (about 2.5 minutes here and 1.1 GB; in
 * `scratch`'s core where given) and then cached. While they build, `progress` is told: stage "pattern database
 * 7-8", `done` the share built so far.
 */
export function ensureRankedPatterns(
  core: Puzzle15Core,
  cache: DataCache,
  progress?: (iteration: Iteration<never>) => void,
  scratch?: () => Promise<Puzzle15Core>,
): Promise<void> {
  return ensurePacked(RANKED_TABLES, core, cache, progress, scratch);
}
