// Games that repeat an earlier one: bots that choose without the seed, started from the same position in the same
// seats, play the same game again, and a game played again is no new evidence. Reports count the distinct games
// and say when their intervals count repeats as independent.

import type { GameRecord } from './play-out';

/** How many of the finished games differ (in start, seats or moves) from every other. */
export function distinctGames(records: readonly (GameRecord | null | undefined)[]): number {
  const seen = new Set<string>();
  for (const record of records) if (record) seen.add(JSON.stringify([record.start, record.seats, record.moves.map((move) => move.move)]));
  return seen.size;
}

/** What a report says when some of its games repeat, or undefined when none does. */
export function repeatsNote(played: number, distinct: number): string | undefined {
  if (distinct >= played) return undefined;
  return `${played - distinct} of the ${played} games repeat an earlier one (the same moves from the same start in the same seats), so only ${distinct} are distinct: the intervals count every game as independent and are too narrow. More starts (an opening suite of many positions) make such games differ`;
}
