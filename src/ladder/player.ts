// The ladder's play, on the server's worker pool: while a game's ladder has two entries or more, round after round
// pairs are drawn by the matchmaker (matchmaking.ts), each playing two games from one opening of the game's suite,
// one in each seat; their results move both skills (store.ts). A new version first plays a game against itself (its
// validation: a forfeit fails it, with the reason, and it is never paired), then, when its bot had a version
// before, a match against it (an SPRT, elo0 0 and elo1 5, as the arena's) a pair at a time between rated rounds.
// Every few rounds a game's whole-history ratings are fitted again. Our bots play on the pool; submitted modules
// in the sandbox (a worker thread each, started by `startModule`); engines the operator offers as processes.
// With the cluster, rounds are played by its workers, and a worker may offer its own engines (ladder-offers.ts):
// those enter the ladder as they come (a changed one as a new version), are paired only while a worker offers
// them, and their games are that worker's tasks. Everything drawn comes from the ladder's seed and the round's number.

import { isSolitaire } from '../contracts/powers';
import { randomUUID } from 'node:crypto';
import { matchReport } from '../arena/match';
import type { GameRecord, MoveRecord } from '../arena/play-out';
import type { PairResult } from '../arena/results';
import { type Schedule, tournament } from '../arena/schedule';
import type { SprtSettings } from '../arena/sprt';
import type { AnyGame } from '../contracts/game';
import { deriveSeed, Rng } from '../contracts/rng';
import type { Engine, EngineIdentity } from '../engines/engine';
import { Queue } from 'bullmq';
import { readOffers, type WorkerOffer } from '../cluster/ladder-offers';
import { ClusterSubmission } from '../cluster/submit';
import { closeWithin, QUEUE_NAME, redisConnection } from '../cluster/tasks';
import { findGame } from '../games';
import { type EngineSpec, type EngineStarter, engineBotInfo, identifyEngine, EngineScheduleRun } from '../runtime/engine-games';
import type { WorkerPool } from '../runtime/pool';
import { Judge, judgesRuns } from '../runtime/judge';
import { requestRatings } from '../runtime/requests';
import { type LadderEntry, nextPair } from './matchmaking';
import type { LadderStore, LadderVersion, PlayedGame } from './store';

export interface LadderPlayerOptions {
  readonly pool: () => WorkerPool;
  /** Starts a submitted module (its code) in the sandbox. */
  readonly startModule: (code: string, game: string) => Promise<{ engine: Engine; identity: EngineIdentity }>;
  /** Engines the server's operator offers to the ladder (any language, Kaggle agents: run as the operator), and how to start one. */
  readonly engines?: readonly { readonly game: string; readonly name: string; readonly command: string }[];
  readonly startEngine?: EngineStarter;
  /** The cluster's Redis: the rounds of our bots and submitted modules are played by its workers. */
  readonly redis?: string;
  /** The ladder's seed (default 1). */
  readonly seed?: number;
  /** Rounds follow each other at once while an entry of the game has fewer games than this (default 100)... */
  readonly settledGames?: number;
  /** ...and then with this rest between them (default 10 s). */
  readonly restMs?: number;
  /** Each move's time (default 2,000 ms, ConnectX's on Kaggle: our perfect Connect 4 player's hardest moves of the opening suite take under one). */
  readonly moveMs?: number;
  readonly logFailure?: (what: string, error: unknown) => void;
}

/** A new version's match against the version before. */
export const VERSION_MATCH: SprtSettings = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
/** The most games such a match plays before it is inconclusive. */
export const VERSION_MATCH_GAMES = 4000;
/**
 * A game's whole-history ratings are fitted again every ten rounds (in a worker of the pool), and no oftener than
 * twenty times what the last fit took: a ladder of a thousand entries takes most of a second.
 */
const FIT_EVERY = 10;
const FIT_SHARE = 20;
/** Pairs a round draws and plays together: games enough to keep the workers busy, and one run on the cluster. */
const ROUND_PAIRS = 8;
/**
 * How long the player waits, when there is nothing to play, before it looks at the cluster's workers' offers
 * again, or at the database after it failed to answer; without a cluster it waits until a submission wakes it.
 */
const IDLE_MS = 5000;
/** How long a game that ended stays watchable (its viewers see its end; it is then among the bot's games). */
const LIVE_KEPT_MS = 30_000;
/** The most games listed as being played. */
const LIVE_LISTED = 50;
/** How often a game played by a worker's own engines looks whether the worker still offers them. */
const OFFER_WATCH_MS = 2000;

/** Where versions play together: here (the pool, the server's engines), on the cluster, or on one worker that offers engines. */
type Place = { readonly at: 'here' } | { readonly at: 'cluster' } | { readonly at: 'worker'; readonly worker: string; readonly queue: string };
const placeKey = (place: Place) => (place.at === 'worker' ? `worker ${place.worker}` : place.at);

/**
 * The fixed points of a game's ladder: its levels and the bots of its rules alone, each configuration once (a
 * game whose levels hold `random` has it once: two entries of one configuration cannot share a round).
 */
export function fixedPoints(game: AnyGame): { name: string; config: string }[] {
  const points = [
    ...game.levels.map(({ label, config }) => ({ name: label, config })),
    { name: 'Random', config: 'random' },
    { name: 'Monte Carlo', config: 'mcts' },
  ];
  return points.filter((point, i) => points.findIndex((other) => other.config === point.config) === i);
}

/** What a version is called in a schedule: our bot's configuration, or (a module or an engine) its id, an engine's name. */
const seatOf = (version: LadderVersion) => (version.kind === 'builtin' ? version.config! : version.id);

/** A module's or an engine's version as an engine of a schedule, named (and started) by its id. */
const engineSpec = (version: LadderVersion): EngineSpec => ({
  name: version.id,
  command: version.id,
  identity: { name: version.identity.name, params: version.identity.params as EngineIdentity['params'] },
});

/** A game's ladder starts with our bots as its fixed points. */
export async function ensureFixedPoints(store: LadderStore, game: AnyGame): Promise<void> {
  if ((await store.games()).includes(game.rules.id)) return;
  for (const { name, config } of fixedPoints(game))
    await store.addVersion({ game: game.rules.id, name, owner: null, kind: 'builtin', config, identity: { name: config, params: [] } });
}

/** A game of the ladder being played, as its viewers see it. */
export interface LiveGame {
  readonly id: string;
  readonly game: string;
  readonly purpose: 'validation' | 'rated' | 'match';
  /** Its seats' versions. */
  readonly seats: readonly [string, string];
  readonly start: string;
  moves: readonly MoveRecord[];
  readonly started: string;
  /** Once it has ended: its winner (null a draw) and a forfeit's reason. */
  over: { readonly winner: 0 | 1 | null; readonly forfeit: string | null } | null;
}

export class LadderPlayer {
  private closed = false;
  /** The offers of the cluster's workers, read before each step, and the engines already entered from them. */
  private readonly offerQueue?: Queue;
  private offers: readonly WorkerOffer[] = [];
  private readonly entered = new Set<string>();
  private wakeUp?: () => void;
  private readonly rounds = new Map<string, number>();
  /** The matches playing: each one's schedule and its games so far, by its new version's id. */
  private readonly matches = new Map<string, { readonly whole: Schedule; readonly records: GameRecord[] }>();
  /** When each game's ratings were last fitted, and what the fit took (ms). */
  private readonly fitted = new Map<string, { at: number; ms: number }>();
  private readonly stopped: Promise<void>;
  private readonly current = new Set<{ cancel(): void }>();
  /** The games being played now (and those ended in the last LIVE_KEPT_MS), by their live id. */
  private readonly liveGames = new Map<string, LiveGame>();
  /** Each game's ladder whose last step failed: why, and since when. */
  private readonly problems = new Map<string, { readonly message: string; readonly since: string }>();

  constructor(
    private readonly store: LadderStore,
    private readonly options: LadderPlayerOptions,
  ) {
    if (options.redis) {
      this.offerQueue = new Queue(QUEUE_NAME, { connection: redisConnection(options.redis) });
      this.offerQueue.on('error', () => {});
    }
    this.stopped = this.offer().then(() => this.loop());
  }

  /**
   * At start: ladders begun with one of our bots entered twice are mended (repeated entries retired); the operator's
   * engines, each an entry of its game's ladder (started once to learn its name), are made when new.
   */
  private async offer(): Promise<void> {
    try {
      for (const game of await this.store.games()) await this.store.retireRepeatedBuiltins(game);
    } catch (error) {
      this.options.logFailure?.('mending the ladders', error);
    }
    for (const offered of this.options.engines ?? []) {
      try {
        const game = findGame(offered.game);
        if (!game || isSolitaire(game)) throw new Error(`there is no ladder of ${offered.game}`);
        const board = await this.store.leaderboard(offered.game);
        if (board.some((entry) => entry.kind === 'engine' && entry.config === offered.name)) continue;
        await ensureFixedPoints(this.store, game);
        const { identity } = await identifyEngine(this.options.startEngine!, game, offered.name, offered.command);
        await this.store.addVersion({ game: offered.game, name: offered.name, owner: null, kind: 'engine', config: offered.name, identity });
      } catch (error) {
        this.options.logFailure?.(`offering the engine ${offered.name} to the ladder`, error);
      }
    }
  }

  /**
   * The engines the cluster's workers offer now; one not entered yet enters its game's ladder (a new fingerprint
   * of a bot's name a new version, validated as a submission is), unless its name is one of the server's own entries.
   */
  private async takeOffers(): Promise<void> {
    if (!this.offerQueue) return;
    this.offers = await readOffers(this.offerQueue);
    for (const offer of this.offers)
      for (const engine of offer.engines) {
        const key = `${engine.game} ${engine.name} ${engine.fingerprint}`;
        if (this.entered.has(key)) continue;
        const game = findGame(engine.game);
        const versions = await this.store.operatorVersions(engine.game, engine.name);
        if (!game || isSolitaire(game))
          this.options.logFailure?.(`entering ${offer.worker}'s engine ${engine.name}`, new Error(`there is no ladder of ${engine.game}`));
        else if (versions.some((version) => version.fingerprint === null))
          this.options.logFailure?.(`entering ${offer.worker}'s engine ${engine.name}`, new Error(`${engine.name} is the name of this server's own entry`));
        else if (!versions.some((version) => version.fingerprint === engine.fingerprint)) {
          await ensureFixedPoints(this.store, game);
          await this.store.addVersion({ ...engine, owner: null, kind: 'engine', config: engine.name });
        }
        this.entered.add(key);
      }
  }

  /** The workers offering a version that is a worker's engine, in the order of their names. */
  private workersOf(version: LadderVersion): WorkerOffer[] {
    return this.offers.filter((offer) =>
      offer.engines.some((engine) => engine.game === version.game && engine.name === version.config && engine.fingerprint === version.fingerprint),
    );
  }

  /** Where these versions can play together now, if anywhere. */
  private placeOf(versions: readonly LadderVersion[]): Place | undefined {
    const serverEngines = versions.filter((version) => version.kind === 'engine' && version.fingerprint === null);
    const workerEngines = versions.filter((version) => version.kind === 'engine' && version.fingerprint !== null);
    if (serverEngines.some((version) => this.engineCommand(version) === undefined)) return undefined;
    if (workerEngines.length === 0) return serverEngines.length === 0 && this.options.redis ? { at: 'cluster' } : { at: 'here' };
    if (serverEngines.length > 0) return undefined;
    const workers = workerEngines.map((version) => new Set(this.workersOf(version).map((offer) => offer.worker)));
    const offer = this.workersOf(workerEngines[0]).find((candidate) => workers.every((names) => names.has(candidate.worker)));
    return offer && { at: 'worker', worker: offer.worker, queue: offer.queue };
  }

  /** The games of a ladder being played now, newest first, without their moves (but their number). */
  live(gameId: string): (Omit<LiveGame, 'moves'> & { plies: number })[] {
    return [...this.liveGames.values()]
      .filter((live) => live.game === gameId)
      .reverse()
      .slice(0, LIVE_LISTED)
      .map(({ moves, ...live }) => ({ ...live, plies: moves.length }));
  }

  /** A game being played now (or just ended), with its moves so far. */
  liveGame(id: string): LiveGame | undefined {
    return this.liveGames.get(id);
  }

  /** Whether a version can play now (an engine no one offers now cannot): the leaderboard says it. */
  canPlay(version: LadderVersion): boolean {
    return this.placeOf([version]) !== undefined;
  }

  /** The entries that can play now: all but engines no one offers now. */
  private playable(entries: readonly LadderVersion[]): LadderVersion[] {
    return entries.filter((entry) => this.canPlay(entry));
  }

  /** The command of one of the server's own engines. */
  private engineCommand(version: LadderVersion): string | undefined {
    if (version.fingerprint !== null) return undefined;
    return this.options.engines?.find((offered) => offered.game === version.game && offered.name === version.config)?.command;
  }

  /**
   * Plays a step of a game's ladder: a step that fails is said on the ladder's page (problem) and in the log, once
   * until a step of that ladder goes through, and the other ladders play on.
   */
  private async said<T>(gameId: string, step: () => Promise<T>): Promise<T | undefined> {
    try {
      const done = await step();
      this.problems.delete(gameId);
      return done;
    } catch (error) {
      const message = (error as Error).message;
      if (this.problems.get(gameId)?.message !== message) this.options.logFailure?.(`playing the ${gameId} ladder (said once until it plays again)`, error);
      this.problems.set(gameId, { message, since: this.problems.get(gameId)?.since ?? new Date().toISOString() });
      return undefined;
    }
  }

  /** Why a game's ladder cannot play now, and since when, or undefined when it can. */
  problem(gameId: string): { readonly message: string; readonly since: string } | undefined {
    return this.problems.get(gameId);
  }

  /** Something changed (a submission): look again now. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops after the game under way is cancelled (a round not stored is played again later). */
  async close(): Promise<void> {
    this.closed = true;
    for (const run of this.current) run.cancel();
    this.wake();
    await this.stopped;
    if (this.offerQueue) await closeWithin([this.offerQueue], 1000);
  }

  private async loop(): Promise<void> {
    let game = 0;
    // A failure (the database gone, a round that could not be played) is said once, until a step goes through.
    let failing = false;
    while (!this.closed) {
      let rest = IDLE_MS;
      try {
        await this.takeOffers();
        // New versions are validated beside the rounds, not before them: a few at once, one of each account's,
        // so that versions waiting neither hold the rated games back nor one account's hold back another's.
        const pending = validationTurn((await this.store.toValidate()).filter((version) => this.canPlay(version)));
        const validating = Promise.all(pending.map((version) => this.said(version.game, () => this.validate(version))));
        const playing = (async () => {
          const games = await this.store.games();
          for (let tried = 0; tried < games.length; tried++) {
            const id = games[game++ % games.length];
            const waited = await this.said(id, () => this.round(id));
            if (waited !== undefined) return waited;
          }
          return undefined;
        })();
        const [, waited] = await Promise.all([validating, playing]);
        rest = pending.length > 0 ? 0 : (waited ?? (this.options.redis ? IDLE_MS : Number.POSITIVE_INFINITY));
        failing = false;
      } catch (error) {
        if (!failing) this.options.logFailure?.('playing the ladder (said once until it plays again)', error);
        failing = true;
      }
      if (rest > 0 && !this.closed)
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          if (Number.isFinite(rest)) setTimeout(resolve, rest).unref();
        });
    }
  }

  /**
   * Plays games of versions (some of them modules or engines) where they can play together, their records in
   * schedule order; undefined when stopped, or when the worker whose engines play them stops offering them.
   */
  private async play(game: AnyGame, schedule: Schedule, versions: readonly LadderVersion[], purpose: LiveGame['purpose']): Promise<GameRecord[] | undefined> {
    const place = this.placeOf(versions);
    if (!place) return undefined;
    // Each game is watched live from its first move, and kept a while after its end.
    const runKey = randomUUID().slice(0, 8);
    const versionsOf = seatVersions(versions);
    const onMove = (index: number, moves: readonly MoveRecord[]) => {
      const id = `${runKey}-${index}`;
      const live = this.liveGames.get(id);
      if (live) live.moves = [...moves];
      else {
        const { seats, start } = schedule.games[index];
        this.liveGames.set(id, {
          id,
          game: game.rules.id,
          purpose,
          seats: versionsOf(seats),
          start,
          moves: [...moves],
          started: new Date().toISOString(),
          over: null,
        });
      }
    };
    const onGame = (index: number, record: GameRecord) => {
      const live = this.liveGames.get(`${runKey}-${index}`);
      if (live) Object.assign(live, { moves: record.moves, over: { winner: record.winner, forfeit: record.forfeit?.reason ?? null } });
    };
    const byId = new Map(versions.map((version) => [version.id, version]));
    const engines = versions.filter((version) => version.kind !== 'builtin').map(engineSpec);
    const time = { moveMs: this.options.moveMs ?? 2000 };
    let run: { finished: Promise<(GameRecord | undefined)[]>; cancel(): void };
    let watch: ReturnType<typeof setInterval> | undefined;
    if (place.at === 'here') {
      // A module starts in the sandbox from its code; an engine from the operator's command.
      const start = async (id: string) => {
        const version = byId.get(id)!;
        if (version.kind === 'engine') return this.options.startEngine!(this.engineCommand(version)!, game.rules.id);
        return this.options.startModule((await this.store.code(id)) ?? '', game.rules.id);
      };
      run = new EngineScheduleRun(this.options.pool(), game, schedule, engines, start, time, onGame, undefined, undefined, onMove);
    } else {
      // On the cluster: modules travel with their tasks; a worker's engines are played by that worker.
      const modules = versions.filter((version) => version.kind === 'module');
      const offered = versions.filter((version) => version.kind === 'engine');
      run = new ClusterSubmission(
        {
          redis: this.options.redis!,
          owner: 'ladder',
          runId: `ladder-${randomUUID()}`,
          engines: engines.map((engine) => engine.name),
          onMove,
          modules: Object.fromEntries(await Promise.all(modules.map(async (version) => [version.id, (await this.store.code(version.id)) ?? ''] as const))),
          ...(place.at === 'worker'
            ? {
                queue: place.queue,
                offered: Object.fromEntries(offered.map((version) => [version.id, { engine: version.config!, fingerprint: version.fingerprint! }])),
              }
            : {}),
        },
        schedule,
        time,
        onGame,
      );
      if (place.at === 'worker') {
        const playing = run;
        watch = setInterval(async () => {
          await this.takeOffers().catch(() => {});
          if (this.placeOf(versions)?.at !== 'worker' || !offered.every((version) => this.workersOf(version).some((offer) => offer.worker === place.worker)))
            playing.cancel();
        }, OFFER_WATCH_MS);
      }
    }
    this.current.add(run);
    try {
      const records = await run.finished;
      return records.every(Boolean) ? (records as GameRecord[]) : undefined;
    } finally {
      clearInterval(watch);
      this.current.delete(run);
      setTimeout(() => {
        for (const id of this.liveGames.keys()) if (id.startsWith(`${runKey}-`)) this.liveGames.delete(id);
      }, LIVE_KEPT_MS).unref();
    }
  }

  /** The schedule of one opening played in both seats by two versions (one version twice for a validation). */
  private schedule(game: AnyGame, versions: readonly [LadderVersion, LadderVersion], seed: number): Schedule {
    const seats = versions.map(seatOf);
    const bots = [...game.bots, ...versions.filter((version) => version.kind !== 'builtin').map((version) => engineBotInfo(engineSpec(version)))];
    const openings = game.openings?.[0].positions;
    const size = game.openings?.[0].size;
    if (seats[0] !== seats[1]) return tournament(game, seats, { games: 1, seed, size, bots, openings });
    // A version against itself: a pairing of it with any other bot, both seats then its own.
    const schedule = tournament(game, [seats[0], 'random'], { games: 1, seed, size, bots, openings });
    return { ...schedule, bots: [seats[0]], pairings: [{ a: seats[0], b: seats[0] }], games: [{ ...schedule.games[0], seats: [seats[0], seats[0]] }] };
  }

  private async validate(version: LadderVersion): Promise<void> {
    const game = findGame(version.game);
    if (!game) return void (await this.store.retire(version.id, `this server has no game ${version.game}`));
    const round = await this.store.nextRound();
    const records = await this.play(
      game,
      this.schedule(game, [version, version], deriveSeed(this.options.seed ?? 1, `validation ${round}`)),
      [version],
      'validation',
    );
    if (!records) return;
    const [record] = records;
    const failure = record.forfeit ? `its validation game against itself was forfeited: ${record.forfeit.reason}: ${record.forfeit.detail}` : null;
    await this.store.validated(version.id, { seats: [version.id, version.id], record }, failure);
    if (failure) return;
    // A version after another of its bot plays a match against the one before it.
    const previous = (await this.store.bot(version.botId))?.versions.find((other) => other.version < version.version && other.state !== 'failed');
    if (previous) await this.store.openMatch(version.id, previous.id);
  }

  /**
   * A round of a game's ladder: a pair drawn and played, or a pair of a version's match. Undefined when the game
   * has no two entries; else how long to rest after it.
   */
  private async round(gameId: string): Promise<number | undefined> {
    const game = findGame(gameId);
    const entries = this.playable(await this.store.leaderboard(gameId));
    if (!game || entries.length < 2) return undefined;
    const round = await this.store.nextRound();
    const count = (this.rounds.get(gameId) ?? 0) + 1;
    this.rounds.set(gameId, count);
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const match = (await this.store.runningMatches()).find(
      (open) => byId.has(open.versionId) && byId.has(open.previousId) && this.placeOf([byId.get(open.versionId)!, byId.get(open.previousId)!]),
    );
    if (match && count % 2 === 0) await this.matchPair(game, byId.get(match.versionId)!, byId.get(match.previousId)!);
    else {
      // Pairs drawn at once (from the skills as they are) among those that can play together, their games one
      // schedule for each place they play at (one run of the cluster, one of each worker with its own engines).
      const seed = this.options.seed ?? 1;
      const rng = new Rng(deriveSeed(seed, `round ${round}`));
      const together = (a: LadderEntry, b: LadderEntry) => this.placeOf([byId.get(a.id)!, byId.get(b.id)!]) !== undefined;
      const pairs = Array.from({ length: ROUND_PAIRS }, () => nextPair(entries, rng, together))
        .filter((pair) => pair !== undefined)
        .map((pair) => pair.map((entry) => byId.get(entry.id)!) as [LadderVersion, LadderVersion]);
      const places = new Map<string, { versions: LadderVersion[]; schedule: Schedule }>();
      for (const [i, versions] of pairs.entries()) {
        const key = placeKey(this.placeOf(versions)!);
        const schedule = this.schedule(game, versions, deriveSeed(seed, `games ${round} ${i}`));
        const place = places.get(key);
        if (!place) places.set(key, { versions: [...versions], schedule });
        else {
          place.versions.push(...versions.filter((version) => !place.versions.includes(version)));
          place.schedule = { ...place.schedule, games: [...place.schedule.games, ...schedule.games] };
        }
      }
      await Promise.all(
        [...places.values()].map(async ({ versions, schedule }) => {
          const records = await this.play(game, schedule, versions, 'rated');
          if (records) await this.store.storeRound(gameId, 'rated', played(await this.judged(game, schedule, records), versions));
        }),
      );
    }
    const fitted = this.fitted.get(gameId);
    // After the first round (a new ladder has its ratings at once), then every FIT_EVERY rounds.
    if ((count - 1) % FIT_EVERY === 0 && (!fitted || performance.now() - fitted.at >= FIT_SHARE * fitted.ms)) await this.fit(gameId);
    const settled = entries.every((entry) => entry.games >= (this.options.settledGames ?? 100));
    return settled ? (this.options.restMs ?? 10_000) : 0;
  }

  /** The next pair of a version's match against the version before, and the match's verdict so far. */
  private async matchPair(game: AnyGame, version: LadderVersion, previous: LadderVersion): Promise<void> {
    let match = this.matches.get(version.id);
    if (!match) {
      // Its schedule, and its games so far read once: each pair after is added here as it is stored.
      const seed = deriveSeed(this.options.seed ?? 1, `match ${version.id}`);
      const seats = [seatOf(version), seatOf(previous)] as const;
      const bots = [...game.bots, ...[version, previous].filter((v) => v.kind !== 'builtin').map((v) => engineBotInfo(engineSpec(v)))];
      const whole = tournament(game, seats, {
        games: VERSION_MATCH_GAMES / 2,
        seed,
        size: game.openings?.[0].size,
        bots,
        openings: game.openings?.[0].positions,
      });
      match = { whole, records: await this.store.matchGames(version.id, previous.id) };
      this.matches.set(version.id, match);
    }
    const { whole, records } = match;
    const pair = records.length / 2;
    if (pair < VERSION_MATCH_GAMES / 2) {
      const schedule = { ...whole, games: whole.games.slice(2 * pair, 2 * pair + 2) };
      const pairRecords = await this.play(game, schedule, [version, previous], 'match');
      if (!pairRecords) return;
      await this.store.storeRound(game.rules.id, 'match', played(await this.judged(game, schedule, pairRecords), [version, previous]));
      records.push(...pairRecords);
    }
    const report = matchReport(whole, records, VERSION_MATCH);
    const state = report.result === 'inconclusive' && records.length < VERSION_MATCH_GAMES ? 'running' : report.result === 'H1' ? 'H1' : 'H0';
    await this.store.updateMatch(version.id, state, report);
    if (state !== 'running') this.matches.delete(version.id);
  }

  /**
   * A round's games judged against perfect play where the game's solver settles them quickly (runtime/judge.ts),
   * before they are stored: each version's page shows its accuracy. Stopped by a close: the moves left unknown.
   */
  private async judged(game: AnyGame, schedule: Schedule, records: GameRecord[]): Promise<GameRecord[]> {
    if (!judgesRuns(game, schedule.size)) return records;
    const judge = new Judge(this.options.pool(), game, schedule.size);
    const judging = { cancel: () => judge.stop() };
    this.current.add(judging);
    try {
      return await judge.records(records);
    } finally {
      this.current.delete(judging);
    }
  }

  /** A game's whole-history ratings, from every rated and match game. */
  private async fit(gameId: string): Promise<void> {
    const started = performance.now();
    const pairs = await this.store.pairResults(gameId);
    const bots = [...new Set(pairs.flatMap((pair) => [pair.a, pair.b]))];
    const results: PairResult[] = pairs.map((pair) => {
      const tally = { wins: pair.wins, draws: pair.draws, losses: pair.losses };
      return { ...pair, games: pair.wins + pair.draws + pair.losses, margin: 0, first: tally, second: { wins: 0, draws: 0, losses: 0 } };
    });
    await this.store.setRatings(await requestRatings(this.options.pool(), bots, results, 'per bot').promise);
    this.fitted.set(gameId, { at: performance.now(), ms: performance.now() - started });
  }
}

/** The most validation games played at once. */
const VALIDATIONS_AT_ONCE = 4;

/** The versions to validate now, of those waiting (oldest first): each account's oldest, a few in all. */
function validationTurn(waiting: readonly LadderVersion[]): LadderVersion[] {
  const accounts = new Set<string>();
  const turn: LadderVersion[] = [];
  for (const version of waiting) {
    // The server's own entries (a worker's engines) have no account: each is its own.
    const account = version.owner ?? version.id;
    if (accounts.has(account) || turn.length >= VALIDATIONS_AT_ONCE) continue;
    accounts.add(account);
    turn.push(version);
  }
  return turn;
}

/** The versions' ids of a schedule's seats (named by seatOf). */
function seatVersions(versions: readonly LadderVersion[]): (seats: readonly string[]) => [string, string] {
  const byName = new Map(versions.map((version) => [seatOf(version), version.id]));
  return (seats) => [byName.get(seats[0])!, byName.get(seats[1])!];
}

/** The games of a schedule of versions, their seats named by the versions' ids. */
function played(records: readonly GameRecord[], versions: readonly LadderVersion[]): PlayedGame[] {
  const versionsOf = seatVersions(versions);
  return records.map((record) => ({ seats: versionsOf(record.seats), record }));
}
