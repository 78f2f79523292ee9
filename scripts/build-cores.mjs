// Compiles every game core assembly/<game>/index.ts to build/<game>.wasm with the options of asconfig.json, and
// the cores that search with several threads a second time, to build/<game>-threads.wasm, on a shared memory
// the host provides (WebAssembly threads: the memory is imported, shared, and may grow to 2 GB). A core with
// board sizes set at run time (Connect 4) is built again with them, to build/<game>-sizes.wasm (and
// -sizes-threads), its default size keeping the build where its shape is a constant. Each build's exports are
// declared by asc beside it (build/<build>.d.ts), which types them for the TypeScript that calls them.
import { readdirSync, existsSync, rmSync } from 'node:fs';
import asc from 'assemblyscript/asc';

const games = readdirSync('assembly', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`assembly/${entry.name}/index.ts`))
  .map((entry) => entry.name);

const THREADED = new Set(['connect4']);
/** The compile-time name that makes a core's any-size build. */
const ANY_SIZE = new Map([['connect4', 'CONNECT4_ANY_SIZE=1']]);
const SHARED_MEMORY = ['--importMemory', '--sharedMemory', '--initialMemory', '64', '--maximumMemory', '32768'];

async function compile(game, outFile, extra) {
  const { error, stderr } = await asc.main([`assembly/${game}/index.ts`, '--outFile', outFile, '--config', 'asconfig.json', '--bindings', 'raw', ...extra]);
  if (error) {
    console.error(stderr.toString());
    console.error(`core ${game}: ${error.message}`);
    process.exit(1);
  }
  // asc's bindings: the declarations type the core's exports (CoreExports in src/contracts/core.ts); their
  // JavaScript is not used, as every core is instantiated as it is (src/contracts/core.ts).
  rmSync(outFile.replace(/\.wasm$/, '.js'));
  console.log(`core ${game}: ${outFile}`);
}

for (const game of games) {
  const builds = [{ suffix: '', extra: [] }];
  if (ANY_SIZE.has(game)) builds.push({ suffix: '-sizes', extra: ['--use', ANY_SIZE.get(game)] });
  for (const { suffix, extra } of builds) {
    await compile(game, `build/${game}${suffix}.wasm`, extra);
    if (THREADED.has(game)) await compile(game, `build/${game}${suffix}-threads.wasm`, [...extra, ...SHARED_MEMORY]);
  }
}
