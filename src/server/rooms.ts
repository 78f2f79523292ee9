// Online play's authority: rooms of two seats and any watchers, each room's game checked move by move with the
// game's TypeScript rules. A client sits in at most one room and may only move for its own seat, on its turn,
// in its room; anything else gets an error message and changes nothing. A seat is kept for its token when its
// connection drops; a room with nobody connected is removed after a while. No sockets here: the WebSocket
// glue is online.ts, and tests drive a Lobby directly too.

import { randomBytes } from 'node:crypto';
import type { GameDefinition } from '../engine/game';
import { gameById } from '../games';
import { parseClientMessage, type ClientMessage, type ErrorCode, type OnlineGame, type RoomState, type SeatState, type ServerMessage } from '../net/protocol';

export interface Client {
  readonly address: string;
  send(message: ServerMessage): void;
}

interface Seat {
  readonly token: string;
  client: Client | null;
}

interface Room {
  readonly id: string;
  readonly gameId: OnlineGame;
  readonly game: GameDefinition;
  readonly size: number | undefined;
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
}

export interface LobbyOptions {
  /** Rooms one address may have at once. */
  readonly roomsPerAddress?: number;
  /** How long a room with nobody connected is kept. */
  readonly idleMs?: number;
  readonly now?: () => number;
}

/** Sizes a room may be created with; other games have none. Red Ten online is a full deal: no hidden cards to keep. */
const SIZES: Partial<Record<OnlineGame, { min: number; max: number; rule: string }>> = {
  matrix: { min: 2, max: 12, rule: 'a plus-minus board online is 2 to 12' },
  cards: { min: 27, max: 27, rule: 'Red Ten online is a full deal, 27 cards each' },
};

function seatState(seat: Seat | null): SeatState {
  return { taken: seat !== null, connected: !!seat?.client };
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
  private readonly places = new Map<Client, { room: Room; seat: 0 | 1 | null }>();
  private readonly roomsPerAddress: number;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(options: LobbyOptions = {}) {
    this.roomsPerAddress = options.roomsPerAddress ?? 5;
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** A message from a client: handled, or answered with an error. */
  receive(client: Client, text: string): void {
    const message = parseClientMessage(text);
    if ('error' in message) return client.send({ type: 'error', code: message.error, message: message.message });
    try {
      this.handle(client, message);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      client.send({ type: 'error', code: error.code, message: error.message });
    }
  }

  /** A client's connection closed: its seat waits for its token, a watcher is gone. */
  leave(client: Client): void {
    const place = this.places.get(client);
    if (!place) return;
    this.places.delete(client);
    const { room, seat } = place;
    if (seat === null) room.watchers.delete(client);
    else if (room.seats[seat]?.client === client) room.seats[seat]!.client = null;
    if (this.connected(room) === 0) room.idleSince = this.now();
    this.broadcast(room);
  }

  /** Removes the rooms nobody has been connected to for idleMs. */
  sweep(): void {
    const now = this.now();
    for (const [id, room] of this.rooms) if (room.idleSince !== null && now - room.idleSince >= this.idleMs) this.rooms.delete(id);
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

  private handle(client: Client, message: ClientMessage): void {
    switch (message.type) {
      case 'ping':
        return client.send({ type: 'pong' });
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

  private create(client: Client, gameId: OnlineGame, size: number | undefined): void {
    const owned = [...this.rooms.values()].filter((room) => room.createdBy === client.address).length;
    if (owned >= this.roomsPerAddress) throw new Refused('too-many-rooms', `at most ${this.roomsPerAddress} rooms per address: finish or leave one first`);
    const limits = SIZES[gameId];
    if (size !== undefined && (!limits || size < limits.min || size > limits.max)) {
      throw new Refused('bad-message', limits ? limits.rule : `${gameId} has no size to choose`);
    }
    const game = gameById(gameId);
    let id: string;
    do id = randomBytes(5).toString('hex');
    while (this.rooms.has(id));
    const room: Room = { id, gameId, game, size, createdBy: client.address, start: '', moves: [], position: null, seats: [null, null], watchers: new Set(), rematch: [false, false], round: 0, idleSince: null };
    this.newRound(room);
    this.rooms.set(id, room);
    this.seat(client, room, 0);
  }

  private join(client: Client, room: Room): void {
    if (room.seats[1] === null) return this.seat(client, room, 1);
    this.moveTo(client, room, null);
    room.watchers.add(client);
    client.send({ type: 'joined', seat: null, state: this.state(room) });
    this.broadcast(room, client);
  }

  private resume(client: Client, room: Room, token: string): void {
    const seat = room.seats.findIndex((s) => s?.token === token);
    if (seat < 0) throw new Refused('bad-token', 'this token holds no seat of the room');
    const previous = room.seats[seat]!.client;
    if (previous && previous !== client) this.places.delete(previous);
    this.moveTo(client, room, seat as 0 | 1);
    room.seats[seat]!.client = client;
    client.send({ type: 'joined', seat: seat as 0 | 1, token, state: this.state(room) });
    this.broadcast(room, client);
  }

  private move(client: Client, room: Room, text: string, ply: number | undefined): void {
    const seat = this.places.get(client)!.seat;
    if (seat === null) throw new Refused('watcher', 'watchers cannot move');
    const { rules } = room.game;
    if (rules.outcome(room.position)) throw new Refused('game-over', 'the game is over: ask for a rematch');
    if (room.seats[1] === null) throw new Refused('no-opponent', 'wait for the second player to join');
    if (rules.seatToMove(room.position) !== seat) throw new Refused('not-your-turn', "it is the other player's turn");
    // A page that has not yet seen the other player's last move may send one it chose on the older position.
    if (ply !== undefined && ply !== room.moves.length) throw new Refused('stale-move', `the game has moved on (to move ${room.moves.length + 1}; yours was for move ${ply + 1}): it was not played`);
    let next: unknown;
    let move: unknown;
    try {
      move = rules.parseMove(text);
      next = rules.play(room.position, move);
    } catch (error) {
      throw new Refused('illegal-move', (error as Error).message);
    }
    room.position = next;
    room.moves.push(rules.formatMove(move));
    room.rematch = [false, false];
    this.broadcast(room);
  }

  /** Both players must ask; the new game swaps the seats, so the other player moves first. */
  private askRematch(client: Client, room: Room): void {
    const seat = this.places.get(client)!.seat;
    if (seat === null) throw new Refused('watcher', 'watchers cannot start a game');
    if (room.seats[1] === null) throw new Refused('no-opponent', 'a new game needs both players');
    room.rematch[seat] = true;
    if (!room.rematch[0] || !room.rematch[1]) return this.broadcast(room);
    room.seats = [room.seats[1], room.seats[0]];
    for (const s of [0, 1] as const) {
      const holder = room.seats[s]!.client;
      if (holder) this.places.set(holder, { room, seat: s });
    }
    this.newRound(room);
    for (const s of [0, 1] as const) room.seats[s]!.client?.send({ type: 'joined', seat: s, token: room.seats[s]!.token, state: this.state(room) });
    for (const watcher of room.watchers) watcher.send({ type: 'state', state: this.state(room) });
  }

  private newRound(room: Room): void {
    const { rules } = room.game;
    room.position = rules.start(randomBytes(4).readUInt32LE(0), room.size);
    room.start = rules.format(room.position);
    room.moves = [];
    room.rematch = [false, false];
    room.round++;
  }

  private seat(client: Client, room: Room, seat: 0 | 1): void {
    this.moveTo(client, room, seat);
    const token = randomBytes(16).toString('hex');
    room.seats[seat] = { token, client };
    client.send({ type: 'joined', seat, token, state: this.state(room) });
    this.broadcast(room, client);
  }

  /** Puts a client in a room, out of the one it was in. */
  private moveTo(client: Client, room: Room, seat: 0 | 1 | null): void {
    if (this.places.has(client)) this.leave(client);
    this.places.set(client, { room, seat });
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

  /** The room's state to everyone in it (but `except`, who was just told). */
  private broadcast(room: Room, except?: Client): void {
    const message: ServerMessage = { type: 'state', state: this.state(room) };
    for (const seat of room.seats) if (seat?.client && seat.client !== except) seat.client.send(message);
    for (const watcher of room.watchers) if (watcher !== except) watcher.send(message);
  }
}
