// Compiles every game core assembly/<game>/index.ts to build/<game>.wasm with the options of asconfig.json.
import { readdirSync, existsSync } from 'node:fs';
import asc from 'assemblyscript/asc';

const games = readdirSync('assembly', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`assembly/${entry.name}/index.ts`))
  .map((entry) => entry.name);

for (const game of games) {
  const { error, stderr } = await asc.main([`assembly/${game}/index.ts`, '--outFile', `build/${game}.wasm`, '--config', 'asconfig.json']);
  if (error) {
    console.error(stderr.toString());
    console.error(`core ${game}: ${error.message}`);
    process.exit(1);
  }
  console.log(`core ${game}: build/${game}.wasm`);
}
