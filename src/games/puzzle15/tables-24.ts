// The 24-puzzle's 6-6-6-6 pattern databases in the core (its tables of any width, assembly/puzzle15/tables.ts),
// made ready as packed-tables.ts does. They stay beside the 15-puzzle's databases in a worker that has both.

import type { DataCache, Iteration } from '../../contracts/game';
import type { Puzzle15Core } from './core';
import { ensurePacked, tilesMask, type PackedTables } from './packed-tables';

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

/** The 6-6-6-6 tables as the core keeps them (4 bits an entry, assembly/puzzle15/tables.ts). */
const TABLES: PackedTables<Puzzle15Core> = {
  stage: 'pattern database 6-6-6-6',
  cacheName: CACHE_NAME_24,
  tiles: TABLES_24,
  buildShares: TABLES_24.map(() => 1 / TABLES_24.length),
  held: (core) => core.tableCount() === TABLES_24.length && TABLES_24.every((_, t) => core.tableAt(t) !== 0),
  declare(core) {
    core.freeTables();
    core.setWidth(5);
    for (const tiles of TABLES_24) core.addTable(tilesMask(tiles));
    for (const { table, tiles } of GROUPS_24) {
      if (core.addTableGroup(table, tilesMask(tiles)) < 0) throw new Error(`no symmetry of the board maps tiles ${tiles.join(',')} onto table ${table + 1}`);
    }
  },
  forget: (core) => core.freeTables(),
  bytes: (core, t) => core.tableBytes(t),
  allocate: (core, t) => core.allocateTable(t),
  address: (core, t) => core.tableAt(t),
  startBuild: (core, t) => core.startTableBuilding(t),
  stepBuild: (core) => core.stepTableBuilding(),
  buildDone: (core) => core.tableBuildingDone(),
};

/**
 * Makes sure the core has the 6-6-6-6 databases: from the cache, or built (about two minutes here; in `scratch`'s
 * core where given) and then cached. While they build, `progress` is told: stage "pattern database 6-6-6-6",
 * `done` the share built so far.
 */
export function ensurePatterns24(
  core: Puzzle15Core,
  cache: DataCache,
  progress?: (iteration: Iteration<never>) => void,
  scratch?: () => Promise<Puzzle15Core>,
): Promise<void> {
  return ensurePacked(TABLES, core, cache, progress, scratch);
}
