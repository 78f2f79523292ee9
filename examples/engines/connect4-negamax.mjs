#!/usr/bin/env node
// A Connect 4 engine for AI Playground in JavaScript, run as a process: it speaks the engine protocol
// (docs/engine-protocol.md), JSON lines on standard input and output. The same search as connect4_negamax.py:
// negamax with alpha-beta to `depth` plies over a simple evaluation (windows of four: three stones and an empty
// cell 5, two and two empty 2; a centre stone 3), a win beating any evaluation.
//
//   npx playground connect4 tournament --engine js="node examples/engines/connect4-negamax.mjs" --bots js,classic:depth=4 --games 10

import { createInterface } from 'node:readline';

const WIDTH = 7;
const HEIGHT = 6;
const ORDER = [3, 2, 4, 1, 5, 0, 6]; // centre columns first: better moves first, more cut-offs
const WIN = 1_000_000;
const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

/** Every window of four cells, as [column, row] pairs. */
const WINDOWS = [];
for (let c = 0; c < WIDTH; c++)
  for (let r = 0; r < HEIGHT; r++)
    for (const [dc, dr] of DIRECTIONS) {
      const cells = [0, 1, 2, 3].map((i) => [c + i * dc, r + i * dr]);
      if (cells.every(([x, y]) => x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT)) WINDOWS.push(cells);
    }

/** The columns (bottom first) after the moves, each an array of 0 (first player) and 1 stones. */
function boardOf(moves) {
  const board = Array.from({ length: WIDTH }, () => []);
  [...moves].forEach((ch, i) => {
    const column = Number(ch) - 1;
    if (!(column >= 0 && column < WIDTH) || board[column].length === HEIGHT) throw new Error(`bad move ${ch} in ${moves}`);
    board[column].push(i % 2);
  });
  return board;
}

const cell = (board, c, r) => board[c][r];

/** Whether the stone just dropped in column c makes four in a line. */
function wins(board, c) {
  const r = board[c].length - 1;
  const me = board[c][r];
  return DIRECTIONS.some(([dc, dr]) => {
    let count = 1;
    for (const sign of [1, -1]) {
      let x = c + sign * dc;
      let y = r + sign * dr;
      while (x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT && cell(board, x, y) === me) {
        count++;
        x += sign * dc;
        y += sign * dr;
      }
    }
    return count >= 4;
  });
}

function evaluate(board, me) {
  let score = 0;
  for (const cells of WINDOWS) {
    const stones = cells.map(([x, y]) => cell(board, x, y));
    const mine = stones.filter((s) => s === me).length;
    const theirs = stones.filter((s) => s === 1 - me).length;
    const empty = 4 - mine - theirs;
    if (theirs === 0) score += mine === 3 && empty === 1 ? 5 : mine === 2 && empty === 2 ? 2 : 0;
    if (mine === 0) score -= theirs === 3 && empty === 1 ? 5 : theirs === 2 && empty === 2 ? 2 : 0;
  }
  return score + 3 * (board[3].filter((s) => s === me).length - board[3].filter((s) => s === 1 - me).length);
}

function negamax(board, me, depth, alpha, beta, stones) {
  if (stones === WIDTH * HEIGHT) return 0;
  if (depth === 0) return evaluate(board, me);
  let best = -2 * WIN;
  for (const c of ORDER) {
    if (board[c].length === HEIGHT) continue;
    board[c].push(me);
    const value = wins(board, c) ? WIN + depth : -negamax(board, 1 - me, depth - 1, -beta, -alpha, stones + 1);
    board[c].pop();
    best = Math.max(best, value);
    alpha = Math.max(alpha, value);
    if (alpha >= beta) break;
  }
  return best;
}

function choose(moves, depth) {
  const board = boardOf(moves);
  const me = moves.length % 2;
  let best = { column: -1, value: -Infinity };
  let alpha = -2 * WIN;
  for (const c of ORDER) {
    if (board[c].length === HEIGHT) continue;
    board[c].push(me);
    const value = wins(board, c) ? WIN + depth : -negamax(board, 1 - me, depth - 1, -2 * WIN, -alpha, moves.length + 1);
    board[c].pop();
    if (value > best.value) best = { column: c, value };
    alpha = Math.max(alpha, value);
  }
  return best;
}

let params = { depth: 4 };
const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const message = JSON.parse(line);
  if (message.type === 'hello') {
    say({
      name: 'connect4-negamax.mjs',
      author: 'AI Playground examples',
      params: [{ name: 'depth', label: 'Plies searched', min: 1, max: 8, default: 4 }],
    });
  } else if (message.type === 'newgame') {
    params = { depth: 4, ...message.params };
  } else if (message.type === 'move') {
    const { column, value } = choose(message.position, params.depth);
    say({ move: String(column + 1), info: { depth: params.depth, score: value } });
  } else if (message.type === 'quit') {
    break;
  }
}
