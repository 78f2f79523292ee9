// Builds a Connect 4 opening book (src/games/connect4/book.bin for 7x6, book-WxH.bin for another size) with our
// own solver: every column's score of
// every position, up to --plies stones, that a game of the perfect player against anything meets (the perfect
// player first or second: its move is the book's best column, the other side's any). Positions are analysed
// ply by ply, a position and its mirror once, in one worker searching with --threads threads and keeping its
// table from one position to the next (they share much). The book is rewritten at the end of each ply (so it
// always holds whole plies), the positions of the ply under way in book.bin.partial; a run that is stopped
// resumes where it left off.
//   npm run build && node dist-node/connect4-book.mjs [--size WxH] [--plies 10] [--threads 2]

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { answerOf, bookFile, canonicalKey, OpeningBook, positionKey, type BookEntry } from '../src/games/connect4/book';
import { format, legalMoves, newGame, play, type Position } from '../src/games/connect4/rules';
import { formatSize, parseSize, STANDARD } from '../src/games/connect4/sizes';
import { MAX_THREADS } from '../src/games/connect4/threads';
import { optionInteger, optionText, scriptOptions } from '../src/cli/args';
import { createNodePool } from '../src/runtime/node-pool';
import { requestSolve } from '../src/runtime/requests';

const { size, plies, threads } = scriptOptions(
  'npm run book:connect4 -- [--size WxH] [--plies N] [--threads N]',
  [
    { name: 'size', value: 'WxH', help: 'the board size (default 7x6)' },
    { name: 'plies', value: 'N', help: 'the deepest positions in the book, in stones played (default 10)' },
    { name: 'threads', value: 'N', help: `search threads of the solver (default 2, at most ${MAX_THREADS})` },
  ],
  (args) => {
    const size = parseSize(optionText(args, 'size') ?? formatSize(STANDARD));
    return { size, plies: optionInteger(args, 'plies', 10, 0, size.width * size.height - 1), threads: optionInteger(args, 'threads', 2, 1, MAX_THREADS) };
  },
);
const FILE = `src/games/${bookFile(size)}`;
const PARTIAL = `${FILE}.partial`;
const pool = createNodePool(1);
const entries = new Map<bigint, BookEntry>();
for (const file of [FILE, PARTIAL].filter(existsSync)) {
  try {
    const bytes = readFileSync(file);
    const book = OpeningBook.read(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    if (formatSize(book.size) !== formatSize(size)) throw new Error(`it is a book of ${formatSize(book.size)}`);
    for (const entry of book.entries()) entries.set(entry.key, entry);
    console.log(`resuming: ${entries.size} positions after reading ${file}`);
  } catch (error) {
    console.log(`skipping ${file}: not a book of this version (${(error as Error).message})`);
  }
}

let unsaved = 0;
/** Writes the entries to `file`, whole or not at all. */
function save(file = PARTIAL): void {
  writeFileSync(`${file}.writing`, OpeningBook.write(size, [...entries.values()]));
  renameSync(`${file}.writing`, file);
  unsaved = 0;
}

/** Every column's score of a position, in its own orientation: from the book being built, else analysed. */
async function analyse(position: Position): Promise<(number | null)[]> {
  const { key, mirrored } = canonicalKey(position);
  const known = entries.get(key);
  if (known) return mirrored ? [...known.values].reverse() : [...known.values];
  const started = performance.now();
  const answer = await requestSolve(pool, 'connect4', format(position), { analyze: true, threads: String(threads), 'keep-table': true, 'no-book': true })
    .promise;
  const values = answer.columns as (number | null)[];
  entries.set(key, { key, values: mirrored ? [...values].reverse() : values });
  if (++unsaved >= 20) save();
  console.log(
    `"${format(position)}": ${values.map((v) => v ?? '-').join(' ')} (${answer.nodes} nodes, ${((performance.now() - started) / 1000).toFixed(2)} s)`,
  );
  return values;
}

/** The positions of one ply, each once up to mirroring. */
function distinct(positions: readonly Position[]): Position[] {
  const seen = new Map<bigint, Position>();
  for (const position of positions) seen.set(canonicalKey(position).key, seen.get(canonicalKey(position).key) ?? position);
  return [...seen.values()];
}

// Both games at once: (position, the perfect player's seat) pairs, ply by ply.
let frontier: { position: Position; seat: number }[] = [
  { position: newGame(size), seat: 0 },
  { position: newGame(size), seat: 1 },
];
for (let ply = 0; ply <= plies && frontier.length > 0; ply++) {
  const started = performance.now();
  const here = distinct(frontier.map(({ position }) => position));
  const next: { position: Position; seat: number }[] = [];
  for (const position of here) await analyse(position);
  for (const { position, seat } of frontier) {
    const columns = position.moves.length % 2 === seat ? [answerOf(await analyse(position)).column] : legalMoves(position);
    for (const column of columns) {
      const child = play(position, column);
      if (child.winner === null && legalMoves(child).length > 0) next.push({ position: child, seat });
    }
  }
  // A position met in both games, or twice in one, goes on once per seat. Not once per mirror pair: among equal
  // columns the perfect player takes the most central, the left one of a pair, so a position and its mirror image
  // do not lead to mirror images.
  const seen = new Set<string>();
  frontier = next.filter(({ position, seat }) => {
    const id = `${positionKey(position)}/${seat}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  save(FILE);
  console.log(`ply ${ply}: ${here.length} positions in ${((performance.now() - started) / 1000).toFixed(0)} s; the book holds ${entries.size}`);
}
pool.close();
