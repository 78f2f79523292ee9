// Connect 4 rules, the authority: a 7x6 board, stones dropped into columns, four in a row (across, up or
// diagonal) wins, a full board is a tie. A position is the string of columns played from the empty board,
// 1-based (`4453`); the empty board is the empty string.

import type { GameRules, Outcome } from '../../contracts/game';

export const WIDTH = 7;
export const HEIGHT = 6;
export const EMPTY = 0;

export interface Position {
  /** The columns played, 1-based digits. */
  readonly moves: string;
  /** board[column][row], row 0 at the bottom: 0 empty, 1 the first player's stone, 2 the second's. */
  readonly board: readonly (readonly number[])[];
  /** The seat that made four in a row, or null. */
  readonly winner: 0 | 1 | null;
}

export function seatToMove(position: Position): 0 | 1 {
  return (position.moves.length % 2) as 0 | 1;
}

export function height(position: Position, column: number): number {
  const free = position.board[column].indexOf(EMPTY);
  return free === -1 ? HEIGHT : free;
}

export function isOver(position: Position): boolean {
  return position.winner !== null || position.moves.length === WIDTH * HEIGHT;
}

/** The columns (0-6) that can be played. */
export function legalMoves(position: Position): number[] {
  if (isOver(position)) return [];
  return [...Array(WIDTH).keys()].filter((column) => height(position, column) < HEIGHT);
}

/** Does the stone at (column, row) make four in a row? Only the lines through it are looked at. */
function makesFour(board: readonly (readonly number[])[], column: number, row: number): boolean {
  const stone = board[column][row];
  const count = (dc: number, dr: number) => {
    let n = 0;
    for (let c = column + dc, r = row + dr; c >= 0 && c < WIDTH && r >= 0 && r < HEIGHT && board[c][r] === stone; c += dc, r += dr) n++;
    return n;
  };
  return [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ].some(([dc, dr]) => 1 + count(dc, dr) + count(-dc, -dr) >= 4);
}

/** Drops a stone into a column (0-6); throws for a full column (the article's "illegal move") or a finished game. */
export function play(position: Position, column: number): Position {
  if (!Number.isInteger(column) || column < 0 || column >= WIDTH) throw new Error(`column ${column + 1} does not exist: columns are 1 to 7`);
  if (isOver(position)) throw new Error('the game is over');
  const row = height(position, column);
  if (row === HEIGHT) throw new Error(`column ${column + 1} is full`);
  const board = position.board.map((cells) => cells.slice());
  board[column][row] = seatToMove(position) + 1;
  return { moves: position.moves + String(column + 1), board, winner: makesFour(board, column, row) ? seatToMove(position) : null };
}

export function newGame(): Position {
  return { moves: '', board: Array.from({ length: WIDTH }, () => Array<number>(HEIGHT).fill(EMPTY)), winner: null };
}

/** Reads a position; tokens after the first are ignored (a test set's line `4453 -2` reads as `4453`). */
/** A position from its moves (`4453`); `-` is the empty board too, for input read a line at a time. */
export function parse(text: string): Position {
  const first = text.trim().split(/\s+/)[0] ?? '';
  const moves = first === '-' ? '' : first;
  let position = newGame();
  [...moves].forEach((digit, i) => {
    if (!/^[1-7]$/.test(digit)) throw new Error(`move ${i + 1} is '${digit}': columns are the digits 1 to 7`);
    const column = Number(digit) - 1;
    if (position.winner !== null) throw new Error(`move ${i + 1} comes after a four in a row`);
    if (height(position, column) === HEIGHT) throw new Error(`move ${i + 1} plays column ${digit} a seventh time`);
    position = play(position, column);
  });
  return position;
}

export function outcome(position: Position): Outcome | null {
  if (position.winner !== null) return { winner: position.winner };
  return position.moves.length === WIDTH * HEIGHT ? { winner: null } : null;
}

export const rules: GameRules<Position, number> = {
  id: 'connect4',
  title: 'Connect 4',
  seats: ['Red', 'Yellow'],
  start: newGame,
  parse,
  format: (position) => position.moves,
  seatToMove,
  legalMoves,
  play,
  outcome,
  formatMove: (column) => String(column + 1),
  parseMove(text) {
    if (!/^\s*[1-7]\s*$/.test(text)) throw new Error(`"${text}" is not a column: columns are 1 to 7`);
    return Number(text) - 1;
  },
};
