// The matrix core against the rules: legal moves through random games, exact values against a brute force.

import { describe, expect, it } from 'vitest';
import { instantiateCore } from '../../src/contracts/core';
import { readCoreModule } from '../../workers/node-cores';
import { Rng } from '../../src/contracts/rng';
import { setPosition, type MatrixCore } from '../../src/games/matrix/core';
import { generate, legalMoves, outcome, play, seatToMove, type Position } from '../../src/games/matrix/rules';
import { moverValue } from './oracle';

const core = await instantiateCore<MatrixCore>(await readCoreModule('build', 'matrix'));

function coreMoves(size: number): number[] {
  const mask = core.legalMask();
  return [...Array(size).keys()].filter((k) => mask & (1 << k));
}

/** A random position of a random game on a seeded board, up to `maxMoves` in. */
function randomPosition(rng: Rng, size: number, maxMoves: number): Position {
  let position = generate(rng.nextU32(), size);
  const moves = rng.below(maxMoves + 1);
  for (let i = 0; i < moves && !outcome(position); i++) position = play(position, rng.pick(legalMoves(position)));
  return position;
}

describe('matrix core', () => {
  it('follows the rules move by move through 500 random games on boards of 2 to 20', () => {
    const rng = new Rng(11);
    for (let game = 0; game < 500; game++) {
      let position = generate(rng.nextU32(), 2 + (game % 19));
      setPosition(core, position);
      for (;;) {
        expect(coreMoves(position.size)).toEqual(legalMoves(position));
        expect(core.sideToMove()).toBe(seatToMove(position));
        expect(core.activeLine()).toBe(position.line);
        if (outcome(position)) break;
        const k = rng.pick(legalMoves(position));
        const seat = seatToMove(position);
        const gained = play(position, k).points[seat] - position.points[seat];
        expect(core.play(k)).toBe(gained);
        position = play(position, k);
      }
    }
  });

  it('finds the exact value and an optimal move of 300 random positions on boards of 2x2 to 4x4', () => {
    const rng = new Rng(12);
    for (let i = 0; i < 300; i++) {
      const position = randomPosition(rng, 2 + (i % 3), 8);
      if (outcome(position)) continue;
      setPosition(core, position);
      const value = core.search(core.freeCellCount(), 0, 0, 0);
      expect(value).toBe(moverValue(position));
      const best = core.bestMove();
      const seat = seatToMove(position);
      const next = play(position, best);
      expect(next.points[seat] - position.points[seat] - moverValue(next)).toBe(value);
      for (const k of legalMoves(position)) {
        const child = play(position, k);
        expect(core.moveValue(k, core.freeCellCount(), 0, 0)).toBe(child.points[seat] - position.points[seat] - moverValue(child));
      }
    }
  });

  it('keeps its table between positions of the same board and still answers exactly', () => {
    const rng = new Rng(13);
    let position = generate(99, 4);
    while (!outcome(position)) {
      setPosition(core, position);
      expect(core.search(core.freeCellCount(), rng.below(20) - 10, 0, 0)).toBe(moverValue(position));
      position = play(position, rng.pick(legalMoves(position)));
    }
  });

  it('stops when the node budget is spent and says so', () => {
    setPosition(core, generate(5, 6));
    core.search(36, 0, 1000, 0);
    expect(core.searchStopped()).toBe(1);
    expect(core.nodeCount()).toBe(1000);
  });
});
