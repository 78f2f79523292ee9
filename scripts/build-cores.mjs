// Compiles every game core assembly/<game>/index.ts to build/<game>.wasm with the options of asconfig.json, and
// the cores that search with several threads a second time, to build/<game>-threads.wasm, on a shared memory
// the host provides (WebAssembly threads: the memory is imported, shared, and may grow to 2 GB). Connect 4's
// board size is a compile-time constant (assembly/connect4/board.ts): build/connect4.wasm plays 7x6, and every
// other size has a build of its own, build/connect4-WxH.wasm (and -threads). Each build's exports are declared
// by asc beside it (build/<build>.d.ts), which types them for the TypeScript that calls them.
// Builds run side by side, one per core of the machine; a build newer than every source it is made from is kept.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ASC = 'node_modules/assemblyscript/bin/asc.js';

const games = readdirSync('assembly', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`assembly/${entry.name}/index.ts`))
  .map((entry) => entry.name);

const THREADED = new Set(['connect4']);
const SHARED_MEMORY = ['--importMemory', '--sharedMemory', '--initialMemory', '64', '--maximumMemory', '32768'];

/** Connect 4's sizes besides 7x6: every width x height from 4x4 whose board fits 64 bits (src/games/connect4/sizes.ts). */
function connect4Sizes() {
  const sizes = [];
  for (let width = 4; width <= 16; width++)
    for (let height = 4; (height + 1) * width <= 64; height++) if (width !== 7 || height !== 6) sizes.push({ width, height });
  return sizes;
}

/** Each game's builds: its output name and the compiler's extra options. */
function buildsOf(game) {
  const builds = [{ name: game, extra: [] }];
  if (game === 'connect4')
    for (const { width, height } of connect4Sizes())
      builds.push({ name: `connect4-${width}x${height}`, extra: ['--use', `CONNECT4_WIDTH=${width}`, '--use', `CONNECT4_HEIGHT=${height}`] });
  if (!THREADED.has(game)) return builds;
  return builds.flatMap((build) => [build, { name: `${build.name}-threads`, extra: [...build.extra, ...SHARED_MEMORY] }]);
}

/** The newest modification time of the files a build is made from. */
function newestSource() {
  const times = [statSync('asconfig.json').mtimeMs, statSync(new URL(import.meta.url)).mtimeMs];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else times.push(statSync(path).mtimeMs);
    }
  };
  walk('assembly');
  return Math.max(...times);
}

async function compile(game, { name, extra }) {
  const outFile = `build/${name}.wasm`;
  try {
    await run(process.execPath, [ASC, `assembly/${game}/index.ts`, '--outFile', outFile, '--config', 'asconfig.json', '--bindings', 'raw', ...extra]);
  } catch (error) {
    console.error(error.stderr?.toString() ?? '');
    throw new Error(`core ${name}: ${error.message}`);
  }
  // asc's bindings: the declarations type the core's exports (CoreExports in src/contracts/core.ts); their
  // JavaScript is not used, as every core is instantiated as it is (src/contracts/core.ts).
  rmSync(outFile.replace(/\.wasm$/, '.js'));
  console.log(`core ${game}: ${outFile}`);
}

const newest = newestSource();
const pending = games
  .flatMap((game) => buildsOf(game).map((build) => ({ game, build })))
  .filter(({ build }) => !existsSync(`build/${build.name}.wasm`) || statSync(`build/${build.name}.wasm`).mtimeMs < newest);
let failed = false;
await Promise.all(
  Array.from({ length: availableParallelism() }, async () => {
    for (let next = pending.shift(); next && !failed; next = pending.shift()) {
      await compile(next.game, next.build).catch((error) => {
        failed = true;
        console.error(error.message);
      });
    }
  }),
);
if (failed) process.exit(1);
