// Connect 4 in the terminal: the board with its column numbers, and a person's column read with a message of
// its own for each kind of bad input (the article's "illegal move" for a full column).

import type { TerminalUi } from '../../contracts/game';
import { height, outcome, seatToMove, type Position } from './rules';
import { columnRange, columnSymbol, symbolColumn } from './sizes';

const STONE = ['.', 'X', 'O'];
const NAME = ['Red (X)', 'Yellow (O)'];

export function draw(position: Position): string {
  const columns = [...Array(position.width).keys()];
  const rows = [...Array(position.height).keys()].reverse().map((row) => `| ${columns.map((column) => STONE[position.board[column][row]]).join(' ')} |`);
  return [...rows, `+${'-'.repeat(2 * position.width + 1)}+`, `  ${columns.map(columnSymbol).join(' ')}`].join('\n');
}

export function readColumn(position: Position, input: string): { readonly move: number } | { readonly error: string } {
  const text = input.trim();
  const range = columnRange(position.width);
  if (text === '') return { error: `Empty line: please enter a column, ${range}.` };
  const digits = /^[+-]?\d+$/.test(text);
  const column = digits ? Number(text) - 1 : symbolColumn(text);
  if (!digits && column < 0) return { error: `"${text}" is not a column: please enter a column, ${range}.` };
  if (column < 0 || column >= position.width) return { error: `There is no column ${text}: the columns are ${range}.` };
  if (height(position, column) === position.height) return { error: `Illegal move: column ${columnSymbol(column)} is full.` };
  return { move: column };
}

export const terminal: TerminalUi<Position, number> = {
  draw,
  prompt: (position) => `${NAME[seatToMove(position)]} to move: enter a column, ${columnRange(position.width)}`,
  readMove: readColumn,
  verdict(position) {
    const result = outcome(position);
    return result?.winner === null ? 'The game ended in a tie!' : `${NAME[result!.winner!]} won!`;
  },
};
