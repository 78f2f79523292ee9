// Connect 4's board sizes: 7x6 (the standard board) by default, and every width x height from 4x4 whose bitboard
// fits in 64 bits, (height + 1) x width <= 64 (a sentinel row above the columns, as the core keeps them). A size
// is written `WxH` (`6x5`); where the game contract counts sizes as numbers (saved runs, rooms, the arena) it is
// width x 100 + height (605).

export interface BoardSize {
  readonly width: number;
  readonly height: number;
}

export const STANDARD: BoardSize = { width: 7, height: 6 };
export const MIN_SIDE = 4;

export function fitsBitboard(width: number, height: number): boolean {
  return width >= MIN_SIDE && height >= MIN_SIDE && (height + 1) * width <= 64;
}

/** Every size, narrowest first, then lowest. */
export const SIZES: readonly BoardSize[] = Array.from({ length: 13 }, (_, width) => width).flatMap((width) =>
  Array.from({ length: 16 }, (_, height) => ({ width, height })).filter(({ width, height }) => fitsBitboard(width, height)),
);

export function isStandard(size: BoardSize): boolean {
  return size.width === STANDARD.width && size.height === STANDARD.height;
}

export function formatSize(size: BoardSize): string {
  return `${size.width}x${size.height}`;
}

/** Reads `WxH`; throws saying which sizes there are. */
export function parseSize(text: string): BoardSize {
  const match = /^\s*(\d{1,2})\s*[xX]\s*(\d{1,2})\s*$/.exec(text);
  if (!match) throw new Error(`"${text}" is not a board size: write it WxH, as 7x6`);
  const size = { width: Number(match[1]), height: Number(match[2]) };
  if (!fitsBitboard(size.width, size.height))
    throw new Error(`${formatSize(size)} is not a size here: at least 4x4, and (height + 1) x width at most 64 (8x7, 9x6, 10x5, 12x4, 4x15)`);
  return size;
}

/** The size as the game contract's number: width x 100 + height. */
export function sizeNumber(size: BoardSize): number {
  return size.width * 100 + size.height;
}

export function sizeOfNumber(value: number): BoardSize {
  const size = { width: Math.floor(value / 100), height: value % 100 };
  if (!Number.isInteger(value) || !fitsBitboard(size.width, size.height)) throw new Error(`${value} is not a Connect 4 size number (width x 100 + height)`);
  return size;
}

/** The symbol of a column (0-based) in moves: 1-9, then a, b, c for the 10th to 12th. */
export function columnSymbol(column: number): string {
  return column < 9 ? String(column + 1) : String.fromCharCode(97 + column - 9);
}

/** The column (0-based) of a symbol, or -1 for a character that is none (upper-case letters read too). */
export function symbolColumn(symbol: string): number {
  if (/^[1-9]$/.test(symbol)) return Number(symbol) - 1;
  if (/^[a-cA-C]$/.test(symbol)) return symbol.toLowerCase().charCodeAt(0) - 97 + 9;
  return -1;
}

/** The columns' symbols for a width, as a person reads their range: "1 to 7", "1 to 9 and a", "1 to 9 and a to c". */
export function columnRange(width: number): string {
  if (width <= 9) return `1 to ${width}`;
  return width === 10 ? '1 to 9 and a' : `1 to 9 and a to ${columnSymbol(width - 1)}`;
}

/**
 * The seconds the solver took over each empty board without a book (one thread, the default table: the
 * measurements of docs/rules/connect4.md, `npm run compare:c4`); 10x4, 4x14 and 4x15 with an earlier, slower build
 * and 30 minutes a size. A size missing was not solved in 30 minutes, or not tried: far longer. A page says by them
 * what its solver can finish on a size before it starts.
 */
export const EMPTY_BOARD_SECONDS: Readonly<Record<string, number>> = {
  '4x4': 0.01,
  '4x5': 0.01,
  '5x4': 0.01,
  '4x6': 0.01,
  '6x4': 0.02,
  '5x5': 0.02,
  '4x7': 0.02,
  '7x4': 0.08,
  '5x6': 0.04,
  '6x5': 0.14,
  '4x8': 0.07,
  '8x4': 0.71,
  '5x7': 0.55,
  '7x5': 1.01,
  '4x9': 0.26,
  '6x6': 1.06,
  '9x4': 7.12,
  '4x10': 0.89,
  '5x8': 1.19,
  '6x7': 16.85,
  '7x6': 23.74,
  '4x11': 3.78,
  '5x9': 18.94,
  '4x12': 12.62,
  '4x13': 61.07,
  '8x5': 45.99,
  '10x4': 503.0,
  '5x10': 58.49,
  '6x8': 78.2,
  '4x14': 333.4,
  '4x15': 1237.9,
};
