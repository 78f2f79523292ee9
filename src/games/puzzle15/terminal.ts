// The 15-puzzle (and its 5x5 size) in the terminal: the board, the move counter, and a move read as where the blank goes (U, D,
// L, R) or as the number of a tile next to the blank; each kind of bad input gets its own message.

import type { TerminalUi } from '../../contracts/game';
import { canMove, sizeOf, type Direction, type Position } from './rules';

export function draw(position: Position): string {
  const size = sizeOf(position.tiles);
  const line = `+${'----+'.repeat(size)}`;
  const rows = [...Array(size).keys()].map(
    (row) =>
      `|${position.tiles
        .slice(row * size, row * size + size)
        .map((tile) => `${tile ? String(tile).padStart(3) : '   '} |`)
        .join('')}`,
  );
  return [line, ...rows.flatMap((row) => [row, line]), `Moves: ${position.moves.length}`].join('\n');
}

const WHERE: Readonly<Record<Direction, string>> = { U: 'top', D: 'bottom', L: 'left', R: 'right' };

export function readMove(position: Position, input: string): { readonly move: Direction } | { readonly error: string } {
  const text = input.trim();
  if (text === '') return { error: 'Empty line: enter U, D, L or R (where the blank goes), or the number of a tile next to the blank.' };
  const letter = text.toUpperCase();
  if (['U', 'D', 'L', 'R'].includes(letter)) {
    const direction = letter as Direction;
    return canMove(position, direction) ? { move: direction } : { error: `The blank is at the ${WHERE[direction]} edge: it cannot move ${direction}.` };
  }
  if (!/^\d+$/.test(text)) return { error: `"${text}" is not a move: enter U, D, L, R or a tile number.` };
  const tile = Number(text);
  const size = sizeOf(position.tiles);
  const last = size * size - 1;
  if (tile < 1 || tile > last) return { error: `There is no tile ${text}: the tiles are 1 to ${last}.` };
  const cell = position.tiles.indexOf(tile);
  const next: Record<number, Direction> = { [-size]: 'U', [size]: 'D', [-1]: 'L', 1: 'R' };
  const direction = next[cell - position.blank];
  const sameRow = Math.floor(cell / size) === Math.floor(position.blank / size);
  if (!direction || ((direction === 'L' || direction === 'R') && !sameRow)) return { error: `Tile ${tile} is not next to the blank.` };
  return { move: direction };
}

export const terminal: TerminalUi<Position, Direction> = {
  draw,
  prompt: () => 'Your move: U, D, L, R (where the blank goes) or the number of a tile next to the blank',
  readMove,
  verdict: (position) => `Solved in ${position.moves.length} move${position.moves.length === 1 ? '' : 's'}!`,
};
