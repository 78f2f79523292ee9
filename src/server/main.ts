// `npm start` ends here: serve dist/ (PORT and HOST from the environment, localhost:8080 by default).

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
if (!existsSync(resolve(root, 'index.html'))) {
  console.error(`There is no built app in ${root}: run npm run build first.`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}
const { url } = await startServer({ root, port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`AI Playground is served at ${url}`);
