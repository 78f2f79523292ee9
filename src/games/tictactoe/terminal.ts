// The article's console game: its board drawing, its prompt, and its input validation, with a message of
// its own for each kind of bad input.

import type { TerminalUi } from '../../contracts/game';
import { EMPTY, markToMove, type Position } from './rules';

const SYMBOL = ['', 'X', 'O'];

/** The article's drawCanvas: empty cells show their number, 0 to 8. */
export function draw(position: Position): string {
  const rows = [0, 3, 6].map((row) =>
    [0, 1, 2]
      .map((column) => {
        const cell = row + column;
        return `  ${position.board[cell] === EMPTY ? cell : SYMBOL[position.board[cell]]}  `;
      })
      .join('|'),
  );
  const spacer = '     |     |     ';
  return [spacer, rows[0], '_____|_____|_____', spacer, rows[1], '_____|_____|_____', spacer, rows[2], spacer].join('\n');
}

/** The article's getNumber, with the four kinds of bad input told apart. */
export function readCell(position: Position, line: string): { readonly move: number } | { readonly error: string } {
  const text = line.trim();
  if (text === '') return { error: 'Empty line: please enter the number of a free cell, 0 to 8.' };
  if (!/^[+-]?\d+$/.test(text)) return { error: `"${text}" is not a number: please enter the number of a free cell, 0 to 8.` };
  const cell = Number(text);
  if (cell < 0 || cell > 8) return { error: `There is no cell ${text}: the cells are numbered 0 to 8.` };
  const mark = position.board[cell];
  if (mark !== EMPTY) return { error: `Cell ${cell} is taken by ${SYMBOL[mark]}: choose a free cell.` };
  return { move: cell };
}

export const terminal: TerminalUi<Position, number> = {
  draw,
  prompt: (position) => `mark ${SYMBOL[markToMove(position)]}`,
  readMove: readCell,
  verdict: (position) => (position.winner === EMPTY ? 'Draw' : `The winner is ${SYMBOL[position.winner]}!`),
};
