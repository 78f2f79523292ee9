// Builds the 15-puzzle levels (src/games/puzzle15/levels.txt): boards graded by their optimal solution length
// (our own solver, with the pattern database), at least --per-band (default 24) in each band 20-29 ... 60+.
// Short bands come from random walks from the goal, long ones from uniform random boards; all seeded.
//   npm run build && node dist-node/puzzle15-levels.mjs [--per-band 24] [--workers 2]

import { writeFileSync } from 'node:fs';
import { optionInteger, scriptOptions } from '../src/cli/args';
import { createNodePool } from '../src/runtime/node-pool';
import { requestSolve } from '../src/runtime/requests';
import { BANDS, bandOf, formatLevels, type Band, type Level } from '../src/games/puzzle15/levels';
import { format, randomBoard, randomWalk } from '../src/games/puzzle15/rules';

const { perBand, workers } = scriptOptions(
  'npm run levels:puzzle15 -- [--per-band N] [--workers N]',
  [
    { name: 'per-band', value: 'N', help: 'boards in each band of solution lengths (default 24)' },
    { name: 'workers', value: 'N', help: 'worker threads (default 2)' },
  ],
  (args) => ({ perBand: optionInteger(args, 'per-band', 24, 1, 10_000), workers: optionInteger(args, 'workers', 2, 1, 256) }),
);
const pool = createNodePool(workers);
const levels = new Map<Band, Level[]>(BANDS.map((band) => [band, []]));
const seen = new Set<string>();
const full = () => BANDS.every((band) => levels.get(band)!.length >= perBand);

// Candidate boards: walks of 20 to 80 moves give the shorter bands, random boards the longer ones.
let seed = 1;
while (!full()) {
  const batch = Array.from({ length: 16 }, () => {
    const s = seed++;
    return s % 2 ? randomWalk(s, 20 + (s % 61)) : randomBoard(s);
  }).filter((board) => !seen.has(format(board)));
  const answers = await Promise.all(batch.map((board) => requestSolve(pool, 'puzzle15', format(board), { heuristic: 'pdb' }).promise));
  answers.forEach((answer, i) => {
    const key = format(batch[i]);
    seen.add(key);
    const band = bandOf(answer.length as number);
    if (band && levels.get(band)!.length < perBand) levels.get(band)!.push({ band, tiles: batch[i].tiles, length: answer.length as number });
  });
  console.log(BANDS.map((band) => `${band}: ${levels.get(band)!.length}`).join(', '));
}
const header = `# 15-puzzle levels: boards by optimal solution length (goal 1..15 0), solved by this project's solver.\n# Built by scripts/build-puzzle15-levels.ts. Line: band, 16 tiles, optimal length.\n`;
writeFileSync('src/games/puzzle15/levels.txt', `${header}${formatLevels(BANDS.flatMap((band) => levels.get(band)!))}\n`);
pool.close();
