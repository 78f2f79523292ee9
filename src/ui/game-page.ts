// What every game page shares: its mode (You vs AI, AI vs AI, two people) and the person's seat, the seed,
// new games, and the URL: #/<game>?pos=<position>&seed=<n>&mode=<mode> opens a position, ?run=<id>&game=<i>
// replays a game of an arena run. A page adds its board, its bots' settings and its status words.

import { html, LitElement, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { parseSeed } from '../contracts/rng';
import { type GameSession, movesFromLabels, type Player, replayMoves } from './game-session';
import { onUserBotsChange, userBotsRead } from './my-bots/user-bots';
import { OnlineLink } from './online';
import { BOARD_NOTATION, formatGameRecord, MAX_RECORD_CHARS, parseGameRecord } from '../contracts/game-record';
import { isSize, moveLabel, sizeLabel } from '../contracts/game';
import { movesPlayed, moveList } from './move-list';
import { ReviewController } from './review-controller';
import { openReplay, watchLive } from './replay';
import { formatHash, replaceHash } from './router';
import { isMode, playersOf, type Mode, turnStatus } from './session-controls';
import { downloadText } from './download';

export abstract class GamePage<P, M> extends LitElement {
  /** The URL's parameters. */
  @property({ attribute: false }) params = new URLSearchParams();
  @state() protected mode: Mode = 'vs-bot';
  /** The seat the person plays in You vs AI. */
  @state() protected humanSeat: 0 | 1 = 0;
  /** What is wrong with the link or the seed typed, if anything. */
  @state() protected linkError = '';
  /** A passing word on the record's actions (a link copied, a record that cannot be read). */
  @state() protected recordNotice = '';
  /** Why a record file could not be loaded. */
  @state() protected recordError = '';
  /** The review of a finished game, for games whose solver can tell each position's value (made with the session). */
  private reviewController?: ReviewController<P, M>;
  /** A game that was over when it was opened from a link or a record: the moves it had then. */
  private openedFinishedAt: number | null = null;
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

  /**
   * Whether the end of the game is the person's own ("You won"): not in a replay, nor in a game that was already
   * over when it was opened from a link that does not say the person's side (its moves untouched since).
   */
  protected get resultIsPersonal(): boolean {
    if (this.session.replay || this.personSeat === null) return false;
    return this.openedFinishedAt === null || this.openedFinishedAt !== this.session.moves.length;
  }

  /** An online game going on: nothing may show what the opponent could not see (the solution, the other hand). */
  protected get liveOnline(): boolean {
    return this.mode === 'online' && !this.session.outcome;
  }

  /** The bot configuration of each seat, when a bot plays it. */
  protected abstract botConfigs(): readonly [string, string];

  /** The move a key plays anywhere on the page (digits), if any. */
  protected keyMove(_key: string): M | undefined {
    return undefined;
  }

  private stopWatchingBots = () => {};
  /** Stops watching a game of the ladder being played (#/<game>?live=<id>). */
  private stopLive = () => {};

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
    this.stopLive();
  }

  willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('params')) this.loadFromUrl();
  }

  /** A move key, unless the person is typing in a field (a checkbox or a button ticked before does not keep the keys). */
  private keyPressed(event: KeyboardEvent): void {
    const target = event.composedPath()[0] as HTMLElement;
    const typing =
      ['SELECT', 'TEXTAREA'].includes(target.tagName) ||
      (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range'].includes(target.type));
    // A key a control of the page has handled already (a board's own Enter) plays no second move.
    if (typing || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
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

  /** The players changed (mode, seat or a bot's settings): the link follows. */
  protected playersChanged(): void {
    this.session.setPlayers(this.players());
    this.saveToUrl();
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

  /** The person takes a seat; the AI keeps its bot and parameters, moving to the seat the person leaves. */
  protected setHumanSeat(seat: 0 | 1): void {
    if (seat !== this.humanSeat) this.setBotConfig(this.humanSeat, this.botConfigs()[1 - this.humanSeat]);
    this.humanSeat = seat;
    this.playersChanged();
  }

  /** The game's review, for two-player games whose solver reads its answers as values. */
  private get reviews(): ReviewController<P, M> | undefined {
    if (!this.twoPlayers || !this.session.game.solver?.firstSeatValue) return undefined;
    this.reviewController ??= new ReviewController(this, this.session);
    return this.reviewController;
  }

  /** The move list with its actions (analyse, save, load, copy the link). */
  protected movesPanel(seatNames: readonly [string, string]): TemplateResult {
    return html`${moveList(
      this.session,
      seatNames,
      {
        analyse: () => this.analyseFromHere(),
        save: () => this.saveRecord(seatNames),
        load: (input) => void this.loadRecord(input),
        copyLink: () => void this.copyLink(),
      },
      this.reviews?.classes,
    )}${this.recordNotice ? html`<p class="hint" role="status">${this.recordNotice}</p>` : ''}${
      this.recordError ? html`<p class="error" role="alert">${this.recordError}</p>` : ''
    }
    ${this.reviews?.view(seatNames) ?? ''}`;
  }

  /** The status line in a game's plain words (a page with words of its own says them instead). */
  protected status(): string {
    const outcome = this.session.outcome;
    const seats = this.session.game.rules.seats;
    if (!outcome) return turnStatus(this.session, this.mode, seats);
    if (outcome.winner === null) return 'Draw.';
    if (this.mode === 'vs-bot' && this.resultIsPersonal) return outcome.winner === this.humanSeat ? 'You won!' : 'You lost: the AI won.';
    return `${seats[outcome.winner]} wins!`;
  }

  /** The end of a game: how it ended and in how many moves, with a rematch (seats swapped), a new game and the record. */
  protected endBanner(result: string, seatNames: readonly [string, string]): TemplateResult | '' {
    const session = this.session;
    if (!session.outcome || session.replay || session.viewing !== null) return '';
    const moves = movesPlayed(session);
    return html`<div class="banner" aria-label="Game over">
      <strong>${result.replace(/[.!]$/, '')} in ${moves} move${moves === 1 ? '' : 's'}.</strong>
      <div class="controls">
        ${this.mode === 'online' ? '' : html`<button @click=${() => this.rematch()}>Rematch${this.twoPlayers && this.mode === 'vs-bot' ? ' (sides swapped)' : ''}</button>`}
        ${this.mode === 'online' ? '' : html`<button @click=${() => this.newGame()}>New game</button>`}
        <button @click=${() => this.saveRecord(seatNames)}>Save record</button>
        ${this.reviews && !this.reviews.current ? html`<button @click=${() => this.reviews!.start()}>Review the game</button>` : ''}
      </div>
    </div>`;
  }

  /** The same start again; in You vs AI the person takes the other side. */
  protected rematch(): void {
    const start = this.session.positions[0];
    if (this.twoPlayers && this.mode === 'vs-bot') this.setHumanSeat((1 - this.humanSeat) as 0 | 1);
    this.openedFinishedAt = null;
    this.session.newGame(start);
  }

  /** Two people at one board from the position shown, the page's solution on where it has one. */
  protected analyseFromHere(): void {
    this.session.continueFromHere();
    if (this.twoPlayers && this.mode !== 'two') this.setMode('two');
    this.showAnalysis();
    this.saveToUrl();
  }

  /** Turns the page's analysis on (Connect 4's solution, plus-minus's values), where it has one. */
  protected showAnalysis(): void {}

  private saveRecord(seatNames: readonly [string, string]): void {
    const session = this.session;
    const { rules } = session.game;
    const outcome = session.outcome;
    const result = outcome ? (outcome.winner === null ? 'draw' : `${seatNames[outcome.winner]} won`) : undefined;
    const moves = movesPlayed(session);
    const labels = session.moves.map((move) => moveLabel(rules, move));
    const text = formatGameRecord(rules.id, this.urlParams(), labels, result && `${result} in ${moves} move${moves === 1 ? '' : 's'}`);
    downloadText(`${rules.id}-${session.seed}.txt`, text, 'text/plain');
  }

  private async loadRecord(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      if (file.size > MAX_RECORD_CHARS) throw new Error(`a game record is at most ${MAX_RECORD_CHARS >> 10} KB`);
      const { game, params } = parseGameRecord(await file.text());
      if (game !== this.session.game.rules.id) {
        // Another game's record opens on that game's page.
        location.hash = formatHash(game, Object.fromEntries(params));
        return;
      }
      this.openLink(params);
      this.saveToUrl();
      this.recordNotice = '';
      this.recordError = '';
      this.linkError = '';
    } catch (error) {
      // Said as a link that cannot be opened is: an alert.
      this.recordNotice = '';
      this.recordError = `${file.name} cannot be loaded: ${(error as Error).message}`;
    }
  }

  private async copyLink(): Promise<void> {
    try {
      await navigator.clipboard.writeText(location.href);
      this.recordError = '';
      this.recordNotice = 'The link to this game is copied.';
    } catch {
      this.recordNotice = `Copy this link: ${location.href}`;
    }
  }

  /** A seed typed starts a new game with it: the same seed replays the same game. */
  protected setSeed(text: string): void {
    try {
      this.session.seed = parseSeed(text);
      this.linkError = '';
      void this.startFromSeed();
    } catch (error) {
      this.linkError = (error as Error).message;
    }
  }

  /** New game: a new seed (shown, and in the link), so that bots that draw lots play another game. */
  protected newGame(): void {
    this.linkError = '';
    this.openedFinishedAt = null;
    this.session.seed = crypto.getRandomValues(new Uint32Array(1))[0];
    void this.startFromSeed();
  }

  /** A new game from the session's seed (a page that makes its starts otherwise, the 15-puzzle's, says how). */
  protected startFromSeed(): void | Promise<void> {
    this.session.newGame();
  }

  /** A position opened from a link, before the game restarts from it (a page may adapt its settings). */
  protected openingPosition(_position: P): void {}

  /**
   * A link's settings of the page's own (Connect 4's `solution`, `threads`), checked before anything is applied:
   * returns what applies them, or throws saying what is wrong. urlParams writes them back.
   */
  protected pageSettings(_params: URLSearchParams): () => void {
    return () => {};
  }

  /** Sets a seat's bot from a link's configuration; throws when this page cannot (no such level or bot). */
  protected abstract setBotConfig(seat: 0 | 1, config: string): void;

  /** Whether the page has the modes and seats of a two-player game (the 15-puzzle has not). */
  protected readonly twoPlayers: boolean = true;

  /** The game in the URL: its start, its moves, the mode, the person's seat, the bots and the seed. */
  protected urlParams(): Record<string, string> {
    const { rules } = this.session.game;
    const session = this.session;
    const params: Record<string, string> = {};
    if (this.twoPlayers) params.mode = this.mode;
    params.seed = String(session.seed);
    const start = session.positions[0];
    // A game that hides cards keeps a deal drawn from the seed by its size: the link shows no hidden hand (the
    // page draws the deal again from the seed).
    const sizes = session.game.sizes;
    const fresh = session.size !== undefined && rules.format(start) === rules.format(rules.start(session.seed, session.size));
    if (rules.seatView && fresh) params.size = String(session.size);
    else if (sizes?.named && fresh) {
      // A board of its own size, empty: the size says it all (`size=6x5`), and the default one needs not be said.
      if (session.size !== sizes.default) params.size = sizeLabel(sizes, session.size!);
    } else params.start = rules.format(start);
    if (session.moves.length > 0) params.moves = session.moves.map((move) => rules.formatMove(move)).join(',');
    if (this.twoPlayers && this.mode === 'vs-bot') {
      params.seat = String(this.humanSeat);
      params[`bot${1 - this.humanSeat}`] = this.botConfigs()[1 - this.humanSeat];
    }
    if (this.twoPlayers && this.mode === 'bots') [params.bot0, params.bot1] = this.botConfigs();
    return params;
  }

  protected saveToUrl(): void {
    const { rules } = this.session.game;
    if (this.mode === 'online') {
      if (this.online?.room) replaceHash(rules.id, { room: this.online.room, mode: 'online' });
      return;
    }
    // A replay keeps its own URL (the run and the game) until the person plays on; a link that could not be
    // opened stays in the address until the person acts.
    if (this.session.replay || this.session.held) return;
    replaceHash(rules.id, this.urlParams());
  }

  private loadFromUrl(): void {
    this.stopLive();
    const live = this.params.get('live');
    if (live !== null) {
      // A game of the ladder being played, watched as it goes.
      this.stopLive = watchLive(this.session, live, (message) => {
        this.linkError = message;
      });
      return;
    }
    if (this.params.has('run')) {
      // A game of an arena run, shown move by move; its own URL stays until the person plays on.
      void openReplay(this.session, this.params).then((problem) => {
        this.linkError = problem;
        if (!problem) void this.adoptReplayBots();
      });
      return;
    }
    const room = this.params.get('room');
    if (room !== null) {
      // An invite link: join the room (or come back to a seat), unless already in it.
      if (this.online?.room !== room) {
        this.mode = 'online';
        this.goOnline({ room });
      }
      return;
    }
    // No game in the link: the page's game goes in it.
    if (this.params.size === 0) return this.saveToUrl();
    // Back, Forward or a link to the game already shown: nothing to do.
    if (new URLSearchParams(this.urlParams()).toString() === this.params.toString()) return;
    try {
      this.openLink(this.params);
      this.linkError = '';
    } catch (error) {
      // As when the page is loaded with it: the game shown stops (no bot plays on in it) and is not taken for the link's.
      this.session.hold();
      this.linkError = `This link cannot be opened: ${(error as Error).message}. The game shown is not the link's.`;
    }
  }

  /**
   * A replay's bots become the page's, two AIs: the page shows who played, and plays on from any move with them.
   * The person's own bots are among them once the browser's store is read. A bot this page cannot have (a ladder's
   * module, an engine of the command line) leaves the page's own bot in its seat, and the page says which.
   */
  private async adoptReplayBots(): Promise<void> {
    const replay = this.session.replay;
    if (!replay || !this.twoPlayers) return;
    await userBotsRead();
    if (this.session.replay !== replay) return;
    const missing: string[] = [];
    for (const seat of [0, 1] as const) {
      const config = replay.seats[seat];
      try {
        if (config === null) throw new Error('none');
        this.setBotConfig(seat, config);
      } catch {
        missing.push(replay.names[seat]);
      }
    }
    if (missing.length > 0)
      this.linkError = `Playing on from here, this page's own bot takes the seat of ${missing.join(' and of ')}: ${missing.length > 1 ? 'they are bots' : 'a bot'} this page cannot play (a submitted module, an engine).`;
    this.mode = 'bots';
    this.session.players = this.players();
  }

  /** Sets the page to a link's game, or throws saying what is wrong with it (changing nothing then). */
  private openLink(params: URLSearchParams): void {
    const { game } = this.session;
    const { rules } = game;
    const session = this.session;
    const mode = params.get('mode');
    if (mode !== null && (!isMode(mode) || mode === 'online')) throw new Error(`mode "${mode}" is not one of vs-bot, bots, two`);
    const seatText = params.get('seat');
    if (seatText !== null && seatText !== '0' && seatText !== '1') throw new Error(`seat "${seatText}" is not 0 or 1`);
    const seed = params.get('seed');
    const nextSeed = seed === null ? session.seed : parseSeed(seed);
    const size = this.linkSize(params.get('size'));
    const startText = params.get('start') ?? params.get('pos');
    // A game whose sizes are named reads a start without its size as of the link's size, else its default.
    const linkSizeOrDefault = size ?? (game.sizes?.named ? game.sizes.default : session.size);
    const start = startText === null ? rules.start(nextSeed, linkSizeOrDefault) : rules.parse(startText, size);
    const movesText = params.get('moves');
    const texts = movesText ? movesText.split(',') : [];
    const moves = params.get('notation') === BOARD_NOTATION ? movesFromLabels(game, start, texts) : texts.map((text) => rules.parseMove(text));
    // The game is checked whole before anything is applied.
    replayMoves(game, start, moves);
    const nextMode = mode ?? this.mode;
    const seat =
      seatText !== null
        ? (Number(seatText) as 0 | 1)
        : startText !== null && moves.length === 0 && nextMode === 'vs-bot'
          ? rules.seatToMove(start)
          : this.humanSeat;
    const applySettings = this.pageSettings(params);
    this.setBotConfigs([params.get('bot0'), params.get('bot1')]);
    applySettings();
    if (this.twoPlayers) {
      if (this.mode === 'online') this.goOffline();
      this.mode = nextMode as Mode;
      this.humanSeat = seat;
    }
    session.seed = nextSeed;
    if (size !== undefined) session.size = size;
    else if (game.sizes?.named) session.size = game.sizes.default;
    if (startText !== null) this.openingPosition(start);
    session.players = this.players();
    session.load(start, moves);
    // A finished game is the person's own when its link says their side (the page's own link of a game against
    // the AI does): its end reads as it read when it was played ("You lost"), not as a stranger's.
    this.openedFinishedAt = session.outcome && !params.has('seat') ? session.moves.length : null;
  }

  /** Sets each seat's bot (null: as it is), both or neither: throws, changing nothing, when the page has no such bot. */
  private setBotConfigs(configs: readonly (string | null)[]): void {
    const before = this.botConfigs();
    try {
      for (const s of [0, 1] as const) if (configs[s] !== null) this.setBotConfig(s, configs[s]!);
    } catch (error) {
      for (const s of [0, 1] as const) this.setBotConfig(s, before[s]);
      throw error;
    }
  }

  /** A link's `size` (a deal's cards each, a board's side, Connect 4's `6x5`), within the game's sizes. */
  private linkSize(text: string | null): number | undefined {
    if (text === null) return undefined;
    const sizes = this.session.game.sizes;
    if (!sizes) throw new Error(`${this.session.game.rules.title} has no sizes`);
    if (sizes.named) return sizes.named.parse(text);
    const size = Number(text);
    if (!/^\d+$/.test(text) || !isSize(sizes, size)) throw new Error(`size "${text}" is not a whole number from ${sizes.min} to ${sizes.max}`);
    return size;
  }
}
