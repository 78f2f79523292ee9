// The opening book: for positions early in a game, the score of every column (what "Show solution" shows, and
// so the position's score and a best column), found by our own solver (scripts/build-connect4-book.ts builds
// it). A position and its mirror image share one entry.
//
// File: "C4B2", the entry count (u32), then entries sorted by key: key (u64), then the seven columns' scores for
// the side to move (i8 each, 127 for a full column), in the orientation of the key. The key is Pons' position
// key, the stones of the side to move plus all stones, as bits col * 7 + row; it is below 2^49, so a JavaScript
// number holds it exactly.

import { HEIGHT, WIDTH, type Position } from './rules';
import { CENTRE_ORDER } from './solve';

const MAGIC = 'C4B2';
const ENTRY_BYTES = 8 + WIDTH;
const FULL = 127;

export interface BookEntry {
  readonly key: number;
  /** The score of each column for the side to move, null for a full column; in the key's orientation. */
  readonly values: readonly (number | null)[];
}

/** What the book knows of a position: every column's score, the position's score and its best column (0-6). */
export interface BookAnswer {
  readonly values: readonly (number | null)[];
  readonly score: number;
  readonly column: number;
}

/** The key of a position, or of its mirror image. */
export function positionKey(position: Position, mirrored = false): number {
  const mover = (position.moves.length % 2) + 1;
  let key = 0;
  for (let column = 0; column < WIDTH; column++) {
    const bitColumn = mirrored ? WIDTH - 1 - column : column;
    for (let row = 0; row < HEIGHT; row++) {
      const stone = position.board[column][row];
      if (!stone) continue;
      const bit = 2 ** (bitColumn * (HEIGHT + 1) + row);
      key += bit; // the mask
      if (stone === mover) key += bit; // the side to move's stones, once more
    }
  }
  return key;
}

/** The key under which a position is kept (the smaller of its own and its mirror's) and whether it is mirrored. */
export function canonicalKey(position: Position): { key: number; mirrored: boolean } {
  const own = positionKey(position);
  const mirror = positionKey(position, true);
  return mirror < own ? { key: mirror, mirrored: true } : { key: own, mirrored: false };
}

export class OpeningBook {
  private constructor(
    private readonly keys: Float64Array,
    private readonly values: Int8Array,
  ) {}

  get size(): number {
    return this.keys.length;
  }

  static read(bytes: ArrayBuffer): OpeningBook {
    const view = new DataView(bytes);
    const magic = String.fromCharCode(...new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength)));
    if (magic !== MAGIC) throw new Error('not a Connect 4 opening book (version 2)');
    const count = view.getUint32(4, true);
    if (bytes.byteLength !== 8 + count * ENTRY_BYTES) throw new Error('the opening book is truncated');
    const keys = new Float64Array(count);
    const values = new Int8Array(count * WIDTH);
    for (let i = 0; i < count; i++) {
      const at = 8 + i * ENTRY_BYTES;
      keys[i] = view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
      if (i > 0 && keys[i] <= keys[i - 1]) throw new Error('the opening book is not sorted by key');
      values.set(new Int8Array(bytes, at + 8, WIDTH), i * WIDTH);
    }
    return new OpeningBook(keys, values);
  }

  static write(entries: readonly BookEntry[]): Uint8Array {
    const sorted = [...entries].sort((a, b) => a.key - b.key);
    const bytes = new Uint8Array(8 + sorted.length * ENTRY_BYTES);
    const view = new DataView(bytes.buffer);
    for (const [i, char] of [...MAGIC].entries()) bytes[i] = char.charCodeAt(0);
    view.setUint32(4, sorted.length, true);
    sorted.forEach((entry, i) => {
      const at = 8 + i * ENTRY_BYTES;
      view.setUint32(at, entry.key % 2 ** 32, true);
      view.setUint32(at + 4, Math.floor(entry.key / 2 ** 32), true);
      for (const [column, value] of entry.values.entries()) view.setInt8(at + 8 + column, value ?? FULL);
    });
    return bytes;
  }

  entries(): BookEntry[] {
    return [...this.keys].map((key, i) => ({ key, values: this.columnValues(i, false) }));
  }

  private columnValues(index: number, mirrored: boolean): (number | null)[] {
    const values = [...this.values.subarray(index * WIDTH, (index + 1) * WIDTH)].map((value) => (value === FULL ? null : value));
    return mirrored ? values.reverse() : values;
  }

  /** Every column's score, the score and a best column (the most central of the best) of a position, if the book has it. */
  lookup(position: Position): BookAnswer | undefined {
    const { key, mirrored } = canonicalKey(position);
    let low = 0;
    let high = this.keys.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.keys[middle] < key) low = middle + 1;
      else if (this.keys[middle] > key) high = middle - 1;
      else return answerOf(this.columnValues(middle, mirrored));
    }
    return undefined;
  }
}

/** The score and best column the columns' scores make (among equal scores the most central, as the solver plays). */
export function answerOf(values: readonly (number | null)[]): BookAnswer {
  const score = Math.max(...values.filter((value): value is number => value !== null));
  return { values, score, column: CENTRE_ORDER.find((column) => values[column] === score)! };
}

let shipped: Promise<OpeningBook | null> | undefined;

/** The shipped opening book (connect4/book.bin), read once per worker; null when it was not built. */
export function loadBook(resource: (name: string) => Promise<ArrayBuffer | null>): Promise<OpeningBook | null> {
  shipped ??= resource('connect4/book.bin').then((bytes) => (bytes ? OpeningBook.read(bytes) : null));
  return shipped;
}
