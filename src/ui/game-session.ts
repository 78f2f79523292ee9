// The flow of one game on a page, the same for every two-seat game: people and bots take turns, a bot
// thinks in the worker pool with live progress, people can undo, start over, stop a bot, or step and run a
// game between two bots. A Lit reactive controller: the page re-renders on every change.

import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import { type GameDefinition, type Iteration, moveLabel, type Outcome, type SearchReport } from '../contracts/game';
import { CancelledError, type Job } from '../runtime/pool';
import { requestMove } from '../runtime/requests';
import { deriveSeed } from '../contracts/rng';
import type { MoveAnswer } from '../../workers/api';
import type { Forfeit, GameRecord, MoveRecord } from '../arena/play-out';
import { GameClock } from '../arena/time-control';
import { isUserBot, requestUserBotMove } from './my-bots/user-bots';
import { searchPool } from './pool';

/** The time a person's bot (the My bots page) has for a move on a game page; past it and the margin it forfeits. */
export const USER_BOT_MS = 2000;
/**
 * The most a bot of ours thinks over a move on a page: past it, its best move so far is played, and the page says
 * so (a solver that cannot prove a move on a large board would otherwise keep the game waiting for hours).
 */
export const PAGE_MOVE_MS = 15_000;

/** The time the page gives our bots for a move: they answer within it with their best move so far. */
export const PAGE_BOT_MS = 5_000;

/** A person at this page, a bot, or a person at another machine (online play: the server brings the moves). */
export type Player = { readonly kind: 'human' } | { readonly kind: 'bot'; readonly config: string } | { readonly kind: 'remote' };

/** Online play, as the session's controls show it (src/ui/online.ts). */
export interface OnlineView {
  /** The seat of the person at this page (null: watching). */
  readonly seat: 0 | 1 | null;
  describe(): string;
  controls(): TemplateResult;
}

/** A bot's search for one move, growing while it thinks. */
export interface BotSearch {
  readonly seat: 0 | 1;
  readonly ply: number;
  readonly config: string;
  iterations: readonly Iteration[];
  nodes: number;
  ms: number;
  done: boolean;
}

/** A finished game shown move by move (from an arena run): its moves with their searches, and the move shown. */
/** A seat of a replay: how the run named it, and the configuration a page can play it with (null: none). */
export interface ReplayPlayer {
  readonly name: string;
  readonly config: string | null;
}

export interface Replay {
  readonly moves: readonly MoveRecord[];
  /** The configuration of each seat (null: one no page can play, a ladder's module or engine). */
  readonly seats: readonly [string | null, string | null];
  /** Each seat as the run named it: its configuration, or the ladder's name of its bot ("Casual v1"). */
  readonly names: readonly [string, string];
  /** How the game ended, when a seat forfeited it. */
  readonly forfeit?: Forfeit;
  /** What each seat's engine wrote during the game. */
  readonly logs?: readonly [string, string];
  /** A game watched as it is played: where it stands. */
  live?: string;
  /** How many moves are played in the position shown (0 = the start). */
  cursor: number;
}

/** Every position of a game from its start and moves; throws naming the first move that is not legal. */
export function replayMoves<P, M>(game: GameDefinition<P, M>, start: P, moves: readonly M[]): P[] {
  const positions = [start];
  for (const [i, move] of moves.entries()) {
    try {
      positions.push(game.rules.play(positions[i], move));
    } catch (error) {
      throw new Error(`move ${i + 1} (${game.rules.formatMove(move)}): ${(error as Error).message}`);
    }
  }
  return positions;
}

/**
 * A game's moves as the page shows them (a record in the board's notation): each read as the legal move of that
 * label in the position it is played in; throws naming the first that is none.
 */
export function movesFromLabels<P, M>(game: GameDefinition<P, M>, start: P, labels: readonly string[]): M[] {
  const { rules } = game;
  const moves: M[] = [];
  let position = start;
  for (const [i, label] of labels.entries()) {
    const legal = rules.legalMoves(position);
    const move = legal.find((candidate) => moveLabel(rules, candidate) === label.trim());
    if (move === undefined) {
      const shown = legal.slice(0, 12).map((candidate) => moveLabel(rules, candidate));
      throw new Error(`move ${i + 1} (${label}) is not a legal move there${shown.length ? `: ${shown.join(', ')}${legal.length > 12 ? ', …' : ''}` : ''}`);
    }
    moves.push(move);
    position = rules.play(position, move);
  }
  return moves;
}

export class GameSession<P, M> implements ReactiveController {
  /** positions[0] is the start, positions[k] the position after k moves; moves[k] led from positions[k] to positions[k + 1]. */
  positions: P[];
  moves: M[] = [];
  /** A past position of the game being looked at (the move list's cursor: moves played), or null: the game as it stands. */
  viewing: number | null = null;
  seed = 1;
  /** The board size of new games, for games that have sizes. */
  size?: number;
  /** When both seats are bots: false runs the game, true waits for step(). */
  paused = true;
  /** Pause between two bot moves when both seats are bots, so people can follow. */
  delayMs = 500;
  /** The searches of this game's bot moves, oldest first. */
  searches: BotSearch[] = [];
  error = '';
  replay?: Replay;
  /**
   * Held after a link that could not be opened: no bot moves (one thinking is stopped) until a person acts (a move,
   * a new game, a change of players, Step or Run). The page leaves the address alone meanwhile.
   */
  held = false;
  /** Online play: a person's move goes to the server (checked here first), and the server's game comes back. */
  remote?: (move: M) => void;
  online?: OnlineView;
  private thinking?: Job<MoveAnswer>;
  private timer?: ReturnType<typeof setTimeout>;
  /** When the bot thinking must play its best move so far (PAGE_MOVE_MS). */
  private deadline?: ReturnType<typeof setTimeout>;
  /** Said when the last bot move was played at the page's time, before its search ended. */
  cutShort = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    readonly game: GameDefinition<P, M>,
    public players: readonly [Player, Player],
    private readonly onPositionChange: () => void = () => {},
  ) {
    this.size = game.sizes?.default;
    this.positions = [game.rules.start(this.seed, this.size)];
    host.addController(this);
  }

  get position(): P {
    if (this.replay) return this.positions[this.replay.cursor];
    return this.viewing === null ? this.positions.at(-1)! : this.positions[this.viewing];
  }

  /** The moves played to the position shown (the cursor's, in a replay or while looking back). */
  get cursor(): number {
    return this.replay?.cursor ?? this.viewing ?? this.moves.length;
  }

  get outcome(): Outcome | null {
    return this.game.rules.outcome(this.position);
  }

  get seatToMove(): 0 | 1 {
    return this.game.rules.seatToMove(this.position);
  }

  get isThinking(): boolean {
    return this.thinking !== undefined;
  }

  get botsOnly(): boolean {
    return this.players.every((player) => player.kind === 'bot');
  }

  /** A person may move now. */
  get humanToMove(): boolean {
    return !this.replay && this.viewing === null && !this.outcome && this.players[this.seatToMove].kind === 'human';
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Stops the game where it is: no bot moves until a person acts. */
  hold(): void {
    this.stop();
    this.held = true;
    this.host.requestUpdate();
  }

  /** Starts over from `start` (the game's start for the seed by default). */
  newGame(start: P = this.game.rules.start(this.seed, this.size)): void {
    this.stop();
    this.cutShort = '';
    this.replay = undefined;
    this.viewing = null;
    this.positions = [start];
    this.moves = [];
    this.searches = [];
    this.error = '';
    this.changed();
  }

  /** A game from its start and moves (a link, a record): throws, changing nothing, when a move is not legal. */
  load(start: P, moves: readonly M[]): void {
    const positions = replayMoves(this.game, start, moves);
    this.stop();
    this.replay = undefined;
    this.viewing = null;
    this.positions = positions;
    this.moves = [...moves];
    this.searches = [];
    this.error = '';
    this.changed();
  }

  setPlayers(players: readonly [Player, Player]): void {
    this.stop();
    this.players = players;
    this.changed(false);
  }

  /** A person's move; an illegal one is refused with a message and changes nothing. */
  play(move: M): void {
    if (!this.humanToMove) return;
    try {
      const next = this.game.rules.play(this.position, move);
      if (this.remote) {
        this.error = '';
        this.remote(move);
        this.host.requestUpdate();
      } else this.advance(next, move);
    } catch (error) {
      this.error = (error as Error).message;
      this.host.requestUpdate();
    }
  }

  /** The game as the server holds it: the start and the moves since. */
  loadRemote(start: P, moves: readonly M[]): void {
    this.stop();
    this.replay = undefined;
    this.viewing = null;
    this.positions = replayMoves(this.game, start, moves);
    this.moves = [...moves];
    this.searches = [];
    this.error = '';
    this.changed();
  }

  /**
   * Shows a finished game: every position from the start, each move's search on the chart. Throws when a move
   * is not legal (the record does not belong to this game).
   */
  startReplay(
    start: P,
    { moves, seats, forfeit, logs }: Pick<GameRecord, 'moves' | 'seats' | 'forfeit' | 'logs'>,
    /** Each seat's name and configuration where the run's seats are not both (the ladder's bots); none: the seats'. */
    players?: readonly [ReplayPlayer, ReplayPlayer],
  ): void {
    const names = players ? ([players[0].name, players[1].name] as const) : ([seats[0], seats[1]] as const);
    const configs = players ? ([players[0].config, players[1].config] as const) : ([seats[0], seats[1]] as const);
    this.stop();
    const { rules } = this.game;
    const played = moves.map((move) => rules.parseMove(move.move));
    const positions = replayMoves(this.game, start, played);
    this.positions = positions;
    this.moves = played;
    this.viewing = null;
    this.searches = moves.map((move, ply) => ({
      seat: rules.seatToMove(positions[ply]),
      ply,
      config: names[rules.seatToMove(positions[ply])],
      iterations: [{ depth: move.depth, nodes: move.nodes, ms: move.ms, score: 0, best: move.move }],
      nodes: move.nodes,
      ms: move.ms,
      done: true,
    }));
    this.replay = { moves, seats: configs, names, forfeit, logs, cursor: 0 };
    this.error = '';
    this.host.requestUpdate();
  }

  /** Shows the position after `cursor` moves: of the replay, or of the game (its last position is the game going on). */
  seek(cursor: number): void {
    const clamped = Math.max(0, Math.min(this.moves.length, cursor));
    if (this.replay) this.replay.cursor = clamped;
    else this.viewing = clamped === this.moves.length ? null : clamped;
    this.onPositionChange();
    this.host.requestUpdate();
  }

  /** Leaves the replay at the position shown, to play on from there. */
  playFromHere(): void {
    if (!this.replay) return;
    const { cursor } = this.replay;
    this.replay = undefined;
    this.positions = this.positions.slice(0, cursor + 1);
    this.moves = this.moves.slice(0, cursor);
    this.searches = this.searches.filter((search) => search.ply < cursor);
    this.changed();
  }

  /** Takes back moves to the last position where a person was to move (one move between two bots or two people). */
  undo(): void {
    if (this.replay) return this.seek(this.replay.cursor - 1);
    if (this.positions.length < 2) return;
    this.stop();
    this.viewing = null;
    const humanSeats = this.players.map((player) => player.kind === 'human');
    do {
      this.positions.pop();
      this.moves.pop();
    } while (this.positions.length > 1 && humanSeats.includes(true) && !humanSeats[this.game.rules.seatToMove(this.position)]);
    this.searches = this.searches.filter((search) => search.ply < this.positions.length - 1);
    if (this.botsOnly) this.paused = true;
    this.error = '';
    this.changed();
  }

  /** Between two bots: play one move, then wait. */
  step(): void {
    this.held = false;
    this.paused = true;
    if (!this.thinking && !this.outcome) this.think();
  }

  run(): void {
    this.held = false;
    this.paused = false;
    this.schedule();
  }

  pause(): void {
    this.paused = true;
    clearTimeout(this.timer);
    this.host.requestUpdate();
  }

  /** The best move the thinking bot has found so far: that of its last finished iteration that found one. */
  private get bestSoFar(): string | undefined {
    if (this.thinking === undefined) return undefined;
    return [...(this.searches.at(-1)?.iterations ?? [])].reverse().find((iteration) => iteration.best !== undefined)?.best;
  }

  /** Whether "Move now" can play: a bot is thinking and has found a move. */
  get canMoveNow(): boolean {
    return this.bestSoFar !== undefined;
  }

  /** Ends the bot's search at once and plays the best move it has found so far. */
  moveNow(): void {
    const best = this.bestSoFar;
    if (best === undefined) return;
    const search = this.searches.at(-1)!;
    // Done before stopping: the search stays on the chart as the move's.
    search.done = true;
    this.stop();
    const move = this.game.rules.parseMove(best);
    this.advance(this.game.rules.play(this.position, move), move);
  }

  /** Plays on from the position looked at: the moves after it are taken back. */
  continueFromHere(): void {
    if (this.replay) return this.playFromHere();
    if (this.viewing === null) return;
    this.stop();
    const cursor = this.viewing;
    this.viewing = null;
    this.positions = this.positions.slice(0, cursor + 1);
    this.moves = this.moves.slice(0, cursor);
    this.searches = this.searches.filter((search) => search.ply < cursor);
    if (this.botsOnly) this.paused = true;
    this.error = '';
    this.changed();
  }

  private advance(next: P, move: M): void {
    // A move comes back to the game as it stands.
    this.viewing = null;
    this.moves = [...this.moves, move];
    this.positions = [...this.positions, next];
    this.error = '';
    this.changed();
  }

  private changed(positionChanged = true): void {
    // Nothing changes a held game but a person.
    this.held = false;
    if (positionChanged) this.onPositionChange();
    this.host.requestUpdate();
    this.schedule();
  }

  /** Starts the bot to move, now or after the delay between two bots. */
  private schedule(): void {
    clearTimeout(this.timer);
    const live = this.positions.at(-1)!;
    if (this.replay || this.thinking || this.game.rules.outcome(live) || this.players[this.game.rules.seatToMove(live)].kind !== 'bot') return;
    if (!this.botsOnly) this.think();
    else if (!this.paused) this.timer = setTimeout(() => this.think(), this.delayMs);
  }

  private stop(): void {
    clearTimeout(this.timer);
    clearTimeout(this.deadline);
    const job = this.thinking;
    this.thinking = undefined;
    job?.cancel();
    const search = this.searches.at(-1);
    if (search && !search.done) this.searches.pop();
  }

  private think(): void {
    const rules = this.game.rules;
    // The game as it stands, whatever position the person is looking at.
    const live = this.positions.at(-1)!;
    const seat = rules.seatToMove(live);
    const player = this.players[seat];
    if (player.kind !== 'bot') return;
    const notation = rules.format(live);
    const search: BotSearch = { seat, ply: this.positions.length - 1, config: player.config, iterations: [], nodes: 0, ms: 0, done: false };
    this.searches = [...this.searches, search];
    const onIteration = (iteration: Iteration) => {
      if (this.thinking !== job) return;
      search.iterations = [...search.iterations, iteration];
      search.nodes += iteration.nodes;
      search.ms += iteration.ms;
      this.searches = [...this.searches];
      this.host.requestUpdate();
    };
    const job = isUserBot(rules.id, player.config)
      ? requestUserBotMove(
          rules.id,
          player.config,
          seat,
          rules.seatView?.(live, seat) ?? notation,
          this.seed,
          new GameClock({ moveMs: USER_BOT_MS }),
          onIteration,
        )
      : requestMove(
          searchPool(),
          {
            game: rules.id,
            bot: player.config,
            position: notation,
            line: { start: rules.format(this.positions[0]), moves: this.moves.map((move) => rules.formatMove(move)) },
            seed: deriveSeed(this.seed, notation),
            budget: { ms: PAGE_BOT_MS },
          },
          onIteration,
        );
    this.thinking = job;
    this.cutShort = '';
    // Past the page's time for a move, the best move so far is played (a bot with none yet plays when it has one).
    const cut = () => {
      if (this.thinking !== job) return;
      if (!this.canMoveNow) {
        this.deadline = setTimeout(cut, 500);
        return;
      }
      this.cutShort = `${player.config} had not finished its search in ${PAGE_MOVE_MS / 1000} s: its best move so far was played`;
      this.moveNow();
    };
    this.deadline = setTimeout(cut, PAGE_MOVE_MS);
    this.host.requestUpdate();
    job.promise.then(
      (answer) => {
        if (this.thinking !== job) return;
        clearTimeout(this.deadline);
        this.thinking = undefined;
        // Progress comes on its own message channel and may trail the answer: the answer's report is the record.
        Object.assign(search, { iterations: answer.report.iterations, nodes: answer.report.nodes, ms: answer.report.ms, done: true });
        if (answer.report.cutShort) this.cutShort = cutShortText(player.config, answer.report);
        const move = rules.parseMove(answer.move);
        this.advance(rules.play(this.positions.at(-1)!, move), move);
      },
      (error: Error) => {
        if (this.thinking !== job || error instanceof CancelledError) return;
        this.thinking = undefined;
        this.paused = true;
        this.error = `The bot failed: ${error.message}`;
        this.host.requestUpdate();
      },
    );
  }
}

/** What a move played before its search finished was: the deepest step the bot finished, in the page's time. */
function cutShortText(config: string, report: SearchReport): string {
  const last = report.iterations.at(-1);
  const step = last ? ` (${last.stage ?? 'search'} to depth ${last.depth})` : '';
  return `${config} played its best move so far${step}: its search had not finished in the page's ${PAGE_BOT_MS / 1000} s, so the move is not proven best`;
}
