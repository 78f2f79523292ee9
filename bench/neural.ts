// The learned Connect 4 player (docs/neural.md), in Node: the positions a second through the network, one at a time
// and in batches of 64 (the reference, in the same run on the same positions); and on the held-out positions it was
// never trained on (src/games/connect4/data/neural-holdout.txt, by size), the share whose move keeps the position's
// value, for the raw policy (the board read as it is and in a mirror, as `neural` plays; and one reading alone) and
// for its search at a fixed number of simulations (repeatable) and at 100 ms a move. Then the goal: the raw
// policy on all 6,000 positions of Pons' six 7x6 sets, each move judged by the solver (bench/judged-moves.ts).

import { readFileSync } from 'node:fs';
import { MoveClock } from '../src/contracts/move-clock';
import { type Evaluation, MODEL_FILE, NeuralNet, topColumn } from '../src/games/connect4/neural';
import { puctSearch } from '../src/games/connect4/neural-search';
import { keepsValue, readLabelled } from '../src/games/connect4/labelled';
import { parse } from '../src/games/connect4/rules';
import { formatSize } from '../src/games/connect4/sizes';
import { packagePath, type BenchSuite, type TableRow } from './harness';
import { MoveJudge, PONS_SETS, readPonsSet } from './judged-moves';

const HOLDOUT_FILE = 'src/games/connect4/data/neural-holdout.txt';
const BATCH = 64;
/** The search's fixed simulations (a repeatable count) and its time a move. */
const SIMULATIONS = 200;
const MOVE_MS = 100;

export const neuralSuite: BenchSuite = {
  name: 'neural',
  description: `the learned Connect 4 player: positions a second (one at a time, in batches of ${BATCH}), the held-out positions whose move keeps the value, raw and searched, and the raw policy on all of Pons' six sets`,
  async run({ pool, log }) {
    const net = await NeuralNet.load(readFileSync(packagePath(`src/games/${MODEL_FILE}`)));
    const labelled = readLabelled(readFileSync(packagePath(HOLDOUT_FILE), 'utf8'));
    const sizes = [...new Set(labelled.map(({ position }) => formatSize(position)))];
    const rows: TableRow[] = [];
    for (const size of sizes) {
      const set = labelled.filter(({ position }) => formatSize(position) === size);
      const positions = set.map(({ position }) => position);
      let started = performance.now();
      const single: Evaluation[] = [];
      for (const position of positions) single.push((await net.evaluate([position]))[0]);
      const singleMs = performance.now() - started;
      started = performance.now();
      for (let i = 0; i < positions.length; i += BATCH) await net.evaluate(positions.slice(i, i + BATCH));
      const batchMs = performance.now() - started;
      const oneReading = set.filter((item, i) => keepsValue(item, topColumn(item.position, single[i].policy))).length;
      const bothWays = await net.evaluateBothWays(positions);
      const raw = set.filter((item, i) => keepsValue(item, topColumn(item.position, bothWays[i].policy))).length;
      let searched = 0;
      let timed = 0;
      let evaluations = 0;
      for (const item of set) {
        const fixed = await puctSearch(net, item.position, new MoveClock(0), SIMULATIONS);
        evaluations += fixed.evaluations;
        if (keepsValue(item, fixed.column)) searched++;
        if (keepsValue(item, (await puctSearch(net, item.position, new MoveClock(MOVE_MS), Number.POSITIVE_INFINITY)).column)) timed++;
      }
      log(`${size}: ${set.length} positions, raw ${raw} (one reading ${oneReading}), ${SIMULATIONS} simulations ${searched}, ${MOVE_MS} ms ${timed}`);
      rows.push({
        size,
        positions: set.length,
        'evaluations (search)': evaluations,
        'raw policy keeps % (as read and mirrored)': (100 * raw) / set.length,
        'one reading keeps %': (100 * oneReading) / set.length,
        [`${SIMULATIONS} simulations keep %`]: (100 * searched) / set.length,
        [`${MOVE_MS} ms keeps %`]: (100 * timed) / set.length,
        'positions/s one at a time': (1000 * positions.length) / singleMs,
        [`positions/s in ${BATCH}s (reference)`]: (1000 * positions.length) / batchMs,
      });
    }
    // The goal's figure: the raw policy on all of Pons' six 7x6 sets (never trained on), each move judged by the solver.
    const judge = new MoveJudge(pool());
    let allKept = 0;
    let allPositions = 0;
    for (const set of PONS_SETS) {
      const picked = readPonsSet(readFileSync(packagePath('test/data/connect4', set), 'utf8'));
      const positions = picked.map(({ moves }) => parse(moves));
      const bothWays = await net.evaluateBothWays(positions);
      const once = await net.evaluate(positions);
      const columns = (evaluations: readonly Evaluation[]) => positions.map((position, i) => topColumn(position, evaluations[i].policy));
      const raw = (await judge.keeps(picked, columns(bothWays))).filter(Boolean).length;
      const oneReading = (await judge.keeps(picked, columns(once))).filter(Boolean).length;
      allKept += raw;
      allPositions += picked.length;
      log(`${set}: ${picked.length} positions, raw ${raw} (one reading ${oneReading})`);
      rows.push({
        size: `7x6, Pons' ${set}`,
        positions: picked.length,
        'raw policy keeps % (as read and mirrored)': (100 * raw) / picked.length,
        'one reading keeps %': (100 * oneReading) / picked.length,
      });
    }
    rows.push({ size: "7x6, Pons' six sets", positions: allPositions, 'raw policy keeps % (as read and mirrored)': (100 * allKept) / allPositions });
    return rows;
  },
};
