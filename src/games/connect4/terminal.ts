// Connect 4 in the terminal: the board with its column numbers, and a person's column read with a message of
// its own for each kind of bad input (the article's "illegal move" for a full column).

import type { TerminalUi } from '../../contracts/game';
import { HEIGHT, WIDTH, height, outcome, seatToMove, type Position } from './rules';

const STONE = ['.', 'X', 'O'];
const NAME = ['Red (X)', 'Yellow (O)'];

export function draw(position: Position): string {
  const rows = [...Array(HEIGHT).keys()]
    .reverse()
    .map((row) => `| ${[...Array(WIDTH).keys()].map((column) => STONE[position.board[column][row]]).join(' ')} |`);
  return [...rows, `+${'-'.repeat(2 * WIDTH + 1)}+`, `  ${[...Array(WIDTH).keys()].map((column) => column + 1).join(' ')}`].join('\n');
}

export function readColumn(position: Position, input: string): { readonly move: number } | { readonly error: string } {
  const text = input.trim();
  if (text === '') return { error: 'Empty line: please enter a column, 1 to 7.' };
  if (!/^[+-]?\d+$/.test(text)) return { error: `"${text}" is not a number: please enter a column, 1 to 7.` };
  const column = Number(text);
  if (column < 1 || column > WIDTH) return { error: `There is no column ${text}: the columns are 1 to 7.` };
  if (height(position, column - 1) === HEIGHT) return { error: `Illegal move: column ${column} is full.` };
  return { move: column - 1 };
}

export const terminal: TerminalUi<Position, number> = {
  draw,
  prompt: (position) => `${NAME[seatToMove(position)]} to move: enter a column, 1 to 7`,
  readMove: readColumn,
  verdict(position) {
    const result = outcome(position);
    return result?.winner === null ? 'The game ended in a tie!' : `${NAME[result!.winner!]} won!`;
  },
};
