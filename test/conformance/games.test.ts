// One suite for every game of the registry: its notation reads back what it writes (positions and moves, over
// seeded random games), and every bot, at every level and with its defaults, reports only iterations whose best
// move is a legal move of the position ("Move now" plays it) and plays a legal move. The 15-puzzle's pattern
// database gives the same search read from a warm cache as built cold.

import { generators, powerOf } from '../../src/contracts/powers';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyGame, Iteration } from '../../src/contracts/game';
import { instantiateCore } from '../../src/contracts/core';
import { Rng } from '../../src/contracts/rng';
import { games } from '../../src/games';
import { ensurePatterns, type Puzzle15Core } from '../../src/games/puzzle15/core';
import { parse as parseBoard } from '../../src/games/puzzle15/rules';
import { solveBoard } from '../../src/games/puzzle15/solve';
import { checkedCache } from '../../workers/checked-cache';
import { readCoreModule } from '../../workers/node-cores';
import { api } from '../helpers/api';

/** The game's cores with this 15-puzzle core as its 4x4 one. */

/** Positions of seeded random games from the game's start (a small board where it has sizes). */
function positions(game: AnyGame, count: number, seed: number): unknown[] {
  const { rules } = game;
  const rng = new Rng(seed);
  const found: unknown[] = [];
  for (let g = 0; found.length < count; g++) {
    let position = rules.start(seed + g, game.sizes ? Math.min(game.sizes.max, Math.max(game.sizes.min, 5)) : undefined);
    for (let ply = 0; ply < 40 && found.length < count; ply++) {
      found.push(position);
      const moves = rules.legalMoves(position);
      if (moves.length === 0) break;
      position = rules.play(position, rng.pick(moves));
    }
  }
  return found;
}

describe.each(Object.values(games).map((game) => [game.rules.id, game] as const))('%s', (_id, game) => {
  const { rules } = game;

  it('reads back every position and move it writes', () => {
    for (const position of positions(game, 300, 11)) {
      const text = rules.format(position);
      expect(rules.format(rules.parse(text))).toBe(text);
      for (const move of rules.legalMoves(position)) {
        const written = rules.formatMove(move);
        expect(rules.formatMove(rules.parseMove(written))).toBe(written);
      }
    }
  });

  it('has every bot report only legal best moves, and play a legal move', async () => {
    const configs = [...new Set([...game.levels.map((level) => level.config), ...game.bots.map((bot) => bot.id)])];
    // Positions late in random games (the exact bots' searches stay short), where the game is still on; for a
    // puzzle, boards its generator makes a few moves from the goal.
    const generate = powerOf(game, generators)?.generate;
    const open = generate
      ? await Promise.all([1, 2, 3].map((seed) => generate('walk', '12', seed, async () => null)))
      : positions(game, 40, 23).filter((position) => !rules.outcome(position));
    const sample = open.slice(-3);
    for (const config of configs) {
      for (const position of sample) {
        const line = rules.format(position);
        const legal = rules.legalMoves(position).map(rules.formatMove);
        const iterations: Iteration[] = [];
        // A budget keeps the strongest bots quick; what is checked holds under any budget.
        const answer = await api.botMove(
          { game: rules.id, bot: config, position: line, seed: 5, budget: { nodes: 200_000 } },
          (iteration) => void iterations.push(iteration),
        );
        expect(legal, `${config} at ${line}`).toContain(answer.move);
        for (const iteration of [...iterations, ...answer.report.iterations]) {
          if (iteration.best !== undefined) expect(legal, `${config}'s iteration at ${line}`).toContain(iteration.best);
        }
      }
    }
  }, 120_000);

  it("replays a move request's game to its position, and refuses a game that leads elsewhere", async () => {
    const rng = new Rng(31);
    let start = rules.start(31, game.sizes ? Math.min(game.sizes.max, Math.max(game.sizes.min, 5)) : undefined);
    if (rules.legalMoves(start).length === 0) start = positions(game, 1, 31)[0];
    let position = start;
    const moves: string[] = [];
    // A few random moves that leave the game on.
    for (let ply = 0; ply < 6; ply++) {
      const legal = rules.legalMoves(position);
      if (legal.length === 0) break;
      const move = rng.pick(legal);
      const next = rules.play(position, move);
      if (rules.outcome(next)) break;
      moves.push(rules.formatMove(move));
      position = next;
    }
    const line = { start: rules.format(start), moves };
    const request = { game: rules.id, bot: game.bots[0].id, position: rules.format(position), line, seed: 3, budget: { nodes: 10_000 } };
    expect(rules.legalMoves(position).map(rules.formatMove)).toContain((await api.botMove(request)).move);
    if (moves.length === 0) return;
    await expect(api.botMove({ ...request, line: { ...line, moves: moves.slice(0, -1) } })).rejects.toThrow(/lead to/);
  }, 60_000);
});

describe('the 15-puzzle pattern database', () => {
  it('gives the same search read from a warm cache as built on a cold one', async () => {
    const stored = new Map<string, Uint8Array>();
    const cache = checkedCache({ read: async (name) => stored.get(name) ?? null, write: async (name, bytes) => void stored.set(name, bytes) });
    const cold = await instantiateCore<Puzzle15Core>(await readCoreModule('build', 'puzzle15'));
    await ensurePatterns(cold, cache);
    expect(stored.size).toBe(1);
    const warm = await instantiateCore<Puzzle15Core>(await readCoreModule('build', 'puzzle15'));
    await ensurePatterns(warm, cache);
    // Korf's first instance (57 moves).
    const korf = readFileSync('src/games/puzzle15/data/korf100.txt', 'utf8')
      .split('\n')
      .find((line) => /^\d/.test(line))!
      .trim()
      .split(/\s+/);
    const board = parseBoard(korf.slice(0, 16).join(' '));
    const [a, b] = [await solveBoard(board, 'pdb', cold, cache), await solveBoard(board, 'pdb', warm, cache)];
    expect({ length: b.length, moves: b.moves, nodes: b.nodes }).toEqual({ length: a.length, moves: a.moves, nodes: a.nodes });
    expect(a.length).toBe(Number(korf[16]));
  }, 120_000);
});
