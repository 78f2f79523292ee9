// The search worker's API, the same in a browser Web Worker and a Node worker thread (Comlink on both).
// Each entry only says how to fetch a core's WebAssembly module.

import { playOut, type GameRecord } from '../src/arena/play-out';
import type { TimeControl } from '../src/arena/time-control';
import { eloRatings, type Rating, type VirtualDraws } from '../src/arena/ratings';
import type { PairResult } from '../src/arena/results';
import { findBot, parseBotConfig } from '../src/contracts/bot-config';
import { checkedCache } from './checked-cache';
import { GameCores, type ModuleLoader } from './game-cores';
import {
  formatIteration,
  type Analysis,
  type AnyGame,
  type BotContext,
  type Budget,
  type DataCache,
  type Iteration,
  type SearchReport,
  type ShareAnswer,
  type ShareRequest,
  type SolveAnswer,
  type SolveOptions,
  type SolveTools,
  type ThreadTools,
} from '../src/contracts/game';
import { powerOf, scratchCore, sharedSearch, solverTables, threads as threadsPower, type Power } from '../src/contracts/powers';
import { gameById, games } from '../src/games';

/** Reads a game's data file (`connect4/book.bin`); null when there is no such file. */
export type ResourceLoader = (name: string) => Promise<ArrayBuffer | null>;
export type ProgressCallback = (iteration: Iteration) => void;

export interface MoveRequest {
  readonly game: string;
  /** A bot configuration, `id` or `id:param=value`. */
  readonly bot: string;
  /** The position in the game's notation. */
  readonly position: string;
  /**
   * The game that led to it, when the sender has it: its start and the moves since, in the game's notation. The
   * worker plays them again, so that the bot sees the plays (a card bot reads the other hand from them).
   */
  readonly line?: GameLine;
  readonly seed: number;
  readonly budget?: Budget;
}

export interface GameLine {
  readonly start: string;
  readonly moves: readonly string[];
}

export interface GameRequest {
  readonly seats: readonly [string, string];
  readonly start: string;
  readonly seed: number;
}

export interface MoveAnswer {
  /** The move in the game's notation. */
  readonly move: string;
  readonly report: SearchReport;
}

/** The move a bot plays in a position, with its search report in the game's notation. */
async function botMove(
  game: AnyGame,
  request: MoveRequest,
  tools: Pick<BotContext<unknown>, 'core' | 'resource' | 'cache'>,
  onProgress: ProgressCallback,
): Promise<MoveAnswer> {
  const config = parseBotConfig(game.bots, request.bot);
  const position = request.line ? replayLine(game, request.line, request.position) : game.rules.parse(request.position);
  const decision = await findBot(game.bots, config.id).choose(position, {
    ...tools,
    params: config.params,
    seed: request.seed,
    budget: request.budget ?? {},
    progress: (iteration) => void onProgress(formatIteration(game.rules, iteration)),
  });
  const { report } = decision;
  return {
    move: game.rules.formatMove(decision.move),
    report: { ...report, iterations: report.iterations.map((iteration) => formatIteration(game.rules, iteration)) },
  };
}

/** The position a game's line leads to; throws when a move is illegal or the line does not lead to `position`. */
function replayLine(game: AnyGame, line: GameLine, position: string): unknown {
  const { rules } = game;
  let reached = rules.parse(line.start);
  for (const [i, move] of line.moves.entries()) {
    try {
      reached = rules.play(reached, rules.parseMove(move));
    } catch (error) {
      throw new Error(`move ${i + 1} of the game (${move}): ${(error as Error).message}`);
    }
  }
  if (rules.format(reached) !== position) throw new Error(`the game's moves lead to ${rules.format(reached)}, not to ${position}`);
  return reached;
}

/** Solves position lines one after another with the same tools; a line that is no position is named by its number. */
async function solveLines(
  game: AnyGame,
  solver: NonNullable<AnyGame['solver']>,
  lines: readonly string[],
  options: SolveOptions,
  tools: SolveTools<unknown>,
): Promise<SolveAnswer[]> {
  const answers: SolveAnswer[] = [];
  for (const [i, line] of lines.entries()) {
    let position: unknown;
    try {
      position = game.rules.parse(line);
    } catch (error) {
      throw new Error(`line ${i + 1}: ${(error as Error).message}`);
    }
    answers.push(await solver.solve(position, options, tools));
  }
  return answers;
}

/** `threads`: search threads, where the platform has them (a solver that can use them is asked with `threads`). */
export function createSearchApi(loadModule: ModuleLoader, readResource: ResourceLoader, storage: DataCache, threads?: ThreadTools) {
  // The data files the games declare, and only those, alike in a browser and in Node.
  const declared = new Set(Object.values(games).flatMap((game) => game.resources ?? []));
  const loadResource: ResourceLoader = (name) => (declared.has(name) ? readResource(name) : Promise.resolve(null));
  // What a core computed once and keeps (a pattern database) is checked when it is read back.
  const cache = checkedCache(storage);
  const cores = new GameCores(loadModule);
  const core = (game: AnyGame) => cores.of(game);
  /** The worker's threads, as a search's power. */
  const threadPowers: readonly Power[] = threads ? [threadsPower.is(threads)] : [];
  /** What a solver is given: the worker's core, a core of its own for a large build, the cache, a budget, threads. */
  const solveTools = async (game: AnyGame, budget: Budget) => ({
    core: await core(game),
    cache,
    budget,
    resource: loadResource,
    powers: [scratchCore.is(() => cores.fresh(game)), ...threadPowers],
  });
  const solverOf = (game: AnyGame) => {
    if (!game.solver) throw new Error(`${game.rules.title} has no solver`);
    return game.solver;
  };
  const ignore: ProgressCallback = () => {};

  return {
    /** The move a bot plays in a position, with its search report. */
    async botMove(request: MoveRequest, onProgress: ProgressCallback = ignore): Promise<MoveAnswer> {
      const game = gameById(request.game);
      return botMove(game, request, { core: () => core(game), resource: loadResource, cache }, onProgress);
    },

    /** A whole-history Bradley-Terry fit (the ladder's: a thousand bots take a good part of a second, off the server's thread). */
    async fitRatings(bots: readonly string[], pairs: readonly PairResult[], virtualDraws: VirtualDraws): Promise<Rating[]> {
      return eloRatings(bots, pairs, virtualDraws);
    },

    /** Whole games between bot configurations, each from its start with its seed (the arena's unit of work). */
    async playGames(gameId: string, games: readonly GameRequest[], time: TimeControl = {}): Promise<GameRecord[]> {
      const game = gameById(gameId);
      const records: GameRecord[] = [];
      for (const { seats, start, seed } of games) records.push(await playOut(game, seats, start, seed, time, () => core(game), loadResource, cache));
      return records;
    },

    /** The value of every move of a position, for games that offer analysis (with `threads` where the game's solver has them). */
    async analyze(gameId: string, line: string, budget: Budget = {}, onProgress: ProgressCallback = ignore, threadCount = 1): Promise<Analysis> {
      const game = gameById(gameId);
      if (!game.analyze) throw new Error(`${game.rules.title} has no analysis`);
      const position = game.rules.parse(line);
      return game.analyze(
        position,
        { core: await core(game), budget, resource: loadResource, powers: threadPowers, threadCount },
        (iteration) => void onProgress(formatIteration(game.rules, iteration)),
      );
    },

    /** The solve answer (README: the solve contract) for one position line; throws an Error saying what is wrong with the line. */
    async solve(gameId: string, line: string, options: SolveOptions = {}, budget: Budget = {}, onProgress?: ProgressCallback): Promise<SolveAnswer> {
      const game = gameById(gameId);
      const solver = solverOf(game);
      const position = game.rules.parse(line);
      return solver.solve(
        position,
        options,
        await solveTools(game, budget),
        onProgress && ((iteration) => void onProgress(formatIteration(game.rules, iteration))),
      );
    },

    /** The solver's tables made ready in this worker (read or built), a build's progress reported. */
    async prepareSolver(gameId: string, options: SolveOptions = {}, onProgress: ProgressCallback = ignore): Promise<void> {
      const game = gameById(gameId);
      solverOf(game);
      await powerOf(game, solverTables)?.prepare(options, await solveTools(game, {}), (iteration) => void onProgress(formatIteration(game.rules, iteration)));
    },

    /** One share of one iteration of a search several workers share (the game's solver must have shares). */
    async searchShare(gameId: string, line: string, options: SolveOptions, share: ShareRequest): Promise<ShareAnswer> {
      const game = gameById(gameId);
      const search = powerOf(game, sharedSearch);
      if (!search) throw new Error(`${game.rules.title}'s solver has no shared search`);
      return search.share(game.rules.parse(line), options, share, await solveTools(game, {}));
    },

    /**
     * Solves position lines one after another in this worker (the bench: the native references read their
     * positions in one loop too, where a message per position would stir the caches between tiny searches).
     */
    async solveAll(gameId: string, lines: readonly string[], options: SolveOptions = {}): Promise<SolveAnswer[]> {
      const game = gameById(gameId);
      return solveLines(game, solverOf(game), lines, options, await solveTools(game, {}));
    },
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;
