// Builds the Connect 4 opening book (src/games/connect4/book.bin) with our own solver on the worker pool:
// every position, up to --plies stones, where the book's side is to move after playing the book's moves
// (from the first seat and from the second), against any moves of the other side. Positions are solved ply by
// ply, a position and its mirror once; the file is rewritten as results come in, and a run that is stopped
// resumes where it left off.
//   npm run build && node dist-node/connect4-book.mjs [--plies 8] [--workers 1]

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createNodePool } from '../src/runtime/node-pool';
import { requestSolve } from '../src/runtime/requests';
import { canonicalKey, OpeningBook, type BookEntry } from '../src/games/connect4/book';
import { legalMoves, newGame, play, type Position } from '../src/games/connect4/rules';

const FILE = 'src/games/connect4/book.bin';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

const plies = option('plies', 8);
const pool = createNodePool(option('workers', 1));
const entries = new Map<number, BookEntry>();
if (existsSync(FILE)) {
  const book = OpeningBook.read(readFileSync(FILE).buffer as ArrayBuffer);
  for (const entry of book.entries()) entries.set(entry.key, entry);
  console.log(`resuming: ${entries.size} positions in ${FILE}`);
}

function save(): void {
  writeFileSync(`${FILE}.part`, OpeningBook.write([...entries.values()]));
  renameSync(`${FILE}.part`, FILE);
}

/** Solves the positions not yet in the book (in parallel) and returns each position's best column. */
async function solveAll(positions: readonly Position[], ply: number): Promise<number[]> {
  let done = 0;
  const started = performance.now();
  return Promise.all(
    positions.map(async (position) => {
      const { key, mirrored } = canonicalKey(position);
      let entry = entries.get(key);
      if (!entry) {
        const answer = await requestSolve(pool, 'connect4', position.moves).promise;
        const column = (answer.move as number) - 1;
        entry = { key, score: answer.score as number, column: mirrored ? 6 - column : column };
        entries.set(key, entry);
        save();
        console.log(
          `ply ${ply} ${++done}/${positions.length} "${position.moves}": score ${entry.score}, ${answer.nodes} nodes, ${(answer.ms / 1000).toFixed(1)} s (${((performance.now() - started) / 1000).toFixed(0)} s in this ply)`,
        );
      }
      return mirrored ? 6 - entry.column : entry.column;
    }),
  );
}

/** The positions of one ply, each once up to mirroring. */
function distinct(positions: readonly Position[]): Position[] {
  const seen = new Map<number, Position>();
  for (const position of positions) seen.set(canonicalKey(position).key, seen.get(canonicalKey(position).key) ?? position);
  return [...seen.values()];
}

// Book side first: the empty board; book side second: every first move.
let frontier: Position[] = [newGame(), ...legalMoves(newGame()).map((column) => play(newGame(), column))];
for (let ply = 0; ply <= plies && frontier.length > 0; ply++) {
  const here = distinct(frontier.filter((position) => position.moves.length === ply));
  const later = frontier.filter((position) => position.moves.length !== ply);
  const columns = await solveAll(here, ply);
  // The book's move, then every reply: the positions two plies on where the book's side moves again.
  const next = here.flatMap((position, i) => {
    const booked = play(position, columns[i]);
    return booked.winner === null
      ? legalMoves(booked)
          .map((reply) => play(booked, reply))
          .filter((p) => p.winner === null)
      : [];
  });
  frontier = [...later, ...next];
  console.log(`ply ${ply} done: ${here.length} positions; the book holds ${entries.size}`);
}
pool.close();
