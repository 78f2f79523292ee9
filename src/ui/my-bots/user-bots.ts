// People's bots as the rest of the page sees them: for each game, the bots its pickers offer next to ours, and
// how to start one as an engine (a bot module in a Web Worker of its own) for a game page or an arena run.
// Only a bot whose latest version loaded is offered; the list follows the store and tells who listens.

import { parseBotConfig } from '../../contracts/bot-config';
import type { BotInfo, Iteration } from '../../contracts/game';
import { deriveSeed } from '../../contracts/rng';
import { type Engine, EngineFault } from '../../engines/engine';
import { ModuleEngine } from '../../engines/module-engine';
import type { EngineInfo } from '../../engines/protocol';
import { gameById } from '../../games';
import type { GameClock } from '../../arena/time-control';
import { spawnBrowserBotWorker } from '../../engines/browser-bot-worker';
import type { EngineSpec, EngineStarter } from '../../runtime/engine-games';
import { CancelledError, type Job } from '../../runtime/pool';
import type { MoveAnswer } from '../../../workers/api';
import type { Level } from '../level-choice';
import { latestVersion, listBots, onBotsChangedElsewhere, recordFailure, type StoredBot } from './bot-store';
import { type BotLanguage, runnableCode } from './language';

let known: StoredBot[] = [];
const listeners = new Set<() => void>();
// A bot saved or deleted in another tab is offered here too, without a reload.
onBotsChangedElsewhere(() => void refreshUserBots());

let firstRead: Promise<void> | undefined;

/** Resolves once the store has been read at least once (the page reads it at the start): a replay waits for it. */
export function userBotsRead(): Promise<void> {
  firstRead ??= refreshUserBots().catch(() => {});
  return firstRead;
}

/** Reads the store again and tells every listener. */
export async function refreshUserBots(): Promise<void> {
  known = (await listBots()).filter((entry): entry is StoredBot => !('unreadable' in entry));
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the bots change; returns how to stop. */
export function onUserBotsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function usable(gameId: string): { bot: StoredBot; identity: NonNullable<StoredBot['versions'][number]['identity']> }[] {
  return known.flatMap((bot) => {
    const { identity } = latestVersion(bot);
    return bot.game === gameId && identity ? [{ bot, identity }] : [];
  });
}

/** A game's people's bots as bots the pickers and configurations know. */
export function userBotInfos(gameId: string): BotInfo[] {
  return usable(gameId).map(({ bot, identity }) => ({
    id: bot.id,
    label: `${identity.name} (mine)`,
    description: `Your bot ${identity.name}, version ${bot.versions.length} (My bots page)`,
    params: identity.params.map((param) => ({ ...param, label: param.label ?? param.name })),
  }));
}

/** A game's people's bots as levels of the pages that pick bots by level. */
export function userBotLevels(gameId: string): Level[] {
  return userBotInfos(gameId).map((info) => ({ label: info.label, config: info.id }));
}

/** A game's people's bots as engines of an arena run: the command is the bot's id. */
export function userEngineSpecs(gameId: string): EngineSpec[] {
  return usable(gameId).map(({ bot, identity }) => ({ name: bot.id, command: bot.id, identity }));
}

/** Whether a configuration (`id` or `id:param=value`) names one of a game's people's bots. */
export function isUserBot(gameId: string, config: string): boolean {
  const id = config.split(':')[0].trim();
  return usable(gameId).some(({ bot }) => bot.id === id);
}

/** Starts a module from its code in a sandboxed worker of its own, which imports the code (as JavaScript) from a blob it makes. */
export function startModule(code: string, language: BotLanguage, gameId: string) {
  return ModuleEngine.start('', runnableCode(code, language), gameId, spawnBrowserBotWorker);
}

/**
 * Starts a person's bot, its latest version, by id (the EngineStarter of arena runs in the page, and of its moves
 * on a game page). An exception in a game is kept with the version, for the My bots page to mark its line.
 */
export const startUserBot: EngineStarter = async (id, gameId) => {
  const bot = known.find((candidate) => candidate.id === id && candidate.game === gameId);
  if (!bot) throw new EngineFault('crash', `there is no bot ${id} of ${gameId} on the My bots page`);
  const { code, language } = latestVersion(bot);
  const { engine, identity } = await startModule(code, language, gameId);
  const recording: Engine = {
    newGame: (seat, params) => engine.newGame(seat, params),
    async move(position, time, seed, onInfo) {
      try {
        return await engine.move(position, time, seed, onInfo);
      } catch (error) {
        if (error instanceof EngineFault && error.reason === 'crash' && /^line \d+: /.test(error.detail))
          void recordFailure(id, error.detail, `${gameById(gameId).rules.title}, in ${position}`).catch(() => {});
        throw error;
      }
    },
    takeErrors: () => engine.takeErrors(),
    stop: () => engine.stop(),
  };
  return { engine: recording, identity };
};

/**
 * One move of a person's bot on a game page, as a job like a search's: the bot starts in a worker of its own,
 * plays within its time, and the worker is ended (cancelling ends it at once). Its `info` reports come to
 * `onIteration` as the search chart's iterations. A fault (its time, an error, a move the rules refuse) rejects
 * with what happened.
 */
export function requestUserBotMove(
  gameId: string,
  config: string,
  seat: 0 | 1,
  view: string,
  gameSeed: number,
  clock: GameClock,
  onIteration?: (iteration: Iteration) => void,
): Job<MoveAnswer> {
  let stop = () => {};
  let cancelled = false;
  const promise = (async () => {
    const { id, params } = parseBotConfig(userBotInfos(gameId), config);
    const { engine } = await startUserBot(id, gameId);
    stop = () => engine.stop();
    if (cancelled) engine.stop();
    const chart = new InfoChart(gameId, view);
    try {
      engine.newGame(seat, params);
      const { move, info } = await engine.move(view, clock.moveTime(seat), deriveSeed(gameSeed, view), (report) => onIteration?.(chart.iteration(report)));
      if (!chart.isLegal(move)) throw new EngineFault('illegal-move', `${move} is not a legal move in ${view}`);
      // The answer carries the bot's last report, which may come before the live ones that trail on their channel.
      if (info && JSON.stringify(info) !== JSON.stringify(chart.lastInfo)) chart.iteration(info);
      const { iterations } = chart;
      const last = iterations.at(-1) ?? { depth: 0, nodes: 0, ms: chart.elapsed(), score: 0 };
      return { move, report: { iterations: [...iterations.slice(0, -1), { ...last, best: move }], nodes: chart.nodes, ms: chart.elapsed() } };
    } catch (error) {
      if (cancelled) throw new CancelledError();
      if (error instanceof EngineFault) throw new Error(`${id} forfeits (${error.reason}): ${error.detail}`);
      throw error;
    } finally {
      engine.stop();
    }
  })();
  return {
    promise,
    cancel: () => {
      cancelled = true;
      stop();
    },
  };
}

/**
 * A bot's `info` reports as the search chart's iterations: the time and nodes since the last report (a bot
 * reports its nodes so far), and a best move only when the rules take it, since "Move now" plays it.
 */
class InfoChart {
  readonly iterations: Iteration[] = [];
  nodes = 0;
  lastInfo?: EngineInfo;
  private readonly started = performance.now();
  private lastMs = 0;
  private readonly legal: ReadonlySet<string>;

  constructor(gameId: string, view: string) {
    const { rules } = gameById(gameId);
    this.legal = new Set(rules.legalMoves(rules.parse(view)).map((move) => rules.formatMove(move)));
  }

  isLegal(move: string): boolean {
    return this.legal.has(move);
  }

  elapsed(): number {
    return performance.now() - this.started;
  }

  iteration(info: EngineInfo): Iteration {
    this.lastInfo = info;
    const ms = this.elapsed();
    const nodes = Math.max(0, (info.nodes ?? this.nodes) - this.nodes);
    const best = info.pv?.[0];
    const iteration = { depth: info.depth ?? 0, nodes, ms: ms - this.lastMs, score: info.score ?? 0, ...(best && this.isLegal(best) ? { best } : {}) };
    this.lastMs = ms;
    this.nodes += nodes;
    this.iterations.push(iteration);
    return iteration;
  }
}
