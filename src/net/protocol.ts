// The messages of online play, shared by the server (src/server/) and the page (src/ui/online.ts), as valibot
// schemas that check a message and give its TypeScript type. Every message is one JSON object with a "type";
// fields a side does not know are ignored, so the protocol can grow. README.md's "Online play" lists them.

import * as v from 'valibot';
import { games } from '../games';

/** Games that can be played online: those whose definition says so. */
export const ONLINE_GAMES: readonly string[] = Object.values(games)
  .filter((game) => game.online)
  .map((game) => game.rules.id);
export type OnlineGame = string;

/** A message longer than this (in characters) is refused with an error; the connection stays. */
export const MAX_MESSAGE_CHARS = 4096;

const ROOM_ID = /^[a-z0-9]{1,32}$/;
const TOKEN = /^[a-f0-9]{1,64}$/;
/** A field of a client's message, refused with `message` when it is missing or malformed. */
const roomId = (message: string) => v.pipe(v.string(message), v.regex(ROOM_ID, message));
const count = (message?: string) => v.pipe(v.number(message), v.integer(message), v.minValue(0, message));
const seat = v.union([v.literal(0), v.literal(1)]);

const ClientMessageSchema = v.variant(
  'type',
  [
    v.object(
      {
        type: v.literal('create'),
        game: v.picklist(ONLINE_GAMES, `"create" needs a game: ${ONLINE_GAMES.join(', ')}`),
        size: v.optional(v.pipe(v.number('"size" is a whole number'), v.integer('"size" is a whole number'))),
      },
      `"create" needs a game: ${ONLINE_GAMES.join(', ')}`,
    ),
    v.object({ type: v.literal('join'), room: roomId('"join" needs a room id') }, '"join" needs a room id'),
    v.object(
      {
        type: v.literal('resume'),
        room: roomId('"resume" needs a room id and a seat token'),
        token: v.pipe(v.string('"resume" needs a room id and a seat token'), v.regex(TOKEN, '"resume" needs a room id and a seat token')),
      },
      '"resume" needs a room id and a seat token',
    ),
    /** `ply`: how many moves the game had when the client chose this one (a move chosen on an older position is refused). */
    v.object(
      {
        type: v.literal('move'),
        room: roomId('"move" needs a room id and a move'),
        move: v.pipe(v.string('"move" needs a room id and a move'), v.maxLength(200, '"move" needs a room id and a move')),
        ply: v.optional(count('"ply" is a count of moves')),
      },
      '"move" needs a room id and a move',
    ),
    v.object({ type: v.literal('rematch'), room: roomId('"rematch" needs a room id') }, '"rematch" needs a room id'),
    v.object({ type: v.literal('ping') }),
  ],
  'unknown message type: create, join, resume, move, rematch or ping',
);
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;

export const ERROR_CODES = [
  'bad-message',
  'too-large',
  'too-many-messages',
  'too-many-rooms',
  'unknown-game',
  'no-room',
  'not-in-room',
  'bad-token',
  'seat-in-use',
  'seat-taken',
  'already-seated',
  'room-full',
  'watcher',
  'not-your-turn',
  'stale-move',
  'illegal-move',
  'game-over',
  'no-opponent',
  'server-error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const SeatStateSchema = v.object({ taken: v.boolean(), connected: v.boolean() });
export type SeatState = v.InferOutput<typeof SeatStateSchema>;

/** The whole of a room as every client sees it: the start, the moves, who is connected, who wants a rematch. */
const RoomStateSchema = v.object({
  room: v.pipe(v.string(), v.regex(ROOM_ID)),
  game: v.picklist(ONLINE_GAMES),
  /** The start in the game's notation, and the moves since in its move notation. */
  start: v.string(),
  moves: v.array(v.string()),
  /** Whether each seat is taken, and whether its player is connected now. */
  seats: v.tuple([SeatStateSchema, SeatStateSchema]),
  watchers: count(),
  /** The seats that asked for a new game (both must). */
  rematch: v.tuple([v.boolean(), v.boolean()]),
  /** Games played in this room, this one included. */
  round: count(),
});
export type RoomState = v.InferOutput<typeof RoomStateSchema>;

const ServerMessageSchema = v.variant('type', [
  /** You are in the room: your seat (null: you watch) and, for a seat, the token that gets it back after a drop. */
  v.object({ type: v.literal('joined'), seat: v.nullable(seat), token: v.optional(v.pipe(v.string(), v.regex(TOKEN))), state: RoomStateSchema }),
  v.object({ type: v.literal('state'), state: RoomStateSchema }),
  v.object({ type: v.literal('error'), code: v.picklist(ERROR_CODES), message: v.string() }),
  v.object({ type: v.literal('pong') }),
]);
export type ServerMessage = v.InferOutput<typeof ServerMessageSchema>;

export type Refusal = { readonly error: ErrorCode; readonly message: string };

function parseJsonObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads a client's message, or says what is wrong with it. */
export function parseClientMessage(text: string): ClientMessage | Refusal {
  if (text.length > MAX_MESSAGE_CHARS) return { error: 'too-large', message: `a message is at most ${MAX_MESSAGE_CHARS} characters` };
  const value = parseJsonObject(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'bad-message', message: 'a message is one JSON object' };
  const parsed = v.safeParse(ClientMessageSchema, value);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const field = issue.path?.[0]?.key;
  const game = (value as { type?: unknown }).type === 'create' && field === 'game';
  return { error: game ? 'unknown-game' : 'bad-message', message: issue.message };
}

/** Reads a server's message (the page trusts nothing it is sent); null when it is not one. */
export function parseServerMessage(text: string): ServerMessage | null {
  const parsed = v.safeParse(ServerMessageSchema, parseJsonObject(text));
  return parsed.success ? parsed.output : null;
}
