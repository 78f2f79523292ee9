// The price of hidden information in Red Ten, written to src/games/cards/data/hidden-price.json for the page and
// the README: for each deal size, a round robin of the strong bot (it sees both hands), the inference bot and the
// honest bot (they see their own) on seeded deals, each played both ways round (mirrored), without a clock (the
// bots' default draws and budgets: the same games every run). For each pairing the Elo of the first over the second
// from its pairs (the mean pair score, and a 95% interval from their spread with one lost and one won pair added,
// so that a size where every deal splits still leaves some doubt), and for each bot its accuracy against perfect
// information: of its moves in positions it wins with both hands known, the share that keep the win (a move the
// full-information solver would play too; in a lost position every move is one).
//   npm run build && node dist-node/cards-hidden-price.mjs [--deals 100] [--sizes 4,6,8,10] [--seed 1] [--workers 2]

import { writeFileSync } from 'node:fs';
import { shareInterval } from '../src/arena/accuracy';
import { Z975 } from '../src/arena/numeric';
import { tournament } from '../src/arena/schedule';
import { pairMoments, pairScore, pentanomialShares } from '../src/arena/sprt';
import { optionInteger, optionSeed, optionText, scriptOptions, UsageError } from '../src/cli/args';
import { gameById } from '../src/games';
import { format, parse, play, type Position } from '../src/games/cards/rules';
import { parseMove } from '../src/games/cards/combos';
import { createNodePool } from '../src/runtime/node-pool';
import { requestSolve } from '../src/runtime/requests';
import { runSchedule } from '../src/runtime/run-schedule';

const BOTS = ['strong', 'inference', 'honest'];
const OUT = 'src/games/cards/data/hidden-price.json';
/** A position not solved within this many nodes leaves its move out of the accuracy. */
const SOLVE_NODES = 20_000_000;

const { deals, sizes, seed, workers } = scriptOptions(
  'node dist-node/cards-hidden-price.mjs [--deals N] [--sizes 4,6,8,10] [--seed N] [--workers N]',
  [
    { name: 'deals', value: 'N', help: 'deals a size, each played both ways round by each pairing (default 100)' },
    { name: 'sizes', value: 'LIST', help: 'cards dealt to each player (default 4,6,8,10)' },
    { name: 'seed', value: 'N', help: 'the seed of the deals and the bots (default 1)' },
    { name: 'workers', value: 'N', help: 'worker threads (default 2)' },
  ],
  (args) => {
    const sizes = (optionText(args, 'sizes') ?? '4,6,8,10').split(',').map(Number);
    if (sizes.some((size) => !Number.isInteger(size) || size < 1 || size > 26)) throw new UsageError('--sizes: deal sizes from 1 to 26, as 4,6,8');
    return {
      deals: optionInteger(args, 'deals', 100, 1, 100_000),
      sizes,
      seed: optionSeed(args, 'seed', 1),
      workers: optionInteger(args, 'workers', 2, 1, 256),
    };
  },
);

const cards = gameById('cards');
const pool = createNodePool(workers);
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const eloOf = (score: number) => -400 * Math.log10(1 / Math.min(Math.max(score, 1e-6), 1 - 1e-6) - 1);

/** Whether the mover wins with both hands known (null: not solved within the budget), each position solved once. */
const solved = new Map<string, Promise<boolean | null>>();
function moverWins(position: Position): Promise<boolean | null> {
  const line = format(position);
  let wins = solved.get(line);
  if (!wins) {
    wins = requestSolve(pool, 'cards', line, {}, { nodes: SOLVE_NODES }).promise.then((answer) =>
      'error' in answer ? null : (answer.winner === 'A') === (position.toMove === 0),
    );
    solved.set(line, wins);
  }
  return wins;
}

const rows = [];
const started = performance.now();
for (const size of sizes) {
  const schedule = tournament(cards, BOTS, { games: deals, seed, size });
  const records = (await runSchedule(pool, schedule, {}).finished).map((record) => record!);
  const elo = schedule.pairings.map(({ a, b }, pairing) => {
    const counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
    for (let deal = 0; deal < deals; deal++) {
      const index = 2 * (pairing * deals + deal);
      counts[pairScore(records[index].winner, records[index + 1].winner)]++;
    }
    const { mean } = pairMoments(pentanomialShares(counts).shares);
    // The spread with one lost and one won pair more, so that deals that all split still leave some doubt.
    const { variance } = pairMoments(pentanomialShares([counts[0] + 1, counts[1], counts[2], counts[3], counts[4] + 1]).shares);
    const half = Z975 * Math.sqrt(variance / deals);
    return { a, b, pentanomial: counts, elo: round(eloOf(mean)), lo: round(eloOf(mean - half)), hi: round(eloOf(mean + half)) };
  });
  const tally = new Map(BOTS.map((bot) => [bot, { won: 0, kept: 0 }]));
  await Promise.all(
    records.map(async (record) => {
      let position = parse(record.start);
      for (const { move } of record.moves) {
        const next = play(position, parseMove(move));
        const bot = record.seats[position.toMove];
        const [before, after] = await Promise.all([moverWins(position), cards.rules.outcome(next) ? Promise.resolve(false) : moverWins(next)]);
        if (before === true && after !== null) {
          tally.get(bot)!.won++;
          if (!after) tally.get(bot)!.kept++;
        }
        position = next;
      }
    }),
  );
  const accuracy = BOTS.map((bot) => {
    const { won, kept } = tally.get(bot)!;
    const { lo, hi } = shareInterval(kept, won);
    return { bot, won, kept, share: round(kept / Math.max(1, won), 4), lo: round(lo, 4), hi: round(hi, 4) };
  });
  rows.push({ size, deals, games: records.length, elo, accuracy });
  console.log(
    `${size} cards: ${elo.map((e) => `${e.a} over ${e.b} ${e.elo} (${e.lo}..${e.hi})`).join('; ')}; kept wins ${accuracy.map((a) => `${a.bot} ${(a.share * 100).toFixed(1)}%`).join(', ')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}
pool.close();
writeFileSync(
  OUT,
  `${JSON.stringify(
    {
      about: `Red Ten's price of hidden information, by scripts/cards-hidden-price.ts: ${BOTS.join(', ')} in a round robin on ${deals} seeded deals a size (seed ${seed}), each played both ways round, no clock`,
      rows,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${OUT} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
