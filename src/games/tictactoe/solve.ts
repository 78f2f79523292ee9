// The exact value of a tic-tac-toe position and a best cell, as the solve contract (docs/cli.md) has it.

import { budgetAnswer, type Budget, type Iteration, type SolveAnswer } from '../../contracts/game';
import { bestCells, setPosition, type TicTacToeCore } from './core';
import { EMPTY, isOver, type Position } from './rules';

/**
 * {"value": +1/0/-1 for the side to move, "move": a best cell}; the move wins fastest or loses slowest.
 * A finished game has no move: its value is -1 (the side to move has lost) or 0 (a draw).
 */
export function solve(position: Position, core: TicTacToeCore, budget: Budget, progress: (iteration: Iteration<number>) => void): SolveAnswer {
  if (isOver(position)) {
    return { value: position.winner === EMPTY ? 0 : -1, move: null, nodes: 0, ms: 0 };
  }
  setPosition(core, position);
  const best = core.search(9, budget.nodes ?? 0, budget.ms ?? 0);
  const nodes = core.nodeCount();
  const ms = core.elapsedMs();
  if (core.searchStopped()) return budgetAnswer(nodes, ms);
  const move = bestCells(core, best)[0];
  progress({ depth: 9, nodes, ms, score: best, best: move });
  return { value: Math.sign(best), move, nodes, ms };
}
