// The data cache in Node: files in a cache folder (node_modules/.cache/ai-playground, or $AI_PLAYGROUND_CACHE).

import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataCache } from './game';

export function fileCache(folder = process.env.AI_PLAYGROUND_CACHE ?? join(process.cwd(), 'node_modules/.cache/ai-playground')): DataCache {
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
