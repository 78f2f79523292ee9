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
import { type EngineSpec, type EngineStarter, identifyEngine } from '../runtime/engine-games';
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

/** What a worker is started with. */
export interface ClusterWorkerOptions {
  readonly redis: string;
  readonly pool: WorkerPool;
  /** Tasks played at once. */
  readonly concurrency: number;
  readonly name: string;
  readonly engines: readonly { readonly name: string; readonly command: string }[];
  readonly log: (line: string) => void;
  /** The games whose ladders this worker's engines are offered to. */
  readonly ladder?: { readonly games: readonly string[] };
}

/**
 * A worker of the cluster. With `ladder`, its engines are offered to those games' ladders: each is greeted for
 * each game (a failure is said, and that engine left out) and fingerprinted.
 */
export class ClusterWorker {
  /** Resolves once it takes tasks (and its engines are offered). */
  readonly ready: Promise<void>;
  /** Each engine greeted once per game (its hello names the game), for its name and parameters. */
  private readonly identified = new Map<string, Promise<EngineSpec>>();
  /** Builds whose tasks this worker met and left for others (said once each). */
  private readonly foreignBuilds = new Set<string>();
  /** Submitted modules' identities, by game and code. */
  private readonly moduleIdentities = new Map<string, Promise<EngineIdentity>>();
  /** What this worker offers to the ladder, by game and engine. */
  private readonly offered = new Map<string, OfferedEngine>();
  /** The solver's tables made ready once per game and options, by one worker of the pool: the others read the cache. */
  private readonly prepared = new Map<string, Promise<void>>();
  /** BullMQ's workers: the cluster's queue, and with `ladder` this worker's own. */
  private readonly queues: Worker<ClusterTask, TaskResult>[] = [];
  /** Takes this worker's offer back from the ladder. */
  private withdraw = async () => {};

  constructor(private readonly options: ClusterWorkerOptions) {
    this.take(QUEUE_NAME);
    this.ready = (async () => {
      if (options.ladder) await this.offer(options.ladder.games);
      await Promise.all(this.queues.map((worker) => worker.waitUntilReady()));
    })();
  }

  async close(): Promise<void> {
    await this.withdraw();
    await Promise.all(this.queues.map((worker) => worker.close()));
  }

  private take(queue: string): void {
    const { redis, concurrency, name, log } = this.options;
    const worker: Worker<ClusterTask, TaskResult> = new Worker<ClusterTask, TaskResult>(queue, (job, token) => this.runTask(worker, job, token), {
      connection: redisConnection(redis),
      concurrency,
      name,
      lockDuration: TASK_LOCK_MS,
      stalledInterval: TASK_LOCK_MS,
    });
    worker.on('failed', (job, error) => log(`task ${job?.id ?? '?'} failed: ${error.message}`));
    worker.on('error', (error) => log(`redis: ${error.message}`));
    this.queues.push(worker);
  }

  /** The engines offered to the games' ladders, and the queue of this worker's own that their games come by. */
  private async offer(games: readonly string[]): Promise<void> {
    const { redis, name, engines, log } = this.options;
    for (const gameId of games)
      for (const engine of engines) {
        try {
          const { identity } = await this.identify(gameId, engine);
          this.offered.set(`${gameId} ${engine.name}`, {
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
    this.take(queue);
    const publisher = clusterQueue(redis, redisConnection(redis), queue);
    const stop = publishOffer(publisher, { worker: name, queue, engines: [...this.offered.values()] }, log);
    this.withdraw = async () => {
      await stop();
      await publisher.close();
    };
  }

  private identify(gameId: string, engine: { readonly name: string; readonly command: string }): Promise<EngineSpec> {
    const key = `${gameId} ${engine.name}`;
    if (!this.identified.has(key)) {
      const spec = identifyEngine(startEngine, gameById(gameId), engine.name, engine.command);
      spec.catch(() => this.identified.delete(key));
      this.identified.set(key, spec);
    }
    return this.identified.get(key)!;
  }

  private async runTask(worker: Worker<ClusterTask, TaskResult>, job: Job<ClusterTask>, token?: string): Promise<TaskResult> {
    const task = job.data;
    if (task.build !== buildId()) {
      if (!this.foreignBuilds.has(task.build)) {
        this.foreignBuilds.add(task.build);
        this.options.log(
          `worker ${this.options.name} runs build ${buildId()}; tasks of build ${task.build} are left for a worker of theirs: update one of them`,
        );
      }
      await job.moveToWait(token);
      // Taken again at once, it would be handed back and forth: this worker waits before it takes any task.
      worker.pause(true).catch(() => {});
      setTimeout(() => worker.resume(), FOREIGN_BUILD_PAUSE_MS).unref();
      throw new WaitingError();
    }
    return job.name === SHARE_TASK ? this.searchShare(worker, task as ShareTask) : this.playGames(job as Job<GameTask>);
  }

  private async searchShare(worker: Worker<ClusterTask, TaskResult>, task: ShareTask): Promise<ShareAnswer | null> {
    const { pool } = this.options;
    const key = `${task.game} ${JSON.stringify(task.options)}`;
    let ready = this.prepared.get(key);
    if (!ready) {
      ready = requestPrepare(pool, task.game, task.options).promise;
      ready.catch(() => this.prepared.delete(key));
      this.prepared.set(key, ready);
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
  }

  private async playGames(job: Job<GameTask>): Promise<(GameRecord | null)[]> {
    const task = job.data;
    const schedule: Schedule = {
      game: task.game,
      seed: 0,
      ...(task.size === undefined ? {} : { size: task.size }),
      bots: [],
      pairings: [],
      starts: [],
      games: task.games,
    };
    const modules = task.modules ?? {};
    // A submitted module (named by its own command) starts in the sandbox, from the code the task carries.
    const start = (command: string, gameId: string, size?: string) =>
      Object.hasOwn(modules, command)
        ? ModuleEngine.start('bot.mjs', modules[command], gameId, () => spawnSandboxBotWorker())
        : startEngine(command, gameId, size);
    const used = await this.enginesOf(task, start);
    // A move reported alone (the submitter keeps each game's moves): Redis keeps its recent events.
    const onMove = task.live
      ? (index: number, moves: readonly MoveRecord[]) => void job.updateProgress({ index, ply: moves.length - 1, move: moves.at(-1)! }).catch(() => {})
      : undefined;
    const records = await playSchedule(this.options.pool, gameById(task.game), schedule, { engines: used, startEngine: start, time: task.time, onMove })
      .finished;
    return records.map((record) => record ?? null);
  }

  /** The engines a task's games seat: this worker's own (a ladder version's under its name), and the modules it carries. */
  private async enginesOf(task: GameTask, start: EngineStarter): Promise<EngineSpec[]> {
    const { name, engines } = this.options;
    const modules = task.modules ?? {};
    const versions = task.offered ?? {};
    for (const [version, { engine, fingerprint }] of Object.entries(versions))
      if (this.offered.get(`${task.game} ${engine}`)?.fingerprint !== fingerprint)
        throw new Error(`worker ${name} does not offer ${engine} as it was (version ${version}) now`);
    const missing = task.engines.filter(
      (engine) => !engines.some((spec) => spec.name === engine) && !Object.hasOwn(modules, engine) && !Object.hasOwn(versions, engine),
    );
    if (missing.length > 0) throw new Error(`worker ${name} has no engine ${missing.join(', ')}: start it with --engine NAME=COMMAND as the run was`);
    let used: EngineSpec[];
    try {
      used = await Promise.all(engines.filter((engine) => task.engines.includes(engine.name)).map((engine) => this.identify(task.game, engine)));
      for (const [version, { engine }] of Object.entries(versions)) {
        const spec = await this.identify(task.game, engines.find((local) => local.name === engine)!);
        used.push({ ...spec, name: version });
      }
    } catch (error) {
      throw new Error(`worker ${name} cannot start its engine: ${(error as Error).message}`);
    }
    for (const module of Object.keys(modules).filter((module) => task.engines.includes(module))) {
      // A module's identity is its code's: learnt once, however many tasks carry it.
      const key = `${task.game} ${createHash('sha256').update(modules[module]).digest('base64')}`;
      let identity = this.moduleIdentities.get(key);
      if (!identity) {
        identity = identifyEngine(start, gameById(task.game), module, module).then((spec) => spec.identity);
        identity.catch(() => this.moduleIdentities.delete(key));
        if (this.moduleIdentities.size >= MODULES_KEPT) this.moduleIdentities.delete(this.moduleIdentities.keys().next().value!);
        this.moduleIdentities.set(key, identity);
      }
      used.push({ name: module, command: module, identity: await identity });
    }
    return used;
  }
}
