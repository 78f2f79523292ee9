// A heuristic's packed pattern tables (the 15-puzzle's 7-8, the 24-puzzle's 6-6-6-6) made ready in a core: read from
// the data cache, where they are one run of bytes (the tables one after another), or built by the core step by step
// and then cached. The build holds far more than the tables: it runs in a scratch core of its own where the worker
// has one to give, and the tables are then copied into the core that searches.

import type { DataCache, Iteration } from '../../contracts/game';

interface WithMemory {
  readonly memory: WebAssembly.Memory;
}

/** What a kind of packed tables is in a core: its exports for them, by table. */
export interface PackedTables<Core extends WithMemory> {
  /** The progress's stage while they build ("pattern database 7-8"). */
  readonly stage: string;
  readonly cacheName: string;
  /** Each table's tiles (for the message of a build gone wrong). */
  readonly tiles: readonly (readonly number[])[];
  /** The share of the build's time each table takes. */
  readonly buildShares: readonly number[];
  /** Whether the core holds them all. */
  held(core: Core): boolean;
  /** Declares them in a core (freeing what they replace), without their entries. */
  declare(core: Core): void;
  forget(core: Core): void;
  bytes(core: Core, table: number): number;
  /** Reserves a table for the host to fill; returns its address. */
  allocate(core: Core, table: number): number;
  /** A built table's address. */
  address(core: Core, table: number): number;
  startBuild(core: Core, table: number): void;
  /** One step of the build: 1 when the table is built, 0 when there is more to do, -1 when an entry does not fit. */
  stepBuild(core: Core): number;
  /** The share of the table under way built so far. */
  buildDone(core: Core): number;
}

/** A group of tiles as the core takes it: a bit per tile. */
export function tilesMask(tiles: readonly number[]): number {
  return tiles.reduce((mask, tile) => mask | (1 << tile), 0);
}

/** Progress is reported at most this often while a table builds. */
const PROGRESS_MS = 200;

/** Makes sure the core holds the tables: from the cache, or built (in `scratch`'s core where given) and then cached. */
export async function ensurePacked<Core extends WithMemory>(
  tables: PackedTables<Core>,
  core: Core,
  cache: DataCache,
  progress?: (iteration: Iteration<never>) => void,
  scratch?: () => Promise<Core>,
): Promise<void> {
  if (tables.held(core)) return;
  tables.declare(core);
  const sizes = tables.tiles.map((_, t) => tables.bytes(core, t));
  const cached = await cache.read(tables.cacheName);
  if (cached && cached.length === sizes.reduce((a, b) => a + b, 0)) {
    placeTables(core, (t) => tables.allocate(core, t), cached, sizes);
    return;
  }
  const builder = scratch ? await scratch() : core;
  if (builder !== core) tables.declare(builder);
  const started = performance.now();
  let reported = -Infinity;
  let before = 0;
  for (const [t, tiles] of tables.tiles.entries()) {
    tables.startBuild(builder, t);
    for (;;) {
      const step = tables.stepBuild(builder);
      if (step < 0) {
        tables.forget(core);
        throw new Error(`pattern table ${tiles.join(',')} has an entry beyond 4 bits: the build is wrong`);
      }
      const now = performance.now();
      if (step === 1 || now - reported >= PROGRESS_MS) {
        reported = now;
        const done = Math.min(1, before + tables.buildShares[t] * (step === 1 ? 1 : tables.buildDone(builder)));
        progress?.({ depth: t + 1, nodes: 0, ms: now - started, score: 0, stage: tables.stage, done });
      }
      if (step === 1) break;
    }
    before += tables.buildShares[t];
  }
  const all = gatherTables(builder, (t) => tables.address(builder, t), sizes);
  if (builder !== core) placeTables(core, (t) => tables.allocate(core, t), all, sizes);
  // Storage that refuses hundreds of MB (a full disk, a browser's quota) costs a build next time, not this solve.
  await cache.write(tables.cacheName, all);
}

/** The tables at `address(t)`, `sizes[t]` bytes each, one after another. */
function gatherTables(core: WithMemory, address: (table: number) => number, sizes: readonly number[]): Uint8Array {
  const all = new Uint8Array(sizes.reduce((a, b) => a + b, 0));
  let at = 0;
  for (const [t, size] of sizes.entries()) {
    all.set(new Uint8Array(core.memory.buffer, address(t), size), at);
    at += size;
  }
  return all;
}

/** Puts the tables (`bytes`, one after another) into the core's memory, each where `allocate(t)` reserves it. */
function placeTables(core: WithMemory, allocate: (table: number) => number, bytes: Uint8Array, sizes: readonly number[]): void {
  let offset = 0;
  for (const [t, size] of sizes.entries()) {
    // A view made after the allocation, which may grow the memory.
    const address = allocate(t);
    new Uint8Array(core.memory.buffer, address, size).set(bytes.subarray(offset, offset + size));
    offset += size;
  }
}
