// The learned Connect 4 player (docs/neural.md), in Node: the positions a second through the network, one at a time
// and in batches of 64 (the reference, in the same run on the same positions); and on the held-out positions it was
// never trained on (src/games/connect4/data/neural-holdout.txt, by size), the share whose move keeps the position's
// value, for the raw policy (the board read as it is and in a mirror, as `neural` plays; and one reading alone) and
// for its search at a fixed number of simulations (repeatable) and at 100 ms a move.

import { readFileSync } from 'node:fs';
import { MoveClock } from '../src/contracts/move-clock';
import { type Evaluation, MODEL_FILE, NeuralNet, topColumn } from '../src/games/connect4/neural';
import { puctSearch } from '../src/games/connect4/neural-search';
import { keepsValue, readLabelled } from '../src/games/connect4/labelled';
import { formatSize } from '../src/games/connect4/sizes';
import { packagePath, type BenchSuite, type TableRow } from './harness';

const HOLDOUT_FILE = 'src/games/connect4/data/neural-holdout.txt';
const BATCH = 64;
/** The search's fixed simulations (a repeatable count) and its time a move. */
const SIMULATIONS = 200;
const MOVE_MS = 100;

export const neuralSuite: BenchSuite = {
  name: 'neural',
  description: `the learned Connect 4 player: positions a second (one at a time, in batches of ${BATCH}), and the held-out positions whose move keeps the value, raw and searched`,
  async run({ log }) {
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
    return rows;
  },
};
