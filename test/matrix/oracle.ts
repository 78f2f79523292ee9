// An independent answer key: plain negamax over the TS rules on the final score difference, memoised.

import { legalMoves, play, rules, seatToMove, type Position } from '../../src/games/matrix/rules';

const memo = new Map<string, number>();

/** What the player to move can still gain over the other under perfect play (points won so far left out). */
export function moverValue(position: Position): number {
  const key = `${rules.format(position)}`;
  let value = memo.get(key);
  if (value === undefined) {
    const moves = legalMoves(position);
    const seat = seatToMove(position);
    value =
      moves.length === 0
        ? 0
        : Math.max(
            ...moves.map((k) => {
              const next = play(position, k);
              return next.points[seat] - position.points[seat] - moverValue(next);
            }),
          );
    memo.set(key, value);
  }
  return value;
}

/** The first player's points minus the second's at the end of perfect play. */
export function perfectMargin(position: Position): number {
  const margin = position.points[0] - position.points[1];
  return seatToMove(position) === 0 ? margin + moverValue(position) : margin - moverValue(position);
}
