// The 15-puzzle, the authority, and its 5x5 size (the 24-puzzle): tiles 1 … N and the blank (0) on a board of
// `size` x `size` cells, row-major; the goal is 1 2 … N 0 (blank bottom right). A move slides a tile next to the
// blank into it; it is named by where the blank goes: U, D, L, R. A board of even width is solvable for this goal
// when its inversions (tiles only) plus the blank's row counted from the bottom (1-based) is odd; a board of odd
// width when its inversions are even (a move up or down passes the tile over width - 1 others, an even number).

import type { GameRules, Outcome, Sizes } from '../../contracts/game';
import { Rng } from '../../contracts/rng';

/** The 15-puzzle's size, the default. */
export const SIZE = 4;
/** The sizes: 4 x 4 (the 15-puzzle) and 5 x 5 (the 24-puzzle). */
export const SIZES = [4, 5] as const;
export type Direction = 'U' | 'D' | 'L' | 'R';
export const DIRECTIONS: readonly Direction[] = ['U', 'L', 'R', 'D'];
/** The move that undoes each move. */
export const OPPOSITE: Readonly<Record<Direction, Direction>> = { U: 'D', D: 'U', L: 'R', R: 'L' };

export interface Position {
  /** The tile on every cell, row-major: 16 or 25 of them (the board's size is their number's square root). */
  readonly tiles: readonly number[];
  /** The blank's cell. */
  readonly blank: number;
  /** The moves made from the start (the move counter is its length). */
  readonly moves: string;
}

/** The board's width (and height). */
export function sizeOf(tiles: readonly number[]): number {
  return Math.round(Math.sqrt(tiles.length));
}

/** The goal of a size: 1 … N then the blank. */
export function goalOf(size: number): number[] {
  return [...Array(size * size - 1).keys()].map((i) => i + 1).concat(0);
}

/** The 15-puzzle's goal. */
export const GOAL: readonly number[] = goalOf(SIZE);

export function isGoal(tiles: readonly number[]): boolean {
  return tiles.every((tile, cell) => tile === (cell === tiles.length - 1 ? 0 : cell + 1));
}

function step(direction: Direction, size: number): number {
  return direction === 'U' ? -size : direction === 'D' ? size : direction === 'L' ? -1 : 1;
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
  const size = sizeOf(tiles);
  if (size % 2 === 1) {
    if (count % 2 === 0) return undefined;
    return `this board cannot be solved: it has ${count} inversions, and on a board of odd width only an even number reaches the goal`;
  }
  const blankRow = size - Math.floor(tiles.indexOf(0) / size);
  if ((count + blankRow) % 2 === 1) return undefined;
  return `this board cannot be solved: ${count} inversions + the blank's row from the bottom (${blankRow}) is even, and only odd sums reach the goal`;
}

/** Can the blank move this way? */
export function canMove(position: Position, direction: Direction): boolean {
  const size = sizeOf(position.tiles);
  const row = Math.floor(position.blank / size);
  const column = position.blank % size;
  return direction === 'U' ? row > 0 : direction === 'D' ? row < size - 1 : direction === 'L' ? column > 0 : column < size - 1;
}

/** The blank's possible moves; none once the goal is reached (the game is over). */
/** The Manhattan distance: each tile's rows and columns from its goal cell, summed (a lower bound on the moves left). */
export function manhattan(tiles: readonly number[]): number {
  const size = sizeOf(tiles);
  return tiles.reduce((sum, tile, cell) => {
    if (tile === 0) return sum;
    const goal = tile - 1;
    return sum + Math.abs(Math.floor(goal / size) - Math.floor(cell / size)) + Math.abs((goal % size) - (cell % size));
  }, 0);
}

export function legalMoves(position: Position): Direction[] {
  if (isGoal(position.tiles)) return [];
  return DIRECTIONS.filter((direction) => canMove(position, direction));
}

/** The blank moves one cell: the tile there slides into the blank's cell. */
export function play(position: Position, direction: Direction): Position {
  const size = sizeOf(position.tiles);
  if (!canMove(position, direction))
    throw new Error(`the blank cannot move ${direction} from row ${Math.floor(position.blank / size) + 1}, column ${(position.blank % size) + 1}`);
  const target = position.blank + step(direction, size);
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
  const size = sizeOf(position.tiles);
  const [blankRow, blankColumn] = [Math.floor(position.blank / size), position.blank % size];
  const [row, column] = [Math.floor(cell / size), cell % size];
  if (cell === position.blank || (row !== blankRow && column !== blankColumn)) return [];
  const direction: Direction = row === blankRow ? (column < blankColumn ? 'L' : 'R') : row < blankRow ? 'U' : 'D';
  return Array(Math.abs(row - blankRow) + Math.abs(column - blankColumn)).fill(direction);
}

export function start(tiles: readonly number[]): Position {
  return { tiles: tiles.slice(), blank: tiles.indexOf(0), moves: '' };
}

/** A size as written: `5` or `5x5`; throws for one that is not a size. */
export function parseSize(text: string): number {
  const match = /^(\d+)(?:x(\d+))?$/.exec(text.trim());
  const size = match && (match[2] === undefined || match[2] === match[1]) ? Number(match[1]) : Number.NaN;
  if (!(SIZES as readonly number[]).includes(size)) throw new Error(`"${text}" is not a size of the puzzle: 4 (4x4, the 15-puzzle) or 5 (5x5, the 24-puzzle)`);
  return size;
}

/**
 * Reads a board of `size` (4 by default): its N + 1 numbers 0 to N, tokens after them ignored. A board may say its
 * size first (`5x5:`, as a 5x5 board is written), which then wins. Refuses a malformed or unsolvable board.
 */
export function parse(text: string, size = SIZE): Position {
  const prefix = /^\s*(\d+x\d+):/.exec(text);
  const width = prefix ? parseSize(prefix[1]) : size;
  const cells = width * width;
  const tokens = text
    .slice(prefix ? prefix[0].length : 0)
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const most = cells - 1;
  if (tokens.length < cells) throw new Error(`a ${width === SIZE ? '' : `${width}x${width} `}board is ${cells} numbers 0 to ${most}, got ${tokens.length}`);
  const tiles = tokens.slice(0, cells).map((token, cell) => {
    if (!/^\d+$/.test(token)) throw new Error(`"${token}" (cell ${cell + 1}) is not a number 0 to ${most}`);
    const tile = Number(token);
    if (tile > most) throw new Error(`${tile} (cell ${cell + 1}) is out of range 0..${most}`);
    return tile;
  });
  const seen = new Set<number>();
  for (const tile of tiles) {
    if (seen.has(tile)) {
      const missing = [...Array(cells).keys()].filter((t) => !tiles.includes(t));
      throw new Error(`${tile} appears twice (and ${missing.join(', ')} is missing)`);
    }
    seen.add(tile);
  }
  const reason = unsolvableReason(tiles);
  if (reason) throw new Error(reason);
  return start(tiles);
}

/** The board's numbers; a board other than 4x4 says its size first (`5x5: …`). */
export function format(position: Position): string {
  const size = sizeOf(position.tiles);
  return size === SIZE ? position.tiles.join(' ') : `${size}x${size}: ${position.tiles.join(' ')}`;
}

/** Generator 1 (the article's first way): n random blank moves from the goal, never undoing the previous one. */
export function randomWalk(seed: number, n: number, size = SIZE): Position {
  const rng = new Rng(seed);
  let position = start(goalOf(size));
  let previous: Direction | undefined;
  for (let i = 0; i < n; i++) {
    const options = DIRECTIONS.filter((d) => canMove(position, d) && d !== (previous && OPPOSITE[previous]));
    previous = rng.pick(options);
    position = play(position, previous);
  }
  return start(position.tiles);
}

/** Generator 2: a uniform random arrangement (Fisher-Yates), drawn again until it is solvable. */
export function randomBoard(seed: number, size = SIZE): Position {
  const rng = new Rng(seed);
  const cells = size * size;
  for (;;) {
    const tiles = [...Array(cells).keys()];
    for (let i = cells - 1; i > 0; i--) {
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
  start: (seed, size) => randomBoard(seed, size ?? SIZE),
  parse: (text, size) => parse(text, size ?? SIZE),
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

/** The puzzle's sizes as the CLI, links and pages take them: `--size 5` or `5x5`. */
export const PUZZLE_SIZES: Sizes = {
  min: SIZES[0],
  max: SIZES[SIZES.length - 1],
  default: SIZE,
  named: { all: SIZES, format: (size) => `${size}x${size}`, parse: parseSize },
};
