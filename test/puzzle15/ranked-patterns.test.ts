// The 7-8 pattern databases: the core's build against an independent breadth-first search on smaller groups, and
// the databases themselves (built once into the project's cache, minutes cold) admissible on every board along
// the optimal solutions of Korf's 100, optimal on Korf's 100 and on boards that need 80 moves, read back from the
// cache, and never held beside the 6-6-3.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantiateCore } from '../../src/contracts/core';
import { ensurePatterns, ensureRankedPatterns, setBoard, type Puzzle15Core } from '../../src/games/puzzle15/core';
import { parse, play, type Direction } from '../../src/games/puzzle15/rules';
import { parseSet } from '../../src/games/puzzle15/sets';
import { solveBoard } from '../../src/games/puzzle15/solve';
import { checkedCache } from '../../workers/checked-cache';
import { cacheFolder, fileCache } from '../../workers/node-cache';
import { readCoreModule } from '../../workers/node-cores';
import { runCli } from '../helpers/cli';

/** The game's cores with this 15-puzzle core as its 4x4 one. */

const module = await readCoreModule('build', 'puzzle15');
const cache = checkedCache(fileCache(cacheFolder('.')));
const korf = parseSet(readFileSync('src/games/puzzle15/data/korf100.txt', 'utf8'), 'korf');
const hard = parseSet(readFileSync('src/games/puzzle15/data/hard80.txt', 'utf8'), 'hard');

/** The cells next to a cell. */
function neighbours(cell: number): number[] {
  const out: number[] = [];
  if (cell >= 4) out.push(cell - 4);
  if (cell < 12) out.push(cell + 4);
  if (cell % 4 > 0) out.push(cell - 1);
  if (cell % 4 < 3) out.push(cell + 1);
  return out;
}

/**
 * The group's moves for every arrangement of its tiles, by a search over the tiles' cells and the blank's cell
 * where a move of the blank onto another cell costs nothing and one onto a group tile costs one: the fewest
 * moves of the group's tiles from the goal, the least over the blank's cells. Keys: the cells in base 16.
 */
function groupMovesByBlankSearch(tiles: readonly number[]): Map<number, number> {
  const key = (cells: readonly number[]) => cells.reduce((sum, cell, i) => sum + cell * 16 ** i, 0);
  const home = tiles.map((tile) => tile - 1);
  const distance = new Map<number, number>([[key(home) * 16 + 15, 0]]);
  const fewest = new Map<number, number>();
  const buckets: [number[], number][][] = [[[home, 15]]];
  for (let d = 0; d < buckets.length; d++) {
    for (const [cells, blank] of buckets[d] ?? []) {
      if (distance.get(key(cells) * 16 + blank) !== d) continue;
      if (!fewest.has(key(cells))) fewest.set(key(cells), d);
      for (const next of neighbours(blank)) {
        const tile = cells.indexOf(next);
        const moved = tile < 0 ? cells : cells.map((cell, i) => (i === tile ? blank : cell));
        const cost = tile < 0 ? d : d + 1;
        const state = key(moved) * 16 + next;
        if ((distance.get(state) ?? Infinity) <= cost) continue;
        distance.set(state, cost);
        if (!buckets[cost]) buckets[cost] = [];
        buckets[cost].push([moved, next]);
      }
    }
  }
  return fewest;
}

describe('the 7-8 pattern databases', () => {
  it.each([[[13, 14, 15]], [[1, 2, 3, 4]], [[3, 6, 9, 12, 15]]])(
    'build group %j as a search over the tiles and the blank does',
    async (tiles) => {
      const core = await instantiateCore<Puzzle15Core>(module);
      const group = core.addRankedGroup(tiles.reduce((mask, tile) => mask | (1 << tile), 0));
      core.startRankedBuild(group);
      let step = core.stepRankedBuild();
      while (step === 0) step = core.stepRankedBuild();
      expect(step).toBe(1);
      const expected = groupMovesByBlankSearch(tiles);
      expect(expected.size).toBe(tiles.reduce((count, _, i) => count * (16 - i), 1));
      let wrong = 0;
      for (const [cells, moves] of expected) if (core.rankedGroupMoves(group, cells) !== moves) wrong++;
      expect(wrong).toBe(0);
    },
    120_000,
  );

  it("never overestimate on any board along the optimal solutions of Korf's 100, which they solve optimally", async () => {
    const core = await instantiateCore<Puzzle15Core>(module);
    // Built on a cold cache (minutes; in a core of its own, as a worker does), read on a warm one: either way this
    // core holds the tables (288 MB; its memory grows in doublings, to 539 MB) and not the build's (1.1 GB).
    await ensureRankedPatterns(core, cache, undefined, () => instantiateCore<Puzzle15Core>(module));
    expect(core.memory.buffer.byteLength).toBeLessThan(600e6);
    let checked = 0;
    let nodes = 0;
    for (const board of korf) {
      const solution = await solveBoard(parse(board.tiles.join(' ')), 'pdb78', core, cache);
      expect(solution.length, board.name).toBe(board.length);
      nodes += solution.nodes;
      let position = parse(board.tiles.join(' '));
      for (const [i, move] of [...solution.moves].entries()) {
        setBoard(core, position);
        expect(core.prepare(4), `${board.name} after ${i} moves`).toBeLessThanOrEqual(board.length - i);
        // With the dual boards' lookups (the 7-tile group's is valid only with the blank on the last cell).
        expect(core.prepare(7), `${board.name} after ${i} moves, duals`).toBeLessThanOrEqual(board.length - i);
        checked++;
        position = play(position, move as Direction);
      }
    }
    expect(checked).toBe(korf.reduce((sum, board) => sum + board.length, 0));
    // The figure, in nodes (exact and repeatable): at most 40,000 on average.
    expect(nodes / korf.length).toBeLessThan(40_000);
  }, 900_000);

  it('with fewer lookups solve the same boards optimally, with more nodes; with the duals, with fewer', async () => {
    const core = await instantiateCore<Puzzle15Core>(module);
    const nodes: Record<string, number> = {};
    for (const heuristic of ['pdb78', 'pdb78-pair', 'pdb78-regular', 'pdb78-dual']) {
      nodes[heuristic] = 0;
      for (const board of korf.slice(0, 10)) {
        const solution = await solveBoard(parse(board.tiles.join(' ')), heuristic, core, cache);
        expect(solution.length, `${board.name} ${heuristic}`).toBe(board.length);
        nodes[heuristic] += solution.nodes;
      }
    }
    expect(nodes['pdb78-regular']).toBeGreaterThan(2 * nodes['pdb78-pair']);
    expect(nodes['pdb78-pair']).toBeGreaterThanOrEqual(nodes.pdb78);
    expect(nodes['pdb78-dual']).toBeLessThan(nodes.pdb78);
  }, 900_000);

  it('solve two of the boards that need 80 moves', async () => {
    const core = await instantiateCore<Puzzle15Core>(module);
    for (const board of hard.slice(0, 2)) {
      const solution = await solveBoard(parse(board.tiles.join(' ')), 'pdb78', core, cache);
      expect(solution.length, board.name).toBe(80);
    }
  }, 900_000);

  it('are read back from the cache as built, and a worker holds either them or the 6-6-3', async () => {
    const core = await instantiateCore<Puzzle15Core>(module);
    await ensureRankedPatterns(core, cache);
    const first = parse(korf[0].tiles.join(' '));
    setBoard(core, first);
    const estimate = core.prepare(4);
    expect(estimate).toBeGreaterThan(core.prepare(2));
    await ensurePatterns(core, cache);
    expect(core.rankedGroupCount()).toBe(0);
    await ensureRankedPatterns(core, cache);
    expect(core.patternGroupCount()).toBe(0);
    setBoard(core, first);
    expect(core.prepare(4)).toBe(estimate);
  }, 900_000);

  it('answer `puzzle15 solve --heuristic pdb78` with optimal lengths', async () => {
    const boards = korf.slice(0, 3);
    const { status, stdout } = await runCli(['puzzle15', 'solve', '--heuristic', 'pdb78'], boards.map((board) => board.tiles.join(' ')).join('\n'));
    expect(status).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers.map((answer) => answer.length)).toEqual(boards.map((board) => board.length));
  }, 900_000);
});
