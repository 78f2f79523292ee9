// Online play's authority: rooms of two seats and some watchers, each room's game checked move by move with the
// game's TypeScript rules. A connection sits in at most one room, holds at most one seat, and may only move for
// its own seat, on its turn, in its room; anything else gets an error message and changes nothing. A seat
// belongs to one connection at a time and is kept for its token when the connection drops; every resume gives
// a fresh token. Every change that must survive a restart is written to the room store (room-store.ts) before
// it is made: while a write is under way the next message waits, so each is checked against the rooms as they
// are stored (without a store, for tests, everything happens at once).
// A room's state goes to each connection once per change (changes made together go as one); a change of the
// number of watchers alone goes out at most once a second. No sockets here: the WebSocket glue is online.ts,
// and tests drive a Lobby directly too.

import { createHash, randomBytes } from 'node:crypto';
import { type AnyGame, isSize } from '../contracts/game';
import { gameById } from '../games';
import { parseClientMessage, type ClientMessage, type ErrorCode, type OnlineGame, type RoomState, type SeatState, type ServerMessage } from '../net/protocol';
import type { FailureLog } from './failures';
import type { RoomEvent } from './room-events';
import type { RoomStore } from './room-store';

export interface Client {
  readonly address: string;
  /** Sends one message, as JSON text. */
  send(text: string): void;
  /** Milliseconds since anything (a message, an answer to a ping) was last heard from the client. */
  silentMs(): number;
  /** Bytes sent to the client that it has not read yet. */
  unreadBytes?(): number;
}

interface Seat {
  /** The SHA-256 of the seat's token: the token itself is only ever sent to its holder. */
  readonly tokenHash: string;
  client: Client | null;
}

interface Room {
  readonly id: string;
  readonly gameId: OnlineGame;
  readonly game: AnyGame;
  readonly size: number | undefined;
  /** The address that made the room ('' for a room read back from the store). */
  readonly createdBy: string;
  start: string;
  moves: string[];
  position: unknown;
  seats: [Seat | null, Seat | null];
  readonly watchers: Set<Client>;
  rematch: [boolean, boolean];
  round: number;
  /** When the last connected client left (null while someone is connected). */
  idleSince: number | null;
  /** Counts the room's changes: a connection is sent the state when it has seen an older one. */
  version: number;
  /** When the state last went out for a change of the watchers, and the timer of the next such update. */
  watchersSentAt: number;
  watchersTimer?: ReturnType<typeof setTimeout>;
}

interface Place {
  readonly room: Room;
  readonly seat: 0 | 1 | null;
  /** The room's version this connection was last sent. */
  seen: number;
}

export interface LobbyOptions {
  /** Rooms one address may hold at a time (those its players left included, until they are removed). */
  readonly roomsPerAddress?: number;
  /** Rooms the server holds at most. */
  readonly maxRooms?: number;
  readonly watchersPerRoom?: number;
  /** How long a room with nobody connected is kept. */
  readonly idleMs?: number;
  /** A resume takes a seat from a connection that has been silent this long (the ping interval); else it is refused. */
  readonly silentMs?: number;
  /** A change of the number of watchers alone is sent at most this often per room. */
  readonly watcherUpdateMs?: number;
  readonly now?: () => number;
  readonly logFailure?: FailureLog;
}

function seatState(seat: Seat | null): SeatState {
  return { taken: seat !== null, connected: !!seat?.client };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A change to the rooms: its events, stored first, then the change itself made (and told). */
interface Change {
  readonly events: readonly RoomEvent[];
  apply(): void;
}

class Refused extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export class Lobby {
  readonly rooms = new Map<string, Room>();
  private readonly places = new Map<Client, Place>();
  private readonly dirty = new Set<Room>();
  private flushQueued = false;
  private readonly roomsPerAddress: number;
  private readonly maxRooms: number;
  private readonly watchersPerRoom: number;
  private readonly idleMs: number;
  private readonly silentMs: number;
  private readonly watcherUpdateMs: number;
  private readonly now: () => number;
  /** Where changes are written before they are made; `awaited` while the server is still loading the rooms. */
  private store?: RoomStore | 'awaited';
  /** The messages, closes and sweeps waiting for the write before them. */
  private queue: Promise<void> = Promise.resolve();
  private readonly logFailure: FailureLog;

  constructor(options: LobbyOptions = {}) {
    this.roomsPerAddress = options.roomsPerAddress ?? 20;
    this.maxRooms = options.maxRooms ?? 10_000;
    this.watchersPerRoom = options.watchersPerRoom ?? 50;
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.silentMs = options.silentMs ?? 30_000;
    this.watcherUpdateMs = options.watcherUpdateMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.logFailure = options.logFailure ?? (() => {});
  }

  /** A message from a client: handled, or answered with an error. */
  receive(client: Client, text: string): void {
    this.inTurn(
      () => {
        const message = parseClientMessage(text);
        if ('error' in message) throw new Refused(message.error, message.message);
        return this.handle(client, message);
      },
      (error) => {
        if (error instanceof Refused) return this.tell(client, { type: 'error', code: error.code, message: error.message });
        // A bug or a failed write (a full disk, a database that does not answer): this message changed nothing
        // (every change is made after its last check and its write), and no other room is touched.
        this.logFailure('a room message', error);
        this.tell(client, { type: 'error', code: 'server-error', message: 'the server failed on this message: nothing changed' });
      },
    );
  }

  /** A client's connection closed: its seat waits for its token, a watcher is gone. */
  leave(client: Client): void {
    this.inTurn(
      () => void this.leaveNow(client),
      (error) => this.logFailure('a client leaving', error),
    );
  }

  private leaveNow(client: Client): void {
    const place = this.places.get(client);
    if (!place) return;
    this.places.delete(client);
    const { room, seat } = place;
    if (seat === null) room.watchers.delete(client);
    else if (room.seats[seat]?.client === client) room.seats[seat]!.client = null;
    if (this.connected(room) === 0) room.idleSince = this.now();
    this.changed(room, seat === null ? 'watchers' : 'game');
  }

  /** Removes the rooms nobody has been connected to for idleMs. */
  sweep(): void {
    this.inTurn(
      () => {
        const now = this.now();
        const idle = [...this.rooms.values()].filter((room) => room.idleSince !== null && now - room.idleSince >= this.idleMs);
        if (idle.length === 0) return;
        return {
          events: idle.map((room) => ({ e: 'remove', room: room.id })),
          apply: () => {
            for (const room of idle) this.remove(room);
          },
        };
      },
      (error) => this.logFailure('removing idle rooms', error),
    );
  }

  /** Until `keepStore`, changes are refused: the rooms are being read back. */
  awaitStore(): void {
    this.store ??= 'awaited';
  }

  /** From now on every change is written to the store first (after the stored rooms were replayed). */
  keepStore(store: RoomStore): void {
    this.store = store;
  }

  /** Resolves once every message received so far is handled (its change written and made, or refused). */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Rebuilds the rooms from stored events (at start, before their clients come back). */
  replay(event: RoomEvent): void {
    const room = this.rooms.get(event.room);
    try {
      if (event.e === 'create') {
        if (room) return this.logFailure(`replaying the rooms (room ${event.room})`, new Error('a second "create" of the room, skipped'));
        const made = this.makeRoom(event.room, event.game, event.size, '', event.start, event.round ?? 1);
        made.idleSince = this.now();
        return;
      }
      if (!room) throw new Error('no such room');
      switch (event.e) {
        case 'seat':
          return this.takeSeat(room, event.seat, event.token, null);
        case 'move':
          return this.playMove(room, event.move, room.game.rules.play(room.position, room.game.rules.parseMove(event.move)));
        case 'rematch':
          room.rematch[event.seat] = true;
          return;
        case 'round':
          return this.newRound(room, event.start, true);
        case 'remove':
          return this.remove(room);
      }
    } catch (error) {
      // A room whose history does not replay is dropped whole; the others are kept.
      if (room) this.remove(room);
      this.logFailure(`replaying the rooms (room ${event.room}, "${event.e}")`, error);
    }
  }

  /** Every live room as the events that make it as it is. */
  *snapshot(): Generator<RoomEvent> {
    for (const room of this.rooms.values()) {
      yield { e: 'create', room: room.id, game: room.gameId, ...(room.size === undefined ? {} : { size: room.size }), start: room.start, round: room.round };
      for (const s of [0, 1] as const) {
        const seat = room.seats[s];
        if (seat) yield { e: 'seat', room: room.id, seat: s, token: seat.tokenHash };
      }
      for (const move of room.moves) yield { e: 'move', room: room.id, move };
      for (const s of [0, 1] as const) if (room.rematch[s]) yield { e: 'rematch', room: room.id, seat: s };
    }
  }

  state(room: Room): RoomState {
    return {
      room: room.id,
      game: room.gameId,
      start: room.start,
      moves: [...room.moves],
      seats: [seatState(room.seats[0]), seatState(room.seats[1])],
      watchers: room.watchers.size,
      rematch: [...room.rematch] as [boolean, boolean],
      round: room.round,
    };
  }

  /** Checks a message against the rooms: the change it makes, or (it throws Refused) none; what changes nothing is done at once. */
  private handle(client: Client, message: ClientMessage): Change | undefined {
    if (this.store === 'awaited' && message.type !== 'ping')
      throw new Refused('server-error', 'online play is reading its rooms back from its database: try again in a moment');
    switch (message.type) {
      case 'ping':
        this.tell(client, { type: 'pong' });
        return;
      case 'create':
        return this.create(client, message.game, message.size);
      case 'join':
        return this.join(client, this.room(message.room));
      case 'resume':
        return this.resume(client, this.room(message.room), message.token);
      case 'move':
        return this.move(client, this.ownRoom(client, message.room), message.move, message.ply);
      case 'rematch':
        return this.askRematch(client, this.ownRoom(client, message.room));
    }
  }

  private create(client: Client, gameId: OnlineGame, size: number | undefined): Change {
    if (this.rooms.size >= this.maxRooms) throw new Refused('too-many-rooms', `the server holds its most rooms (${this.maxRooms}): try again later`);
    // Every room the address made counts until it is removed (an idle room goes after idleMs): rooms left at once
    // would otherwise let one address take every room of the server.
    let owned = 0;
    for (const room of this.rooms.values()) if (room.createdBy === client.address) owned++;
    if (owned >= this.roomsPerAddress)
      throw new Refused(
        'too-many-rooms',
        `at most ${this.roomsPerAddress} rooms per address at a time (a room is removed ${Math.round(this.idleMs / 60_000)} minutes after its players leave)`,
      );
    const game = gameById(gameId);
    // The sizes a room may be created with are the game's own (Red Ten online is a full deal).
    const limits = game.online?.sizes;
    if (size !== undefined && (!limits || size < limits.min || size > limits.max || (game.sizes && !isSize(game.sizes, size)))) {
      throw new Refused('bad-message', limits ? limits.rule : `${gameId} has no size to choose`);
    }
    let id: string;
    do id = randomBytes(5).toString('hex');
    while (this.rooms.has(id));
    const start = game.rules.format(game.rules.start(randomBytes(4).readUInt32LE(0), size));
    const token = randomBytes(16).toString('hex');
    return {
      events: [
        { e: 'create', room: id, game: gameId, ...(size === undefined ? {} : { size }), start },
        { e: 'seat', room: id, seat: 0, token: hashToken(token) },
      ],
      apply: () => {
        const room = this.makeRoom(id, gameId, size, client.address, start, 1);
        this.takeSeat(room, 0, hashToken(token), client);
        this.tell(client, { type: 'joined', seat: 0, token, state: this.state(room) });
      },
    };
  }

  private join(client: Client, room: Room): Change | undefined {
    const place = this.places.get(client);
    // Already here: the same answer again, and nothing changes (a connection never takes the other seat).
    if (place?.room === room) return void this.tell(client, { type: 'joined', seat: place.seat, state: this.state(room) });
    if (room.seats[1] === null) {
      const token = randomBytes(16).toString('hex');
      return {
        events: [{ e: 'seat', room: room.id, seat: 1, token: hashToken(token) }],
        apply: () => {
          this.takeSeat(room, 1, hashToken(token), client);
          this.tell(client, { type: 'joined', seat: 1, token, state: this.state(room) });
        },
      };
    }
    if (room.watchers.size >= this.watchersPerRoom) throw new Refused('room-full', `the room has its most watchers (${this.watchersPerRoom})`);
    this.moveTo(client, room, null);
    room.watchers.add(client);
    this.changed(room, 'watchers');
    this.tell(client, { type: 'joined', seat: null, state: this.state(room) });
  }

  private resume(client: Client, room: Room, token: string): Change {
    const hash = hashToken(token);
    const found = room.seats.findIndex((s) => s?.tokenHash === hash);
    if (found < 0) throw new Refused('bad-token', 'this token holds no seat of the room');
    const seat = found as 0 | 1;
    const place = this.places.get(client);
    if (place?.room === room && place.seat !== null && place.seat !== seat) throw new Refused('already-seated', 'a connection holds one seat of a room');
    const holder = room.seats[seat]!.client;
    if (holder && holder !== client && holder.silentMs() < this.silentMs) {
      throw new Refused(
        'seat-in-use',
        "this seat's player is connected (in another tab or window?): it can be taken over only once that connection has gone silent",
      );
    }
    const fresh = randomBytes(16).toString('hex');
    return {
      events: [{ e: 'seat', room: room.id, seat, token: hashToken(fresh) }],
      apply: () => {
        if (holder && holder !== client) {
          // The silent connection loses the seat, and is told if it is still there to hear it.
          this.places.delete(holder);
          this.tell(holder, { type: 'error', code: 'seat-taken', message: 'another connection resumed your seat' });
        }
        this.takeSeat(room, seat, hashToken(fresh), client);
        this.tell(client, { type: 'joined', seat, token: fresh, state: this.state(room) });
      },
    };
  }

  private move(client: Client, room: Room, text: string, ply: number | undefined): Change {
    const seat = this.places.get(client)!.seat;
    if (seat === null) throw new Refused('watcher', 'watchers cannot move');
    const { rules } = room.game;
    if (rules.outcome(room.position)) throw new Refused('game-over', 'the game is over: ask for a rematch');
    if (room.seats[1] === null) throw new Refused('no-opponent', 'wait for the second player to join');
    if (rules.seatToMove(room.position) !== seat) throw new Refused('not-your-turn', "it is the other player's turn");
    // A page that has not yet seen the other player's last move may send one it chose on the older position.
    if (ply !== undefined && ply !== room.moves.length)
      throw new Refused('stale-move', `the game has moved on (to move ${room.moves.length + 1}; yours was for move ${ply + 1}): it was not played`);
    let next: unknown;
    let formatted: string;
    try {
      const move = rules.parseMove(text);
      next = rules.play(room.position, move);
      formatted = rules.formatMove(move);
    } catch (error) {
      throw new Refused('illegal-move', error instanceof Error ? error.message : String(error));
    }
    return { events: [{ e: 'move', room: room.id, move: formatted }], apply: () => this.playMove(room, formatted, next) };
  }

  /** Both players must ask; the new game swaps the seats, so the other player moves first. */
  private askRematch(client: Client, room: Room): Change | undefined {
    const seat = this.places.get(client)!.seat;
    if (seat === null) throw new Refused('watcher', 'watchers cannot start a game');
    if (room.seats[1] === null) throw new Refused('no-opponent', 'a new game needs both players');
    if (room.rematch[seat]) return void this.tell(client, { type: 'state', state: this.state(room) });
    if (!room.rematch[1 - seat]) {
      return {
        events: [{ e: 'rematch', room: room.id, seat }],
        apply: () => {
          room.rematch[seat] = true;
          this.changed(room, 'game');
        },
      };
    }
    const { rules } = room.game;
    const start = rules.format(rules.start(randomBytes(4).readUInt32LE(0), room.size));
    return {
      events: [{ e: 'round', room: room.id, start }],
      apply: () => {
        this.newRound(room, start, true);
        // Each player learns its new seat (and keeps its token).
        for (const s of [0, 1] as const) {
          const holder = room.seats[s]!.client;
          if (!holder) continue;
          const place: Place = { room, seat: s, seen: room.version };
          this.places.set(holder, place);
          this.tell(holder, { type: 'joined', seat: s, state: this.state(room) });
        }
      },
    };
  }

  private makeRoom(id: string, gameId: OnlineGame, size: number | undefined, createdBy: string, start: string, round: number): Room {
    const game = gameById(gameId);
    const room: Room = {
      id,
      gameId,
      game,
      size,
      createdBy,
      start,
      moves: [],
      position: game.rules.parse(start),
      seats: [null, null],
      watchers: new Set(),
      rematch: [false, false],
      round,
      idleSince: null,
      version: 0,
      watchersSentAt: 0,
    };
    this.rooms.set(id, room);
    return room;
  }

  private playMove(room: Room, move: string, next: unknown): void {
    room.position = next;
    room.moves.push(move);
    room.rematch = [false, false];
    this.changed(room, 'game');
  }

  private newRound(room: Room, start: string, swap: boolean): void {
    room.position = room.game.rules.parse(start);
    room.start = start;
    room.moves = [];
    room.rematch = [false, false];
    room.round++;
    if (swap) room.seats = [room.seats[1], room.seats[0]];
    this.changed(room, 'game');
  }

  /** The seat is the token's, and the client's (null: nobody is connected to it). */
  private takeSeat(room: Room, seat: 0 | 1, tokenHash: string, client: Client | null): void {
    if (client) this.moveTo(client, room, seat);
    room.seats[seat] = { tokenHash, client };
    this.changed(room, 'game');
  }

  private remove(room: Room): void {
    this.rooms.delete(room.id);
    this.dirty.delete(room);
    clearTimeout(room.watchersTimer);
    for (const seat of room.seats) if (seat?.client) this.places.delete(seat.client);
    for (const watcher of room.watchers) this.places.delete(watcher);
  }

  /** Puts a client in a room, out of the one it was in. */
  private moveTo(client: Client, room: Room, seat: 0 | 1 | null): void {
    if (this.places.has(client)) this.leaveNow(client);
    this.places.set(client, { room, seat, seen: -1 });
    room.idleSince = null;
  }

  private room(id: string): Room {
    const room = this.rooms.get(id);
    if (!room) throw new Refused('no-room', `there is no room "${id}" (it may have been closed after a long time unused)`);
    return room;
  }

  /** The room a client is in, which must be the one its message names. */
  private ownRoom(client: Client, id: string): Room {
    const place = this.places.get(client);
    if (!place || place.room.id !== id) throw new Refused('not-in-room', `you are not in room "${id}"`);
    return place.room;
  }

  private connected(room: Room): number {
    return room.watchers.size + room.seats.filter((seat) => seat?.client).length;
  }

  /**
   * Checks and makes a change after every change before it: `step` checks (and does what changes nothing), the
   * change it returns is written to the store, then made. Anything thrown, a refusal or a failed write, goes to
   * `fail`, and nothing is changed. Without a store it all happens at once.
   */
  private inTurn(step: () => Change | undefined, fail: (error: unknown) => void): void {
    const store = this.store;
    const run = async () => {
      try {
        const change = step();
        if (!change) return;
        if (typeof this.store === 'object') await this.store.write(change.events);
        change.apply();
      } catch (error) {
        fail(error);
      }
    };
    if (store === undefined) void run();
    else this.queue = this.queue.then(run);
  }

  private tell(client: Client, message: ServerMessage): void {
    if (message.type === 'joined' || message.type === 'state') {
      const place = this.places.get(client);
      if (place?.room.id === message.state.room) place.seen = this.rooms.get(message.state.room)!.version;
    }
    client.send(JSON.stringify(message));
  }

  /**
   * The room changed: its state goes to everyone in it once the current message is handled (a change of the
   * watchers alone, at most once per watcherUpdateMs).
   */
  private changed(room: Room, what: 'game' | 'watchers'): void {
    room.version++;
    if (what === 'game') return this.flushSoon(room);
    if (room.watchersTimer) return;
    const wait = Math.max(0, room.watchersSentAt + this.watcherUpdateMs - this.now());
    room.watchersTimer = setTimeout(() => {
      room.watchersTimer = undefined;
      room.watchersSentAt = this.now();
      if (this.rooms.get(room.id) === room) this.flushSoon(room);
    }, wait);
    room.watchersTimer.unref?.();
  }

  private flushSoon(room: Room): void {
    this.dirty.add(room);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    this.flushQueued = false;
    const rooms = [...this.dirty];
    this.dirty.clear();
    for (const room of rooms) {
      try {
        const text = JSON.stringify({ type: 'state', state: this.state(room) } satisfies ServerMessage);
        const clients = [...room.watchers, ...room.seats.map((seat) => seat?.client)];
        for (const client of clients) {
          const place = client && this.places.get(client);
          if (!place || place.room !== room || place.seen >= room.version) continue;
          place.seen = room.version;
          client!.send(text);
        }
      } catch (error) {
        this.logFailure(`sending room ${room.id}`, error);
      }
    }
  }
}
