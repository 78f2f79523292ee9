// Reading text line by line with a bound on a line's length: a line over the bound is reported by its length
// and skipped up to its end, never held whole, so a hostile input of one huge line costs no memory. Used by the
// CLI (positions on standard input or in a file, a person's moves) and by the server (an older server's room journal).

import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/** A line (without its end of line), or a line longer than the bound, of which only the length was counted. */
export type Line = { readonly text: string } | { readonly tooLong: number };

/** One megabyte: longer lines are refused. */
const MAX_LINE_BYTES = 1 << 20;

/** Cuts chunks of bytes into lines; `\n` or `\r\n` ends a line. */
export class LineSplitter {
  private parts: Buffer[] = [];
  private length = 0;
  /** Bytes of the line being skipped, or -1 when no line is. */
  private skipped = -1;

  constructor(private readonly maxBytes = MAX_LINE_BYTES) {}

  /** The lines the chunk completes. */
  push(chunk: Buffer): Line[] {
    const lines: Line[] = [];
    let from = 0;
    for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, from)) {
      this.take(chunk.subarray(from, end));
      lines.push(this.finish());
      from = end + 1;
    }
    this.take(chunk.subarray(from));
    return lines;
  }

  /** The bytes of a line past the bound that has not ended yet (0: none): a reader may give up on it at once. */
  get overflowing(): number {
    return Math.max(0, this.skipped);
  }

  /** The last line, when the input does not end with a line break. */
  end(): Line[] {
    return this.length > 0 || this.skipped > 0 ? [this.finish()] : [];
  }

  private take(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.skipped >= 0) {
      this.skipped += bytes.length;
    } else if (this.length + bytes.length > this.maxBytes) {
      this.skipped = this.length + bytes.length;
      this.parts = [];
      this.length = 0;
    } else {
      this.parts.push(bytes);
      this.length += bytes.length;
    }
  }

  private finish(): Line {
    let line: Line;
    if (this.skipped >= 0) line = { tooLong: this.skipped };
    else {
      const text = Buffer.concat(this.parts, this.length).toString('utf8');
      line = { text: text.endsWith('\r') ? text.slice(0, -1) : text };
    }
    this.parts = [];
    this.length = 0;
    this.skipped = -1;
    return line;
  }
}

/**
 * The lines of a stream. The stream is read only as fast as the lines are taken: a consumer that waits holds
 * back the input (back-pressure).
 */
export async function* readLines(input: Readable, maxBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  const splitter = new LineSplitter(maxBytes);
  for await (const chunk of input) yield* splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  yield* splitter.end();
}

export function fileOrStdin(path: string | undefined): Readable {
  return path === undefined ? process.stdin : createReadStream(path);
}
