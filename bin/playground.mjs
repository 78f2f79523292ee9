#!/usr/bin/env node
// The `playground` command runs the CLI bundled by `npm run build` (Node 20 cannot run TypeScript itself).
import { existsSync } from 'node:fs';

const cli = new URL('../dist-node/cli.mjs', import.meta.url);
if (!existsSync(cli)) {
  console.error('playground is not built yet: run `npm run build` first');
  process.exit(2);
}
await import(cli.href);
