// The solve for Red Ten (docs/cli.md): with both hands known, who wins under perfect play and a winning first play
// of the player to move when it wins (null when it loses).

import { budgetAnswer, type Budget, type Iteration, type SolveAnswer } from '../../contracts/game';
import { formatMove, type Move } from './combos';
import { setPosition, solveTableLog2, type CardsCore } from './core';
import { legalMoves, outcome, SEATS, type Position } from './rules';

export function solve(position: Position, core: CardsCore, budget: Budget, progress: (iteration: Iteration<Move>) => void): SolveAnswer {
  const result = outcome(position);
  if (result) return { winner: SEATS[result.winner!], move: null, nodes: 0, ms: 0 };
  const moves = legalMoves(position);
  setPosition(core, position.hands, position.toMove, position.last, solveTableLog2(position.hands[0].length + position.hands[1].length));
  core.clearTable();
  const wins = core.solve(budget.nodes ?? 0, budget.ms ?? 0) === 1;
  const nodes = core.nodeCount();
  const ms = core.elapsedMs();
  if (core.searchStopped()) return budgetAnswer(nodes, ms);
  const best = wins ? moves[core.bestMove()] : undefined;
  progress({ depth: position.hands[0].length + position.hands[1].length, nodes, ms, score: wins ? 1 : -1, best });
  const mover = position.toMove;
  return { winner: SEATS[wins ? mover : 1 - mover], move: best ? formatMove(best) : null, nodes, ms };
}
