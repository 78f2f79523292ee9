// The puzzle solver's move when its optimal search does not finish in the move's time: the best path so far toward
// the goal, from a weighted A* (f = g + WEIGHT x h, h the Manhattan distance plus linear conflicts) run in what is
// left of the move. Weighted, it finds a solution (not the shortest) in a few thousand boards where the optimal
// search needs millions; it plays the first move of that solution, or, out of time first, of the path to the board
// nearest the goal it reached. The boards the game has already been on are not stepped onto again (unless every
// move leads to one): moves chosen one at a time under a clock do not go round in circles.

import type { MoveClock } from '../../contracts/move-clock';
import { type Direction, format, isGoal, legalMoves, manhattan, OPPOSITE, play, type Position, sizeOf } from './rules';

/** How much the estimate outweighs the moves made: the larger, the sooner a solution and the longer it is. */
const WEIGHT = 3;
/** The most boards kept (about 100 bytes each): the search's memory is bounded whatever its time. */
export const MAX_BOARDS = 300_000;
/** Boards expanded between two looks at the clock. */
const CLOCK_EVERY = 256;

/** The Manhattan distance plus two moves for each tile that must pass another of its goal row or column (linear conflicts). */
export function estimate(tiles: readonly number[]): number {
  const size = sizeOf(tiles);
  return manhattan(tiles) + 2 * (conflicts(tiles, size, true) + conflicts(tiles, size, false));
}

/** The conflicts of the rows (or columns): per line, the tiles of that goal line to take out so the rest are in order. */
function conflicts(tiles: readonly number[], size: number, rows: boolean): number {
  let total = 0;
  for (let line = 0; line < size; line++) {
    // The goal places along the line of the tiles that belong to it, in board order.
    const places: number[] = [];
    for (let k = 0; k < size; k++) {
      const tile = tiles[rows ? line * size + k : k * size + line];
      if (tile === 0) continue;
      const goal = tile - 1;
      if ((rows ? Math.floor(goal / size) : goal % size) === line) places.push(rows ? goal % size : Math.floor(goal / size));
    }
    // Tiles out of order: the line's length less its longest increasing run (the tiles that can stay).
    const longest: number[] = [];
    for (const [i, place] of places.entries()) {
      longest[i] = 1;
      for (let j = 0; j < i; j++) if (places[j] < place) longest[i] = Math.max(longest[i], longest[j] + 1);
    }
    total += places.length - Math.max(0, ...longest);
  }
  return total;
}

/** The boards a game has been on before this one, read back from its moves. */
function earlierBoards(position: Position): Set<string> {
  const seen = new Set<string>();
  let at = position;
  for (let k = position.moves.length - 1; k >= 0; k--) {
    at = play(at, OPPOSITE[position.moves[k] as Direction]);
    seen.add(format(at));
  }
  return seen;
}

interface Node {
  readonly position: Position;
  readonly g: number;
  readonly h: number;
  /** The first move from the root on the way here. */
  readonly first: Direction;
}

/** A binary heap of nodes, least f = g + WEIGHT x h first (then least h). */
class Frontier {
  private readonly nodes: Node[] = [];

  private static less(a: Node, b: Node): boolean {
    const [fa, fb] = [a.g + WEIGHT * a.h, b.g + WEIGHT * b.h];
    return fa < fb || (fa === fb && a.h < b.h);
  }

  get size(): number {
    return this.nodes.length;
  }

  push(node: Node): void {
    const nodes = this.nodes;
    let i = nodes.push(node) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!Frontier.less(nodes[i], nodes[parent])) break;
      [nodes[i], nodes[parent]] = [nodes[parent], nodes[i]];
      i = parent;
    }
  }

  pop(): Node {
    const nodes = this.nodes;
    const top = nodes[0];
    const last = nodes.pop()!;
    if (nodes.length > 0) {
      nodes[0] = last;
      for (let i = 0; ; ) {
        const [left, right] = [2 * i + 1, 2 * i + 2];
        let least = i;
        if (left < nodes.length && Frontier.less(nodes[left], nodes[least])) least = left;
        if (right < nodes.length && Frontier.less(nodes[right], nodes[least])) least = right;
        if (least === i) break;
        [nodes[i], nodes[least]] = [nodes[least], nodes[i]];
        i = least;
      }
    }
    return top;
  }
}

/** The move toward the goal, whether it begins a whole solution, and the boards expanded (counted on `clock`). */
export interface BestPath {
  readonly move: Direction;
  /** The length of the solution the move begins, or null when the search reached no goal in its time. */
  readonly solution: number | null;
  readonly nodes: number;
}

/** The first move of the best path so far from `position` (not the goal) toward the goal, within `clock`. */
export function bestPath(position: Position, clock: MoveClock): BestPath {
  const earlier = earlierBoards(position);
  const children = legalMoves(position).map((first) => ({ first, child: play(position, first) }));
  const fresh = children.filter(({ child }) => !earlier.has(format(child)));
  const frontier = new Frontier();
  const reached = new Set<string>([format(position), ...earlier]);
  let nearest: Node | undefined;
  let nodes = 0;
  for (const { first, child } of fresh.length > 0 ? fresh : children) {
    const node = { position: child, g: 1, h: estimate(child.tiles), first };
    reached.add(format(child));
    frontier.push(node);
    if (!nearest || node.h < nearest.h) nearest = node;
  }
  const done = (solution: number | null, move: Direction): BestPath => {
    clock.count(nodes);
    return { move, solution, nodes };
  };
  while (frontier.size > 0) {
    const node = frontier.pop();
    if (isGoal(node.position.tiles)) return done(node.g, node.first);
    if (++nodes % CLOCK_EVERY === 0 && (clock.spent() || reached.size >= MAX_BOARDS)) break;
    if (clock.maxNodes > 0 && clock.nodesSpent + nodes >= clock.maxNodes) break;
    for (const direction of legalMoves(node.position)) {
      const child = play(node.position, direction);
      const key = format(child);
      if (reached.has(key)) continue;
      reached.add(key);
      const next = { position: child, g: node.g + 1, h: estimate(child.tiles), first: node.first };
      if (next.h < nearest!.h || (next.h === nearest!.h && next.g < nearest!.g)) nearest = next;
      frontier.push(next);
    }
  }
  return done(null, nearest!.first);
}
