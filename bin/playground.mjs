#!/usr/bin/env node
// The `playground` command runs the CLI bundled by `npm run build` (Node 20 cannot run TypeScript itself);
// `playground bench` runs the benchmarks' own bundle.
import { existsSync } from 'node:fs';

const bundle = new URL(process.argv[2] === 'bench' ? '../dist-node/bench.mjs' : '../dist-node/cli.mjs', import.meta.url);
if (!existsSync(bundle)) {
  console.error('playground is not built yet: run `npm run build` first');
  process.exit(1);
}
await import(bundle.href);
