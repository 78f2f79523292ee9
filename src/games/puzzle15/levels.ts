// Generator 3 (the article's third way): boards graded by their optimal solution length, found by our own
// solver (scripts/build-puzzle15-levels.ts writes src/games/puzzle15/levels.txt), picked with a seed.
// File lines: `<band> <16 tiles> <optimal length>`, `#` lines are comments.

import { dataLines } from '../../contracts/data-lines';
import { Rng } from '../../contracts/rng';
import { start, type Position } from './rules';

export const BANDS = ['20-29', '30-39', '40-49', '50-59', '60+'] as const;
export type Band = (typeof BANDS)[number];

export interface Level {
  readonly band: Band;
  readonly tiles: readonly number[];
  readonly length: number;
}

export function bandOf(length: number): Band | undefined {
  if (length >= 60) return '60+';
  return BANDS.find((band) => {
    const [low, high] = band.split('-').map(Number);
    return length >= low && length <= high;
  });
}

export function parseLevels(text: string): Level[] {
  return dataLines(text).map((line) => {
    const [band, ...numbers] = line.split(/\s+/);
    if (!BANDS.includes(band as Band)) throw new Error(`unknown difficulty band "${band}" in the levels file`);
    return { band: band as Band, tiles: numbers.slice(0, 16).map(Number), length: Number(numbers[16]) };
  });
}

export function formatLevels(levels: readonly Level[]): string {
  return levels.map((level) => `${level.band} ${level.tiles.join(' ')} ${level.length}`).join('\n');
}

/** A board of the band, drawn with the seed. */
export function levelBoard(levels: readonly Level[], band: string, seed: number): Position & { readonly optimal: number } {
  if (!BANDS.includes(band as Band)) throw new Error(`there is no difficulty "${band}": use ${BANDS.join(', ')}`);
  const choices = levels.filter((level) => level.band === band);
  if (choices.length === 0) throw new Error(`the levels file has no board of difficulty ${band}`);
  const level = new Rng(seed).pick(choices);
  return { ...start(level.tiles), optimal: level.length };
}
