// Our Connect 4 solver beside Christophe Steininger's c4 on the empty board of each size: the table of
// docs/rules/connect4.md, measured again. c4's sizes are compile-time settings, so it is built once per size and
// table size from a checkout of its sources that the person running this provides
// (https://github.com/ChristopheSteininger/c4, AGPL-3.0; we do not ship its code): its settings.h is copied with
// the board's width and height, one thread and the table's entries set, and compiled with g++ as its
// CMakeLists.txt does (-O3 -flto, NDEBUG). Sizes are measured one after the other, ours then c4's, each on one
// thread with a table of about 2^log2 entries (ours: the first prime above it, or 2^log2 itself on boards of more
// than 49 bits; c4: the first prime above it, as it needs an odd size). Times are CPU seconds: ours the solve's
// own (process.cpuUsage in this process), c4's its whole run's (bash's `time`, user + system). Nodes count the
// same thing in both: the positions searched past their static look.
//   npm run build && node dist-node/compare-c4.mjs --c4 PATH [--sizes 4x4,6x5,…] [--table 18] [--limit 120]
//     [--out FILE.json]

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { optionInteger, optionText, scriptOptions, UsageError } from '../src/cli/args';
import { instantiateCore } from '../src/contracts/core';
import { type Connect4Core, coreBuild } from '../src/games/connect4/core';
import { formatSize, parseSize, type BoardSize } from '../src/games/connect4/sizes';
import { readCoreModule } from '../workers/node-cores';

/** The sizes of the table in docs/rules/connect4.md that both solve within a couple of minutes, smallest first. */
const DEFAULT_SIZES = '4x4,4x5,5x4,4x6,6x4,5x5,4x7,7x4,5x6,6x5,4x8,8x4,5x7,7x5,4x9,6x6,9x4,4x10,5x8,6x7,7x6,4x11,5x9,4x12,4x13,8x5,5x10,6x8';

const { c4, sizes, log2, limit, out } = scriptOptions(
  'node dist-node/compare-c4.mjs --c4 PATH [--sizes LIST] [--table LOG2] [--limit SECONDS] [--out FILE]',
  [
    { name: 'c4', value: 'PATH', help: "a checkout of Steininger's c4 (its src/ folder is read, never changed)" },
    { name: 'sizes', value: 'LIST', help: 'the boards, WxH,… (default: the table of docs/rules/connect4.md)' },
    { name: 'table', value: 'LOG2', help: "both tables' entries: the first prime above 2^LOG2 (default: ours, 18)" },
    { name: 'limit', value: 'SECONDS', help: 'the most each solve may take (default 120)' },
    { name: 'out', value: 'FILE', help: 'also write the rows as JSON' },
  ],
  (args) => {
    const c4 = optionText(args, 'c4');
    if (!c4) throw new UsageError('--c4 PATH is required: a checkout of https://github.com/ChristopheSteininger/c4');
    if (!existsSync(join(c4, 'src/solver/settings.h'))) throw new UsageError(`${c4} has no src/solver/settings.h: not a checkout of c4`);
    const sizes = (optionText(args, 'sizes') ?? DEFAULT_SIZES).split(',').map((size) => parseSize(size.trim()));
    return {
      c4: resolve(c4),
      sizes,
      log2: optionInteger(args, 'table', 18, 17, 27),
      limit: optionInteger(args, 'limit', 120, 1, 86_400),
      out: optionText(args, 'out'),
    };
  },
);

interface Result {
  readonly score: number | null;
  readonly nodes: number | null;
  readonly cpu: number | null;
}

/** Pons' score of a published value ("1st 41": the first player wins with the 41st stone), as the mover on the empty board sees it. */
function publishedScores(): Map<string, number | null> {
  const scores = new Map<string, number | null>();
  for (const line of readFileSync('test/data/connect4/empty-boards.txt', 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [size, winner, last] = line.split(' ');
    const [width, height] = size.split('x').map(Number);
    const magnitude = Math.floor((width * height + 2 - Number(last)) / 2);
    scores.set(size, winner === 'draw' ? 0 : winner === '1st' ? magnitude : winner === '2nd' ? -magnitude : null);
  }
  return scores;
}

const cores = new Map<string, Connect4Core>();

async function solveOurs(size: BoardSize): Promise<Result> {
  const build = coreBuild(size, false);
  let core = cores.get(build);
  if (!core) {
    core = await instantiateCore<Connect4Core>(await readCoreModule('build', build));
    cores.set(build, core);
  }
  if (!core.setSize(size.width, size.height)) throw new Error(`our ${build} core does not play ${formatSize(size)}`);
  core.setTableSize(log2);
  core.clearTable();
  core.reset();
  const before = process.cpuUsage();
  const score = core.solve(0, 0, limit * 1000);
  const cpu = process.cpuUsage(before);
  const finished = !core.searchStopped();
  return { score: finished ? score : null, nodes: finished ? core.nodeCount() : null, cpu: finished ? (cpu.user + cpu.system) / 1e6 : null };
}

/** c4's table size for 2^log2: the first prime above it (c4 needs an odd size; ours is this prime or 2^log2). */
function c4TableEntries(): number {
  const isPrime = (n: number) => {
    for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
    return true;
  };
  let entries = 2 ** log2 + 1;
  while (!isPrime(entries)) entries += 2;
  return entries;
}

/**
 * c4 built for the size and table (once; kept in build/c4/), its binary's path; null where it does not build (its
 * own checks refuse some: on a board of 64 bits a table of 2^18 entries is too small for its keys).
 */
function buildC4(size: BoardSize, entries: number): string | null {
  const folder = resolve('build/c4', `${formatSize(size)}-${entries}`);
  const binary = join(folder, 'c4');
  if (existsSync(binary)) return binary;
  mkdirSync(folder, { recursive: true });
  cpSync(join(c4, 'src'), join(folder, 'src'), { recursive: true });
  const settingsPath = join(folder, 'src/solver/settings.h');
  let settings = readFileSync(settingsPath, 'utf8');
  for (const [name, value] of [
    ['BOARD_WIDTH', size.width],
    ['BOARD_HEIGHT', size.height],
    ['NUM_THREADS', 1],
    ['NUM_TABLE_ENTRIES', entries],
  ] as const) {
    const pattern = new RegExp(`(constexpr\\s+\\w+\\s+${name}\\s*=\\s*)\\d+`);
    if (!pattern.test(settings)) throw new Error(`c4's settings.h sets no ${name} as this script expects: is ${c4} c4's source?`);
    settings = settings.replace(pattern, `$1${value}`);
  }
  writeFileSync(settingsPath, settings);
  const sources = execFileSync('find', ['src/solver', '-name', '*.cpp'], { cwd: folder, encoding: 'utf8' }).trim().split('\n');
  try {
    execFileSync('g++', ['-std=c++20', '-O3', '-flto', '-DNDEBUG', '-pthread', '-o', 'c4', 'src/c4.cpp', ...sources], { cwd: folder, stdio: 'inherit' });
  } catch {
    rmSync(folder, { recursive: true, force: true });
    console.error(`c4 does not build for ${formatSize(size)} with ${entries} entries (its compiler's message is above)`);
    return null;
  }
  return binary;
}

function solveC4(binary: string): Result {
  const run = spawnSync('bash', ['-c', `TIMEFORMAT='%3U %3S'; time timeout ${limit} ./c4 < /dev/null`], {
    cwd: join(binary, '..'),
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const score = /Final strong score is (-?\d+)/.exec(run.stdout);
  const nodes = /Total\s*=\s*([\d,.\s]+)/.exec(run.stdout);
  const times = /^(\d+\.\d+) (\d+\.\d+)$/m.exec(run.stderr);
  if (!score || !nodes || !times) return { score: null, nodes: null, cpu: null };
  return { score: Number(score[1]), nodes: Number(nodes[1].replace(/\D/g, '')), cpu: Number(times[1]) + Number(times[2]) };
}

/** A score of the empty board as the table writes it: "1st on move 41" when the first player wins with the 41st stone. */
const describe = (score: number | null, size: BoardSize): string => {
  if (score === null) return `not solved in ${limit} s`;
  if (score === 0) return 'draw';
  // The stone on which the game ends: the latest one of the winner's parity that gives the score.
  const latest = size.width * size.height + 2 - 2 * Math.abs(score);
  const last = latest % 2 === (score > 0 ? 1 : 0) ? latest : latest - 1;
  return `${score > 0 ? '1st' : '2nd'} on move ${last}`;
};
const figure = (value: number | null, text: (value: number) => string) => (value === null ? '' : text(value));

const published = publishedScores();
const rows: object[] = [];
const entries = c4TableEntries();
console.log('| size | published | ours | nodes | CPU | c4 | c4 nodes | c4 CPU | time ours / c4 |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const size of sizes) {
  // c4 is built first, so that a size it refuses is known before our solve.
  const binary = buildC4(size, entries);
  const ours = await solveOurs(size);
  const theirs = binary ? solveC4(binary) : { score: null, nodes: null, cpu: null };
  const name = formatSize(size);
  const expected = published.get(name);
  for (const [who, result] of [
    ['ours', ours],
    ['c4', theirs],
  ] as const)
    if (result.score !== null && expected !== undefined && expected !== null && result.score !== expected)
      throw new Error(`${who} scores ${name} ${result.score}, where the published value is ${expected}`);
  const ratio = ours.cpu !== null && theirs.cpu !== null && theirs.cpu > 0 ? (ours.cpu / theirs.cpu).toFixed(2) : '';
  console.log(
    `| ${name} | ${expected === undefined || expected === null ? 'not published' : describe(expected, size)} | ${describe(ours.score, size)} | ${figure(ours.nodes, (n) => n.toLocaleString('en'))} | ${figure(ours.cpu, (s) => `${s.toFixed(2)} s`)} | ${binary ? describe(theirs.score, size) : 'does not build with this table'} | ${figure(theirs.nodes, (n) => n.toLocaleString('en'))} | ${figure(theirs.cpu, (s) => `${s.toFixed(2)} s`)} | ${ratio} |`,
  );
  rows.push({ size: name, published: expected ?? null, table: entries, ours, c4: theirs });
}
if (out) writeFileSync(out, `${JSON.stringify(rows, null, 1)}\n`);
