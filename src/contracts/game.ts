// The contracts every game keeps: its rules (the authority), its bots and what a search reports.

import type { Power, Powered } from './powers';

/** The end of a game: the winning seat (0 moves first) or null for a draw, and the margin for games with points. */
export interface Outcome {
  readonly winner: 0 | 1 | null;
  readonly margin?: number;
}

export interface GameRules<P, M> {
  readonly id: string;
  readonly title: string;
  /** Names of the two seats, the first to move first: ['X', 'O']. */
  readonly seats: readonly [string, string];
  /** A start position; games with random starts draw it from the seed, games with sizes take one. */
  start(seed: number, size?: number): P;
  /**
   * Reads the game's position notation (docs/cli.md); throws an Error saying what is wrong. A game with sizes
   * whose notation may leave the size out (Connect 4's moves) reads such text as a position of `size`.
   */
  parse(text: string, size?: number): P;
  format(position: P): string;
  /**
   * The position as one seat is allowed to see it, in a notation `parse` reads (what an engine is sent). Absent
   * when the game hides nothing from either seat.
   */
  seatView?(position: P, seat: 0 | 1): string;
  seatToMove(position: P): 0 | 1;
  /** Empty when the game is over. */
  legalMoves(position: P): M[];
  /** The position after a legal move; throws an Error for an illegal one. */
  play(position: P, move: M): P;
  outcome(position: P): Outcome | null;
  /** A move in the game's notation: links, records of runs, the CLI, engines (docs/cli.md). */
  formatMove(move: M): string;
  /** Reads a move in formatMove's notation; throws an Error saying what is wrong (not whether it is legal). */
  parseMove(text: string): M;
  /**
   * A move as a person reads it on the game's page, in the numbers its board and keys use (tic-tac-toe's cells
   * 1-9); absent where formatMove's notation is already that (Connect 4's columns 1-7).
   */
  describeMove?(move: M): string;
}

/** A move as a person reads it: every move list, review, game record and message of the pages. */
export function moveLabel<P, M>(rules: GameRules<P, M>, move: M): string {
  return rules.describeMove ? rules.describeMove(move) : rules.formatMove(move);
}

/** Bytes kept between runs under a name. */
export interface DataCache {
  read(name: string): Promise<Uint8Array | null>;
  write(name: string, bytes: Uint8Array): Promise<void>;
}

/** A bot parameter: an integer in [min, max]. */
export interface ParamSpec {
  readonly name: string;
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

export type Params = Readonly<Record<string, number>>;

/** Limits of one search; a missing or zero field is no limit. */
export interface Budget {
  readonly depth?: number;
  readonly nodes?: number;
  readonly ms?: number;
}

/**
 * One finished iteration of a search (a depth of iterative deepening, a threshold of IDA*), with the best move
 * it found when it finds one (a score search or an IDA* threshold does not). Moves are the game's own inside a
 * worker and its notation (strings) once they have crossed to the page or the CLI.
 */
export interface Iteration<M = string> {
  readonly depth: number;
  readonly nodes: number;
  readonly ms: number;
  readonly score: number;
  readonly best?: M;
  /** A step named instead of a search: one that finds no move (building a pattern database), or a move from a book ("book"). */
  readonly stage?: string;
  /** For a step that takes time (building a pattern database), the share of it done, 0 to 1. */
  readonly done?: number;
  /** What the search says of itself so far, by name (Connect 4: table hit rate, best move first, threads). */
  readonly statistics?: Readonly<Record<string, number>>;
}

export interface SearchReport<M = string> {
  readonly iterations: readonly Iteration<M>[];
  readonly nodes: number;
  readonly ms: number;
  /** The move's time (or budget) stopped the search before it finished: the move is its best so far. */
  readonly cutShort?: boolean;
  /** The move's value is proven (a solver's or a book's), not estimated: said by bots that can tell. */
  readonly proven?: boolean;
}

export interface Decision<M> {
  readonly move: M;
  readonly report: SearchReport<M>;
}

/** An iteration in the game's notation, as it crosses the worker boundary. */
export function formatIteration<M>(rules: GameRules<unknown, M>, { best, ...rest }: Iteration<M>): Iteration {
  return best === undefined ? rest : { ...rest, best: rules.formatMove(best) };
}

/** What a bot gets besides the position: its parameters, a seed for its choices, a core, a progress sink. */
export interface BotContext<Core, M = unknown> {
  readonly params: Params;
  readonly seed: number;
  readonly budget: Budget;
  core(): Promise<Core>;
  /** A data file of the game (`connect4/book.bin` is src/games/connect4/book.bin), or null when there is none. */
  resource(name: string): Promise<ArrayBuffer | null>;
  /** Data a core computed once and keeps (a pattern database): IndexedDB in a browser, a cache folder in Node. */
  readonly cache: DataCache;
  progress(iteration: Iteration<M>): void;
}

export interface Bot<P, M, Core = unknown> {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly params: readonly ParamSpec[];
  choose(position: P, context: BotContext<Core, M>): Promise<Decision<M>>;
  /**
   * Makes ready what a first move in `position`'s game would otherwise load on its clock (cores, books,
   * tables): a game calls it before the clocks run, as an engine is started before its first move.
   */
  ready?(position: P, context: BotContext<Core, M>): Promise<void>;
}

/** What a bot is without its search: all that choosing and checking a configuration needs. */
export type BotInfo = Pick<Bot<unknown, unknown>, 'id' | 'label' | 'description' | 'params'>;

/** Flags and values of a solve request (`--analyze`, `--heuristic wd`), as they cross the worker boundary. */
export type SolveOptions = Readonly<Record<string, string | number | boolean>>;

/** A CLI flag of a game's solve: a flag (true when given), or a value (one of `choices`, if given). */
export interface SolveOptionSpec {
  readonly name: string;
  /** The value's placeholder in the help (`H`); absent for a flag. */
  readonly value?: string;
  readonly help: string;
  readonly choices?: readonly string[];
}

/** The answer of the solve contract (README: "Command line") for one position, including "nodes" and "ms". */
export type SolveAnswer = Readonly<Record<string, unknown>> & { readonly nodes: number; readonly ms: number };

/** The value of each move of the player to move, as a position's analysis shows them. */
export interface Analysis {
  /** One entry per move slot of the game (a cell of the line, a column), null where there is no move. */
  readonly values: readonly (number | null)[];
  /** The plies looked ahead; exact when it reaches the end of the game. */
  readonly depth: number;
  readonly exact: boolean;
  readonly nodes: number;
  readonly ms: number;
}

/**
 * Search threads on one shared memory, where the platform has them (Node; a page that is cross-origin
 * isolated): a core's threaded build, and helper threads started in workers of their own.
 */
export interface ThreadTools {
  /** Why there are no threads here (a page that is not cross-origin isolated), or '' when there are. */
  unavailable(): string;
  /** A core's build by name (`connect4-threads`). */
  module(name: string): Promise<WebAssembly.Module>;
  /** Starts a helper thread with its start message; resolves once it has joined the memory. */
  spawn(start: unknown): Promise<{ terminate(): void }>;
}

/** What a solver works with in the worker: the game's core, the data cache, the budget of the search, and the worker's powers. */
export interface SolveTools<Core> {
  readonly core: Core;
  readonly cache: DataCache;
  /** The game's data files (an opening book). */
  resource(name: string): Promise<ArrayBuffer | null>;
  /** Nodes and milliseconds the search may take (0 or missing: no limit); past them the answer is budgetAnswer's. */
  readonly budget: Budget;
  /** What the platform gives beyond these (src/contracts/powers.ts: threads, a scratch core). */
  readonly powers?: readonly Power[];
}

/** The answer of a solve that ran out of its budget: `{"error":"budget","nodes":…,"ms":…}`. */
export function budgetAnswer(nodes: number, ms: number): SolveAnswer {
  return { error: 'budget', nodes, ms };
}

/** One share of one iteration of a search that several workers share: the threshold, and which part of how many. */
export interface ShareRequest {
  readonly threshold: number;
  readonly part: number;
  readonly parts: number;
}

/** A share searched: a solution (length >= 0, its moves) or none, the threshold searched and the next one. */
export interface ShareAnswer {
  readonly length: number;
  readonly moves: string;
  readonly nodes: number;
  /** The children generated, for a solver that counts them beside its expansions (the 24-puzzle's). */
  readonly generated?: number;
  readonly ms: number;
  readonly threshold: number;
  readonly next: number;
}

/** A game's exact solver: the CLI's `solve`, and the searches of the pages and the bench. */
export interface Solver<P, M, Core, O extends object> {
  /** The flags of `playground <game> solve` beyond the common ones. */
  readonly options?: readonly SolveOptionSpec[];
  /** Solves one position, reporting each iteration to `progress` if given. */
  solve(position: P, options: O, tools: SolveTools<Core>, progress?: (iteration: Iteration<M>) => void): SolveAnswer | Promise<SolveAnswer>;
  /**
   * A solve answer's value for the first seat (positive: it wins under perfect play; more is better for it), for
   * reviewing a game: a solver that has it lets a page mark each move by what it gave away.
   */
  firstSeatValue?(answer: SolveAnswer, position: P): number;
  /**
   * What firstSeatValue counts, for the evaluation graph's axis (symmetric about 0): its unit, and the most it can
   * be either way, when the game fixes it (none: the graph takes the game's own largest value).
   */
  readonly values?: { readonly unit: string; readonly bound?: number };
}

/**
 * A page of the app: its route (`#/connect4`), its element `<route>-page` in the game's `ui/<route>-page.ts`;
 * or, for a game of rules alone, the generic page every game can be played on (src/ui/generic-game-page.ts).
 */
export interface PageEntry {
  readonly route: string;
  readonly title: string;
  readonly blurb: string;
  readonly generic?: boolean;
}

/**
 * A game's board sizes: numbers from min to max (the matrix game's 2 to 20), or, for a game whose size is not one
 * number (Connect 4's width x height), the numbers that stand for its sizes, with how a person writes them.
 */
export interface Sizes {
  readonly min: number;
  readonly max: number;
  readonly default: number;
  readonly named?: {
    /** Every size, in the order a picker lists them. */
    readonly all: readonly number[];
    /** `6x5` for the number of 6 x 5; throws for a number that is not a size. */
    format(size: number): string;
    /** Reads a size as written; throws an Error saying what the sizes are. */
    parse(text: string): number;
  };
}

/** Whether a number is one of the game's sizes. */
export function isSize(sizes: Sizes, size: number): boolean {
  return sizes.named ? sizes.named.all.includes(size) : Number.isInteger(size) && size >= sizes.min && size <= sizes.max;
}

/** A size as a person writes it. */
export function sizeLabel(sizes: Sizes, size: number): string {
  return sizes.named ? sizes.named.format(size) : String(size);
}

/**
 * What is wrong with a size a game is asked to play (a run, a saved run, a tuning, a room), or null: one check, the
 * game's, wherever a size travels as the contract's number (Connect 4's 7x6 is 706).
 */
export function sizeFault(game: Pick<GameDefinition<unknown, unknown>, 'rules' | 'sizes'>, size: number): string | null {
  const { sizes, rules } = game;
  if (!sizes) return `${rules.title} has no board sizes`;
  if (isSize(sizes, size)) return null;
  const { named } = sizes;
  if (named) return `${size} is not a size of ${rules.title} (numbered as its sizes are, ${named.format(named.all[0])} to ${named.format(named.all.at(-1)!)})`;
  return `size must be ${sizes.min} to ${sizes.max}, got ${size}`;
}

/** Starting positions for matches, one a line in the game's notation, and the size they are of (a game with sizes). */
export interface OpeningSuite {
  readonly positions: readonly string[];
  readonly size?: number;
}

/**
 * Everything the CLI, the arena, the workers, the server and the pages know of a game: its rules, its bots, what
 * most games have as members, and the powers only some have (solitaire play, generators, shared searches …) as
 * typed keys (src/contracts/powers.ts). A game is written with defineGame (src/games/define-game.ts), which keeps
 * its types and fills in what a game built on its rules alone does not give.
 */
export interface GameDefinition<P, M, Core = unknown, O extends object = SolveOptions> extends Powered {
  readonly rules: GameRules<P, M>;
  readonly bots: readonly Bot<P, M, Core>[];
  /** The bot configurations a person picks from, weakest first. */
  readonly levels: readonly { readonly label: string; readonly config: string }[];
  readonly terminal: TerminalUi<P, M>;
  /** The game's pages: the first is its own (route = the game's id), then any others it has (a solver bench). */
  readonly pages: readonly PageEntry[];
  /** The file name of the game's WebAssembly core under build/ (without .wasm), for a game that has one. */
  readonly core?: string;
  /**
   * A game whose core comes in several builds (Connect 4: 7x6, and any size): what its bots and solver get as
   * their core, made from new instances of its builds; the worker makes it once. Absent: an instance of `core`.
   */
  readonly makeCore?: (instantiate: (build: string) => Promise<unknown>) => Core;
  /** Data files the game ships under src/games/ (`connect4/book.bin`), served alike by both workers. */
  readonly resources?: readonly string[];
  /** Board sizes, for games that have them (the matrix game, Connect 4). */
  readonly sizes?: Sizes;
  /** What a game's margin counts, for games that end with points (plus-minus's points, Red Ten's cards left); none: won, drawn or lost only. */
  readonly margin?: string;
  /**
   * The arena's defaults: starts (each played twice per pair), a size, and the tournament's bots (the levels when
   * not given), chosen so that the default tournament ends within a minute on two cores.
   */
  readonly arena?: { readonly starts: number; readonly size?: number; readonly bots?: readonly string[] };
  /**
   * A start is a deal whose seats are its hands (a card game): the two games of a start, the seats swapped, are
   * the deal and its mirror, each bot holding each hand once (duplicate, as bridge is scored). Reports say so.
   */
  readonly mirroredDeals?: boolean;
  /**
   * The game's opening suites, its main one first (data/openings.txt): positions a few moves in that perfect play
   * leaves balanced. The arena page starts from the suite of its size by default when the game's seeded starts are
   * all one position; the ladder plays the first.
   */
  readonly openings?: readonly OpeningSuite[];
  /** Online play (two-player games), with the sizes a room may be created with (none: the game's default). */
  readonly online?: { readonly sizes?: { readonly min: number; readonly max: number; readonly rule: string } };
  readonly solver?: Solver<P, M, Core, O>;
  /**
   * What a bot module (docs/bot-modules.md) gets from this game, as TypeScript declarations of `Position` and
   * `Move` with a comment on every field: the My bots page shows them and its TypeScript template uses them.
   */
  readonly botTypes?: string;
  /** The value of every move of the position (a page's "show solution"), within a budget where it cannot be exact. */
  analyze?(position: P, tools: AnalyzeTools<Core>, progress: (iteration: Iteration<M>) => void): Analysis | Promise<Analysis>;
}

/**
 * What an analysis works with: the core, its budget, and the game's data files (an opening book). A move whose
 * value is settled before the others is reported at once, as an iteration of stage "move" whose best is the move
 * and whose score its value, so that a page can show it while the rest are searched.
 */
export interface AnalyzeTools<Core> {
  readonly core: Core;
  /** What the platform gives beyond these (src/contracts/powers.ts: threads). */
  readonly powers?: readonly Power[];
  /** How many threads to search with (1 when missing; a game with threads looks them up in its powers). */
  readonly threadCount?: number;
  readonly budget: Budget;
  resource(name: string): Promise<ArrayBuffer | null>;
}

/** A game of the registry, its types erased: positions and moves are whatever its rules make of them. */
export type AnyGame = GameDefinition<unknown, unknown, unknown, object>;

/** A game in the terminal (`playground <game> play`): how it is drawn and how a person's move is read. */
export interface TerminalUi<P, M> {
  draw(position: P): string;
  /** The line that asks the person to move. */
  prompt(position: P): string;
  /** A person's input: the move, or a message saying what is wrong with it (then the person is asked again). */
  readMove(position: P, line: string): { readonly move: M } | { readonly error: string };
  /** The closing line of a finished game. */
  verdict(position: P): string;
}
