// Connect 4 rules, the authority: a board of 7 columns of 6 cells by default, or any size of sizes.ts, stones
// dropped into columns, four in a row (across, up or diagonal) wins, a full board is a tie. A position is the
// string of columns played from the empty board, 1-based (`4453`; columns 10 to 12 are a, b, c); the empty board
// is the empty string or `-`. Another size than 7x6 is written before them: `6x5:4453`, `6x5:-`.

import type { GameRules, Outcome } from '../../contracts/game';
import { type BoardSize, STANDARD, columnRange, columnSymbol, formatSize, isStandard, parseSize, sizeOfNumber, symbolColumn } from './sizes';

export const EMPTY = 0;

export interface Position {
  /** The columns played, their symbols (columnSymbol: 1-9, a-c). */
  readonly moves: string;
  readonly width: number;
  readonly height: number;
  /** board[column][row], row 0 at the bottom: 0 empty, 1 the first player's stone, 2 the second's. */
  readonly board: readonly (readonly number[])[];
  /** The seat that made four in a row, or null. */
  readonly winner: 0 | 1 | null;
}

export function seatToMove(position: Position): 0 | 1 {
  return (position.moves.length % 2) as 0 | 1;
}

/** How many stones a column holds. */
export function height(position: Position, column: number): number {
  const free = position.board[column].indexOf(EMPTY);
  return free === -1 ? position.height : free;
}

export function cells(position: Position): number {
  return position.width * position.height;
}

export function sizeOf(position: Position): BoardSize {
  return { width: position.width, height: position.height };
}

export function isOver(position: Position): boolean {
  return position.winner !== null || position.moves.length === cells(position);
}

/** The columns (0-based) that can be played. */
export function legalMoves(position: Position): number[] {
  if (isOver(position)) return [];
  return [...Array(position.width).keys()].filter((column) => height(position, column) < position.height);
}

/** Does the stone at (column, row) make four in a row? Only the lines through it are looked at. */
export function makesFour(board: readonly (readonly number[])[], column: number, row: number): boolean {
  const stone = board[column][row];
  const width = board.length;
  const rows = board[0].length;
  const count = (dc: number, dr: number) => {
    let n = 0;
    for (let c = column + dc, r = row + dr; c >= 0 && c < width && r >= 0 && r < rows && board[c][r] === stone; c += dc, r += dr) n++;
    return n;
  };
  return [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ].some(([dc, dr]) => 1 + count(dc, dr) + count(-dc, -dr) >= 4);
}

/** A position's size and stones: the same for every order of the same moves (a transposition). */
export function boardKey(position: Position): string {
  return `${position.width}x${position.height}:${position.board.map((cells) => cells.join('')).join('/')}`;
}

/** Drops a stone into a column (0-based); throws for a full column (the article's "illegal move") or a finished game. */
export function play(position: Position, column: number): Position {
  if (!Number.isInteger(column) || column < 0 || column >= position.width)
    throw new Error(
      `column ${column >= 9 && column < 12 ? `${columnSymbol(column)} (the ${column + 1}th)` : column + 1} does not exist: columns are ${columnRange(position.width)}`,
    );
  if (isOver(position)) throw new Error('the game is over');
  const row = height(position, column);
  if (row === position.height) throw new Error(`column ${columnSymbol(column)} is full`);
  const board = position.board.map((cells) => cells.slice());
  board[column][row] = seatToMove(position) + 1;
  return { ...position, moves: position.moves + columnSymbol(column), board, winner: makesFour(board, column, row) ? seatToMove(position) : null };
}

export function newGame(size: BoardSize = STANDARD): Position {
  const board = Array.from({ length: size.width }, () => Array<number>(size.height).fill(EMPTY));
  return { moves: '', width: size.width, height: size.height, board, winner: null };
}

/** A column's stones past the top: the 5th on a board 4 high, ..., the 16th on one 15 high. */
const ORDINALS = ['fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth'];

/** `6x5:4453` as its size and moves; text without a size is of `size`. */
function splitSize(text: string, size: BoardSize): { size: BoardSize; moves: string } {
  const colon = text.indexOf(':');
  if (colon === -1) return { size, moves: text };
  return { size: parseSize(text.slice(0, colon)), moves: text.slice(colon + 1) };
}

/**
 * A position from its moves (`4453`, `6x5:4453`); `-` is the empty board too, for input read a line at a time.
 * Tokens after the first are ignored (a test set's line `4453 -2` reads as `4453`). Moves without a size are on
 * `size` (7x6 unless told).
 */
export function parse(text: string, size: BoardSize = STANDARD): Position {
  const first = text.trim().split(/\s+/)[0] ?? '';
  const sized = splitSize(first, size);
  const moves = sized.moves === '-' ? '' : sized.moves;
  let position = newGame(sized.size);
  [...moves].forEach((symbol, i) => {
    const column = symbolColumn(symbol);
    if (column < 0 || column >= position.width) throw new Error(`move ${i + 1} is '${symbol}': columns are ${columnRange(position.width)}`);
    if (position.winner !== null) throw new Error(`move ${i + 1} comes after a four in a row`);
    if (height(position, column) === position.height) throw new Error(`move ${i + 1} plays column ${symbol} a ${ORDINALS[position.height - 4]} time`);
    position = play(position, column);
  });
  return position;
}

/** The position's notation: its moves, after its size when it is not 7x6. */
export function format(position: Position): string {
  return isStandard(position) ? position.moves : `${formatSize(position)}:${position.moves || '-'}`;
}

export function outcome(position: Position): Outcome | null {
  if (position.winner !== null) return { winner: position.winner };
  return position.moves.length === cells(position) ? { winner: null } : null;
}

export const rules: GameRules<Position, number> = {
  id: 'connect4',
  title: 'Connect 4',
  seats: ['Red', 'Yellow'],
  start: (_seed, size) => newGame(size === undefined ? STANDARD : sizeOfNumber(size)),
  parse: (text, size) => parse(text, size === undefined ? STANDARD : sizeOfNumber(size)),
  format,
  seatToMove,
  legalMoves,
  play,
  outcome,
  formatMove: columnSymbol,
  parseMove(text) {
    const column = symbolColumn(text.trim());
    if (column < 0) throw new Error(`"${text}" is not a column: columns are 1 to 9, then a, b, c on the widest boards`);
    return column;
  },
};
