// The opening book: for positions early in a game, the score and a best column, found by our own solver
// (scripts/build-connect4-book.mjs builds it). A position and its mirror image share one entry.
//
// File: "C4B1", the entry count (u32), then entries sorted by key: key (u64), score (i8), column (u8, 0-6).
// The key is Pons' position key, the stones of the side to move plus all stones, as bits col * 7 + row; it is
// below 2^49, so a JavaScript number holds it exactly.

import { HEIGHT, WIDTH, type Position } from './rules';

const MAGIC = 'C4B1';
const ENTRY_BYTES = 10;

export interface BookEntry {
  readonly key: number;
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
    private readonly scores: Int8Array,
    private readonly columns: Uint8Array,
  ) {}

  get size(): number {
    return this.keys.length;
  }

  static read(bytes: ArrayBuffer): OpeningBook {
    const view = new DataView(bytes);
    const magic = String.fromCharCode(...new Uint8Array(bytes, 0, 4));
    if (magic !== MAGIC) throw new Error('not a Connect 4 opening book');
    const count = view.getUint32(4, true);
    if (bytes.byteLength !== 8 + count * ENTRY_BYTES) throw new Error('the opening book is truncated');
    const keys = new Float64Array(count);
    const scores = new Int8Array(count);
    const columns = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const at = 8 + i * ENTRY_BYTES;
      keys[i] = view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
      scores[i] = view.getInt8(at + 8);
      columns[i] = view.getUint8(at + 9);
    }
    return new OpeningBook(keys, scores, columns);
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
      view.setInt8(at + 8, entry.score);
      view.setUint8(at + 9, entry.column);
    });
    return bytes;
  }

  entries(): BookEntry[] {
    return [...this.keys].map((key, i) => ({ key, score: this.scores[i], column: this.columns[i] }));
  }

  /** The score and a best column (0-6) of a position, if the book has it. */
  lookup(position: Position): { score: number; column: number } | undefined {
    const { key, mirrored } = canonicalKey(position);
    let low = 0;
    let high = this.keys.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.keys[middle] < key) low = middle + 1;
      else if (this.keys[middle] > key) high = middle - 1;
      else return { score: this.scores[middle], column: mirrored ? WIDTH - 1 - this.columns[middle] : this.columns[middle] };
    }
    return undefined;
  }
}

let shipped: Promise<OpeningBook | null> | undefined;

/** The shipped opening book (connect4/book.bin), read once per worker; null when it was not built. */
export function loadBook(resource: (name: string) => Promise<ArrayBuffer | null>): Promise<OpeningBook | null> {
  shipped ??= resource('connect4/book.bin').then((bytes) => (bytes ? OpeningBook.read(bytes) : null));
  return shipped;
}
