// The data the playground ships, against the solver. The opening book: every position the book's player meets
// (playing the book's moves, against any moves) is in it, and sampled entries have the solver's score and a
// column that keeps it. The 15-puzzle's levels: sampled boards have the optimal length the file says. Set
// FULL_DATA_CHECKS=1 to check every entry and every level (hours, not seconds).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { OpeningBook } from '../../src/games/connect4/book';
import { legalMoves, outcome, parse, play, type Position } from '../../src/games/connect4/rules';
import { api } from '../helpers/api';
import { runCli } from '../helpers/cli';

const FULL = process.env.FULL_DATA_CHECKS === '1';

/** Draws `count` of the items with the seed (all of them when FULL). */
function sample<T>(items: readonly T[], count: number, seed: number): T[] {
  if (FULL) return [...items];
  const rng = new Rng(seed);
  const pool = [...items];
  return Array.from({ length: Math.min(count, pool.length) }, () => pool.splice(rng.below(pool.length), 1)[0]);
}

describe('the Connect 4 opening book', () => {
  const bytes = readFileSync('src/games/connect4/book.bin');
  const book = OpeningBook.read(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

  /** The positions where `seat` is to move after playing the book's moves against anything, as deep as the book goes. */
  function reached(seat: 0 | 1): Position[] {
    const found: Position[] = [];
    const walk = (position: Position) => {
      if (outcome(position)) return;
      if (position.moves.length % 2 === seat) {
        const entry = book.lookup(position);
        if (!entry) return void found.push(position); // past the book's depth: recorded, and checked below
        found.push(position);
        walk(play(position, entry.column));
      } else {
        for (const column of legalMoves(position)) walk(play(position, column));
      }
    };
    walk(parse(''));
    return found;
  }

  const positions = [...reached(0), ...reached(1)];
  const inBook = positions.filter((position) => book.lookup(position));
  const depth = Math.max(...inBook.map((position) => position.moves.length));

  it('holds every position its own player meets, up to its depth', () => {
    expect(inBook.length).toBeGreaterThan(100);
    const missing = positions.filter((position) => !book.lookup(position) && position.moves.length <= depth);
    expect(missing.map((position) => position.moves)).toEqual([]);
  });

  it('agrees with the solver: the score of sampled entries, and a column that keeps it', async () => {
    // The deepest entries are the quickest to solve (a few seconds each).
    const deepest = inBook.filter((position) => position.moves.length === depth);
    for (const position of sample(deepest, 3, 21)) {
      const entry = book.lookup(position)!;
      const line = position.moves;
      const solved = await api.solve('connect4', line, {});
      expect(solved.score, line).toBe(entry.score);
      const child = play(position, entry.column);
      const childScore = outcome(child) ? -entry.score : (await api.solve('connect4', `${line}${entry.column + 1}`, { scoreOnly: true })).score;
      expect(0 - (childScore as number), `${line} then ${entry.column + 1}`).toBe(entry.score);
    }
  }, 600_000);
});

describe('the 15-puzzle levels', () => {
  const levels = readFileSync('src/games/puzzle15/levels.txt', 'utf8')
    .split('\n')
    .filter((line) => /^\d/.test(line))
    .map((line) => {
      const [band, ...numbers] = line.trim().split(/\s+/);
      return { band, tiles: numbers.slice(0, 16).join(' '), length: Number(numbers[16]) };
    });

  it('have the optimal lengths the file says: two sampled boards a band', async () => {
    const bands = [...new Set(levels.map((level) => level.band))];
    expect(bands).toEqual(['20-29', '30-39', '40-49', '50-59', '60+']);
    const chosen = bands.flatMap((band, i) =>
      sample(
        levels.filter((level) => level.band === band),
        2,
        40 + i,
      ),
    );
    const { status, stdout } = await runCli(['puzzle15', 'solve', '--heuristic', 'pdb'], chosen.map((level) => level.tiles).join('\n'));
    expect(status).toBe(0);
    const lengths = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { length: number }).length);
    expect(lengths).toEqual(chosen.map((level) => level.length));
  }, 600_000);
});
