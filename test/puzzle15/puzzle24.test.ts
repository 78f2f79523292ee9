// The puzzle core's tables of any width (assembly/puzzle15/tables.ts): its pattern tables against a breadth-first search written here (a group
// of its own and one looked up through a symmetry of the board); the same code on a 4x4 board against Korf's
// published lengths and the 15-puzzle solver; and on 5x5 with Korf and Felner's 6-6-6-6 databases, optimal lengths
// of short boards against an IDA* with the Manhattan distance written here, a published instance, and the
// database admissible at every board along every optimal solution found.

import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { instantiateCore } from '../../src/contracts/core';
import type { Iteration } from '../../src/contracts/game';
import { HEURISTICS, type Puzzle15Core } from '../../src/games/puzzle15/core';
import { goalOf, isGoal, parse, play, randomWalk, start, type Direction, type Position } from '../../src/games/puzzle15/rules';
import { parseSet } from '../../src/games/puzzle15/sets';
import { solveBoard } from '../../src/games/puzzle15/solve';
import { ensurePatterns24 } from '../../src/games/puzzle15/tables-24';
import { createNodePool } from '../../src/runtime/node-pool';
import { solveShared } from '../../src/runtime/shared-solve';
import { checkedCache } from '../../workers/checked-cache';
import { cacheFolder, fileCache } from '../../workers/node-cache';
import { readCoreModule } from '../../workers/node-cores';

const module = await readCoreModule('build', 'puzzle15');
const newCore = () => instantiateCore<Puzzle15Core>(module);
const cache = checkedCache(fileCache(cacheFolder('.')));
// The tables' heuristics, numbered in the core after the 15-puzzle's own.
const REGULAR = HEURISTICS.length;
const REFLECTED = REGULAR + 1;
const DUAL = REGULAR + 2;

const mask = (tiles: readonly number[]) => tiles.reduce((bits, tile) => bits | (1 << tile), 0);

/**
 * The moves a group of tiles needs to reach its homes with the blank on its own (the last cell), from every
 * arrangement, the blank anywhere: a breadth-first search backwards from the goal over (the tiles' cells, the
 * blank's cell), where the blank moving onto a group tile's cell costs a move (the tile slides) and onto any other
 * cell costs none. Keyed by the tiles' cells.
 */
function groupDistances(width: number, tiles: readonly number[]): Map<string, number> {
  const cells = width * width;
  const homes = tiles.map((tile) => tile - 1);
  const key = (where: readonly number[], blank: number) => `${where.join(',')}|${blank}`;
  const distance = new Map<string, number>();
  // The states at the distance being searched (free moves add to them) and at the next.
  let front: [number[], number][] = [];
  distance.set(key(homes, cells - 1), 0);
  front.push([homes, cells - 1]);
  let level = 0;
  while (front.length > 0) {
    const next: [number[], number][] = [];
    while (front.length > 0) {
      const [where, blank] = front.pop()!;
      if (distance.get(key(where, blank))! < level) continue;
      const [row, column] = [Math.floor(blank / width), blank % width];
      const neighbours = [row > 0 && blank - width, row < width - 1 && blank + width, column > 0 && blank - 1, column < width - 1 && blank + 1];
      for (const cell of neighbours) {
        if (cell === false) continue;
        const tile = where.indexOf(cell);
        const moved = tile < 0 ? where : where.map((at, i) => (i === tile ? blank : at));
        const cost = tile < 0 ? 0 : 1;
        const k = key(moved, cell);
        if (distance.has(k) && distance.get(k)! <= level + cost) continue;
        distance.set(k, level + cost);
        (cost === 0 ? front : next).push([moved, cell]);
      }
    }
    front = next;
    level++;
  }
  const best = new Map<string, number>();
  for (const [k, d] of distance) {
    const cellsKey = k.split('|')[0];
    best.set(cellsKey, Math.min(best.get(cellsKey) ?? Number.POSITIVE_INFINITY, d));
  }
  return best;
}

/** Builds a table, step by step: what the last step answers (1 built, -1 an entry past 4 bits). */
function buildTable(core: Puzzle15Core, table: number): number {
  core.startTableBuilding(table);
  let step = core.stepTableBuilding();
  while (step === 0) step = core.stepTableBuilding();
  return step;
}

/** Every board along a solution, from the start (its tiles) to the goal. */
function boardsAlong(position: Position, moves: string): Position[] {
  const boards = [position];
  for (const move of moves) boards.push(play(boards[boards.length - 1], move as Direction));
  return boards;
}

/** h of a board in the core (its tables ready). */
function estimate(core: Puzzle15Core, position: Position, lookups: number): number {
  for (const [cell, tile] of position.tiles.entries()) core.setTile(cell, tile);
  return core.prepare(lookups);
}

/** The optimal length by IDA* with the Manhattan distance alone (short boards only). */
function manhattanLength(position: Position): number {
  const width = Math.sqrt(position.tiles.length);
  const tiles = position.tiles.slice();
  const manhattan = (tile: number, cell: number) =>
    Math.abs(Math.floor((tile - 1) / width) - Math.floor(cell / width)) + Math.abs(((tile - 1) % width) - (cell % width));
  let h = 0;
  for (const [cell, tile] of tiles.entries()) if (tile !== 0) h += manhattan(tile, cell);
  const steps = [-width, -1, 1, width];
  const search = (blank: number, g: number, h: number, limit: number, previous: number): number => {
    if (h === 0) return -1;
    let next = Number.POSITIVE_INFINITY;
    for (let d = 0; d < 4; d++) {
      if (d === 3 - previous) continue;
      const from = blank + steps[d];
      if (from < 0 || from >= tiles.length || (d === 1 && blank % width === 0) || (d === 2 && blank % width === width - 1)) continue;
      const tile = tiles[from];
      const child = h + manhattan(tile, blank) - manhattan(tile, from);
      if (g + 1 + child > limit) {
        next = Math.min(next, g + 1 + child);
        continue;
      }
      tiles[blank] = tile;
      tiles[from] = 0;
      const found = search(from, g + 1, child, limit, d);
      tiles[from] = tile;
      tiles[blank] = 0;
      if (found < 0) return found;
      next = Math.min(next, found);
    }
    return next;
  };
  for (let limit = h; ; ) {
    const next = search(tiles.indexOf(0), 0, h, limit, -1);
    if (next < 0) return limit;
    limit = next;
  }
}

describe("the puzzle core's tables of any width", () => {
  it("keeps in its tables the moves a breadth-first search counts: a group, one looked up through the board's symmetry, one around the blank's home", async () => {
    const core = await newCore();
    expect(core.TABLES.value).toBe(REGULAR);
    core.setWidth(5);
    const table = core.addTable(mask([1, 2, 6]));
    // Homes 17, 19, 23: the blank's home (24) walled off at the goal.
    const walled = core.addTable(mask([18, 20, 24]));
    // Homes 0, 1, 5 (the top left corner) and 4, 3, 9 (the top right one, its mirror image left to right).
    const groups = [
      [1, 2, 6],
      [5, 4, 10],
      [18, 20, 24],
    ];
    for (const [g, tiles] of groups.entries()) expect(core.addTableGroup(g < 2 ? table : walled, mask(tiles))).toBe(g);
    // No symmetry maps an L of three onto three tiles in a row; the table whose goal walls the blank's home in
    // serves its own tiles only.
    expect(core.addTableGroup(table, mask([1, 2, 3]))).toBe(-1);
    expect(core.addTableGroup(walled, mask([2, 6, 8]))).toBe(-1);
    for (const t of [table, walled]) expect(buildTable(core, t)).toBe(1);
    for (const [g, tiles] of groups.entries()) {
      const expected = groupDistances(5, tiles);
      expect(expected.size).toBe(25 * 24 * 23);
      for (const [cells, moves] of expected) {
        for (const [i, cell] of cells.split(',').entries()) core.setTile(Number(cell), tiles[i]);
        if (core.tableGroupMoves(g, 0) !== moves) expect({ tiles, cells, moves: core.tableGroupMoves(g, 0) }).toEqual({ tiles, cells, moves });
      }
    }
  }, 300_000);

  it("on a 4x4 board with the 6-6-3 partition: Korf's published lengths, and the 15-puzzle solver's on random boards", async () => {
    const core = await newCore();
    core.setWidth(4);
    for (const tiles of [
      [1, 2, 5, 6, 9, 10],
      [3, 4, 7, 8, 11, 12],
      [13, 14, 15],
    ]) {
      const table = core.addTable(mask(tiles));
      core.addTableGroup(table, mask(tiles));
      expect(buildTable(core, table)).toBe(1);
    }
    const korf = parseSet(readFileSync('src/games/puzzle15/data/korf100.txt', 'utf8'), 'korf');
    const solveHere = (tiles: readonly number[]) => {
      for (const [cell, tile] of tiles.entries()) core.setTile(cell, tile);
      return core.solve(REFLECTED, 0, 0);
    };
    for (const board of korf.slice(0, 10)) expect(solveHere(board.tiles), board.name).toBe(board.length);
    const four = await newCore();
    for (let seed = 1; seed <= 20; seed++) {
      const board = randomWalk(seed, 70);
      const reference = await solveBoard(board, 'wd', four, cache);
      expect(solveHere(board.tiles), `walk ${seed}`).toBe(reference.length);
    }
  }, 120_000);

  describe('5x5 with the 6-6-6-6 databases', async () => {
    const core = await newCore();
    // Read from the cache, or built here (about two minutes) and cached.
    const ready = ensurePatterns24(core, cache);

    it('solves short boards in as many moves as an IDA* with the Manhattan distance; every board on the way estimated within its distance', async () => {
      await ready;
      for (let seed = 1; seed <= 12; seed++) {
        const board = randomWalk(seed, 24 + seed, 5);
        const solution = await solveBoard(board, 'pdb6666', core, cache);
        expect(solution.length, `walk ${seed}`).toBe(manhattanLength(board));
        const boards = boardsAlong(board, solution.moves);
        expect(isGoal(boards[boards.length - 1].tiles)).toBe(true);
        for (const [i, along] of boards.entries()) {
          expect(estimate(core, along, REFLECTED)).toBeLessThanOrEqual(solution.length - i);
          expect(estimate(core, along, REGULAR)).toBeLessThanOrEqual(estimate(core, along, REFLECTED));
        }
      }
    }, 300_000);

    it("solves Korf and Felner's instance 40 in its published 82 moves, the database admissible all along", async () => {
      await ready;
      const instance = parseSet(readFileSync('src/games/puzzle15/data/korf50.txt', 'utf8'), 'korf-felner')[39];
      expect(instance.length).toBe(82);
      const board = parse(`5x5: ${instance.tiles.join(' ')}`);
      const solution = await solveBoard(board, 'pdb6666', core, cache);
      expect(solution.length).toBe(82);
      const boards = boardsAlong(board, solution.moves);
      expect(isGoal(boards[boards.length - 1].tiles)).toBe(true);
      for (const [i, along] of boards.entries()) expect(estimate(core, along, DUAL)).toBeLessThanOrEqual(82 - i);
      // The goal and its estimate.
      expect(estimate(core, start(goalOf(5)), REFLECTED)).toBe(0);
    }, 300_000);

    it('shares each iteration among workers: every iteration before the last as on one worker, the same length', async () => {
      await ready;
      const pool = createNodePool(2, 'dist-node/worker.mjs');
      afterAll(() => pool.close());
      for (const seed of [3, 4]) {
        const board = randomWalk(seed, 60, 5);
        const alone: Iteration[] = [];
        const solution = await solveBoard(board, 'pdb6666', core, cache, {}, (it) => alone.push(it));
        const shared: Iteration[] = [];
        const sharedSolution = await solveShared(pool, 'puzzle15', `5x5: ${board.tiles.join(' ')}`, { heuristic: 'pdb6666' }, 3, (it) => shared.push(it))
          .promise;
        const counts = (iterations: Iteration[]) => iterations.map((it) => [it.depth, it.nodes]);
        expect(alone.length, `walk ${seed}: iterations`).toBeGreaterThan(2);
        expect(counts(shared.slice(0, -1)), `walk ${seed}`).toEqual(counts(alone.slice(0, -1)));
        expect(sharedSolution.length).toBe(solution.length);
        const boards = boardsAlong(board, sharedSolution.moves);
        expect(isGoal(boards[boards.length - 1].tiles)).toBe(true);
      }
    }, 300_000);
  });
});
