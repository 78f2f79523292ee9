// Every position reachable from a start, for exhaustive tests and benchmarks of small games.

import type { GameRules } from './game';

/** The positions reachable from `start` (itself included), each once, keyed by their notation. */
export function reachablePositions<P, M>(rules: GameRules<P, M>, start: P): Map<string, P> {
  const seen = new Map<string, P>([[rules.format(start), start]]);
  const frontier = [start];
  while (frontier.length > 0) {
    const position = frontier.pop()!;
    for (const move of rules.legalMoves(position)) {
      const next = rules.play(position, move);
      const key = rules.format(next);
      if (!seen.has(key)) {
        seen.set(key, next);
        frontier.push(next);
      }
    }
  }
  return seen;
}
