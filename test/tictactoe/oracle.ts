// An independent answer key: plain minimax over the TS rules, no pruning, every position memoised.

import { rules, type Position } from '../../src/games/tictactoe/rules';

const values = new Map<string, number>();

/** -v without a -0, which toBe tells apart from 0. */
export function negate(value: number): number {
  return 0 - value;
}

/** +1, 0 or -1 for the side to move under perfect play. */
export function perfectValue(position: Position): number {
  const key = rules.format(position);
  let value = values.get(key);
  if (value === undefined) {
    const outcome = rules.outcome(position);
    if (outcome)
      value = outcome.winner === null ? 0 : -1; // the side to move can only have lost
    else value = Math.max(...rules.legalMoves(position).map((move) => negate(perfectValue(rules.play(position, move)))));
    values.set(key, value);
  }
  return value;
}
