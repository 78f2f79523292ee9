// The server's one database: the lab's runs and accounts, its ladder and online play's rooms, in PGlite (a
// folder, or memory) or DATABASE_URL's PostgreSQL. Opened once for all of them (an embedded database must never
// be opened twice on one folder), again after a failure; its code is loaded at the first open.

import type { LabDatabase, LabLocation } from '../lab/database';

export class SharedDatabase {
  private opening?: Promise<LabDatabase>;

  constructor(readonly location: LabLocation) {}

  /** The database, once its migrations have run; a failure is thrown and the next call tries again. */
  open(): Promise<LabDatabase> {
    this.opening ??= import('../lab/database')
      .then(({ openLabDatabase }) => openLabDatabase(this.location))
      .catch((error: unknown) => {
        this.opening = undefined;
        throw error;
      });
    return this.opening;
  }

  async close(): Promise<void> {
    await (await this.opening?.catch(() => undefined))?.destroy();
  }
}
