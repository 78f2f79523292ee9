// The immediate tactics the rules show without a search: where a stone wins at once, and which columns hand the
// other side such a win, and what they prove. The learned player's searches use them at every node, the training
// games for their moves where no label says better.

import { height, legalMoves, makesFour, play, type Position } from './rules';

/** The stone of the side to move (1 the first player's, 2 the second's). */
export function stoneToMove(position: Position): number {
  return 1 + (position.moves.length % 2);
}

/** The columns where a stone of `stone` dropped now makes four. */
export function winningColumns(position: Position, stone: number): number[] {
  const board = position.board.map((cells) => cells.slice());
  return legalMoves(position).filter((column) => {
    const row = height(position, column);
    board[column][row] = stone;
    const wins = makesFour(board, column, row);
    board[column][row] = 0;
    return wins;
  });
}

/** Whether playing `column` lets the other side win with its next stone. */
export function givesWin(position: Position, column: number): boolean {
  const child = play(position, column);
  return child.winner === null && winningColumns(child, stoneToMove(child)).length > 0;
}

/**
 * The columns worth playing by the immediate tactics alone: the wins at once, else the block of the other side's
 * one immediate win, else those that hand it none (all legal columns when every one does).
 */
export function tacticalColumns(position: Position): number[] {
  const wins = winningColumns(position, stoneToMove(position));
  if (wins.length > 0) return wins;
  const threats = winningColumns(position, 3 - stoneToMove(position));
  if (threats.length === 1) return threats;
  const safe = legalMoves(position).filter((column) => !givesWin(position, column));
  return safe.length > 0 ? safe : legalMoves(position);
}

/**
 * What the rules alone prove of a position for its side to move (null: nothing): 1 a win at once, -1 a loss (the
 * game is lost, or the other side has two immediate wins, or one whose block it wins on top of), 0 a full board.
 */
export function provenByRules(position: Position): number | null {
  if (position.winner !== null) return -1;
  if (legalMoves(position).length === 0) return 0;
  if (winningColumns(position, stoneToMove(position)).length > 0) return 1;
  const threats = winningColumns(position, 3 - stoneToMove(position));
  if (threats.length > 1 || (threats.length === 1 && givesWin(position, threats[0]))) return -1;
  return null;
}
