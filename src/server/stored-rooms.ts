// Online play's rooms kept in the server's database, from the server's start to its close: the database held for
// this server alone (with DATABASE_URL: database-lock.ts), the stored rooms read back into the lobby before the
// first client can connect (and an older server's journal, once, into the store), then every change written
// there first. While the database does not answer, the lobby refuses the rooms' changes and the rooms are tried
// again every 10 s, the lock with them.

import type { FailureLog } from './failures';
import { DatabaseInUse, holdDatabase } from './database-lock';
import { readOldJournal, retireOldJournal } from './old-journal';
import { RoomStore } from './room-store';
import type { Lobby } from './rooms';
import type { SharedDatabase } from './shared-database';

const RETRY_MS = 10_000;

export class StoredRooms {
  private releaseDatabase?: () => Promise<void>;
  private retry?: ReturnType<typeof setTimeout>;
  private stopped = false;

  constructor(
    private readonly database: SharedDatabase,
    private readonly dataDir: string | undefined,
    private readonly logFailure: FailureLog,
  ) {}

  /** With DATABASE_URL, takes the database; throws DatabaseInUse while another server holds it (one that does not answer is held later). */
  async hold(): Promise<void> {
    try {
      await this.lock();
    } catch (error) {
      if (error instanceof DatabaseInUse) throw error;
    }
  }

  /** Reads the rooms back into the lobby (tried again every 10 s until it can), which then writes its changes here. */
  async load(lobby: Lobby): Promise<void> {
    lobby.awaitStore();
    try {
      await this.lock();
      await this.replay(lobby);
    } catch (error) {
      this.logFailure('reading the rooms back', error);
      if (!this.stopped) this.retry = setTimeout(() => void this.load(lobby), RETRY_MS).unref();
    }
  }

  /** Stops trying; `release` then lets the database go, once the lobby's last changes are written. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
  }

  async release(): Promise<void> {
    await this.releaseDatabase?.();
  }

  private async lock(): Promise<void> {
    const location = this.database.location;
    if ('url' in location) this.releaseDatabase ??= await holdDatabase(location.url, this.logFailure);
  }

  /** The stored rooms and an older journal's into the lobby; any rooms of an earlier try are dropped first. */
  private async replay(lobby: Lobby): Promise<void> {
    const store = new RoomStore(await this.database.open());
    const stored = await store.load();
    const old = this.dataDir ? await readOldJournal(this.dataDir, (message) => console.error(`room journal: ${message}`)) : null;
    for (const room of [...lobby.rooms.keys()]) lobby.replay({ e: 'remove', room });
    for (const event of [...stored, ...(old ?? [])]) lobby.replay(event);
    if (old) {
      await store.replaceAll([...lobby.snapshot()]);
      retireOldJournal(this.dataDir!);
    }
    lobby.keepStore(store);
  }
}
