#!/usr/bin/env node
// A Connect 4 engine for the tests: plays a random legal column (seeded by the position), or, with a mode
// argument, breaks the protocol in one way: slow (takes 600 ms a move), hang (never moves), crash (exits on its first move), junk (writes
// something that is not JSON), huge (reports 1e999 nodes with its move), long
// (writes 100 KB without a line break), twice (answers each move twice), illegal (plays a full column), silent (never answers hello), mixed (given a
// counter file of its starts and games: a legal game most of the time, else one of these by the game's number,
// and one start in a hundred does not answer hello), stubborn (never moves, and ignores quit, its closed
// standard input and SIGTERM; given a file, it writes its process id there), gated (given a folder and a number N, 2 by
// default: random moves in its first N games, counted over its processes, and from the next on only once the
// folder holds a file "open": a run is cut there by construction). On its standard error it writes each position it is asked to move
// in (random), or why it is about to crash.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const mode = process.argv[2] ?? 'random';
const counter = process.argv[3];
/** Starts and games so far (of every process of this engine), kept in the counter file. */
function bump(field) {
  const counts = existsSync(counter) ? JSON.parse(readFileSync(counter, 'utf8')) : { starts: -1, games: -1 };
  counts[field]++;
  writeFileSync(counter, JSON.stringify(counts));
  return counts[field];
}
const starts = counter && mode === 'mixed' ? bump('starts') : 0;
if (mode === 'stubborn') {
  if (counter) writeFileSync(counter, String(process.pid));
  process.on('SIGTERM', () => {});
  setInterval(() => {}, 1 << 30);
}
const MIXED = ['random', 'crash', 'random', 'junk', 'random', 'illegal', 'random', 'random'];
const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const hash = (text) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
let gameMode = mode;
/** The gated mode's game number, over all its processes, and the games it plays before its gate (default 2). */
let gatedGame = 0;
const gatedAfter = Number(process.argv[4] ?? 2);
function bumpIn(file) {
  const next = existsSync(file) ? Number(readFileSync(file, 'utf8')) + 1 : 0;
  writeFileSync(file, String(next));
  return next;
}

function legal(position) {
  const heights = Array(7).fill(0);
  for (const digit of position) heights[Number(digit) - 1]++;
  return [...Array(7).keys()].filter((column) => heights[column] < 6).map((column) => String(column + 1));
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.type === 'hello') {
    if (mode !== 'silent' && starts % 100 !== 50) say({ name: `random (${mode})`, author: 'tests', params: [{ name: 'spice', min: 0, max: 9, default: 3 }] });
  } else if (message.type === 'newgame') {
    if (mode === 'gated') gatedGame = bumpIn(join(counter, 'games'));
    const game = counter && mode === 'mixed' ? bump('games') : 0;
    gameMode = mode === 'mixed' ? (game % 97 === 50 ? 'hang' : MIXED[game % MIXED.length]) : mode;
    if (gameMode === 'crash') process.stderr.write('out of memory, about to crash\n');
  } else if (message.type === 'move') {
    const moves = legal(message.position);
    if (mode === 'gated' && gatedGame >= gatedAfter && !existsSync(join(counter, 'open'))) {
      const wait = setInterval(() => {
        if (!existsSync(join(counter, 'open'))) return;
        clearInterval(wait);
        say({ move: moves[hash(message.position) % moves.length] });
      }, 20);
      return;
    }
    if (mode === 'gated') return say({ move: moves[hash(message.position) % moves.length] });
    if (gameMode === 'hang' || gameMode === 'stubborn') return;
    if (gameMode === 'slow') return void setTimeout(() => say({ move: moves[hash(message.position) % moves.length] }), 600);
    if (gameMode === 'crash') process.exit(3);
    if (gameMode === 'junk') return void process.stdout.write('I am thinking...\n');
    if (gameMode === 'illegal') return say({ move: '9' });
    // A line of 100 KB that never ends, or a move answered twice in one write.
    if (gameMode === 'long') return void process.stdout.write('x'.repeat(100 << 10));
    if (gameMode === 'twice') return void process.stdout.write(`${JSON.stringify({ move: moves[0] })}\n${JSON.stringify({ move: moves[0] })}\n`);
    // A number JSON reads as Infinity (a run file would keep it as null).
    if (gameMode === 'huge') return void process.stdout.write(`{"move":"${moves[0]}","info":{"depth":1,"nodes":1e999}}\n`);
    process.stderr.write(`asked ${message.position}\n`);
    say({ info: { depth: 1, nodes: moves.length } });
    say({ move: moves[hash(message.position) % moves.length], info: { depth: 1, nodes: moves.length, score: 0 } });
  } else if (message.type === 'quit' && mode !== 'stubborn') {
    process.exit(0);
  }
});
