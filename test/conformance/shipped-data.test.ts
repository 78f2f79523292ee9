// The data the playground ships, against the solver. The opening book: every position a game of the perfect
// player (playing the book's moves, against any moves) meets is in it, and sampled entries of its two deepest
// plies have every column's score the solver finds. The 15- and 24-puzzle's levels: sampled boards have the
// optimal length the file says. FULL_DATA_CHECKS=1 checks every entry of every ply of the book (the shallow ones are the
// expensive ones: hours on two threads) and every level.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { OpeningBook } from '../../src/games/connect4/book';
import { legalMoves, outcome, parse, play, type Position } from '../../src/games/connect4/rules';
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

  /**
   * The positions a game of the perfect player (on `seat`, playing the book's best column) against any moves
   * meets, both sides to move, as deep as the book goes: those past it are recorded and the walk stops there.
   */
  function reached(seat: 0 | 1): Position[] {
    const found = new Map<string, Position>();
    const walk = (position: Position) => {
      if (outcome(position) || found.has(position.moves)) return;
      found.set(position.moves, position);
      const entry = book.lookup(position);
      if (!entry) return;
      const columns = position.moves.length % 2 === seat ? [entry.column] : legalMoves(position);
      for (const column of columns) walk(play(position, column));
    };
    walk(parse(''));
    return [...found.values()];
  }

  const positions = [...reached(0), ...reached(1)];
  const inBook = positions.filter((position) => book.lookup(position));
  const depth = Math.max(...inBook.map((position) => position.moves.length));

  it('holds every position a game of the perfect player meets, either side to move, up to its depth', () => {
    expect(depth).toBeGreaterThanOrEqual(8);
    const missing = positions.filter((position) => !book.lookup(position) && position.moves.length <= depth);
    expect(missing.map((position) => position.moves)).toEqual([]);
  });

  it(
    "agrees with the solver: every column's score of its entries",
    async () => {
      // The deeper entries are the quicker to solve (a second or two each); the shallow ones take minutes. Every
      // entry is solved deepest first in one worker keeping its table, as the book was built.
      const checked = (
        FULL
          ? [...inBook]
          : [depth, depth - 1].flatMap((ply) =>
              sample(
                inBook.filter((p) => p.moves.length === ply),
                2,
                21 + ply,
              ),
            )
      ).sort((a, b) => b.moves.length - a.moves.length);
      const started = performance.now();
      const { status, stdout, stderr } = await runCli(
        ['connect4', 'solve', '--analyze', '--no-book', '--keep-table', '--threads', '2', '--workers', '1'],
        checked.map((position) => position.moves || '-').join('\n'),
      );
      expect(stderr).toBe('');
      expect(status).toBe(0);
      const answers = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { columns: (number | null)[] });
      expect(answers).toHaveLength(checked.length);
      const wrong = checked.filter((position, i) => JSON.stringify(answers[i].columns) !== JSON.stringify(book.lookup(position)!.values));
      expect(wrong.map((position) => position.moves)).toEqual([]);
      if (FULL) console.log(`the opening book: ${checked.length} entries checked in ${((performance.now() - started) / 60_000).toFixed(1)} minutes`);
    },
    FULL ? 24 * 3_600_000 : 600_000,
  );
});

describe.each([
  { file: 'levels.txt', size: 4, bands: ['20-29', '30-39', '40-49', '50-59', '60+'], solve: ['puzzle15', 'solve', '--heuristic', 'pdb'], each: 2 },
  // The 24-puzzle's with its 6-6-6-6 databases (built once, then read from the cache).
  { file: 'levels-5x5.txt', size: 5, bands: ['30-39', '40-49', '50-59', '60-69', '70+'], solve: ['puzzle24', 'solve'], each: 2 },
])('the $size x $size puzzle levels ($file)', ({ file, size, bands, solve, each }) => {
  const tiles = size * size;
  const levels = readFileSync(`src/games/puzzle15/${file}`, 'utf8')
    .split('\n')
    .filter((line) => /^\d/.test(line))
    .map((line) => {
      const [band, ...numbers] = line.trim().split(/\s+/);
      return { band, tiles: numbers.slice(0, tiles).join(' '), length: Number(numbers[tiles]) };
    });

  it(`have the optimal lengths the file says: ${each} sampled board(s) a band`, async () => {
    expect([...new Set(levels.map((level) => level.band))]).toEqual(bands);
    const chosen = bands.flatMap((band, i) =>
      sample(
        levels.filter((level) => level.band === band),
        each,
        40 + i,
      ),
    );
    const { status, stdout } = await runCli(solve, chosen.map((level) => level.tiles).join('\n'));
    expect(status).toBe(0);
    const lengths = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { length: number }).length);
    expect(lengths).toEqual(chosen.map((level) => level.length));
  }, 1_800_000);
});
