// The Connect 4 negamax of connect4-negamax.mjs as a bot module (docs/bot-modules.md) instead of a process: the
// same search (alpha-beta to `depth` plies over windows of four, a win beating any evaluation), on its own board
// built from the position's moves. A module runs in the page, from the command line, and on the ladder, where
// code submitted by people runs in the sandbox.
//
//   npx playground connect4 tournament --engine nega=examples/engines/connect4-negamax-module.mjs --bots nega,classic:depth=4 --games 10

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

/** Whether the stone just dropped in column c (board[c], bottom first, 0 and 1 stones) makes four in a line. */
function wins(board, c) {
  const r = board[c].length - 1;
  const me = board[c][r];
  return DIRECTIONS.some(([dc, dr]) => {
    let count = 1;
    for (const sign of [1, -1]) {
      let x = c + sign * dc;
      let y = r + sign * dr;
      while (x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT && board[x][y] === me) {
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
    let mine = 0;
    let theirs = 0;
    for (const [x, y] of cells) {
      if (board[x][y] === me) mine++;
      else if (board[x][y] === 1 - me) theirs++;
    }
    const empty = 4 - mine - theirs;
    if (theirs === 0) score += mine === 3 && empty === 1 ? 5 : mine === 2 && empty === 2 ? 2 : 0;
    if (mine === 0) score -= theirs === 3 && empty === 1 ? 5 : theirs === 2 && empty === 2 ? 2 : 0;
  }
  return score + 3 * (board[3].filter((s) => s === me).length - board[3].filter((s) => s === 1 - me).length);
}

export default {
  name: 'negamax',
  author: 'AI Playground examples',
  params: [{ name: 'depth', label: 'Plies searched', min: 1, max: 8, default: 4 }],

  choose(position, { params, info }) {
    const board = Array.from({ length: WIDTH }, () => []);
    for (const [i, ch] of [...position.moves].entries()) board[Number(ch) - 1].push(i % 2);
    let nodes = 0;
    const negamax = (me, depth, alpha, beta, stones) => {
      nodes++;
      if (stones === WIDTH * HEIGHT) return 0;
      if (depth === 0) return evaluate(board, me);
      let best = -2 * WIN;
      for (const c of ORDER) {
        if (board[c].length === HEIGHT) continue;
        board[c].push(me);
        const value = wins(board, c) ? WIN + depth : -negamax(1 - me, depth - 1, -beta, -alpha, stones + 1);
        board[c].pop();
        best = Math.max(best, value);
        alpha = Math.max(alpha, value);
        if (alpha >= beta) break;
      }
      return best;
    };
    const me = position.moves.length % 2;
    let best = { column: -1, value: -Infinity };
    let alpha = -2 * WIN;
    for (const c of ORDER) {
      if (board[c].length === HEIGHT) continue;
      board[c].push(me);
      const value = wins(board, c) ? WIN + params.depth : -negamax(1 - me, params.depth - 1, -2 * WIN, -alpha, position.moves.length + 1);
      board[c].pop();
      if (value > best.value) best = { column: c, value };
      alpha = Math.max(alpha, value);
    }
    info({ depth: params.depth, nodes, score: best.value });
    return best.column;
  },
};
