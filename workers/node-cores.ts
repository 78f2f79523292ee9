// Reading a core's WebAssembly module and a game's data files from disk, for Node (worker threads and tests).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function readCoreModule(buildDir: string, core: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(join(buildDir, `${core}.wasm`)));
}

/** A game's data file (`connect4/book.bin` under `gamesDir`), or null when it does not exist. */
export async function readResource(gamesDir: string, name: string): Promise<ArrayBuffer | null> {
  try {
    const bytes = await readFile(join(gamesDir, name));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
