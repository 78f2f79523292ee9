// One server at a time keeps a PostgreSQL database (DATABASE_URL), as one keeps a data folder (data-folder.ts):
// the rooms stored in it are one server's. While it runs, the server holds a session advisory lock on a connection
// of its own; PostgreSQL lets it go when that connection ends, whether the server stopped or died. (A PostgreSQL
// restarted under a running server ends the connection too: the lock is taken again once the database answers.)

import pg from 'pg';

/** The lock's key, the same for every server of the project. */
const KEY = 47_000_047;
const RETRY_MS = 10_000;

export class DatabaseInUse extends Error {}

/**
 * Takes the database for this server, or throws DatabaseInUse while another server holds it (an Error of the
 * connection when it does not answer); returns the release.
 */
export async function holdDatabase(url: string, logFailure: (what: string, error: unknown) => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let released = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const take = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    next.on('error', () => {});
    await next.connect();
    const { rows } = await next.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [KEY]);
    if (!rows[0].held) {
      await next.end().catch(() => {});
      throw new DatabaseInUse(`the database of DATABASE_URL is in use by another running server: give each server a database of its own`);
    }
    client = next;
    // The connection lost (PostgreSQL restarted): the lock is taken again.
    next.once('end', () => {
      client = undefined;
      if (!released) retake();
    });
  };
  const retake = () => {
    retry = setTimeout(() => {
      if (released) return;
      take().catch((error: unknown) => {
        logFailure('holding the database', error);
        retake();
      });
    }, RETRY_MS);
    retry.unref();
  };
  await take();
  return async () => {
    released = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
