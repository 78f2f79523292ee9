// Reading a core's WebAssembly module from disk, for Node (worker threads and in-process tests).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function readCoreModule(buildDir: string, core: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(join(buildDir, `${core}.wasm`)));
}
