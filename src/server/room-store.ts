// Online play's rooms in the server's one database (the lab's: PGlite in DATA_DIR/lab, or DATABASE_URL's
// PostgreSQL), table `rooms` and its moves `room_moves`. The lobby writes a change's events before it makes the
// change (rooms.ts): one transaction each, so a change is stored whole or not at all, and a change is
// acknowledged only once its commit returned (PGlite and PostgreSQL keep a commit across a `kill -9`; on a full
// disk the commit fails and the change is refused). A room removed, or a new round, takes its moves with it:
// the tables hold the rooms as they are, never their history.

import { type Kysely, sql } from 'kysely';
import type { LabDatabase } from '../lab/database';
import type { LabTables } from '../lab/tables';
import type { RoomEvent } from './room-events';

export class RoomStore {
  constructor(private readonly db: LabDatabase) {}

  /** The rooms stored, oldest first, as the events that make each one as it is. */
  async load(): Promise<RoomEvent[]> {
    const rooms = await this.db.selectFrom('rooms').selectAll().orderBy('created').execute();
    const moves = await this.db.selectFrom('room_moves').selectAll().orderBy('room').orderBy('ply').execute();
    const movesOf = new Map<string, string[]>();
    for (const { room, move } of moves) {
      const list = movesOf.get(room);
      if (list) list.push(move);
      else movesOf.set(room, [move]);
    }
    const events: RoomEvent[] = [];
    for (const room of rooms) {
      const id = room.id;
      events.push({
        e: 'create',
        room: id,
        game: room.game as never,
        ...(room.size === null ? {} : { size: room.size }),
        start: room.start,
        round: room.round,
      });
      for (const [seat, token] of [room.seat0, room.seat1].entries()) if (token !== null) events.push({ e: 'seat', room: id, seat: seat as 0 | 1, token });
      for (const move of movesOf.get(id) ?? []) events.push({ e: 'move', room: id, move });
      for (const [seat, asked] of [room.rematch0, room.rematch1].entries()) if (asked) events.push({ e: 'rematch', room: id, seat: seat as 0 | 1 });
    }
    return events;
  }

  /** Stores one change's events: all of them, or (it throws) none. An event is one statement: alone, it needs no transaction. */
  async write(events: readonly RoomEvent[]): Promise<void> {
    if (events.length === 1) return store(this.db, events[0]);
    await this.db.transaction().execute(async (trx) => {
      for (const event of events) await store(trx, event);
    });
  }

  /** Puts `events` (the rooms as they are) in place of every room stored. */
  async replaceAll(events: readonly RoomEvent[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('rooms').execute();
      for (const event of events) await store(trx, event);
    });
  }
}

/** Stores one event, in one statement. */
async function store(db: Kysely<LabTables>, event: RoomEvent): Promise<void> {
  const room = event.room;
  switch (event.e) {
    case 'create':
      await db
        .insertInto('rooms')
        .values({ id: room, game: event.game, size: event.size ?? null, start: event.start, round: event.round ?? 1, seat0: null, seat1: null })
        .execute();
      return;
    case 'seat':
      await db
        .updateTable('rooms')
        .set(event.seat === 0 ? { seat0: event.token } : { seat1: event.token })
        .where('id', '=', room)
        .execute();
      return;
    case 'move':
      // The next ply of the room; a move clears both rematch requests.
      await sql`with played as (insert into room_moves (room, ply, move) select ${room}, coalesce(max(ply) + 1, 0), ${event.move} from room_moves where room = ${room} returning room)
        update rooms set rematch0 = false, rematch1 = false where id in (select room from played)`.execute(db);
      return;
    case 'rematch':
      await db
        .updateTable('rooms')
        .set(event.seat === 0 ? { rematch0: true } : { rematch1: true })
        .where('id', '=', room)
        .execute();
      return;
    case 'round':
      // A new game from this start, its seats swapped, its moves gone.
      await sql`with cleared as (delete from room_moves where room = ${room})
        update rooms set start = ${event.start}, round = round + 1, seat0 = seat1, seat1 = seat0, rematch0 = false, rematch1 = false where id = ${room}`.execute(
        db,
      );
      return;
    case 'remove':
      await db.deleteFrom('rooms').where('id', '=', room).execute();
      return;
  }
}
