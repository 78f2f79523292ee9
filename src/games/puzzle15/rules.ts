// The 15-puzzle, the authority: tiles 1-15 and the blank (0) on a 4x4 board, row-major; the goal is
// 1 2 … 15 0 (blank bottom right). A move slides a tile next to the blank into it; it is named by where the
// blank goes: U, D, L, R. A board is solvable for this goal when its inversions (tiles only) plus the blank's
// row counted from the bottom (1-based) is odd.

import type { GameRules, Outcome } from '../../contracts/game';
import { Rng } from '../../contracts/rng';

export const SIZE = 4;
export const CELLS = SIZE * SIZE;
export type Direction = 'U' | 'D' | 'L' | 'R';
export const DIRECTIONS: readonly Direction[] = ['U', 'L', 'R', 'D'];
const OPPOSITE: Readonly<Record<Direction, Direction>> = { U: 'D', D: 'U', L: 'R', R: 'L' };
const STEP: Readonly<Record<Direction, number>> = { U: -SIZE, D: SIZE, L: -1, R: 1 };

export interface Position {
  readonly tiles: readonly number[];
  /** The blank's cell. */
  readonly blank: number;
  /** The moves made from the start (the move counter is its length). */
  readonly moves: string;
}

export const GOAL: readonly number[] = [...Array(CELLS - 1).keys()].map((i) => i + 1).concat(0);

export function isGoal(tiles: readonly number[]): boolean {
  return tiles.every((tile, cell) => tile === GOAL[cell]);
}

export function inversions(tiles: readonly number[]): number {
  const order = tiles.filter((tile) => tile !== 0);
  let count = 0;
  for (let i = 0; i < order.length; i++) for (let j = i + 1; j < order.length; j++) if (order[i] > order[j]) count++;
  return count;
}

/** Why a board cannot be solved, or undefined when it can. */
export function unsolvableReason(tiles: readonly number[]): string | undefined {
  const count = inversions(tiles);
  const blankRow = SIZE - Math.floor(tiles.indexOf(0) / SIZE);
  if ((count + blankRow) % 2 === 1) return undefined;
  return `this board cannot be solved: ${count} inversions + the blank's row from the bottom (${blankRow}) is even, and only odd sums reach the goal`;
}

/** Can the blank move this way? */
export function canMove(position: Position, direction: Direction): boolean {
  const row = Math.floor(position.blank / SIZE);
  const column = position.blank % SIZE;
  return direction === 'U' ? row > 0 : direction === 'D' ? row < SIZE - 1 : direction === 'L' ? column > 0 : column < SIZE - 1;
}

/** The blank's possible moves; none once the goal is reached (the game is over). */
export function legalMoves(position: Position): Direction[] {
  if (isGoal(position.tiles)) return [];
  return DIRECTIONS.filter((direction) => canMove(position, direction));
}

/** The blank moves one cell: the tile there slides into the blank's cell. */
export function play(position: Position, direction: Direction): Position {
  if (!canMove(position, direction))
    throw new Error(`the blank cannot move ${direction} from row ${Math.floor(position.blank / SIZE) + 1}, column ${(position.blank % SIZE) + 1}`);
  const target = position.blank + STEP[direction];
  const tiles = position.tiles.slice();
  tiles[position.blank] = tiles[target];
  tiles[target] = 0;
  return { tiles, blank: target, moves: position.moves + direction };
}

/**
 * The blank moves that slide the tile at `cell` toward the blank, with the tiles between: a tile in line with
 * the blank moves its whole row or column segment; other tiles cannot move (an empty list).
 */
export function slideTile(position: Position, cell: number): Direction[] {
  const [blankRow, blankColumn] = [Math.floor(position.blank / SIZE), position.blank % SIZE];
  const [row, column] = [Math.floor(cell / SIZE), cell % SIZE];
  if (cell === position.blank || (row !== blankRow && column !== blankColumn)) return [];
  const direction: Direction = row === blankRow ? (column < blankColumn ? 'L' : 'R') : row < blankRow ? 'U' : 'D';
  return Array(Math.abs(row - blankRow) + Math.abs(column - blankColumn)).fill(direction);
}

export function start(tiles: readonly number[]): Position {
  return { tiles: tiles.slice(), blank: tiles.indexOf(0), moves: '' };
}

/** Reads 16 numbers 0-15 (tokens after the 16th are ignored); refuses a malformed or unsolvable board. */
export function parse(text: string): Position {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length < CELLS) throw new Error(`a board is 16 numbers 0 to 15, got ${tokens.length}`);
  const tiles = tokens.slice(0, CELLS).map((token, cell) => {
    if (!/^\d+$/.test(token)) throw new Error(`"${token}" (cell ${cell + 1}) is not a number 0 to 15`);
    const tile = Number(token);
    if (tile > 15) throw new Error(`${tile} (cell ${cell + 1}) is out of range 0..15`);
    return tile;
  });
  const seen = new Set<number>();
  for (const tile of tiles) {
    if (seen.has(tile)) {
      const missing = [...Array(CELLS).keys()].filter((t) => !tiles.includes(t));
      throw new Error(`${tile} appears twice (and ${missing.join(', ')} is missing)`);
    }
    seen.add(tile);
  }
  const reason = unsolvableReason(tiles);
  if (reason) throw new Error(reason);
  return start(tiles);
}

export function format(position: Position): string {
  return position.tiles.join(' ');
}

/** Generator 1 (the article's first way): n random blank moves from the goal, never undoing the previous one. */
export function randomWalk(seed: number, n: number): Position {
  const rng = new Rng(seed);
  let position = start(GOAL);
  let previous: Direction | undefined;
  for (let i = 0; i < n; i++) {
    const options = DIRECTIONS.filter((d) => canMove(position, d) && d !== (previous && OPPOSITE[previous]));
    previous = rng.pick(options);
    position = play(position, previous);
  }
  return start(position.tiles);
}

/** Generator 2: a uniform random arrangement (Fisher-Yates), drawn again until it is solvable. */
export function randomBoard(seed: number): Position {
  const rng = new Rng(seed);
  for (;;) {
    const tiles = [...Array(CELLS).keys()];
    for (let i = CELLS - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
    }
    if (!unsolvableReason(tiles)) return start(tiles);
  }
}

export function outcome(position: Position): Outcome | null {
  return isGoal(position.tiles) ? { winner: 0 } : null;
}

/** The blank's move as the arrow of the tile it swaps with: the blank going up moves the tile above it down. */
export const TILE_ARROWS: Readonly<Record<Direction, string>> = { U: '↓', D: '↑', L: '→', R: '←' };

export const rules: GameRules<Position, Direction> = {
  id: 'puzzle15',
  title: '15-puzzle',
  seats: ['Player', 'Player'],
  start: (seed) => randomBoard(seed),
  parse,
  format,
  seatToMove: () => 0,
  legalMoves,
  play,
  outcome,
  formatMove: (direction) => direction,
  // People move tiles (the arrow keys move a tile their way); the notation names where the blank goes.
  describeMove: (direction) => TILE_ARROWS[direction],
  parseMove(text) {
    const move = text.trim().toUpperCase();
    if (!['U', 'D', 'L', 'R'].includes(move)) throw new Error(`"${text}" is not a move: U, D, L or R (where the blank goes)`);
    return move as Direction;
  },
};
