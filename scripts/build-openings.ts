// Builds the opening suites, src/games/<game>/data/openings.txt: positions our solver rates close to even, for
// matches and tournaments with --openings (deterministic bots then play different games, and neither seat of a
// pair starts lost). Seeded, so the same command writes the same files.
//   tictactoe  every position two moves in that perfect play still draws
//   matrix     5x5 boards whose perfect-play margin is -1, 0 or 1 (of a few hundred seeded ones)
//   connect4   positions eight moves in (seeded random moves) that perfect play draws or wins only with the last
//              stone, among those solved within 10 M nodes
//   connect4-large  on 8x7, 9x6 and 10x5, where the solver does not finish, positions six moves in that it cannot
//              decide within 2 M nodes (a quick proof is a lopsided start)
//   cards      8-card deals won by whichever hand leads (solved both ways round): neither hand is the stronger
//   npm run openings [-- --count N] [--workers 2] [--only connect4,cards]   (N: 100 a suite, 400 for cards)

import { writeFileSync } from 'node:fs';
import type { AnyGame, SolveAnswer } from '../src/contracts/game';
import { deriveSeed, Rng } from '../src/contracts/rng';
import { gameById } from '../src/games';
import { deal, format as formatDeal } from '../src/games/cards/rules';
import { formatSize, parseSize, sizeNumber } from '../src/games/connect4/sizes';
import { optionInteger, optionText, scriptOptions, UsageError } from '../src/cli/args';
import { createNodePool } from '../src/runtime/node-pool';
import { requestSolve } from '../src/runtime/requests';

const SUITES = ['tictactoe', 'matrix', 'connect4', 'connect4-large', 'cards'];
/** Positions a suite, unless --count says: Red Ten's deals more, as most of its pairs split (one point each) and say nothing. */
const DEFAULT_COUNT = 100;
const CARDS_COUNT = 400;
const {
  count: asked,
  only,
  workers,
} = scriptOptions(
  'npm run openings -- [--count N] [--workers N] [--only GAME,...]',
  [
    { name: 'count', value: 'N', help: `positions in each suite (default ${DEFAULT_COUNT}, Red Ten's ${CARDS_COUNT}: its pairs mostly split)` },
    { name: 'workers', value: 'N', help: 'worker threads (default 2)' },
    { name: 'only', value: 'GAME,...', help: `the suites to build, of ${SUITES.join(', ')} (default: all)` },
  ],
  (args) => {
    const only = optionText(args, 'only')?.split(',');
    const unknown = only?.find((id) => !SUITES.includes(id));
    if (unknown !== undefined) throw new UsageError(`--only: there is no suite "${unknown}": ${SUITES.join(', ')}`);
    return { count: optionInteger(args, 'count', 0, 1, 100_000), workers: optionInteger(args, 'workers', 2, 1, 256), only };
  },
);
const wanted = (id: string) => !only || only.includes(id);
const pool = createNodePool(workers);

/** Solves candidates, a batch at a time on all the workers, until `count` pass or the candidates run out. A
 * candidate whose solve needs more than `maxNodes` is left out (an even position can be a long one to prove). */
async function select(
  game: string,
  candidates: Iterable<string>,
  keep: (answer: SolveAnswer, line: string) => Promise<boolean> | boolean,
  maxNodes = 0,
  keepUndecided = false,
) {
  const count = asked || (game === 'cards' ? CARDS_COUNT : DEFAULT_COUNT);
  const kept: string[] = [];
  const seen = new Set<string>();
  let batch: string[] = [];
  const flush = async () => {
    // Past its budget a solve answers {"error":"budget"}.
    const answers = await Promise.all(batch.map((line) => requestSolve(pool, game, line, {}, { nodes: maxNodes }).promise));
    for (const [i, answer] of answers.entries()) {
      const decided = !('error' in answer);
      if (kept.length < count && (decided ? await keep(answer, batch[i]) : keepUndecided && answer.error === 'budget')) kept.push(batch[i]);
    }
    console.log(`${game}: ${kept.length} of ${seen.size} kept`);
    batch = [];
  };
  for (const line of candidates) {
    if (seen.has(line)) continue;
    seen.add(line);
    batch.push(line);
    if (batch.length >= 8 * pool.size) await flush();
    if (kept.length >= count) break;
  }
  if (batch.length > 0 && kept.length < count) await flush();
  return kept;
}

/** Positions `plies` moves in, each move drawn with the seed. */
function* randomLines(game: AnyGame, plies: number, seed: number, size = game.sizes?.default) {
  const { rules } = game;
  for (let i = 0; ; i++) {
    const rng = new Rng(deriveSeed(seed, `opening ${i}`));
    let position = rules.start(rng.nextU32(), size);
    for (let ply = 0; ply < plies && !rules.outcome(position); ply++) position = rules.play(position, rng.pick(rules.legalMoves(position)));
    if (!rules.outcome(position)) yield rules.format(position);
  }
}

function write(id: string, description: string, lines: readonly string[], file = 'openings.txt') {
  const header = `# ${gameById(id).rules.title} openings: ${description}.\n# Built by scripts/build-openings.ts (npm run openings); one position per line in the game's notation.\n`;
  writeFileSync(`src/games/${id}/data/${file}`, `${header}${lines.join('\n')}\n`);
  console.log(`${id}: ${lines.length} openings in ${file}`);
}

const tictactoe = gameById('tictactoe');
const twoIn = tictactoe.rules.legalMoves(tictactoe.rules.start(1)).flatMap((first) => {
  const after = tictactoe.rules.play(tictactoe.rules.start(1), first);
  return tictactoe.rules.legalMoves(after).map((second) => tictactoe.rules.format(tictactoe.rules.play(after, second)));
});
if (wanted('tictactoe'))
  write('tictactoe', 'every position two moves in that perfect play still draws', await select('tictactoe', twoIn, (answer) => answer.value === 0));

const matrix = gameById('matrix');
const boards = (function* () {
  for (let i = 0; ; i++) yield matrix.rules.format(matrix.rules.start(deriveSeed(1, `opening ${i}`), 5));
})();
if (wanted('matrix'))
  write('matrix', '5x5 boards whose perfect-play margin is -1, 0 or 1', await select('matrix', boards, (answer) => Math.abs(answer.value as number) <= 1));

if (wanted('connect4'))
  write(
    'connect4',
    'positions eight moves in that perfect play draws, or wins only with the last stone (score -1, 0 or 1)',
    await select('connect4', randomLines(gameById('connect4'), 8, 1), (answer) => Math.abs(answer.score as number) <= 1, 10_000_000),
  );

// The boards no solve finishes on: the learned player's proving ground (docs/neural.md).
const connect4 = gameById('connect4');
if (wanted('connect4-large'))
  for (const size of ['8x7', '9x6', '10x5'].map(parseSize))
    write(
      'connect4',
      `${formatSize(size)} positions six moves in that our solver cannot decide within 2 M nodes (or scores -1, 0 or 1)`,
      await select('connect4', randomLines(connect4, 6, 1, sizeNumber(size)), (answer) => Math.abs(answer.score as number) <= 1, 2_000_000, true),
      `openings-${formatSize(size)}.txt`,
    );

// A deal and the same hands with the other one leading: both won by the leader.
const deals = (function* () {
  for (let i = 0; ; i++) yield formatDeal(deal(deriveSeed(1, `opening ${i}`), 8));
})();
const swapped = (line: string) => {
  const position = gameById('cards').rules.parse(line) as ReturnType<typeof deal>;
  return formatDeal({ ...position, hands: [position.hands[1], position.hands[0]] });
};
if (wanted('cards'))
  write(
    'cards',
    '8-card deals won by whichever hand leads, solved both ways round (play them with --size 8)',
    await select('cards', deals, async (answer, line) => answer.winner === 'A' && (await requestSolve(pool, 'cards', swapped(line)).promise).winner === 'A'),
  );
await pool.close();
