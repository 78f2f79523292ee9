// The messages of online play, shared by the server (src/server/rooms.ts) and the page (src/ui/online.ts).
// Every message is one JSON object with a "type"; README.md's "Online play" lists them.

/** Games that can be played online: the two-player ones. */
export const ONLINE_GAMES = ['connect4', 'tictactoe', 'matrix', 'cards'] as const;
export type OnlineGame = (typeof ONLINE_GAMES)[number];

/** A message longer than this (in characters) is refused with an error; the connection stays. */
export const MAX_MESSAGE_CHARS = 4096;

export type ClientMessage =
  | { readonly type: 'create'; readonly game: OnlineGame; readonly size?: number }
  | { readonly type: 'join'; readonly room: string }
  | { readonly type: 'resume'; readonly room: string; readonly token: string }
  /** `ply`: how many moves the game had when the client chose this one (a move chosen on an older position is refused). */
  | { readonly type: 'move'; readonly room: string; readonly move: string; readonly ply?: number }
  | { readonly type: 'rematch'; readonly room: string }
  | { readonly type: 'ping' };

/** The whole of a room as every client sees it: the start, the moves, who is connected, who wants a rematch. */
export interface RoomState {
  readonly room: string;
  readonly game: OnlineGame;
  /** The start in the game's notation, and the moves since in its move notation. */
  readonly start: string;
  readonly moves: readonly string[];
  /** Whether each seat is taken, and whether its player is connected now. */
  readonly seats: readonly [SeatState, SeatState];
  readonly watchers: number;
  /** The seats that asked for a new game (both must). */
  readonly rematch: readonly [boolean, boolean];
  /** Games played in this room, this one included. */
  readonly round: number;
}

export interface SeatState {
  readonly taken: boolean;
  readonly connected: boolean;
}

export type ServerMessage =
  /** You are in the room: your seat (null: you watch) and, for a seat, the token that gets it back after a drop. */
  | { readonly type: 'joined'; readonly seat: 0 | 1 | null; readonly token?: string; readonly state: RoomState }
  | { readonly type: 'state'; readonly state: RoomState }
  | { readonly type: 'error'; readonly code: ErrorCode; readonly message: string }
  | { readonly type: 'pong' };

export type ErrorCode =
  | 'bad-message'
  | 'too-large'
  | 'too-many-messages'
  | 'too-many-rooms'
  | 'unknown-game'
  | 'no-room'
  | 'not-in-room'
  | 'bad-token'
  | 'watcher'
  | 'not-your-turn'
  | 'stale-move'
  | 'illegal-move'
  | 'game-over'
  | 'no-opponent';

const ROOM_ID = /^[a-z0-9]{1,32}$/;
const TOKEN = /^[a-f0-9]{1,64}$/;

/** Reads a client's message, or says what is wrong with it. */
export function parseClientMessage(text: string): ClientMessage | { readonly error: ErrorCode; readonly message: string } {
  if (text.length > MAX_MESSAGE_CHARS) return { error: 'too-large', message: `a message is at most ${MAX_MESSAGE_CHARS} characters` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'bad-message', message: 'a message is one JSON object' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'bad-message', message: 'a message is one JSON object' };
  const message = value as Record<string, unknown>;
  const bad = (what: string) => ({ error: 'bad-message' as const, message: what });
  const room = () => typeof message.room === 'string' && ROOM_ID.test(message.room);
  switch (message.type) {
    case 'create':
      if (typeof message.game !== 'string' || !(ONLINE_GAMES as readonly string[]).includes(message.game)) {
        return { error: 'unknown-game', message: `"create" needs a game: ${ONLINE_GAMES.join(', ')}` };
      }
      if (message.size !== undefined && !Number.isInteger(message.size)) return bad('"size" is a whole number');
      return { type: 'create', game: message.game as OnlineGame, size: message.size as number | undefined };
    case 'join':
      return room() ? { type: 'join', room: message.room as string } : bad('"join" needs a room id');
    case 'resume':
      if (!room() || typeof message.token !== 'string' || !TOKEN.test(message.token)) return bad('"resume" needs a room id and a seat token');
      return { type: 'resume', room: message.room as string, token: message.token };
    case 'move':
      if (!room() || typeof message.move !== 'string' || message.move.length > 200) return bad('"move" needs a room id and a move');
      if (message.ply !== undefined && !(Number.isInteger(message.ply) && (message.ply as number) >= 0)) return bad('"ply" is a count of moves');
      return { type: 'move', room: message.room as string, move: message.move, ply: message.ply as number | undefined };
    case 'rematch':
      return room() ? { type: 'rematch', room: message.room as string } : bad('"rematch" needs a room id');
    case 'ping':
      return { type: 'ping' };
    default:
      return bad(`unknown message type ${JSON.stringify(message.type)}: create, join, resume, move, rematch or ping`);
  }
}
