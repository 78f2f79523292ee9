// The sample of Pons' test sets (test/data/connect4/pons-sample.txt): each line the position, Pons' score, then
// every column's score by our solver, read as labelled positions beside Pons' scores.

import { readFileSync } from 'node:fs';
import { type Labelled, readLabelled } from '../../src/games/connect4/labelled';

export interface PonsPosition extends Labelled {
  /** Pons' published score of the position. */
  readonly ponsScore: number;
}

export function ponsSample(): PonsPosition[] {
  const lines = readFileSync('test/data/connect4/pons-sample.txt', 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));
  return lines.map((line) => {
    const [moves, score, ...columns] = line.trim().split(/\s+/);
    return { ...readLabelled(`${moves} ${columns.join(' ')}`)[0], ponsScore: Number(score) };
  });
}
