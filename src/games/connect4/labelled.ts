// Positions labelled with every column's score (the learned player's held-out positions, a sample of Pons' sets):
// `WxH:moves s1 … sW` a line (7x6 without its size, `-` for a full column), as the training data is written.

import { parse, type Position } from './rules';

export interface Labelled {
  readonly position: Position;
  /** Every column's score, null for a full one. */
  readonly scores: readonly (number | null)[];
}

export function readLabelled(text: string): Labelled[] {
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [moves, ...scores] = line.trim().split(/\s+/);
      return { position: parse(moves), scores: scores.map((score) => (score === '-' ? null : Number(score))) };
    });
}

/** Whether playing `column` keeps the position's value: a win a win, a draw a draw. */
export function keepsValue({ scores }: Labelled, column: number): boolean {
  const best = Math.max(...scores.filter((score): score is number => score !== null));
  return Math.sign(scores[column] ?? Number.NaN) === Math.sign(best);
}
