// A page's connection to online play (the server's /ws): creates or joins a room, plays the person's moves on
// the server and shows the server's game in the page's session, keeps the seat token (localStorage) so that a
// dropped connection, or a reload, comes back to the seat, and retries while the connection is down.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { html, type TemplateResult } from 'lit';
import { parseServerMessage, type RoomState, type ServerMessage } from '../net/protocol';
import type { GameSession } from './game-session';

export type LinkStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

const tokenKey = (room: string) => `ai-playground:seat:${room}`;
const RETRY_MS = [500, 1000, 2000, 4000];
/** How soon a resume refused because the seat's connection is still there is tried again. */
const SEAT_RETRY_MS = 3000;

export class OnlineLink<P, M> implements ReactiveController {
  status: LinkStatus = 'connecting';
  seat: 0 | 1 | null = null;
  state?: RoomState;
  error = '';
  copied = false;
  /** A move was sent and the server has not answered yet: the page sends no other. */
  private sending = false;
  private socket?: WebSocket;
  private retries = 0;
  private retryTimer?: ReturnType<typeof setTimeout>;
  /** What to ask for when the socket opens: a new room, or a room to join / resume. */
  private wanted: { create: { game: string; size?: number } } | { room: string };
  private closing = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly session: GameSession<P, M>,
    wanted: { create: { game: string; size?: number } } | { room: string },
    /** The room, once in one, and each state (the page keeps the URL and the seats). */
    private readonly onState: (link: OnlineLink<P, M>) => void,
  ) {
    this.wanted = wanted;
    // The session shows this link's controls and sends a person's moves here instead of playing them.
    session.online = this;
    session.remote = (move) => this.move(session.game.rules.formatMove(move));
    host.addController(this);
    this.connect();
  }

  get room(): string | undefined {
    return this.state?.room;
  }

  hostDisconnected(): void {
    this.close();
  }

  close(): void {
    this.closing = true;
    clearTimeout(this.retryTimer);
    this.socket?.close();
    this.status = 'closed';
    if (this.session.online === this) {
      this.session.online = undefined;
      this.session.remote = undefined;
    }
  }

  move(move: string): void {
    if (!this.room || this.sending) return;
    this.sending = this.send({ type: 'move', room: this.room, move, ply: this.state!.moves.length });
  }

  rematch(): void {
    if (this.room) this.send({ type: 'rematch', room: this.room });
  }

  inviteLink(): string {
    return `${location.origin}${location.pathname}#/${this.state!.game}?room=${this.state!.room}`;
  }

  /** Whether the message went out (not while the connection is down). */
  private send(message: unknown): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private connect(): void {
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.status = 'open';
      this.retries = 0;
      if ('create' in this.wanted) this.send({ type: 'create', ...this.wanted.create });
      else {
        const token = localStorage.getItem(tokenKey(this.wanted.room));
        this.send(token ? { type: 'resume', room: this.wanted.room, token } : { type: 'join', room: this.wanted.room });
      }
      this.host.requestUpdate();
    });
    socket.addEventListener('message', (event) => {
      const message = parseServerMessage(String(event.data));
      if (message) this.receive(message);
    });
    socket.addEventListener('close', () => {
      if (this.closing || this.socket !== socket) return;
      // Come back to the room (or make the room, if it was never made) when the server answers again.
      this.status = 'reconnecting';
      this.retryTimer = setTimeout(() => this.connect(), RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)]);
      this.host.requestUpdate();
    });
  }

  private receive(message: ServerMessage): void {
    if (message.type !== 'pong') this.sending = false;
    if (message.type === 'error') {
      // A stale token (the room was made again, or it expired): join as anyone would.
      if (message.code === 'bad-token' && 'room' in this.wanted) {
        localStorage.removeItem(tokenKey(this.wanted.room));
        this.send({ type: 'join', room: this.wanted.room });
        return;
      }
      // The seat's old connection (this page before a reload, or another tab) has not gone yet: ask again soon.
      if (message.code === 'seat-in-use' && 'room' in this.wanted) {
        const room = this.wanted.room;
        this.retryTimer = setTimeout(() => {
          const token = localStorage.getItem(tokenKey(room));
          if (token) this.send({ type: 'resume', room, token });
        }, SEAT_RETRY_MS);
      }
      this.error = message.message;
    } else if (message.type === 'joined') {
      this.seat = message.seat;
      if (message.token) localStorage.setItem(tokenKey(message.state.room), message.token);
      this.wanted = { room: message.state.room };
      this.show(message.state);
    } else if (message.type === 'state') {
      this.show(message.state);
    }
    this.host.requestUpdate();
  }

  private show(state: RoomState): void {
    this.state = state;
    this.error = '';
    this.onState(this);
  }

  /** A few words on where the game stands, for the person at this page. */
  describe(): string {
    const state = this.state;
    if (this.status === 'reconnecting') return 'Connection lost: reconnecting…';
    if (!state) return this.status === 'connecting' ? 'Connecting…' : '';
    if (this.seat === null) return `Watching (${state.watchers} watching).`;
    const other = state.seats[1 - this.seat];
    if (!other.taken) return 'Waiting for an opponent: send them the invite link.';
    if (!other.connected) return 'The opponent is disconnected: waiting for them to come back.';
    // The result is the page's status line: here, only the rematch.
    if (this.session.outcome) {
      if (state.rematch[this.seat]) return 'Waiting for the opponent to agree to a new game.';
      if (state.rematch[1 - this.seat]) return 'The opponent asks for a new game.';
      return 'Rematch, for a new game with the seats swapped.';
    }
    if (this.sending) return 'Sending your move…';
    return this.session.seatToMove === this.seat ? 'Your turn.' : "The opponent's turn.";
  }

  controls(): TemplateResult {
    const state = this.state;
    return html`<div class="controls" aria-label="Online game">
      ${
        state && this.seat !== null && !state.seats[1 - this.seat].taken
          ? html`<label>Invite link <input readonly .value=${this.inviteLink()} aria-label="Invite link" size="34" /></label>
            <button @click=${() => this.copy()}>${this.copied ? 'Copied' : 'Copy'}</button>`
          : ''
      }
      ${state && this.seat !== null && this.session.outcome ? html`<button @click=${() => this.rematch()} ?disabled=${state.rematch[this.seat]}>Rematch</button>` : ''}
      <span data-testid="online-status">${this.describe()}</span>
      ${this.error ? html`<span class="error" role="alert">${this.error}</span>` : ''}
    </div>`;
  }

  private copy(): void {
    void navigator.clipboard?.writeText(this.inviteLink()).then(() => {
      this.copied = true;
      this.host.requestUpdate();
    });
  }
}
