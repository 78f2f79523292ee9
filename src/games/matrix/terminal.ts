// The matrix game in the terminal: the board with the active line marked and used cells shown as '.', and a
// person's move read as the index of a cell in the line, each kind of bad input with its own message.

import type { TerminalUi } from '../../contracts/game';
import { cellOf, outcome, seatToMove, type Position } from './rules';

const SEAT_NAMES = ['Rows', 'Columns'] as const;

export function draw(position: Position): string {
  const { size, values, used, points, line } = position;
  const seat = seatToMove(position);
  const cell = (i: number) => (used[i] ? '.' : String(values[i])).padStart(3);
  const marker = (column: number) => (seat === 1 && column === line ? '  v' : '   ');
  const header = `      ${[...Array(size).keys()].map((c) => String(c).padStart(3)).join('')}`;
  const arrows = `      ${[...Array(size).keys()].map(marker).join('')}`;
  const rows = [...Array(size).keys()].map(
    (r) => `${seat === 0 && r === line ? ' >' : '  '} ${String(r).padStart(2)} ${[...Array(size).keys()].map((c) => cell(r * size + c)).join('')}`,
  );
  return [`Rows ${points[0]} : Columns ${points[1]}`, header, ...(seat === 1 ? [arrows] : []), ...rows].join('\n');
}

function prompt(position: Position): string {
  const seat = seatToMove(position);
  const line = seat === 0 ? `row ${position.line}` : `column ${position.line}`;
  return `${SEAT_NAMES[seat]} to move in ${line}: enter the ${seat === 0 ? 'column' : 'row'} of a free cell, 0 to ${position.size - 1}`;
}

export function readCell(position: Position, input: string): { readonly move: number } | { readonly error: string } {
  const text = input.trim();
  const last = position.size - 1;
  if (text === '') return { error: `Empty line: please enter a number from 0 to ${last}.` };
  if (!/^[+-]?\d+$/.test(text)) return { error: `"${text}" is not a number: please enter a number from 0 to ${last}.` };
  const k = Number(text);
  if (k < 0 || k > last) return { error: `There is no cell ${text} in this line: enter a number from 0 to ${last}.` };
  const cell = cellOf(position, k);
  if (position.used[cell]) {
    return { error: `The cell at row ${Math.floor(cell / position.size)}, column ${cell % position.size} is used: choose a free one.` };
  }
  return { move: k };
}

function verdict(position: Position): string {
  const result = outcome(position);
  const [rows, columns] = position.points;
  if (!result) return '';
  return result.winner === null
    ? `Draw, ${rows} to ${columns}.`
    : `${SEAT_NAMES[result.winner]} win, ${Math.max(rows, columns)} to ${Math.min(rows, columns)}.`;
}

export const terminal: TerminalUi<Position, number> = { draw, prompt, readMove: readCell, verdict };
