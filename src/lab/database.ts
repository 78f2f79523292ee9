// The lab's database: PostgreSQL when a URL is given (DATABASE_URL), else PGlite, PostgreSQL compiled to
// WebAssembly, embedded in this process with its files in a folder (DATA_DIR/lab), so that `npm start` needs no
// server. Queries go through Kysely, a typed query builder with a dialect for each: one schema and the same
// queries on both, every value a bound parameter. Opening runs the migrations not yet run.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { labMigrations } from './migrations';
import type { LabTables } from './tables';

export type LabDatabase = Kysely<LabTables>;

export type LabLocation = { readonly url: string } | { readonly folder: string } | { readonly memory: true };

/**
 * PGlite runs in the server's own process. It keeps a descriptor open for each table and index file it read, up
 * to PostgreSQL's 1000 by default: descriptors the server's connections cannot have (server.ts keeps a quarter of
 * the limit for the server's own); PostgreSQL's least, 64, closes the least recently used beyond it. Its shared
 * buffers are the process's memory: 32 MB of them, not PostgreSQL's 128 (the files are in the system's cache).
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'max_files_per_process=64', '-c', 'shared_buffers=32MB'];

/**
 * Makes PGlite's files in a folder that has none, in a process of its own: creating them takes some 600 MB that
 * PGlite's WebAssembly memory would keep for as long as the server runs.
 */
async function createPGliteFolder(folder: string): Promise<void> {
  if (existsSync(join(folder, 'PG_VERSION'))) return;
  const module = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const create = `const { PGlite } = require(process.argv[1]);
const db = new PGlite(process.argv[2]);
db.waitReady.then(() => db.close()).catch((error) => { console.error(error.message); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['-e', create, module, folder]);
}

export async function openLabDatabase(location: LabLocation): Promise<LabDatabase> {
  if ('folder' in location) await createPGliteFolder(location.folder);
  const db = new Kysely<LabTables>({
    dialect: 'url' in location ? postgres(location.url) : new PGliteDialect(new PGlite('folder' in location ? location.folder : undefined, { startParams })),
  });
  try {
    const { error } = await new Migrator({ db, provider: labMigrations }).migrateToLatest();
    if (error) throw error;
  } catch (error) {
    await db.destroy();
    throw new Error(`the lab's database cannot be opened: ${(error as Error).message}`);
  }
  return db;
}

/**
 * A PostgreSQL server's pool of connections. A connection the server drops (the server stopped or restarted) is
 * an 'error' event, which would end the process unheard: of the pool while the connection is idle, of the
 * connection itself while a query holds it. Both are only heard: the query fails with the same error (and its
 * request says so), the pool drops the connection, and the next query opens another.
 */
function postgres(url: string): PostgresDialect {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return new PostgresDialect({ pool });
}
