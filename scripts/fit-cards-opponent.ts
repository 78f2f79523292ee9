// Fits the Red Ten opponent model (src/games/cards/opponent-model.ts) to our bots' plays and writes its weights to
// src/games/cards/data/opponent-model.json: a round robin of the honest, strong and article bots on seeded short
// deals (not the opening suite the bots are judged on), every turn with a choice kept (the player's hand, the play
// it answered, its play), and the softmax's weights fitted by maximum likelihood. Seeded: the same options write
// the same file.
//   npm run build && node dist-node/fit-cards-opponent.mjs [--games 300] [--size 8] [--seed 1] [--workers 2]

import { writeFileSync } from 'node:fs';
import { optionInteger, optionSeed, scriptOptions } from '../src/cli/args';
import { tournament } from '../src/arena/schedule';
import { gameById } from '../src/games';
import { classCounts } from '../src/games/cards/cards';
import { parseMove } from '../src/games/cards/combos';
import { FEATURES, fitWeights, meanLogLikelihood, type Turn } from '../src/games/cards/opponent-model';
import { legalMoves, parse, play } from '../src/games/cards/rules';
import { createNodePool } from '../src/runtime/node-pool';
import { runSchedule } from '../src/runtime/run-schedule';

const BOTS = ['honest', 'strong', 'article'];
const OUT = 'src/games/cards/data/opponent-model.json';

const { games, size, seed, workers } = scriptOptions(
  'node dist-node/fit-cards-opponent.mjs [--games N] [--size N] [--seed N] [--workers N]',
  [
    { name: 'games', value: 'N', help: 'deals, each played both ways round by each pairing (default 300)' },
    { name: 'size', value: 'N', help: "cards dealt to each player (default 8, the opening suite's)" },
    { name: 'seed', value: 'N', help: 'the seed of the deals and the bots (default 1)' },
    { name: 'workers', value: 'N', help: 'worker threads (default 2)' },
  ],
  (args) => ({
    games: optionInteger(args, 'games', 300, 1, 100_000),
    size: optionInteger(args, 'size', 8, 1, 27),
    seed: optionSeed(args, 'seed', 1),
    workers: optionInteger(args, 'workers', 2, 1, 256),
  }),
);

const started = performance.now();
const pool = createNodePool(workers);
const schedule = tournament(gameById('cards'), BOTS, { games, seed, size });
const records = await runSchedule(pool, schedule, {}).finished;
pool.close();

const turns: Turn[] = [];
for (const record of records) {
  let position = parse(record!.start);
  for (const { move: text } of record!.moves) {
    const move = parseMove(text);
    if (legalMoves(position).length > 1) turns.push({ counts: classCounts(position.hands[position.toMove]), facing: position.last, move });
    position = play(position, move);
  }
}
const weights = fitWeights(turns);
const fitted = Object.fromEntries(FEATURES.map((name, i) => [name, Number(weights[i].toFixed(4))]));
const uniform = meanLogLikelihood(
  turns,
  FEATURES.map(() => 0),
);
const model = meanLogLikelihood(turns, weights);
writeFileSync(
  OUT,
  `${JSON.stringify(
    {
      about: `the Red Ten opponent model's weights, fitted by scripts/fit-cards-opponent.ts to ${turns.length} turns with a choice of ${records.length} games (${BOTS.join(', ')}; ${size}-card deals, seed ${seed})`,
      weights: fitted,
      meanLogLikelihood: { uniform: Number(uniform.toFixed(4)), fitted: Number(model.toFixed(4)) },
    },
    null,
    2,
  )}\n`,
);
console.log(`${records.length} games, ${turns.length} turns with a choice, ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`weights ${JSON.stringify(fitted)}`);
console.log(`mean log-likelihood of a turn: uniform ${uniform.toFixed(4)}, fitted ${model.toFixed(4)}`);
console.log(`wrote ${OUT}`);
