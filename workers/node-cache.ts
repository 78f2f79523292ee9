// The data cache in Node: files in a cache folder, $AI_PLAYGROUND_CACHE or node_modules/.cache/ai-playground/.

import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataCache } from '../src/contracts/game';

/** The cache folder of the project at `root`. */
export function cacheFolder(root: string): string {
  return process.env.AI_PLAYGROUND_CACHE || join(root, 'node_modules/.cache/ai-playground');
}

export function fileCache(folder: string): DataCache {
  return {
    async read(name) {
      try {
        return new Uint8Array(await readFile(join(folder, name)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(name, bytes) {
      await mkdir(folder, { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = join(folder, `${name}.${process.pid}.part`);
      await writeFile(partial, bytes);
      await rename(partial, join(folder, name));
    },
  };
}
