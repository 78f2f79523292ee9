// The core against the rules: every reachable position, its result and legal moves, and exact values.

import { describe, expect, it } from 'vitest';
import { readCoreModule } from '../../workers/node-cores';
import { instantiateCore } from '../../src/contracts/core';
import { reachablePositions } from '../../src/contracts/enumerate';
import { setPosition, type TicTacToeCore } from '../../src/games/tictactoe/core';
import { legalMoves, newGame, outcome, rules, type Position } from '../../src/games/tictactoe/rules';
import { Rng } from '../../src/contracts/rng';
import { negate, perfectValue } from './oracle';

const core = await instantiateCore<TicTacToeCore>(await readCoreModule('build', 'tictactoe'));
const reachable = [...reachablePositions(rules, newGame()).values()];

function rulesResult(position: Position): number {
  const end = outcome(position);
  if (!end) return 0;
  return end.winner === null ? 3 : end.winner + 1;
}

function coreMoves(): number[] {
  const mask = core.legalMask();
  return [...Array(9).keys()].filter((cell) => mask & (1 << cell));
}

describe('tic-tac-toe core', () => {
  it('agrees with the rules on the result and the legal moves of all 5,478 reachable positions', () => {
    for (const position of reachable) {
      setPosition(core, position);
      expect(core.result(), rules.format(position)).toBe(rulesResult(position));
      expect(coreMoves(), rules.format(position)).toEqual(legalMoves(position));
      expect(core.sideToMove()).toBe(rules.seatToMove(position) + 1);
    }
  });

  it('follows the rules through 2,000 random games played with play and undo', () => {
    const rng = new Rng(2024);
    for (let game = 0; game < 2000; game++) {
      let position = newGame();
      core.clear();
      const played: number[] = [];
      while (!outcome(position)) {
        const move = rng.pick(legalMoves(position));
        position = rules.play(position, move);
        core.play(move);
        played.push(move);
        expect(core.result()).toBe(rulesResult(position));
        expect(coreMoves()).toEqual(legalMoves(position));
      }
      for (const move of played.reverse()) core.undo(move);
      expect([...Array(9).keys()].map((cell) => core.cellAt(cell))).toEqual(Array(9).fill(0));
    }
  });

  it('scores every move of every reachable position with the sign of the exact minimax value', () => {
    for (const position of reachable) {
      if (outcome(position)) continue;
      setPosition(core, position);
      const best = core.search(9, 0, 0);
      expect(Math.sign(best), rules.format(position)).toBe(perfectValue(position));
      for (const move of legalMoves(position)) {
        expect(Math.sign(core.rootScore(move))).toBe(negate(perfectValue(rules.play(position, move))));
      }
    }
  });

  it('stops a search when its node budget is spent', () => {
    setPosition(core, newGame());
    core.search(9, 100, 0);
    expect(core.searchStopped()).toBe(1);
    expect(core.nodeCount()).toBe(100);
    core.search(9, 0, 0);
    expect(core.searchStopped()).toBe(0);
    expect(core.nodeCount()).toBe(11183);
  });
});
