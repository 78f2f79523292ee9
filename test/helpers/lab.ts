// The lab's two databases for its tests: PGlite in memory, and a PostgreSQL (Debian's, in a temporary folder,
// started once for the test file and stopped after it) with a fresh database for each test.

import { sql } from 'kysely';
import { afterAll } from 'vitest';
import { type LabDatabase, type LabLocation, openLabDatabase } from '../../src/lab/database';
import { type LocalPostgres, startLocalPostgres } from '../../src/lab/local-postgres';

/** Where a fresh lab is, on each of the two databases. */
export function labLocations(): [string, () => Promise<LabLocation>][] {
  let postgres: Promise<LocalPostgres> | undefined;
  afterAll(async () => (await postgres)?.stop(), 60_000);
  return [
    ['PGlite', async () => ({ memory: true })],
    [
      'PostgreSQL',
      async () => {
        postgres ??= startLocalPostgres();
        const { url } = await postgres;
        const name = `lab_${Math.random().toString(36).slice(2)}`;
        const admin = await openLabDatabase({ url });
        await sql.raw(`create database ${name}`).execute(admin);
        await admin.destroy();
        return { url: url.replace(/\/postgres$/, `/${name}`) };
      },
    ],
  ];
}

/** A fresh lab's database, on each of the two. */
export function labDatabases(): [string, () => Promise<LabDatabase>][] {
  return labLocations().map(([name, location]) => [name, async () => openLabDatabase(await location())]);
}
