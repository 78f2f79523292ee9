// A core's pattern tables as one run of bytes (what the data cache keeps), and back into a core's memory: the same
// for the 15-puzzle's 7-8 tables and the 24-puzzle's 6-6-6-6.

interface WithMemory {
  readonly memory: WebAssembly.Memory;
}

/** The tables at `address(t)`, `sizes[t]` bytes each, one after another. */
export function gatherTables(core: WithMemory, address: (table: number) => number, sizes: readonly number[]): Uint8Array {
  const all = new Uint8Array(sizes.reduce((a, b) => a + b, 0));
  let at = 0;
  for (const [t, size] of sizes.entries()) {
    all.set(new Uint8Array(core.memory.buffer, address(t), size), at);
    at += size;
  }
  return all;
}

/** Puts the tables (`bytes`, one after another) into the core's memory, each where `allocate(t)` reserves it. */
export function placeTables(core: WithMemory, allocate: (table: number) => number, bytes: Uint8Array, sizes: readonly number[]): void {
  let offset = 0;
  for (const [t, size] of sizes.entries()) {
    // A view made after the allocation, which may grow the memory.
    const address = allocate(t);
    new Uint8Array(core.memory.buffer, address, size).set(bytes.subarray(offset, offset + size));
    offset += size;
  }
}
