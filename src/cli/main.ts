// The `playground` command.

import { dataLines } from '../contracts/data-lines';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBot, normalizeBotConfig, parseBotConfig } from '../contracts/bot-config';
import { readResource } from '../../workers/node-cores';
import { type AnyGame, type BotInfo, isSize } from '../contracts/game';
import { generators, isSolitaire, powerOf, sharedSearch, type Generators } from '../contracts/powers';
import { createNodePool } from '../runtime/node-pool';
import type { WorkerPool } from '../runtime/pool';
import { games, gameById } from '../games';
import { matchCommand, resumeCommand, sweepCommand, tournamentCommand, tuneCommand, type ArenaOptions } from './arena';
import { readRunFile, readTuneFile } from './run-file';
import type { SavedRun } from '../arena/saved-run';
import type { TimeControl } from '../arena/time-control';
import { checkOpenings, MAX_GAMES, type ScheduleSettings } from '../arena/schedule';
import { SPSA_R_END } from '../arena/spsa';
import {
  ENGINE_OPTION,
  engineOption,
  formatOptions,
  HELP_OPTION,
  asUsage,
  optionInteger,
  optionList,
  optionNumber,
  optionSeed,
  optionText,
  parseArgs,
  UsageError,
  type OptionSpec,
  type ParsedArgs,
} from './args';
import { engineBotInfo, identifyEngine, type EngineSpec } from '../runtime/engine-games';
import { startEngine } from '../engines/start-engine';
import { fileOrStdin, readLines } from '../io/lines';
import { runEngine } from './engine';
import { playGame } from './play';
import { solveLines, solveLinesOnCluster } from './solve';
import { parseTuneParams } from './tune-params';
import type { TuneSettings } from '../runtime/tune';
import { clusterRuns, clusterWorker, redisOption } from './cluster';
import { labCommand } from './lab';
import { ladderCommand } from './ladder';
import { LabClient } from './lab-client';
import { checkRedis } from '../cluster/tasks';

/** An opening suite is a list of positions, not a data dump. */
const MAX_OPENINGS_BYTES = 16 << 20;
/** The games' data files (src/games/), beside dist-node/ where this CLI is bundled. */
const GAMES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../src/games');
const SIZE_OPTION: OptionSpec = {
  name: 'size',
  value: 'N',
  help: 'board size, for games that have sizes (the matrix game: 2 to 20, default 5; Connect 4: WxH, default 7x6)',
};
/** The shares of an iteration of `solve --redis`: enough that machines of unequal speed end together. */
const CLUSTER_PARTS = 64;
const WORKERS_OPTION: OptionSpec = { name: 'workers', value: 'N', help: 'worker threads (default: one per core)' };

const REDIS_OPTION: OptionSpec = { name: 'redis', value: 'URL', help: 'play the games on the cluster: the workers (playground worker) of this Redis' };
const TIME_OPTIONS: readonly OptionSpec[] = [
  { name: 'ms', value: 'N', help: 'the time for each move in milliseconds, for every bot (default: none)' },
  { name: 'clock', value: 'N', help: "each side's time for the whole game in milliseconds; out of it is a loss on time (default: none)" },
  { name: 'increment', value: 'N', help: 'with --clock: milliseconds added to a clock after each of its moves' },
];

/** The time control of --ms, --clock and --increment. */
function timeControl(args: ParsedArgs): TimeControl {
  const clockMs = optionInteger(args, 'clock', 0, 1, 24 * 3_600_000);
  const incrementMs = optionInteger(args, 'increment', 0, 0, 3_600_000);
  if (incrementMs && !clockMs) throw new UsageError('--increment goes with --clock');
  return { moveMs: optionInteger(args, 'ms', 0, 1, 3_600_000), clockMs, incrementMs };
}

const ARENA_OPTIONS: readonly OptionSpec[] = [
  { name: 'games', value: 'N', help: 'seeded starts, each played with both seatings (default 10)' },
  { name: 'seed', value: 'S', help: "seed of the starts and of the bots' choices (default 1)" },
  SIZE_OPTION,
  WORKERS_OPTION,
  { name: 'json', help: 'print one JSON document' },
  { name: 'out', value: 'FILE', help: 'keep the whole run (settings, every game, the figures) in FILE as JSON, written as it goes' },
  { name: 'resume', value: 'FILE', help: 'carry on the interrupted run kept in FILE, with its own settings (it is kept there unless --out says otherwise)' },
  {
    name: 'openings',
    value: 'FILE',
    help: "start from the positions in FILE (one a line, the game's notation; src/games/<game>/data/openings.txt) instead of seeded ones",
  },
  ENGINE_OPTION,
  ...TIME_OPTIONS,
  REDIS_OPTION,
  { name: 'lab', value: 'URL', help: 'keep the run in the lab at URL as it plays (the token in LAB_TOKEN; a tuning is kept when it ends)' },
];

const JUDGE_OPTION: OptionSpec = {
  name: 'judge',
  help: "judge every finished game against perfect play once the games are played (each position solved within a review's budget): each bot's accuracy (the share of its moves that keep the game's value) with its 95% interval, mistakes and blunders",
};

/** The settings that make a schedule's starts; --resume refuses them (the run has its own). */
const START_SETTINGS = ['games', 'seed', 'size', 'openings', 'ms', 'clock', 'increment'];

function scheduleSettings(game: AnyGame, args: ParsedArgs): ScheduleSettings {
  const games = optionInteger(args, 'games', 10, 1, MAX_GAMES);
  return { games, seed: optionSeed(args), size: boardSize(game, args), ...openingSuite(game, args) };
}

/** `--openings FILE`: its positions, one a line (blank lines and # comments skipped), each a start of the game. */
function openingSuite(game: AnyGame, args: ParsedArgs): { openings?: string[] } {
  const path = optionText(args, 'openings');
  if (path === undefined) return {};
  let text: string;
  try {
    if (statSync(path).size > MAX_OPENINGS_BYTES) throw new Error(`it is over ${MAX_OPENINGS_BYTES >> 20} MB`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--openings: ${path} cannot be read: ${(error as Error).message}`);
  }
  const openings = dataLines(text);
  if (openings.length === 0) throw new UsageError(`--openings: ${path} has no positions`);
  asUsage(() => checkOpenings(game, openings), `--openings ${path}`);
  return { openings };
}

/** The engines of `--engine`, each started once to learn its name and parameters. */
async function commandEngines(game: AnyGame, args: ParsedArgs): Promise<EngineSpec[]> {
  const engines: EngineSpec[] = [];
  for (const spec of optionList(args, 'engine')) {
    const { name, command } = engineOption(spec);
    if (game.bots.some((bot) => bot.id === name) || engines.some((engine) => engine.name === name))
      throw new UsageError(`the name ${name} is taken: name the engine otherwise`);
    try {
      engines.push(await identifyEngine(startEngine, game, name, command));
    } catch (error) {
      throw new UsageError(`engine ${name} (${command}): ${(error as Error).message}`);
    }
  }
  return engines;
}

/** The arena's settings of the command line: its output, its engines, the time per move. */
async function arenaSetup(game: AnyGame, args: ParsedArgs): Promise<{ options: ArenaOptions; known: readonly BotInfo[] }> {
  const engines = await commandEngines(game, args);
  const redis = redisOption(args);
  if (redis !== undefined) await checkRedis(redis);
  const labUrl = optionText(args, 'lab');
  if (labUrl !== undefined && args.options.has('resume'))
    throw new UsageError('--lab keeps a new run; a run carried on with --resume goes to the lab when it ends: playground lab import FILE');
  const lab = labUrl === undefined ? undefined : asUsage(() => new LabClient(labUrl), '--lab');
  const options = {
    json: args.options.has('json'),
    out: optionText(args, 'out') ?? optionText(args, 'resume'),
    engines,
    time: timeControl(args),
    redis,
    lab,
    judge: args.options.has('judge'),
  };
  return { options, known: [...game.bots, ...engines.map(engineBotInfo)] };
}

/** `--resume FILE`: the run kept there, of the command's kind; the settings that make a schedule are its own. */
async function runToResume(kind: SavedRun['kind'], args: ParsedArgs, settings: readonly string[]): Promise<SavedRun | undefined> {
  const path = optionText(args, 'resume');
  if (path === undefined) return undefined;
  const given = settings.find((name) => args.options.has(name));
  if (given) throw new UsageError(`--resume carries on the run with its own settings: leave out --${given}`);
  const run = await asUsage(() => readRunFile(path), '--resume');
  if (run.kind !== kind) throw new UsageError(`${path} holds a ${run.kind}, not a ${kind}`);
  return run;
}

/** `tune --resume FILE`: the tuning kept there, its bots and parameters checked against the game's. */
async function tuneToResume(
  game: AnyGame,
  args: ParsedArgs,
  known: readonly BotInfo[],
): Promise<{ settings: TuneSettings; time: TimeControl; id: string; created: string } | undefined> {
  const path = optionText(args, 'resume');
  if (path === undefined) return undefined;
  const given = ['bot', 'params', 'vs', 'r-end', 'verify-games', ...START_SETTINGS].find((name) => args.options.has(name));
  if (given) throw new UsageError(`--resume carries on the tuning with its own settings: leave out --${given}`);
  const saved = await asUsage(() => readTuneFile(path), '--resume');
  if (saved.game !== game.rules.id) throw new UsageError(`the tuning to resume is of ${saved.game}, not ${game.rules.id}`);
  return asUsage(() => {
    const { settings } = saved;
    const bot = parseBotConfig(known, settings.bot);
    // Its parameters as --params would give them: each the bot's, within its range.
    const params = parseTuneParams(findBot(known, bot.id), settings.params.map((param) => `${param.name}=${param.min}..${param.max}`).join(','));
    for (const config of settings.vs) parseBotConfig(known, config);
    if (settings.openings) checkOpenings(game, settings.openings);
    const sizes = game.sizes;
    if (settings.size !== undefined && (!sizes || !isSize(sizes, settings.size))) throw new Error(`size ${settings.size} is not a size of ${game.rules.title}`);
    return { settings: { ...settings, params, results: saved.results }, time: saved.time ?? {}, id: saved.id, created: saved.created };
  }, path);
}

interface Command {
  readonly summary: string;
  readonly options: readonly OptionSpec[];
  run(game: AnyGame, args: ParsedArgs, pool: () => WorkerPool): Promise<number>;
}

const commands: Readonly<Record<string, Command>> = {
  solve: {
    summary: 'solve positions read one per line (blank and # lines skipped): one JSON answer per line',
    options: [
      { name: 'file', value: 'PATH', help: 'read positions from PATH instead of standard input' },
      { name: 'max-nodes', value: 'N', help: 'a line that needs more nodes answers {"error":"budget",...} (default: no limit)' },
      { name: 'max-ms', value: 'N', help: 'likewise for milliseconds of search' },
      { name: 'size', value: 'WxH', help: 'the board size of lines that do not say theirs (Connect 4: 6x5; default 7x6)' },
      WORKERS_OPTION,
      { name: 'redis', value: 'URL', help: "share each line's search among the cluster's workers (playground worker) of this Redis (15- and 24-puzzle)" },
      { name: 'parts', value: 'N', help: `with --redis: the shares each iteration is dealt out in (default ${CLUSTER_PARTS})` },
    ],
    async run(game, args, pool) {
      if (args.options.has('size') && !game.sizes?.named) throw new UsageError(`${game.rules.title}'s positions say their own size: no --size`);
      const size = args.options.has('size') ? boardSize(game, args) : undefined;
      const options: Record<string, string | boolean> = {};
      for (const option of game.solver?.options ?? []) {
        const value = args.options.get(option.name);
        if (value === undefined) continue;
        if (option.choices && !option.choices.includes(value as string))
          throw new UsageError(`--${option.name} must be one of ${option.choices.join(', ')}, got "${value}"`);
        options[option.name] = value;
      }
      const budget = {
        nodes: optionInteger(args, 'max-nodes', 0, 1, Number.MAX_SAFE_INTEGER),
        ms: optionInteger(args, 'max-ms', 0, 1, Number.MAX_SAFE_INTEGER),
      };
      const file = optionText(args, 'file');
      if (file !== undefined) asUsage(() => accessSync(file, constants.R_OK), '--file');
      const redis = redisOption(args);
      if (redis === undefined && args.options.has('parts')) throw new UsageError('--parts goes with --redis');
      if (redis !== undefined) {
        if (!powerOf(game, sharedSearch)) throw new UsageError(`${game.rules.title}'s search cannot be shared on a cluster: no --redis`);
        const parts = optionInteger(args, 'parts', CLUSTER_PARTS, 1, 4096);
        await checkRedis(redis);
        return solveLinesOnCluster(game.rules.id, readLines(fileOrStdin(file)), options, budget, redis, parts, process.stdout, size);
      }
      return solveLines(game.rules.id, readLines(fileOrStdin(file)), options, budget, pool(), process.stdout, size);
    },
  },
  play: {
    summary: 'play a game in the terminal against a bot, or two people',
    options: [
      { name: 'bot', value: 'CONFIG', help: 'the bot: id or id:param=value:... (default: the strongest)' },
      { name: 'as', value: 'SEAT', help: 'the seat you play (default: the first to move)' },
      { name: 'two-players', help: 'two people take turns at the keyboard' },
      { name: 'seed', value: 'N', help: "seed of the start and of the bot's choices (default 1)" },
      SIZE_OPTION,
      { name: 'method', value: 'M', help: 'for games with generators (the 15-puzzle): walk, random or level' },
      { name: 'difficulty', value: 'D', help: "with --method: a walk's number of moves, or a level's band" },
      ENGINE_OPTION,
      ...TIME_OPTIONS,
    ],
    async run(game, args, pool) {
      const engines = await commandEngines(game, args);
      const known = [...game.bots, ...engines.map(engineBotInfo)];
      const bot = botConfig(known, optionText(args, 'bot') ?? game.levels.at(-1)!.config);
      const engine = engines.find((spec) => spec.name === parseBotConfig(known, bot).id);
      const seat = optionText(args, 'as') ?? game.rules.seats[0];
      const seatIndex = game.rules.seats.indexOf(seat);
      if (seatIndex < 0) throw new UsageError(`--as must be one of ${game.rules.seats.join(', ')}, got "${seat}"`);
      const both = args.options.has('two-players');
      const humans: [boolean, boolean] = [both || seatIndex === 0, both || seatIndex === 1];
      const seed = optionSeed(args);
      const size = boardSize(game, args);
      const method = optionText(args, 'method');
      const start = method === undefined ? undefined : await generated(game, method, optionText(args, 'difficulty'), seed, size);
      return playGame(game, { humans, bot, engine, time: timeControl(args), seed, size, start }, readLines(process.stdin), pool(), process.stdout);
    },
  },
  tournament: {
    summary: 'a round robin of bot configurations over seeded starts, each played with both seatings',
    options: [{ name: 'bots', value: 'A,B,...', help: 'the configurations, id or id:param=value:... (at least two)' }, ...ARENA_OPTIONS, JUDGE_OPTION],
    async run(game, args, pool) {
      twoPlayers(game, 'no tournaments');
      if (args.options.has('judge') && !game.solver?.firstSeatValue) throw new UsageError(`${game.rules.title} has no solver to judge its games`);
      const resumed = await runToResume('tournament', args, ['bots', ...START_SETTINGS]);
      const { options, known } = await arenaSetup(game, args);
      if (resumed) return resumeCommand(game, resumed, options, known, pool());
      const bots = configList(known, optionText(args, 'bots'));
      return tournamentCommand(game, bots, { ...scheduleSettings(game, args), bots: known }, options, pool());
    },
  },
  sweep: {
    summary: "a grid of one bot's parameters against fixed opponents",
    options: [
      { name: 'bot', value: 'ID', help: 'the bot whose parameters are swept (it may fix others: article:jackpot=12)' },
      { name: 'grid', value: 'P=A..B,...', help: 'the parameter ranges, e.g. depth=1..6,advantage=4..8' },
      { name: 'vs', value: 'A,B,...', help: 'the opponents' },
      ...ARENA_OPTIONS,
    ],
    async run(game, args, pool) {
      twoPlayers(game, 'no sweeps');
      const resumed = await runToResume('sweep', args, ['bot', 'grid', 'vs', ...START_SETTINGS]);
      const { options, known } = await arenaSetup(game, args);
      if (resumed) return resumeCommand(game, resumed, options, known, pool());
      const bot = optionText(args, 'bot');
      const grid = optionText(args, 'grid');
      if (!bot || !grid) throw new UsageError('sweep needs --bot and --grid');
      const vs = configList(known, optionText(args, 'vs'));
      return sweepCommand(game, botConfig(known, bot), grid, vs, { ...scheduleSettings(game, args), bots: known }, options, pool());
    },
  },
  match: {
    summary: 'two configurations in pairs of games until an SPRT decides whether the first is elo1 stronger',
    options: [
      { name: 'bots', value: 'A,B', help: 'the two configurations: is A stronger than B?' },
      { name: 'sprt', value: 'elo0=E0,elo1=E1', help: 'the hypotheses: A is elo0 stronger (H0), or elo1 (H1); default elo0=0,elo1=10' },
      { name: 'alpha', value: 'A', help: 'the rate of H1 when H0 holds (default 0.05)' },
      { name: 'beta', value: 'B', help: 'the rate of H0 when H1 holds (default 0.05)' },
      { name: 'max-games', value: 'N', help: 'stop inconclusive after N games (default 10000)' },
      ...ARENA_OPTIONS.filter((option) => option.name !== 'games'),
      JUDGE_OPTION,
    ],
    async run(game, args, pool) {
      twoPlayers(game, 'no matches');
      if (args.options.has('judge') && !game.solver?.firstSeatValue) throw new UsageError(`${game.rules.title} has no solver to judge its games`);
      const resumed = await runToResume('match', args, ['bots', 'sprt', 'alpha', 'beta', 'max-games', ...START_SETTINGS]);
      const { options, known } = await arenaSetup(game, args);
      if (resumed) return resumeCommand(game, resumed, options, known, pool());
      const bots = configList(known, optionText(args, 'bots'));
      if (bots.length !== 2) throw new UsageError(`match needs --bots A,B: two configurations, got ${bots.length}`);
      const sprt = {
        ...sprtHypotheses(optionText(args, 'sprt')),
        alpha: optionNumber(args, 'alpha', 0.05, 0.001, 0.5),
        beta: optionNumber(args, 'beta', 0.05, 0.001, 0.5),
      };
      const settings = { seed: optionSeed(args), size: boardSize(game, args), bots: known, ...openingSuite(game, args) };
      return matchCommand(game, [bots[0], bots[1]], optionInteger(args, 'max-games', 10_000, 2, MAX_GAMES), settings, sprt, options, pool());
    },
  },
  tune: {
    summary: "SPSA over a bot's parameters against opponents, then a match of the tuned against the start",
    options: [
      { name: 'bot', value: 'CONFIG', help: 'the bot and the values it starts from (article:depth=3)' },
      { name: 'params', value: 'NAME=MIN..MAX,...', help: 'the parameters to tune, within their declared ranges' },
      { name: 'vs', value: 'A,B,...', help: 'the opponents, in turn a step each' },
      { name: 'games', value: 'N', help: 'games of the tuning, 4 a step (default 2000)' },
      { name: 'r-end', value: 'R', help: "the last step's learning rate over c_end² (default 0.1)" },
      { name: 'verify-games', value: 'N', help: 'the most games of the verification match (default 1000)' },
      ...ARENA_OPTIONS.filter((option) => !['games', 'resume', 'out'].includes(option.name)),
      { name: 'out', value: 'FILE', help: 'keep the JSON document in FILE, after every step (--resume carries it on)' },
      { name: 'resume', value: 'FILE', help: 'carry on the tuning kept in FILE, with its own settings (it is kept there unless --out says otherwise)' },
    ],
    async run(game, args, pool) {
      twoPlayers(game, 'nothing to tune against');
      const { options, known } = await arenaSetup(game, args);
      const resumed = await tuneToResume(game, args, known);
      if (resumed) return tuneCommand(game, known, resumed.settings, { ...options, time: resumed.time }, pool(), resumed);
      const botText = optionText(args, 'bot');
      if (!botText) throw new UsageError('tune needs --bot CONFIG');
      const bot = botConfig(known, botText);
      const params = parseTuneParams(findBot(known, parseBotConfig(known, bot).id), optionText(args, 'params'));
      const vs = configList(known, optionText(args, 'vs'));
      if (vs.length === 0) throw new UsageError('tune needs --vs: the opponents');
      const settings = {
        bot,
        params,
        vs,
        games: optionInteger(args, 'games', 2000, 4, MAX_GAMES),
        seed: optionSeed(args),
        size: boardSize(game, args),
        rEnd: optionNumber(args, 'r-end', SPSA_R_END, 1e-6, 10),
        ...openingSuite(game, args),
        verify: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: optionInteger(args, 'verify-games', 1000, 2, MAX_GAMES) },
      };
      return tuneCommand(game, known, settings, options, pool());
    },
  },
  generate: {
    summary: 'make starting positions (the 15-puzzle: --method walk|random|level --difficulty ...)',
    options: [
      { name: 'method', value: 'M', help: 'how: walk, random or level' },
      { name: 'difficulty', value: 'D', help: "a walk's number of moves, or a level's band (20-29 ... 60+)" },
      { name: 'seed', value: 'S', help: 'seed (default 1); each further board takes the next seed' },
      { name: 'count', value: 'N', help: 'how many boards (default 1)' },
      SIZE_OPTION,
    ],
    async run(game, args) {
      const size = boardSize(game, args);
      const method = optionText(args, 'method') ?? gameGenerators(game).methods[0].method;
      const seed = optionSeed(args);
      const count = optionInteger(args, 'count', 1, 1, 100_000);
      for (let i = 0; i < count; i++) {
        const position = await generated(game, method, optionText(args, 'difficulty'), (seed + i) % 2 ** 32, size);
        console.log(game.rules.format(position));
      }
      return 0;
    },
  },
  engine: {
    summary: 'run a bot as an engine on standard input and output (docs/engine-protocol.md)',
    options: [{ name: 'bot', value: 'CONFIG', help: 'the bot: id or id:param=value:... (default: the strongest level)' }],
    async run(game, args, pool) {
      const bot = botConfig(game.bots, optionText(args, 'bot') ?? game.levels.at(-1)!.config);
      return runEngine(game, bot, readLines(process.stdin), pool(), process.stdout);
    },
  },
  bots: {
    summary: 'list the bots, their parameters and the levels offered to people',
    options: [],
    async run(game) {
      for (const bot of game.bots) {
        const params = bot.params.map((p) => `${p.name}=${p.min}..${p.max} (default ${p.default})`).join(', ');
        console.log(`${bot.id.padEnd(10)} ${bot.label}: ${bot.description}${params ? `\n${''.padEnd(11)}parameters: ${params}` : ''}`);
      }
      console.log(`levels: ${game.levels.map((level) => `${level.label} = ${level.config}`).join(', ')}`);
      return 0;
    },
  },
};

/** `--sprt elo0=E0,elo1=E1` (default elo0=0,elo1=10): elo1 must be above elo0. */
function sprtHypotheses(text = 'elo0=0,elo1=10'): { elo0: number; elo1: number } {
  const match = /^\s*elo0=(-?\d+(?:\.\d+)?)\s*,\s*elo1=(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) throw new UsageError(`--sprt is elo0=E0,elo1=E1 (Elo differences), got "${text}"`);
  const [elo0, elo1] = [Number(match[1]), Number(match[2])];
  if (!(elo1 > elo0) || Math.abs(elo0) > 2000 || Math.abs(elo1) > 2000)
    throw new UsageError(`--sprt needs elo0 < elo1, both within ±2000, got ${elo0} and ${elo1}`);
  return { elo0, elo1 };
}

/** A comma-separated list of bot configurations, each as the arena names it (`greedy, article:depth=03` is `greedy`, `article:depth=3`). */
function configList(known: readonly BotInfo[], text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => botConfig(known, part));
}

/** A bot configuration of the command line, as the arena names it. */
function botConfig(known: readonly BotInfo[], text: string): string {
  return asUsage(() => normalizeBotConfig(known, text));
}

/** The name the CLI also gives the 15-puzzle's 5x5 size. */
const PUZZLE24 = 'puzzle24';

/** `puzzle24 <command> …` as `puzzle15 <command> … --size 5`. */
function asPuzzle15([, ...rest]: readonly string[]): string[] {
  return ['puzzle15', ...rest, ...(rest.length > 0 && !rest.includes('--size') ? ['--size', '5'] : [])];
}

/** Stops a command a puzzle for one does not have (`nothing`: what it lacks, "no tournaments"). */
function twoPlayers(game: AnyGame, nothing: string): void {
  if (isSolitaire(game)) throw new UsageError(`${game.rules.title} is a puzzle for one: it has ${nothing}`);
}

/** The game's generators, or a usage error for a game that has none. */
function gameGenerators(game: AnyGame): Generators {
  const found = powerOf(game, generators);
  if (!found) throw new UsageError(`${game.rules.title} has no generators`);
  return found;
}

/** A start made by one of the game's generators (`--method`, `--difficulty`). */
function generated(game: AnyGame, method: string, difficulty: string | undefined, seed: number, size: number | undefined): Promise<unknown> {
  const { methods, generate } = gameGenerators(game);
  if (!methods.some((g) => g.method === method)) throw new UsageError(`--method must be one of ${methods.map((g) => g.method).join(', ')}`);
  return asUsage(() => generate(method, difficulty, seed, (name) => readResource(GAMES_DIR, name), size));
}

/** The --size option, checked against the game's sizes; undefined for games without sizes. */
function boardSize(game: AnyGame, args: ParsedArgs): number | undefined {
  if (!game.sizes) {
    if (args.options.has('size')) throw new UsageError(`${game.rules.title} has no board sizes`);
    return undefined;
  }
  const named = game.sizes.named;
  if (named) {
    const text = optionText(args, 'size');
    return text === undefined ? game.sizes.default : asUsage(() => named.parse(text), '--size');
  }
  return optionInteger(args, 'size', game.sizes.default, game.sizes.min, game.sizes.max);
}

function usage(): string {
  const commandLines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(8)} ${command.summary}`);
  return [
    'usage: playground <game> <command> [options]',
    '       playground bench <suite> [options]                               (benchmarks: playground bench --help lists them)',
    '       playground worker --redis URL [--concurrency N] [--name NAME]   (a machine of the cluster)',
    "       playground runs --redis URL [--cancel RUN_ID] [--json]          (the cluster's runs and workers)",
    "       playground lab list|show|cancel|export|import … --lab URL       (the lab's runs: playground lab --help)",
    '       playground ladder submit|list|show|retire … --lab URL           (the ladder: playground ladder --help)',
    '',
    `games: ${Object.keys(games).join(', ')}; ${PUZZLE24} is the 15-puzzle's 5x5 size (puzzle15 --size 5)`,
    'commands:',
    ...commandLines,
    '',
    "playground <game> <command> --help shows the command's options.",
  ].join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  const [first, second, ...rest] = argv[0] === PUZZLE24 ? asPuzzle15(argv) : argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    console.log(usage());
    return 0;
  }
  const pools: WorkerPool[] = [];
  try {
    if (first === 'worker')
      return await clusterWorker(
        [second, ...rest].filter((arg): arg is string => arg !== undefined),
        pools,
      );
    if (first === 'runs') return await clusterRuns([second, ...rest].filter((arg): arg is string => arg !== undefined));
    if (first === 'lab') return await labCommand([second, ...rest].filter((arg): arg is string => arg !== undefined));
    if (first === 'ladder') return await ladderCommand([second, ...rest].filter((arg): arg is string => arg !== undefined));
    const game = asUsage(() => gameById(first));
    if (second === undefined || second === '--help') {
      console.log(usage());
      return second === undefined ? 2 : 0;
    }
    const command = Object.hasOwn(commands, second) ? commands[second] : undefined;
    if (!command) throw new UsageError(`unknown command "${second}": the commands are ${Object.keys(commands).join(', ')}`);
    // A game adds its own solve flags (`connect4 solve --analyze --weak`).
    const options = [...command.options, ...(second === 'solve' ? (game.solver?.options ?? []) : []), HELP_OPTION];
    const args = parseArgs(rest, options);
    if (args.options.has('help')) {
      console.log(`usage: playground ${first} ${second} [options]\n${command.summary}\n${formatOptions(options)}`);
      return 0;
    }
    if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
    return await command.run(game, args, () => {
      const pool = createNodePool(optionInteger(args, 'workers', 0, 1, 256) || undefined);
      pools.push(pool);
      return pool;
    });
  } catch (error) {
    console.error(`playground: ${(error as Error).message}`);
    if (!(error instanceof UsageError)) return 1;
    console.error('run playground --help for the usage');
    return 2;
  } finally {
    for (const pool of pools) pool.close();
  }
}

// A reader that stops early (`| head`) closes the pipe: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2));
