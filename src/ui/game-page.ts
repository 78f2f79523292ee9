// What every game page shares: its mode (You vs AI, AI vs AI, two people) and the person's seat, the seed,
// new games, and the URL: #/<game>?pos=<position>&seed=<n>&mode=<mode> opens a position, ?run=<id>&game=<i>
// replays a game of an arena run. A page adds its board, its bots' settings and its status words.

import { html, LitElement, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { parseSeed } from '../contracts/rng';
import type { GameSession, Player } from './game-session';
import { onUserBotsChange } from './my-bots/user-bots';
import { OnlineLink } from './online';
import { openReplay } from './replay';
import { replaceHash } from './router';
import { isMode, playersOf, type Mode } from './session-controls';

export abstract class GamePage<P, M> extends LitElement {
  /** The URL's parameters. */
  @property({ attribute: false }) params = new URLSearchParams();
  @state() protected mode: Mode = 'vs-bot';
  /** The seat the person plays in You vs AI. */
  @state() protected humanSeat: 0 | 1 = 0;
  /** What is wrong with the link or the seed typed, if anything. */
  @state() protected linkError = '';
  /** Online play, in the mode 'online'. */
  protected online?: OnlineLink<P, M>;
  protected abstract readonly session: GameSession<P, M>;
  private readonly onKey = (event: KeyboardEvent) => this.keyPressed(event);

  /** The seat of the person at this page against an opponent (You vs AI, or online), null otherwise. */
  protected get personSeat(): 0 | 1 | null {
    if (this.mode === 'vs-bot') return this.humanSeat;
    if (this.mode === 'online') return this.online?.seat ?? null;
    return null;
  }

  /** The bot configuration of each seat, when a bot plays it. */
  protected abstract botConfigs(): readonly [string, string];

  /** The move a key plays anywhere on the page (digits), if any. */
  protected keyMove(_key: string): M | undefined {
    return undefined;
  }

  private stopWatchingBots = () => {};

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey);
    // The person's own bots appear among the opponents as they are saved.
    this.stopWatchingBots = onUserBotsChange(() => this.requestUpdate());
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKey);
    this.stopWatchingBots();
  }

  willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('params')) this.loadFromUrl();
  }

  /** A move key, unless the person is typing in a field. */
  private keyPressed(event: KeyboardEvent): void {
    const target = event.composedPath()[0] as HTMLElement;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || event.ctrlKey || event.metaKey || event.altKey) return;
    const move = this.keyMove(event.key);
    if (move === undefined || !this.session.humanToMove) return;
    event.preventDefault();
    event.stopPropagation();
    this.play(move);
  }

  /** A person's move from the board or a key. */
  protected play(move: M): void {
    this.session.play(move);
  }

  protected players(): [Player, Player] {
    if (this.mode === 'online') {
      // The person moves once an opponent has taken the other seat.
      const seat = this.online?.seat ?? null;
      const ready = seat !== null && !!this.online?.state?.seats[1 - seat].taken;
      return playersOf('online', ready ? seat : null, this.botConfigs());
    }
    return playersOf(this.mode, this.humanSeat, this.botConfigs());
  }

  /** The players changed (mode, seat or a bot's settings). */
  protected playersChanged(): void {
    this.session.setPlayers(this.players());
  }

  protected setMode(mode: Mode): void {
    if (mode !== 'online') this.goOffline();
    this.mode = mode;
    if (mode === 'online' && !this.online) this.goOnline({ create: { game: this.session.game.rules.id, size: this.onlineSize() } });
    this.playersChanged();
    this.saveToUrl();
  }

  /** The size of an online game, for games that have sizes (Red Ten online is always a full deal). */
  protected onlineSize(): number | undefined {
    return this.session.game.sizes ? this.session.size : undefined;
  }

  /** Creates a room, or joins one (a token kept from before takes back its seat). */
  private goOnline(wanted: { create: { game: string; size?: number } } | { room: string }): void {
    this.goOffline();
    const session = this.session;
    this.online = new OnlineLink(this, session, wanted, (link) => {
      const { rules } = session.game;
      try {
        const start = rules.parse(link.state!.start);
        this.mode = 'online';
        this.humanSeat = link.seat ?? 0;
        session.setPlayers(this.players());
        session.loadRemote(
          start,
          link.state!.moves.map((move) => rules.parseMove(move)),
        );
      } catch (error) {
        this.linkError = `The server's game cannot be shown: ${(error as Error).message}`;
      }
    });
  }

  private goOffline(): void {
    if (!this.online) return;
    this.online.close();
    this.removeController(this.online);
    this.online = undefined;
  }

  /** "You play" in You vs AI: the seat the person takes, each named by `labels`. */
  protected seatSelect(labels: readonly [string, string]): TemplateResult {
    return html`<label>You play
      <select @change=${(e: Event) => this.setHumanSeat(Number((e.target as HTMLSelectElement).value) as 0 | 1)}>
        ${labels.map((label, i) => html`<option value=${i} ?selected=${i === this.humanSeat}>${label}</option>`)}
      </select>
    </label>`;
  }

  protected setHumanSeat(seat: 0 | 1): void {
    this.humanSeat = seat;
    this.playersChanged();
  }

  /** A new seed starts a new game: the same seed replays the same game. */
  protected setSeed(text: string): void {
    try {
      this.session.seed = parseSeed(text);
      this.newGame();
    } catch (error) {
      this.linkError = (error as Error).message;
    }
  }

  protected newGame(): void {
    this.linkError = '';
    this.session.newGame();
  }

  /** A position opened from a link, before the game restarts from it (a page may adapt its settings). */
  protected openingPosition(_position: P): void {}

  protected saveToUrl(): void {
    const { rules } = this.session.game;
    if (this.mode === 'online') {
      if (this.online?.room) replaceHash(rules.id, { room: this.online.room, mode: 'online' });
      return;
    }
    replaceHash(rules.id, { pos: rules.format(this.session.position), seed: String(this.session.seed), mode: this.mode });
  }

  private loadFromUrl(): void {
    if (this.params.has('run')) {
      // A game of an arena run, shown move by move; its own URL stays until the person plays on.
      void openReplay(this.session, this.params).then((problem) => (this.linkError = problem));
      return;
    }
    const { rules } = this.session.game;
    const room = this.params.get('room');
    if (room !== null) {
      // An invite link: join the room (or come back to a seat), unless already in it.
      if (this.online?.room !== room) {
        this.mode = 'online';
        this.goOnline({ room });
      }
      return;
    }
    const mode = this.params.get('mode');
    if (isMode(mode) && mode !== 'online' && mode !== this.mode) {
      this.mode = mode;
      this.playersChanged();
    }
    try {
      const seed = this.params.get('seed');
      const pos = this.params.get('pos');
      if (seed !== null && parseSeed(seed) !== this.session.seed) {
        this.session.seed = parseSeed(seed);
        if (pos === null) this.newGame();
      }
      if (pos !== null && pos !== rules.format(this.session.position)) {
        const position = rules.parse(pos);
        // You vs AI from a link: the person takes the side to move.
        if (this.mode === 'vs-bot') this.humanSeat = rules.seatToMove(position);
        this.openingPosition(position);
        this.playersChanged();
        this.session.newGame(position);
      }
      this.linkError = '';
    } catch (error) {
      this.linkError = `This link's position cannot be opened: ${(error as Error).message}.`;
    }
  }
}
