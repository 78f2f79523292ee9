// Tic-tac-toe rules, the authority. The board is one flat array of 9 cells as in the article
// (0 empty, 1 X, 2 O; cells 0-8 row-major), and a move is only checked along the lines through it.

import type { GameRules, Outcome } from '../../contracts/game';

export const EMPTY = 0;
export const X = 1;
export const O = 2;
export type Mark = typeof EMPTY | typeof X | typeof O;

export interface Position {
  readonly board: readonly Mark[];
  /** The mark that has three in a row, or EMPTY. */
  readonly winner: Mark;
}

const LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** The article's check: does the mark on cell n complete a line? Only the 2, 3 or 4 lines through n are looked at. */
export function winsAt(board: readonly Mark[], n: number): boolean {
  const mark = board[n];
  const row = n - (n % 3);
  if (board[row] === mark && board[row + 1] === mark && board[row + 2] === mark) return true;
  const column = n % 3;
  if (board[column] === mark && board[column + 3] === mark && board[column + 6] === mark) return true;
  if (n % 2 !== 0) return false; // an edge lies on no diagonal
  if (n % 4 === 0 && board[0] === mark && board[4] === mark && board[8] === mark) return true;
  return (n === 2 || n === 4 || n === 6) && board[2] === mark && board[4] === mark && board[6] === mark;
}

/** The marks that have three in a row anywhere on the board (all 8 lines checked). */
export function marksWithLine(board: readonly Mark[]): Set<Mark> {
  const marks = new Set<Mark>();
  for (const [a, b, c] of LINES) {
    if (board[a] !== EMPTY && board[a] === board[b] && board[a] === board[c]) marks.add(board[a]);
  }
  return marks;
}

/** The cells of every completed line, to highlight them. */
export function winningCells(board: readonly Mark[]): Set<number> {
  const cells = new Set<number>();
  for (const line of LINES) {
    const [a, b, c] = line;
    if (board[a] !== EMPTY && board[a] === board[b] && board[a] === board[c]) for (const cell of line) cells.add(cell);
  }
  return cells;
}

export function count(board: readonly Mark[], mark: Mark): number {
  return board.filter((cell) => cell === mark).length;
}

export function markToMove(position: Position): Mark {
  return count(position.board, X) === count(position.board, O) ? X : O;
}

export function newGame(): Position {
  return { board: Array<Mark>(9).fill(EMPTY), winner: EMPTY };
}

export function isOver(position: Position): boolean {
  return position.winner !== EMPTY || !position.board.includes(EMPTY);
}

export function legalMoves(position: Position): number[] {
  if (isOver(position)) return [];
  return position.board.flatMap((cell, n) => (cell === EMPTY ? [n] : []));
}

export function play(position: Position, n: number): Position {
  if (!Number.isInteger(n) || n < 0 || n > 8) throw new Error(`cell ${n} does not exist: cells are 0 to 8`);
  if (isOver(position)) throw new Error('the game is over');
  if (position.board[n] !== EMPTY) throw new Error(`cell ${n} is taken`);
  const board = position.board.slice();
  board[n] = markToMove(position);
  return { board, winner: winsAt(board, n) ? board[n] : EMPTY };
}

const SYMBOLS: Record<string, Mark> = { '.': EMPTY, X, O };

/** Reads 9 characters X, O or '.', row-major; throws for a board no game can reach. */
export function parse(text: string): Position {
  const line = text.trim();
  if (line.length !== 9) throw new Error(`a position is 9 characters X, O or '.', got ${line.length}`);
  const board = [...line].map((symbol, n) => {
    const mark = SYMBOLS[symbol];
    if (mark === undefined) throw new Error(`character ${n + 1} is '${symbol}': use X, O or '.'`);
    return mark;
  });
  const xs = count(board, X);
  const os = count(board, O);
  if (xs !== os && xs !== os + 1) {
    throw new Error(`${xs} X and ${os} O: X moves first, so X has as many marks as O or one more`);
  }
  const lines = marksWithLine(board);
  if (lines.size === 2) throw new Error('both X and O have three in a row');
  const winner: Mark = lines.has(X) ? X : lines.has(O) ? O : EMPTY;
  if (winner === X && xs === os) throw new Error('O moved after X had already won');
  if (winner === O && xs > os) throw new Error('X moved after O had already won');
  return { board, winner };
}

export function format(position: Position): string {
  return position.board.map((mark) => '.XO'[mark]).join('');
}

export function outcome(position: Position): Outcome | null {
  if (position.winner !== EMPTY) return { winner: position.winner === X ? 0 : 1 };
  return isOver(position) ? { winner: null } : null;
}

export function parseMove(text: string): number {
  const move = text.trim();
  if (!/^\d+$/.test(move)) throw new Error(`"${text}" is not a cell number`);
  return Number(move);
}

export const rules: GameRules<Position, number> = {
  id: 'tictactoe',
  title: 'Tic-tac-toe',
  seats: ['X', 'O'],
  start: newGame,
  parse,
  format,
  seatToMove: (position) => (markToMove(position) === X ? 0 : 1),
  legalMoves,
  play,
  outcome,
  formatMove: String,
  parseMove,
  // The board and its keys number the cells 1-9 (the notation 0-8, as OpenSpiel's actions).
  describeMove: (cell) => String(cell + 1),
};
