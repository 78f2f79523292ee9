// The exact value of a plus-minus position and an optimal move, and the exact value of every move (analysis).

import { budgetAnswer, type Analysis, type Budget, type Iteration, type SolveAnswer } from '../../contracts/game';
import { deepen } from '../../contracts/deepening';
import { EXACT_FREE_CELLS, setPosition, tableLog2, type MatrixCore } from './core';
import { legalMoves, outcome, seatToMove, type Position } from './rules';

/** The first player's points minus the second's at the end, given the mover's value of what is left. */
function finalMargin(position: Position, moverValue: number): number {
  const margin = position.points[0] - position.points[1];
  return seatToMove(position) === 0 ? margin + moverValue : margin - moverValue;
}

/**
 * The solve answer (docs/cli.md): {"value": the first player's points minus the second's under perfect play, "move": an
 * optimal move of the player to move (a column in row r at the start)}; a finished game has move null.
 */
export function solve(position: Position, core: MatrixCore, budget: Budget, progress: (iteration: Iteration<number>) => void): SolveAnswer {
  if (outcome(position)) return { value: finalMargin(position, 0), move: null, nodes: 0, ms: 0 };
  setPosition(core, position, tableLog2(position.size, true));
  const depth = core.freeCellCount();
  const value = core.search(depth, 0, budget.nodes ?? 0, budget.ms ?? 0);
  const nodes = core.nodeCount();
  const ms = core.elapsedMs();
  if (core.searchStopped()) return budgetAnswer(nodes, ms);
  const move = core.bestMove();
  progress({ depth, nodes, ms, score: value, best: move });
  return { value: finalMargin(position, value), move, nodes, ms };
}

/**
 * The value of every playable cell of the mover's line: exact when the position is small enough to solve
 * (EXACT_FREE_CELLS), otherwise to the deepest depth the budget allows, each depth reported as it finishes.
 */
export function analyze(position: Position, core: MatrixCore, budget: Budget, progress: (iteration: Iteration<number>) => void): Analysis {
  const moves = legalMoves(position);
  if (moves.length === 0) throw new Error('the game is over');
  setPosition(core, position);
  const freeCells = core.freeCellCount();
  let values: (number | null)[] = [];
  const scoreMoves = (depth: number, nodesLeft: number, msLeft: number) => {
    const scores: (number | null)[] = Array(position.size).fill(null);
    let nodes = 0;
    let ms = 0;
    for (const k of moves) {
      scores[k] = core.moveValue(k, depth, nodesLeft && Math.max(1, nodesLeft - nodes), msLeft && Math.max(1, msLeft - ms));
      nodes += core.nodeCount();
      ms += core.elapsedMs();
      if (core.searchStopped()) return { complete: false, nodes, ms, score: 0 };
    }
    values = scores;
    const best = moves.reduce((a, b) => (scores[b]! > scores[a]! ? b : a));
    return { complete: true, nodes, ms, score: scores[best]!, best };
  };
  if (freeCells <= EXACT_FREE_CELLS) {
    const { nodes, ms, score, best } = scoreMoves(freeCells, 0, 0);
    progress({ depth: freeCells, nodes, ms, score, best });
    return { values, depth: freeCells, exact: true, nodes, ms };
  }
  const { report, last } = deepen(freeCells, budget, progress, scoreMoves);
  if (!last) throw new Error('the budget ran out before the first depth was searched');
  return { values, depth: last.depth, exact: last.depth >= freeCells, nodes: report.nodes, ms: report.ms };
}

/** Positions with at most this many free cells get their moves' losses measured (about a millisecond each). */
export const LOSS_FREE_CELLS = 25;

/** What a move loses against the best move under perfect play, in points; null for positions too large to solve quickly. */
export function moveLoss(position: Position, move: number, core: MatrixCore): number | null {
  if (position.used.filter((used) => !used).length > LOSS_FREE_CELLS) return null;
  setPosition(core, position);
  const freeCells = core.freeCellCount();
  const best = core.search(freeCells, 0, 0, 0);
  return best - core.moveValue(move, freeCells, 0, 0);
}
