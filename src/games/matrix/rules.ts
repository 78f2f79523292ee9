// The plus-minus matrix game (docs/rules/plus-minus.md), the authority. An N x N board of values in [-9, 9] and a start
// row. The first player picks a cell of the active row and adds its value to its points; the picked cell's
// column becomes the second player's line, who picks a cell in it, whose row becomes the first player's line,
// and so on; a cell is used once. The player to move with no unused cell in its line ends the game; more
// points wins, equal is a draw.
//
// Notation: `N r v11 v12 … vNN` (size, start row 0-based, the values row-major), optionally followed by
// ` / m1 m2 …`: the moves played so far, each the index of the picked cell within the mover's line.

import type { GameRules, Outcome } from '../../contracts/game';
import { Rng } from '../../contracts/rng';

export const MIN_SIZE = 2;
export const MAX_SIZE = 20;
export const MIN_VALUE = -9;
export const MAX_VALUE = 9;
export const DEFAULT_SIZE = 5;

export interface Position {
  readonly size: number;
  /** The values, row-major. */
  readonly values: readonly number[];
  readonly startRow: number;
  /** The moves played, each an index within the mover's line. */
  readonly moves: readonly number[];
  /** Which cells are used, row-major. */
  readonly used: readonly boolean[];
  /** Points of the first player (rows) and the second (columns). */
  readonly points: readonly [number, number];
  /** The line of the player to move: a row for the first player, a column for the second. */
  readonly line: number;
}

/** The seat to move: 0 picks in a row, 1 picks in a column. */
export function seatToMove(position: Position): 0 | 1 {
  return (position.moves.length % 2) as 0 | 1;
}

/** The board index of the k-th cell of the mover's line. */
export function cellOf(position: Position, k: number): number {
  return seatToMove(position) === 0 ? position.line * position.size + k : k * position.size + position.line;
}

export function legalMoves(position: Position): number[] {
  const moves: number[] = [];
  for (let k = 0; k < position.size; k++) if (!position.used[cellOf(position, k)]) moves.push(k);
  return moves;
}

export function play(position: Position, k: number): Position {
  if (!Number.isInteger(k) || k < 0 || k >= position.size) throw new Error(`move ${k} is outside the line: use 0 to ${position.size - 1}`);
  const cell = cellOf(position, k);
  const seat = seatToMove(position);
  if (position.used[cell]) {
    throw new Error(`cell (row ${Math.floor(cell / position.size)}, column ${cell % position.size}) is used already`);
  }
  if (legalMoves(position).length === 0) throw new Error('the game is over');
  const used = position.used.slice();
  used[cell] = true;
  const points: [number, number] = [position.points[0], position.points[1]];
  points[seat] += position.values[cell];
  return { ...position, moves: [...position.moves, k], used, points, line: k };
}

/** Who took each cell (0 the first player, 1 the second, null free), replaying the moves. */
export function cellOwners(position: Position): (0 | 1 | null)[] {
  const owners: (0 | 1 | null)[] = Array(position.size * position.size).fill(null);
  let line = position.startRow;
  position.moves.forEach((k, ply) => {
    owners[ply % 2 === 0 ? line * position.size + k : k * position.size + line] = (ply % 2) as 0 | 1;
    line = k;
  });
  return owners;
}

/** The board index of the last cell taken, or -1. */
export function lastCell(position: Position): number {
  const count = position.moves.length;
  if (count === 0) return -1;
  const line = count === 1 ? position.startRow : position.moves[count - 2];
  const k = position.moves[count - 1];
  return count % 2 === 1 ? line * position.size + k : k * position.size + line;
}

export function start(size: number, values: readonly number[], startRow: number): Position {
  return { size, values, startRow, moves: [], used: Array(size * size).fill(false), points: [0, 0], line: startRow };
}

/** A seeded board: N*N values drawn uniformly from [-9, 9] row by row, then the start row. */
export function generate(seed: number, size = DEFAULT_SIZE): Position {
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new Error(`size ${size} is not in ${MIN_SIZE}..${MAX_SIZE}`);
  const rng = new Rng(seed);
  const values = Array.from({ length: size * size }, () => rng.below(MAX_VALUE - MIN_VALUE + 1) + MIN_VALUE);
  return start(size, values, rng.below(size));
}

function integer(token: string, what: string): number {
  if (!/^[+-]?\d+$/.test(token)) throw new Error(`${what} "${token}" is not an integer`);
  return Number(token);
}

export function parse(text: string): Position {
  const [board, moveText, extra] = text.trim().split('/');
  if (extra !== undefined) throw new Error("a position has at most one '/' (before the moves)");
  const tokens = board.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) throw new Error('empty position: expected N r and N*N values');
  const size = integer(tokens[0], 'size');
  if (size > MAX_SIZE) throw new Error(`size ${size} is over ${MAX_SIZE}`);
  if (size < MIN_SIZE) throw new Error(`size ${size} is under ${MIN_SIZE}`);
  if (tokens.length < 2) throw new Error('the start row is missing');
  const startRow = integer(tokens[1], 'start row');
  if (startRow < 0 || startRow >= size) throw new Error(`start row ${startRow} is out of range 0..${size - 1}`);
  const cells = tokens.slice(2);
  if (cells.length !== size * size) throw new Error(`a ${size}x${size} board needs ${size * size} values, got ${cells.length}`);
  const values = cells.map((token, i) => {
    const value = integer(token, 'value');
    if (value < MIN_VALUE || value > MAX_VALUE) {
      throw new Error(`value ${value} at row ${Math.floor(i / size)}, column ${i % size} is out of range ${MIN_VALUE}..${MAX_VALUE}`);
    }
    return value;
  });
  let position = start(size, values, startRow);
  for (const token of (moveText ?? '').trim().split(/\s+/).filter(Boolean)) {
    try {
      position = play(position, integer(token, 'move'));
    } catch (error) {
      throw new Error(`move ${position.moves.length + 1}: ${(error as Error).message}`);
    }
  }
  return position;
}

export function format(position: Position): string {
  const board = [position.size, position.startRow, ...position.values].join(' ');
  return position.moves.length > 0 ? `${board} / ${position.moves.join(' ')}` : board;
}

export function outcome(position: Position): Outcome | null {
  if (legalMoves(position).length > 0) return null;
  const margin = position.points[0] - position.points[1];
  return { winner: margin > 0 ? 0 : margin < 0 ? 1 : null, margin };
}

export const rules: GameRules<Position, number> = {
  id: 'matrix',
  title: 'Plus-minus',
  seats: ['rows', 'columns'],
  start: (seed, size) => generate(seed, size),
  parse,
  format,
  seatToMove,
  legalMoves,
  play,
  outcome,
  formatMove: String,
  parseMove: (text) => integer(text.trim(), 'move'),
  // The page numbers rows and columns from 1 (the notation's cell of the line from 0).
  describeMove: (k) => String(k + 1),
};
