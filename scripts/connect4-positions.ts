// Labelled Connect 4 positions for the learned player (docs/neural.md): every position of the 7x6 opening book, and
// games of varied play on the sizes the solver finishes quickly, every position met labelled with every column's
// exact score by our solver (by the book where it has the position). A game opens with a few random moves, then
// each move is the best (a random one of the best), a good one (within a few points of the best) or any legal one,
// in the shares --shares gives (by default 55% and 30%, the rest any), so the positions range from perfect play to
// lopsided boards; larger shares of the best make longer games, whose late positions are otherwise few. On the
// sizes of SEARCH_FROM a position (out of the book) with fewer stones than it says is not labelled (the solver
// takes seconds to minutes there) and its move is one the immediate tactics leave (tactics.ts). Each game's seed is derived from --seed, the
// size and its number: the same options make the same file (but for a position the solver does not finish in
// POSITION_MS on a slow machine). With --weak a position is labelled with each column's win, draw or loss only
// (1, 0, -1: the book's positions keep their exact scores), from the first stone on: a weak answer takes about a
// second where an exact one takes minutes (Pons' hardest opening positions), and a good move is any move (the
// labels are within GOOD_POINTS of each other). --until N ends a game at N stones.
// Lines are `WxH:moves s1 … sW` (`-` for a full column), after a `# book` or `# game WxH N` line; a run that is
// stopped resumes after the last whole game in the file.
//   npm run build && node dist-node/connect4-positions.mjs --out FILE [--sizes 7x6:400,6x5:400] [--shares 0.55,0.3]
//     [--weak] [--until N] [--seed 1] [--workers 2]

import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { optionInteger, optionSeed, optionText, scriptOptions, UsageError } from '../src/cli/args';
import { deriveSeed, Rng } from '../src/contracts/rng';
import { format, legalMoves, newGame, outcome, play, type Position } from '../src/games/connect4/rules';
import { canonicalKey, loadBook } from '../src/games/connect4/book';
import { formatSize, isStandard, parseSize, type BoardSize } from '../src/games/connect4/sizes';
import { tacticalColumns } from '../src/games/connect4/tactics';
import { createNodePool } from '../src/runtime/node-pool';
import { requestSolve } from '../src/runtime/requests';

/** The shares of moves that are the best and (after those) within GOOD_POINTS of the best, unless told; the rest are random. */
const DEFAULT_SHARES = '0.55,0.3';
const GOOD_POINTS = 4;
/** The random moves a game opens with: 0 to this many. */
const OPENING_MOVES = 6;
/** A position the solver has not labelled in this time is left out (its game goes on as an unlabelled one does). */
const POSITION_MS = 60_000;
/** The stones a position needs for the solver to label it, on the sizes whose early positions take it long. */
const SEARCH_FROM: Readonly<Record<string, number>> = { '7x6': 12, '6x7': 12, '8x5': 8, '9x4': 6, '8x7': 18, '9x6': 16, '10x5': 14 };

/** The games of the shipped model's first file (docs/neural.md): 129,129 lines, the book's 10,723 among them. */
const DEFAULT_SIZES = '7x6:5000,6x5:1100,7x5:150,6x6:150,8x4:600,8x5:220';

const { out, sizes, shares, weak, until, seed, workers } = scriptOptions(
  'node dist-node/connect4-positions.mjs --out FILE [--sizes 7x6:400,6x5:400] [--shares BEST,GOOD] [--weak] [--until N] [--seed N] [--workers N]',
  [
    { name: 'out', value: 'FILE', help: 'the file the labelled positions are appended to' },
    { name: 'sizes', value: 'LIST', help: `the sizes and the games on each, WxH:GAMES,… (default ${DEFAULT_SIZES})` },
    { name: 'shares', value: 'BEST,GOOD', help: `the shares of the best moves and of good ones, the rest random (default ${DEFAULT_SHARES})` },
    { name: 'weak', help: "label each column's win, draw or loss only (1, 0, -1), from the first stone on" },
    { name: 'until', value: 'N', help: 'end each game once N stones are on the board (default: played out)' },
    { name: 'seed', value: 'N', help: 'the seed of every game (default 1)' },
    { name: 'workers', value: 'N', help: 'games played at once, one solver worker each (default 2)' },
  ],
  (args) => {
    const out = optionText(args, 'out');
    if (!out) throw new UsageError('--out FILE is required');
    const sizes = (optionText(args, 'sizes') ?? DEFAULT_SIZES).split(',').map((item) => {
      const [size, games] = item.split(':');
      if (!/^\d+$/.test(games ?? '')) throw new UsageError(`--sizes takes WxH:GAMES items, got "${item}"`);
      return { size: parseSize(size), games: Number(games) };
    });
    const shares = (optionText(args, 'shares') ?? DEFAULT_SHARES).split(',').map(Number);
    if (shares.length !== 2 || shares.some((share) => !(share >= 0)) || shares[0] + shares[1] > 1)
      throw new UsageError(`--shares takes two shares from 0 to 1 whose sum is at most 1, got "${optionText(args, 'shares')}"`);
    return {
      out,
      sizes,
      shares: { best: shares[0], good: shares[1] },
      weak: args.options.has('weak'),
      until: optionInteger(args, 'until', 64, 1, 64),
      seed: optionSeed(args),
      workers: optionInteger(args, 'workers', 2, 1, 64),
    };
  },
);

/** The games already in the file, by `WxH N`. */
function gamesDone(file: string): Set<string> {
  if (!existsSync(file)) return new Set();
  const lines = readFileSync(file, 'utf8').split('\n');
  return new Set(lines.filter((line) => line.startsWith('# ')).map((line) => line.slice(line.startsWith('# game ') ? '# game '.length : 2)));
}

const pool = createNodePool(workers);

const book = await loadBook(async (name) => {
  const bytes = readFileSync(`src/games/${name}`);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
});

/** A labelled line: the position (the empty 7x6 board `-`, its notation being empty) and every column's score. */
function line(position: Position, scores: readonly (number | null)[]): string {
  return `${format(position) || '-'} ${scores.map((score) => score ?? '-').join(' ')}`;
}

/** Every position of the 7x6 book, each once up to mirroring: all are reached from the empty board through the book. */
function bookLines(): string[] {
  const lines: string[] = [];
  const seen = new Set<bigint>();
  const queue = [newGame()];
  for (let next = 0; next < queue.length; next++) {
    const position = queue[next];
    const known = book?.lookup(position);
    const { key } = canonicalKey(position);
    if (!known || seen.has(key)) continue;
    seen.add(key);
    lines.push(line(position, known.values));
    for (const column of legalMoves(position)) {
      const child = play(position, column);
      if (!outcome(child)) queue.push(child);
    }
  }
  return lines;
}

/** Every column's score (null for a full one), or null when it is not labelled (see above). */
async function label(position: Position): Promise<(number | null)[] | null> {
  const known = book?.lookup(position);
  if (known) return [...known.values];
  if (!weak && position.moves.length < (SEARCH_FROM[formatSize(position)] ?? 0)) return null;
  const options = { analyze: true, weak, 'keep-table': true, table: '22' };
  const answer = await requestSolve(pool, 'connect4', format(position), options, { ms: POSITION_MS }).promise;
  return 'columns' in answer ? (answer.columns as (number | null)[]) : null;
}

/** The next move: the best, a good one or any, as the shares say; without scores, one the immediate tactics leave. */
function nextMove(position: Position, scores: (number | null)[] | null, rng: Rng): number {
  const moves = legalMoves(position);
  const roll = rng.below(1000) / 1000;
  if (!scores) return rng.pick(tacticalColumns(position));
  if (roll >= shares.best + shares.good) return rng.pick(moves);
  const best = Math.max(...moves.map((column) => scores[column]!));
  const within = roll < shares.best ? 0 : GOOD_POINTS;
  return rng.pick(moves.filter((column) => scores[column]! >= best - within));
}

/** One game: its positions' lines, in the order met. */
async function playGame(size: BoardSize, index: number): Promise<string[]> {
  const rng = new Rng(deriveSeed(seed, `${formatSize(size)} ${index}`));
  let position = newGame(size);
  for (let opening = rng.below(OPENING_MOVES + 1); opening > 0 && !outcome(position); opening--) position = play(position, rng.pick(legalMoves(position)));
  const lines: string[] = [];
  while (!outcome(position) && position.moves.length < until) {
    const scores = await label(position);
    if (scores) lines.push(line(position, scores));
    position = play(position, nextMove(position, scores, rng));
  }
  return lines;
}

mkdirSync(dirname(out), { recursive: true });
const done = gamesDone(out);
if (!done.has('book') && sizes.some(({ size }) => isStandard(size))) {
  const lines = bookLines();
  appendFileSync(out, `# book\n${lines.map((text) => `${text}\n`).join('')}`);
  console.log(`${lines.length} positions of the book`);
}
// The sizes' games interleaved (by the share of each size's games played), so that a run stopped early holds every size.
const queue = sizes
  .flatMap(({ size, games }) => Array.from({ length: games }, (_, index) => ({ size, index, share: index / games })))
  .sort((a, b) => a.share - b.share)
  .filter(({ size, index }) => !done.has(`${formatSize(size)} ${index}`));
console.log(`${done.size} games already in ${out}; ${queue.length} to play`);
const started = performance.now();
let played = 0;
let positions = 0;
async function player(): Promise<void> {
  for (let game = queue.shift(); game; game = queue.shift()) {
    const lines = await playGame(game.size, game.index);
    // A game is written whole, so that a stopped run resumes after it.
    appendFileSync(out, `# game ${formatSize(game.size)} ${game.index}\n${lines.map((line) => `${line}\n`).join('')}`);
    played++;
    positions += lines.length;
    if (played % 10 === 0) console.log(`${played} games, ${positions} positions, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}
await Promise.all(Array.from({ length: workers }, player));
console.log(`done: ${played} games, ${positions} positions in ${((performance.now() - started) / 1000).toFixed(0)} s`);
pool.close();
