// `npm start` ends here: serve dist/ with the settings of the environment (settings.ts). Ctrl-C or SIGTERM
// closes the connections and the database (the rooms' changes under way written) before the process exits; a
// second one exits at once.

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRedis } from '../cluster/tasks';
import { startServer } from './server';
import { serverSettings, type ServerSettings } from './settings';

const app = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(app, 'dist');
if (!existsSync(resolve(root, 'index.html'))) {
  console.error(`There is no built app in ${root}: run npm run build first.`);
  process.exit(1);
}
let settings: ServerSettings;
try {
  settings = serverSettings(process.env, resolve(app, '.data'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (settings.cluster) {
  // A Redis that does not answer is said now, not at the first run a page sends.
  await checkRedis(settings.cluster.redis).catch((error: Error) => {
    console.error(`The server cannot start: ${error.message}`);
    process.exit(1);
  });
}
const started = await startServer({ root, ...settings }).catch((error: Error) => {
  console.error(`The server cannot start: ${error.message}`);
  process.exit(1);
});
console.log(
  `AI Playground is served at ${started.url} (rooms and the lab kept in ${'url' in settings.lab.location ? 'DATABASE_URL' : settings.dataDir}${settings.cluster ? `; the arena may run on the cluster of ${settings.cluster.redis}` : ''})`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log('closing: the rooms are kept in the database');
    void started.close().then(() => process.exit(0));
  });
}
