// `playground worker --redis URL`: a machine's worker process for the cluster. It takes game tasks from the queue
// (BullMQ's Worker: a task whose worker dies is taken again by another once its lock expires) and plays them on
// this machine's worker pool with the same code as a local run, N tasks at once; the submitted bot modules a task
// carries (the ladder's) in this machine's sandbox. It also searches the shares of a search the cluster shares
// (`solve --redis`), as the pool's workers search those of a local one, until the search is over. With `--ladder`
// it offers its engines to the ladder (ladder-offers.ts) and also takes the tasks of its own queue, the games those
// engines play. A task made by another build is not played (results from different code must not mix) and not
// failed either: it goes back to the queue without spending an attempt, for a worker of its build, and this worker
// says so once and leaves the queue alone a while.

import { createHash } from 'node:crypto';
import { type Job, WaitingError, Worker } from 'bullmq';
import type { GameRecord, MoveRecord } from '../arena/play-out';
import type { Schedule } from '../arena/schedule';
import { gameById } from '../games';
import { ModuleEngine } from '../engines/module-engine';
import { spawnSandboxBotWorker } from '../engines/node-bot-worker';
import type { EngineIdentity } from '../engines/engine';
import { startEngine } from '../engines/start-engine';
import { type EngineSpec, identifyEngine } from '../runtime/engine-games';
import { playSchedule } from '../runtime/play-games';
import { unlessCancelled, type WorkerPool } from '../runtime/pool';
import { engineFingerprint, type OfferedEngine, publishOffer, workerQueue } from './ladder-offers';
import type { ShareAnswer } from '../contracts/game';
import { requestPrepare, requestShare } from '../runtime/requests';
import {
  buildId,
  cancelKey,
  type ClusterTask,
  clusterQueue,
  type GameTask,
  QUEUE_NAME,
  redisConnection,
  SHARE_TASK,
  searchOverKey,
  type ShareTask,
} from './tasks';

/** A game task's records (null: a game not played), or a share's answer (null: its search was over first). */
type TaskResult = (GameRecord | null)[] | ShareAnswer | null;

/** How long a task stays locked to a worker that stopped answering before another may take it. */
export const TASK_LOCK_MS = 10_000;
/** How long a worker that met a task of another build leaves the queue alone. */
const FOREIGN_BUILD_PAUSE_MS = 5000;
/** Submitted modules whose identity a worker keeps (by their code). */
const MODULES_KEPT = 256;

export interface ClusterWorker {
  /** Resolves once it takes tasks (and its engines are offered). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * A worker of the cluster. With `ladder`, its engines are offered to those games' ladders: each is greeted for
 * each game (a failure is said, and that engine left out) and fingerprinted.
 */
export function startClusterWorker(
  redis: string,
  pool: WorkerPool,
  concurrency: number,
  name: string,
  engines: readonly { readonly name: string; readonly command: string }[],
  log: (line: string) => void,
  ladder?: { readonly games: readonly string[] },
): ClusterWorker {
  /** Each engine greeted once per game (its hello names the game), for its name and parameters. */
  const identified = new Map<string, Promise<EngineSpec>>();
  const identify = (gameId: string, engine: { name: string; command: string }) => {
    const key = `${gameId} ${engine.name}`;
    if (!identified.has(key)) {
      const spec = identifyEngine(startEngine, gameById(gameId), engine.name, engine.command);
      spec.catch(() => identified.delete(key));
      identified.set(key, spec);
    }
    return identified.get(key)!;
  };
  const foreignBuilds = new Set<string>();
  const moduleIdentities = new Map<string, Promise<EngineIdentity>>();
  /** What this worker offers to the ladder, by game and engine. */
  const offered = new Map<string, OfferedEngine>();
  const runTask = async (worker: Worker<ClusterTask, TaskResult>, job: Job<ClusterTask>, token?: string): Promise<TaskResult> => {
    const task = job.data;
    if (task.build !== buildId()) {
      if (!foreignBuilds.has(task.build)) {
        foreignBuilds.add(task.build);
        log(`worker ${name} runs build ${buildId()}; tasks of build ${task.build} are left for a worker of theirs: update one of them`);
      }
      await job.moveToWait(token);
      // Taken again at once, it would be handed back and forth: this worker waits before it takes any task.
      worker.pause(true).catch(() => {});
      setTimeout(() => worker.resume(), FOREIGN_BUILD_PAUSE_MS).unref();
      throw new WaitingError();
    }
    return job.name === SHARE_TASK ? searchShare(worker, task as ShareTask) : playGames(job as Job<GameTask>);
  };
  /** The solver's tables made ready once per game and options, by one worker of the pool: the others read the cache. */
  const prepared = new Map<string, Promise<void>>();
  const searchShare = async (worker: Worker<ClusterTask, TaskResult>, task: ShareTask): Promise<ShareAnswer | null> => {
    const key = `${task.game} ${JSON.stringify(task.options)}`;
    let ready = prepared.get(key);
    if (!ready) {
      ready = requestPrepare(pool, task.game, task.options).promise;
      ready.catch(() => prepared.delete(key));
      prepared.set(key, ready);
    }
    await ready;
    const client = await worker.client;
    const over = async () => (await client.get(searchOverKey(task.run))) !== null || (await client.get(cancelKey(task.owner))) !== null;
    if (await over()) return null;
    // A search over (another share found the goal, it failed, its command stopped) stops its shares here.
    const search = requestShare(pool, task.game, task.line, task.options, task.share);
    const watch = setInterval(
      () =>
        void over().then(
          (yes) => yes && search.cancel(),
          () => {},
        ),
      1000,
    );
    try {
      return await unlessCancelled(search);
    } finally {
      clearInterval(watch);
    }
  };
  const playGames = async (job: Job<GameTask>): Promise<(GameRecord | null)[]> => {
    const task = job.data;
    const game = gameById(task.game);
    const modules = task.modules ?? {};
    const versions = task.offered ?? {};
    for (const [version, { engine, fingerprint }] of Object.entries(versions))
      if (offered.get(`${task.game} ${engine}`)?.fingerprint !== fingerprint)
        throw new Error(`worker ${name} does not offer ${engine} as it was (version ${version}) now`);
    const missing = task.engines.filter(
      (engine) => !engines.some((spec) => spec.name === engine) && !Object.hasOwn(modules, engine) && !Object.hasOwn(versions, engine),
    );
    if (missing.length > 0) throw new Error(`worker ${name} has no engine ${missing.join(', ')}: start it with --engine NAME=COMMAND as the run was`);
    const schedule: Schedule = {
      game: task.game,
      seed: 0,
      ...(task.size === undefined ? {} : { size: task.size }),
      bots: [],
      pairings: [],
      starts: [],
      games: task.games,
    };
    let used: EngineSpec[];
    try {
      used = await Promise.all(engines.filter((engine) => task.engines.includes(engine.name)).map((engine) => identify(task.game, engine)));
      // A ladder version of an engine offered here: the engine under the version's name.
      for (const [version, { engine }] of Object.entries(versions)) {
        const spec = await identify(task.game, engines.find((local) => local.name === engine)!);
        used.push({ ...spec, name: version });
      }
    } catch (error) {
      throw new Error(`worker ${name} cannot start its engine: ${(error as Error).message}`);
    }
    // A submitted module (named by its own command) starts in the sandbox, from the code the task carries.
    const start = (command: string, gameId: string, size?: string) =>
      Object.hasOwn(modules, command)
        ? ModuleEngine.start('bot.mjs', modules[command], gameId, () => spawnSandboxBotWorker())
        : startEngine(command, gameId, size);
    for (const module of Object.keys(modules).filter((module) => task.engines.includes(module))) {
      // A module's identity is its code's: learnt once, however many tasks carry it.
      const key = `${task.game} ${createHash('sha256').update(modules[module]).digest('base64')}`;
      let identity = moduleIdentities.get(key);
      if (!identity) {
        identity = identifyEngine(start, game, module, module).then((spec) => spec.identity);
        identity.catch(() => moduleIdentities.delete(key));
        if (moduleIdentities.size >= MODULES_KEPT) moduleIdentities.delete(moduleIdentities.keys().next().value!);
        moduleIdentities.set(key, identity);
      }
      used.push({ name: module, command: module, identity: await identity });
    }
    // A move reported alone (the submitter keeps each game's moves): Redis keeps its recent events.
    const onMove = task.live
      ? (index: number, moves: readonly MoveRecord[]) => void job.updateProgress({ index, ply: moves.length - 1, move: moves.at(-1)! }).catch(() => {})
      : undefined;
    const records = await playSchedule(pool, game, schedule, { engines: used, startEngine: start, time: task.time, onMove }).finished;
    return records.map((record) => record ?? null);
  };
  const take = (queue: string) => {
    const worker: Worker<ClusterTask, TaskResult> = new Worker<ClusterTask, TaskResult>(queue, (job, token) => runTask(worker, job, token), {
      connection: redisConnection(redis),
      concurrency,
      name,
      lockDuration: TASK_LOCK_MS,
      stalledInterval: TASK_LOCK_MS,
    });
    worker.on('failed', (job, error) => log(`task ${job?.id ?? '?'} failed: ${error.message}`));
    worker.on('error', (error) => log(`redis: ${error.message}`));
    return worker;
  };
  const workers = [take(QUEUE_NAME)];
  let withdraw = async () => {};
  const offering = async () => {
    if (!ladder) return;
    for (const gameId of ladder.games)
      for (const engine of engines) {
        try {
          const { identity } = await identify(gameId, engine);
          offered.set(`${gameId} ${engine.name}`, {
            game: gameId,
            name: engine.name,
            identity,
            fingerprint: await engineFingerprint(engine.command, identity),
          });
        } catch (error) {
          log(`worker ${name} does not offer ${engine.name} to the ${gameId} ladder: ${(error as Error).message}`);
        }
      }
    const queue = workerQueue(name);
    workers.push(take(queue));
    const publisher = clusterQueue(redis, redisConnection(redis), queue);
    const stop = publishOffer(publisher, { worker: name, queue, engines: [...offered.values()] }, log);
    withdraw = async () => {
      await stop();
      await publisher.close();
    };
  };
  return {
    ready: (async () => {
      await offering();
      await Promise.all(workers.map((worker) => worker.waitUntilReady()));
    })(),
    async close() {
      await withdraw();
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
