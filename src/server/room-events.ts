// A room's changes, as the lobby (rooms.ts) makes them and the room store (room-store.ts) keeps them: created,
// a seat taken, a move, a rematch asked, a new round, removed. The schema also reads the events of a journal
// file an older server kept (old-journal.ts), line by line, where a line may be anything.

import * as v from 'valibot';
import { ONLINE_GAMES } from '../net/protocol';

const room = v.pipe(v.string(), v.regex(/^[a-z0-9]{1,32}$/));
const seat = v.union([v.literal(0), v.literal(1)]);

const RoomEventSchema = v.variant('e', [
  /** A room and its first round (or, for a room read back, its current round). */
  v.object({
    e: v.literal('create'),
    room,
    game: v.picklist(ONLINE_GAMES),
    size: v.optional(v.pipe(v.number(), v.integer())),
    start: v.string(),
    round: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  /** A seat taken or resumed: the SHA-256 of its token (the token itself is never stored). */
  v.object({ e: v.literal('seat'), room, seat, token: v.pipe(v.string(), v.regex(/^[a-f0-9]{64}$/)) }),
  v.object({ e: v.literal('move'), room, move: v.pipe(v.string(), v.maxLength(200)) }),
  v.object({ e: v.literal('rematch'), room, seat }),
  /** Both asked for a rematch: a new game from this start, with the seats swapped. */
  v.object({ e: v.literal('round'), room, start: v.string() }),
  v.object({ e: v.literal('remove'), room }),
]);
export type RoomEvent = v.InferOutput<typeof RoomEventSchema>;

/** The event a line of JSON holds, or null when it holds none. */
export function parseRoomEvent(text: string): RoomEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(RoomEventSchema, value);
  return parsed.success ? parsed.output : null;
}
