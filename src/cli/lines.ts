// Reading text line by line from a file or standard input.

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export function lineReader(input: Readable): AsyncIterableIterator<string> {
  return createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
}

export function fileOrStdin(path: string | undefined): Readable {
  return path === undefined ? process.stdin : createReadStream(path, 'utf8');
}
