// Compiles every game core assembly/<game>/index.ts to build/<game>.wasm with the options of asconfig.json, and
// the cores that search with several threads a second time, to build/<game>-threads.wasm, on a shared memory
// the host provides (WebAssembly threads: the memory is imported, shared, and may grow to 2 GB).
import { readdirSync, existsSync } from 'node:fs';
import asc from 'assemblyscript/asc';

const games = readdirSync('assembly', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`assembly/${entry.name}/index.ts`))
  .map((entry) => entry.name);

const THREADED = new Set(['connect4']);
const SHARED_MEMORY = ['--importMemory', '--sharedMemory', '--initialMemory', '64', '--maximumMemory', '32768'];

async function compile(game, outFile, extra) {
  const { error, stderr } = await asc.main([`assembly/${game}/index.ts`, '--outFile', outFile, '--config', 'asconfig.json', ...extra]);
  if (error) {
    console.error(stderr.toString());
    console.error(`core ${game}: ${error.message}`);
    process.exit(1);
  }
  console.log(`core ${game}: ${outFile}`);
}

for (const game of games) {
  await compile(game, `build/${game}.wasm`, []);
  if (THREADED.has(game)) await compile(game, `build/${game}-threads.wasm`, SHARED_MEMORY);
}
