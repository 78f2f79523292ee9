// Opening books: for positions early in a game, the score of every column (what "Show solution" shows, and so
// the position's score and a best column), found by our own solver (scripts/build-connect4-book.ts builds one for
// any size). A position and its mirror image share one entry. The 7x6 book ships (connect4/book.bin); a book of
// another size is read when it was built (connect4/book-6x5.bin).
//
// File: "C4B3", the width and height (u8 each), two zero bytes, the entry count (u32), then entries sorted by
// key: key (u64), then each column's score for the side to move (i8 each, 127 for a full column), in the
// orientation of the key. The key is Pons' position key, the stones of the side to move plus all stones, as
// bits column * (height + 1) + row.

import type { Position } from './rules';
import { type BoardSize, STANDARD, formatSize, isStandard } from './sizes';
import { centreOrder } from './solve';

const MAGIC = 'C4B3';
const HEADER_BYTES = 12;
const FULL = 127;

export interface BookEntry {
  readonly key: bigint;
  /** The score of each column for the side to move, null for a full column; in the key's orientation. */
  readonly values: readonly (number | null)[];
}

/** What the book knows of a position: every column's score, the position's score and its best column (0-based). */
export interface BookAnswer {
  readonly values: readonly (number | null)[];
  readonly score: number;
  readonly column: number;
}

/** The key of a position, or of its mirror image. */
export function positionKey(position: Position, mirrored = false): bigint {
  const mover = (position.moves.length % 2) + 1;
  let key = 0n;
  for (let column = 0; column < position.width; column++) {
    const bitColumn = mirrored ? position.width - 1 - column : column;
    for (let row = 0; row < position.height; row++) {
      const stone = position.board[column][row];
      if (!stone) continue;
      const bit = 1n << BigInt(bitColumn * (position.height + 1) + row);
      key += bit; // the mask
      if (stone === mover) key += bit; // the side to move's stones, once more
    }
  }
  return key;
}

/** The key under which a position is kept (the smaller of its own and its mirror's) and whether it is mirrored. */
export function canonicalKey(position: Position): { key: bigint; mirrored: boolean } {
  const own = positionKey(position);
  const mirror = positionKey(position, true);
  return mirror < own ? { key: mirror, mirrored: true } : { key: own, mirrored: false };
}

/** The file a size's book is in, under the games' data. */
export function bookFile(size: BoardSize): string {
  return isStandard(size) ? 'connect4/book.bin' : `connect4/book-${formatSize(size)}.bin`;
}

export class OpeningBook {
  private constructor(
    readonly size: BoardSize,
    private readonly keys: BigUint64Array,
    private readonly values: Int8Array,
  ) {}

  get positions(): number {
    return this.keys.length;
  }

  static read(bytes: ArrayBuffer): OpeningBook {
    const view = new DataView(bytes);
    const magic = String.fromCharCode(...new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength)));
    if (magic !== MAGIC || bytes.byteLength < HEADER_BYTES) throw new Error('not a Connect 4 opening book (version 3)');
    const size = { width: view.getUint8(4), height: view.getUint8(5) };
    const count = view.getUint32(8, true);
    const entryBytes = 8 + size.width;
    if (bytes.byteLength !== HEADER_BYTES + count * entryBytes) throw new Error('the opening book is truncated');
    const keys = new BigUint64Array(count);
    const values = new Int8Array(count * size.width);
    for (let i = 0; i < count; i++) {
      const at = HEADER_BYTES + i * entryBytes;
      keys[i] = view.getBigUint64(at, true);
      if (i > 0 && keys[i] <= keys[i - 1]) throw new Error('the opening book is not sorted by key');
      values.set(new Int8Array(bytes, at + 8, size.width), i * size.width);
    }
    return new OpeningBook(size, keys, values);
  }

  static write(size: BoardSize, entries: readonly BookEntry[]): Uint8Array {
    const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const entryBytes = 8 + size.width;
    const bytes = new Uint8Array(HEADER_BYTES + sorted.length * entryBytes);
    const view = new DataView(bytes.buffer);
    for (const [i, char] of [...MAGIC].entries()) bytes[i] = char.charCodeAt(0);
    view.setUint8(4, size.width);
    view.setUint8(5, size.height);
    view.setUint32(8, sorted.length, true);
    sorted.forEach((entry, i) => {
      const at = HEADER_BYTES + i * entryBytes;
      view.setBigUint64(at, entry.key, true);
      for (const [column, value] of entry.values.entries()) view.setInt8(at + 8 + column, value ?? FULL);
    });
    return bytes;
  }

  entries(): BookEntry[] {
    return [...this.keys].map((key, i) => ({ key, values: this.columnValues(i, false) }));
  }

  private columnValues(index: number, mirrored: boolean): (number | null)[] {
    const width = this.size.width;
    const values = [...this.values.subarray(index * width, (index + 1) * width)].map((value) => (value === FULL ? null : value));
    return mirrored ? values.reverse() : values;
  }

  /** Every column's score, the score and a best column (the most central of the best) of a position, if the book has it. */
  lookup(position: Position): BookAnswer | undefined {
    if (position.width !== this.size.width || position.height !== this.size.height) return undefined;
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
  return { values, score, column: centreOrder(values.length).find((column) => values[column] === score)! };
}

const books = new Map<string, Promise<OpeningBook | null>>();

/** The opening book of a size, read once per worker; null when none was built. */
export function loadBook(resource: (name: string) => Promise<ArrayBuffer | null>, size: BoardSize = STANDARD): Promise<OpeningBook | null> {
  const file = bookFile(size);
  let book = books.get(file);
  if (!book) {
    book = resource(file).then((bytes) => (bytes ? OpeningBook.read(bytes) : null));
    books.set(file, book);
  }
  return book;
}
