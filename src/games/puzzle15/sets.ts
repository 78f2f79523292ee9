// Benchmark sets of boards with their known optimal lengths (src/games/puzzle15/data/): Korf's 100 random
// instances (Korf 1985, converted to our goal), the 17 positions that need 80 moves, and Korf and Felner's 50
// random 24-puzzle instances. Lines: the tiles (16 or 25), then the optimal length; `#` lines are comments.

import { dataLines } from '../../contracts/data-lines';

export interface KnownBoard {
  readonly name: string;
  readonly tiles: readonly number[];
  readonly length: number;
}

export function parseSet(text: string, prefix: string): KnownBoard[] {
  return dataLines(text).map((line, i) => {
    const numbers = line.split(/\s+/).map(Number);
    return { name: `${prefix}${i + 1}`, tiles: numbers.slice(0, -1), length: numbers[numbers.length - 1] };
  });
}
