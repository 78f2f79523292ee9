// The 24-puzzle's 6-6-6-6 pattern databases in the core (its tables of any width, assembly/puzzle15/tables.ts):
// read from the data cache, or built by the core on first use (in a core of its own where the worker has one to
// give) and written to the cache. They stay beside the 15-puzzle's databases in a worker that has both.

import type { DataCache, Iteration } from '../../contracts/game';
import type { Puzzle15Core } from './core';
import { gatherTables, placeTables } from './table-bytes';

/**
 * Korf and Felner's 6-6-6-6 partition, turned 180° for our goal (tile t there is 25 - t here): a group of six
 * around the blank's home (the table of its own), and three blocks of 2 x 3 that one table serves, each looked up
 * through the symmetry of the board that maps it onto the table's block (the first, tiles 1-3 and 6-8).
 */
export const TABLES_24: readonly (readonly number[])[] = [
  [13, 18, 19, 20, 23, 24],
  [1, 2, 3, 6, 7, 8],
];
export const GROUPS_24: readonly { readonly table: number; readonly tiles: readonly number[] }[] = [
  { table: 0, tiles: [13, 18, 19, 20, 23, 24] },
  { table: 1, tiles: [1, 2, 3, 6, 7, 8] },
  { table: 1, tiles: [4, 5, 9, 10, 14, 15] },
  { table: 1, tiles: [11, 12, 16, 17, 21, 22] },
];
/** The data cache's entry of the two tables. */
export const CACHE_NAME_24 = 'puzzle24-pdb-6-6-6-6-v2.bin';

/** Each table's entries: the arrangements of 6 tiles on 25 cells. */
const ENTRIES = 25 * 24 * 23 * 22 * 21 * 20;
/** What the databases take in a worker once ready, and the most their build takes (two bytes an entry), in bytes. */
export const MEMORY_24 = { held: ENTRIES, build: 2 * ENTRIES + ENTRIES / 2 };

/** A group of tiles as the core takes it: a bit per tile. */
function tilesMask(tiles: readonly number[]): number {
  return tiles.reduce((mask, tile) => mask | (1 << tile), 0);
}

/** Declares the partition's tables and groups in a core, without their entries. */
function declare(core: Puzzle15Core): void {
  core.freeTables();
  core.setWidth(5);
  for (const tiles of TABLES_24) core.addTable(tilesMask(tiles));
  for (const { table, tiles } of GROUPS_24) {
    if (core.addTableGroup(table, tilesMask(tiles)) < 0) throw new Error(`no symmetry of the board maps tiles ${tiles.join(',')} onto table ${table + 1}`);
  }
}

/** Progress is reported at most this often while a table builds. */
const PROGRESS_MS = 200;

/**
 * Makes sure the core has the 6-6-6-6 databases: from the cache, or built (about two minutes here; in `scratch`'s
 * core where given) and then cached. While they build, `progress` is told: stage "pattern database 6-6-6-6",
 * `done` the share built so far.
 */
export async function ensurePatterns24(
  core: Puzzle15Core,
  cache: DataCache,
  progress?: (iteration: Iteration<never>) => void,
  scratch?: () => Promise<Puzzle15Core>,
): Promise<void> {
  if (core.tableCount() === TABLES_24.length && TABLES_24.every((_, t) => core.tableAt(t) !== 0)) return;
  declare(core);
  const sizes = TABLES_24.map((_, t) => core.tableBytes(t));
  const expected = sizes.reduce((a, b) => a + b, 0);
  const cached = await cache.read(CACHE_NAME_24);
  if (cached && cached.length === expected) {
    placeTables(core, (t) => core.allocateTable(t), cached, sizes);
    return;
  }
  // The build holds two bytes an entry: in a core of its own where there is one, so that this core keeps only the tables.
  const builder = scratch ? await scratch() : core;
  if (builder !== core) declare(builder);
  const started = performance.now();
  let reported = -Infinity;
  for (const t of TABLES_24.keys()) {
    builder.startTableBuilding(t);
    for (;;) {
      const step = builder.stepTableBuilding();
      if (step < 0) {
        core.freeTables();
        throw new Error(`pattern table ${TABLES_24[t].join(',')} has an entry beyond 4 bits: the build is wrong`);
      }
      const now = performance.now();
      if (step === 1 || now - reported >= PROGRESS_MS) {
        reported = now;
        const done = (t + (step === 1 ? 1 : builder.tableBuildingDone())) / TABLES_24.length;
        progress?.({ depth: t + 1, nodes: 0, ms: now - started, score: 0, stage: 'pattern database 6-6-6-6', done: Math.min(1, done) });
      }
      if (step === 1) break;
    }
  }
  const all = gatherTables(builder, (t) => builder.tableAt(t), sizes);
  if (builder !== core) placeTables(core, (t) => core.allocateTable(t), all, sizes);
  // Storage that refuses 128 MB (a full disk, a browser's quota) costs a build next time, not this solve.
  await cache.write(CACHE_NAME_24, all);
}
