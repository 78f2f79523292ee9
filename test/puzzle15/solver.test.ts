// The 15-puzzle core: the walking-distance tables, the yardstick of Korf's 100 (every iteration before the
// last expands exactly the published nodes), optimal lengths with every heuristic, solutions replayed.

import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Iteration } from '../../src/contracts/game';
import { checkedCache } from '../../workers/checked-cache';
import { cacheFolder, fileCache } from '../../workers/node-cache';
import { createNodePool } from '../../src/runtime/node-pool';
import { instantiateCore } from '../../src/contracts/core';
import { readCoreModule } from '../../workers/node-cores';
import { Rng } from '../../src/contracts/rng';
import { PATTERN_GROUPS, type Puzzle15Core } from '../../src/games/puzzle15/core';
import { isGoal, parse, play, randomWalk, type Direction } from '../../src/games/puzzle15/rules';
import { parseSet } from '../../src/games/puzzle15/sets';
import { solveShared } from '../../src/runtime/shared-solve';
import { solveBoard } from '../../src/games/puzzle15/solve';

/** The game's cores with this 15-puzzle core as its 4x4 one. */

const core = await instantiateCore<Puzzle15Core & { walkingDistanceOf(state: number): number }>(await readCoreModule('build', 'puzzle15'));
// The worker's cache, checked as the worker checks it.
const cache = checkedCache(fileCache(cacheFolder('.')));

const korf = parseSet(readFileSync('src/games/puzzle15/data/korf100.txt', 'utf8'), 'korf').map((board) => [...board.tiles, board.length]);
const yardstick = readFileSync('test/data/puzzle15/korf100_wd_counts.txt', 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => line.trim().split(/\s+/).map(Number));

function replay(tiles: readonly number[], moves: string): boolean {
  let position = parse(tiles.join(' '));
  for (const move of moves) position = play(position, move as Direction);
  return isGoal(position.tiles);
}

describe('15-puzzle solver', () => {
  it('builds the walking-distance table: 24,964 states, distances 0 to 35', () => {
    expect(core.buildWalkingDistance()).toBe(24964);
    const distances = Array.from({ length: 24964 }, (_, state) => core.walkingDistanceOf(state));
    expect(Math.max(...distances)).toBe(35);
    expect(distances[0]).toBe(0);
  });

  // The instances whose walking-distance search is quickest: the whole set is the bench's.
  const quick = yardstick
    .filter((row) => row[5] < 3_000_000)
    .map((row) => row[0])
    .slice(0, 20);

  it.each(quick)('Korf #%i with WD: h0 and every iteration before the last as published, optimal, replayed', async (instance) => {
    const [, h0, , , iterations, preFinal] = yardstick[instance - 1];
    const tiles = korf[instance - 1].slice(0, 16);
    const thresholds: { threshold: number; nodes: number }[] = [];
    const solution = await solveBoard(parse(tiles.join(' ')), 'wd', core, cache, {}, (it) => thresholds.push({ threshold: it.depth, nodes: it.nodes }));
    expect(thresholds[0].threshold).toBe(h0);
    expect(thresholds.length).toBe(iterations);
    expect(thresholds.slice(0, -1).reduce((sum, it) => sum + it.nodes, 0)).toBe(preFinal);
    expect(solution.length).toBe(korf[instance - 1][16]);
    expect(replay(tiles, solution.moves)).toBe(true);
  });

  it('finds the same optimal lengths with WD+ID, Manhattan and the pattern database, with fewer nodes for stronger heuristics', async () => {
    for (const instance of quick.slice(0, 4)) {
      const tiles = korf[instance - 1].slice(0, 16);
      const nodes: Record<string, number> = {};
      for (const heuristic of ['wd', 'wdid', 'md', 'pdb']) {
        const solution = await solveBoard(parse(tiles.join(' ')), heuristic, core, cache);
        expect(solution.length, `${instance} ${heuristic}`).toBe(korf[instance - 1][16]);
        expect(replay(tiles, solution.moves)).toBe(true);
        nodes[heuristic] = solution.nodes;
      }
      expect(nodes.wdid).toBeLessThanOrEqual(nodes.wd);
      expect(nodes.pdb).toBeLessThan(nodes.md);
    }
    expect(core.patternGroupCount()).toBe(PATTERN_GROUPS.length);
  });

  it('solves 300 random walks optimally: no heuristic disagrees, every solution replays to the goal', async () => {
    const rng = new Rng(8);
    for (let i = 0; i < 300; i++) {
      const board = randomWalk(rng.nextU32(), 10 + rng.below(30));
      const wd = await solveBoard(board, 'wd', core, cache);
      const md = await solveBoard(board, 'md', core, cache);
      expect(md.length).toBe(wd.length);
      expect(wd.length).toBeLessThanOrEqual(40);
      expect(replay(board.tiles, wd.moves)).toBe(true);
    }
  });

  it('stops at its node budget', async () => {
    const tiles = korf[0].slice(0, 16);
    const solution = await solveBoard(parse(tiles.join(' ')), 'wd', core, cache, { nodes: 10_000 });
    expect(solution.length).toBe(-1);
    expect(core.nodeCount()).toBe(10_000);
  });
});

describe('15-puzzle search shared among workers', () => {
  const pool = createNodePool(2, 'dist-node/worker.mjs');
  afterAll(() => pool.close());
  const quick = yardstick.filter((row) => row[5] < 3_000_000).map((row) => row[0]);

  it.each([
    ['wd', 2, quick.slice(0, 3)],
    ['wd', 3, quick.slice(3, 5)],
    ['pdb', 2, [1, 2]],
  ] as const)('with %s in %i shares: every iteration before the last as on one worker, the same optimal length', async (heuristic, parts, instances) => {
    for (const instance of instances) {
      const tiles = korf[instance - 1].slice(0, 16);
      const alone: Iteration[] = [];
      await solveBoard(parse(tiles.join(' ')), heuristic, core, cache, {}, (it) => alone.push(it));
      const shared: Iteration[] = [];
      const solution = await solveShared(pool, 'puzzle15', tiles.join(' '), { heuristic }, parts, (it) => shared.push(it)).promise;
      const counts = (iterations: Iteration[]) => iterations.map((it) => [it.depth, it.nodes]);
      expect(counts(shared.slice(0, -1)), `Korf #${instance}`).toEqual(counts(alone.slice(0, -1)));
      expect(shared.at(-1)!.depth).toBe(alone.at(-1)!.depth);
      expect(solution.length).toBe(korf[instance - 1][16]);
      expect(replay(tiles, solution.moves)).toBe(true);
    }
  });
});
