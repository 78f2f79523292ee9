// Builds the 15-puzzle levels (src/games/puzzle15/levels.txt, or levels-5x5.txt with --size 5): boards graded by
// their optimal solution length (our own solver, with the pattern databases), at least --per-band (default 24) in
// each band (4x4: 20-29 ... 60+; 5x5: 30-39 ... 70+). On 4x4 the short bands come from random walks from the goal,
// the long ones from uniform random boards; on 5x5 all from walks (a random 5x5 board takes minutes to hours to
// solve optimally). All seeded.
//   npm run build && node dist-node/puzzle15-levels.mjs [--per-band 24] [--workers 2] [--size 5]

import { writeFileSync } from 'node:fs';
import { optionInteger, scriptOptions } from '../src/cli/args';
import { createNodePool } from '../src/runtime/node-pool';
import { requestSolve } from '../src/runtime/requests';
import { BANDS_OF, bandOf, formatLevels, LEVELS_FILE, type Level } from '../src/games/puzzle15/levels';
import { format, randomBoard, randomWalk } from '../src/games/puzzle15/rules';

const { perBand, workers, size } = scriptOptions(
  'npm run levels:puzzle15 -- [--per-band N] [--workers N] [--size 4|5]',
  [
    { name: 'per-band', value: 'N', help: 'boards in each band of solution lengths (default 24)' },
    { name: 'workers', value: 'N', help: 'worker threads (default 2)' },
    { name: 'size', value: 'N', help: 'the board: 4 (4x4, default) or 5 (5x5)' },
  ],
  (args) => ({
    perBand: optionInteger(args, 'per-band', 24, 1, 10_000),
    workers: optionInteger(args, 'workers', 2, 1, 256),
    size: optionInteger(args, 'size', 4, 4, 5),
  }),
);
const bands = BANDS_OF[size];
const pool = createNodePool(workers);
const levels = new Map<string, Level[]>(bands.map((band) => [band, []]));
const seen = new Set<string>();
const full = () => bands.every((band) => levels.get(band)!.length >= perBand);
const heuristic = size === 5 ? 'pdb6666' : 'pdb';

// Candidate boards: on 4x4 walks of 20 to 80 moves give the shorter bands, random boards the longer ones; on 5x5
// walks of 30 to 150 moves.
let seed = 1;
while (!full()) {
  const batch = Array.from({ length: 16 }, () => {
    const s = seed++;
    if (size === 5) return randomWalk(s, 30 + (s % 121), 5);
    return s % 2 ? randomWalk(s, 20 + (s % 61)) : randomBoard(s);
  }).filter((board) => !seen.has(format(board)));
  const answers = await Promise.all(batch.map((board) => requestSolve(pool, 'puzzle15', format(board), { heuristic }).promise));
  answers.forEach((answer, i) => {
    const key = format(batch[i]);
    seen.add(key);
    const band = bandOf(answer.length as number, size);
    if (band && levels.get(band)!.length < perBand) levels.get(band)!.push({ band, tiles: batch[i].tiles, length: answer.length as number });
  });
  console.log(bands.map((band) => `${band}: ${levels.get(band)!.length}`).join(', '));
}
const cells = size * size;
const header = `# ${cells - 1}-puzzle levels: boards by optimal solution length (goal 1..${cells - 1} 0), solved by this project's solver.\n# Built by scripts/build-puzzle15-levels.ts${size === 5 ? ' --size 5' : ''}. Line: band, ${cells} tiles, optimal length.\n`;
writeFileSync(`src/games/${LEVELS_FILE[size]}`, `${header}${formatLevels(bands.flatMap((band) => levels.get(band)!))}\n`);
pool.close();
