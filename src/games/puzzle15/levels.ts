// Generator 3 (the article's third way): boards graded by their optimal solution length, found by our own
// solver (scripts/build-puzzle15-levels.ts writes src/games/puzzle15/levels.txt, and levels-5x5.txt for the 5x5
// size), picked with a seed. File lines: `<band> <tiles> <optimal length>`, `#` lines are comments.

import { dataLines } from '../../contracts/data-lines';
import { Rng } from '../../contracts/rng';
import { SIZE, start, type Position } from './rules';

/** The bands of optimal lengths of each size: a 5x5 board's moves run longer. */
export const BANDS_OF: Readonly<Record<number, readonly string[]>> = {
  4: ['20-29', '30-39', '40-49', '50-59', '60+'],
  5: ['30-39', '40-49', '50-59', '60-69', '70+'],
};
/** The 15-puzzle's bands. */
export const BANDS = BANDS_OF[SIZE];
/** The default band of each size. */
export const DEFAULT_BAND: Readonly<Record<number, string>> = { 4: '40-49', 5: '50-59' };
/** The levels file of each size, a data file of the game. */
export const LEVELS_FILE: Readonly<Record<number, string>> = { 4: 'puzzle15/levels.txt', 5: 'puzzle15/levels-5x5.txt' };

export interface Level {
  readonly band: string;
  readonly tiles: readonly number[];
  readonly length: number;
}

export function bandOf(length: number, size = SIZE): string | undefined {
  return BANDS_OF[size].find((band) => {
    const [low, high] = band.split('-').map((bound) => Number.parseInt(bound, 10));
    return length >= low && (band.endsWith('+') || length <= high);
  });
}

export function parseLevels(text: string): Level[] {
  return dataLines(text).map((line) => {
    const [band, ...numbers] = line.split(/\s+/);
    if (!Object.values(BANDS_OF).some((bands) => bands.includes(band))) throw new Error(`unknown difficulty band "${band}" in the levels file`);
    return { band, tiles: numbers.slice(0, -1).map(Number), length: Number(numbers[numbers.length - 1]) };
  });
}

export function formatLevels(levels: readonly Level[]): string {
  return levels.map((level) => `${level.band} ${level.tiles.join(' ')} ${level.length}`).join('\n');
}

/** A board of the band, drawn with the seed (the levels all of one size). */
export function levelBoard(levels: readonly Level[], band: string, seed: number, size = SIZE): Position & { readonly optimal: number } {
  if (!BANDS_OF[size].includes(band)) throw new Error(`there is no difficulty "${band}": use ${BANDS_OF[size].join(', ')}`);
  const choices = levels.filter((level) => level.band === band);
  if (choices.length === 0) throw new Error(`the levels file has no board of difficulty ${band}`);
  const level = new Rng(seed).pick(choices);
  return { ...start(level.tiles), optimal: level.length };
}
