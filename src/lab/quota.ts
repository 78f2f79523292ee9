// Quotas checked where they are spent: in the transaction that stores what spends them, holding a lock of the
// account until that transaction ends, so that requests at once cannot all pass a check only some of them fit
// (PostgreSQL's transaction-level advisory lock; PGlite runs one transaction at a time anyway).

import { type Kysely, sql } from 'kysely';
import type { LabTables } from './tables';

/** An account past one of its quotas: what it is past, said to it (a 429). */
export class QuotaExceeded extends Error {}

/** Holds the account's lock of `what` (its runs, its ladder versions) until the transaction `trx` ends. */
export async function lockAccount(trx: Kysely<LabTables>, what: string, account: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${what} ${account}`}))`.execute(trx);
}
