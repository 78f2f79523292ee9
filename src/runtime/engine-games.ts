// Arena games with engines (docs/engine-protocol.md) or bot modules: played on this thread, which holds the
// engines (child processes in Node, bot module workers in Node or in a page); our bots' moves are searched on the
// worker pool as in any run, with the same seeds, so they are the moves they would be anywhere. As many games go at once as the pool has workers, each
// with engine processes of its own, started on first use and again after a fault. A fault is the engine's
// forfeit: the game ends there and is recorded with it, and the run goes on.

import { type ForfeitReason, type GameRecord, lostOnTime, type MoveRecord } from '../arena/play-out';
import { GameClock, type TimeControl } from '../arena/time-control';
import type { Schedule } from '../arena/schedule';
import { parseBotConfig } from '../contracts/bot-config';
import { type AnyGame, type BotInfo, sizeLabel } from '../contracts/game';
import { deriveSeed } from '../contracts/rng';
import { type Engine, EngineFault, type EngineIdentity } from '../engines/engine';
import { CancelledError, type Job, type WorkerPool } from './pool';
import { requestMove } from './requests';
import type { Run, RunProgress } from './run-schedule';

/** An engine of a run: the name its configurations use, the command that runs it, what it said of itself. */
export interface EngineSpec {
  readonly name: string;
  readonly command: string;
  readonly identity: EngineIdentity;
}

/** An engine as a bot the arena can check configurations against (`mine:depth=4`). */
export function engineBotInfo(engine: EngineSpec): BotInfo {
  return {
    id: engine.name,
    label: engine.identity.name,
    description: `an engine: ${engine.command}`,
    params: engine.identity.params.map((param) => ({ ...param, label: param.label ?? param.name })),
  };
}

/**
 * Starts an engine from its command for a game (and the board size its games are of, as the game writes sizes,
 * for games that have them): a process in Node, a bot module's worker.
 */
export type EngineStarter = (command: string, game: string, size?: string) => Promise<{ engine: Engine; identity: EngineIdentity }>;

/** Starts an engine once to learn its name and parameters (the answer to hello). */
export async function identifyEngine(start: EngineStarter, game: AnyGame, name: string, command: string): Promise<EngineSpec> {
  const { engine, identity } = await start(command, game.rules.id);
  engine.stop();
  return { name, command, identity };
}

/**
 * The engine processes of one game slot, one for each seat an engine sits in (an engine playing itself is two
 * processes, each with its own seat and parameters, as two people's engines would be), started when first needed
 * and again after a fault.
 */
class EngineSlot {
  private readonly running = new Map<string, { engine: Promise<Engine>; started?: Engine }>();

  constructor(
    private readonly game: AnyGame,
    private readonly engines: ReadonlyMap<string, EngineSpec>,
    private readonly start: EngineStarter,
    private readonly size: string | undefined,
  ) {}

  engine(name: string, seat: 0 | 1): Promise<Engine> {
    const key = `${seat} ${name}`;
    const running = this.running.get(key);
    if (running) return running.engine;
    const entry: { engine: Promise<Engine>; started?: Engine } = {
      engine: this.start(this.engines.get(name)!.command, this.game.rules.id, this.size).then(({ engine }) => (entry.started = engine)),
    };
    this.running.set(key, entry);
    entry.engine.catch(() => this.running.delete(key));
    return entry.engine;
  }

  /** What a seat's engine wrote since it was last asked ('' if it has not started). */
  takeErrors(name: string, seat: 0 | 1): string {
    return this.running.get(`${seat} ${name}`)?.started?.takeErrors() ?? '';
  }

  /** An engine that failed is stopped; the next game starts it afresh. */
  discard(name: string, seat: 0 | 1): void {
    this.stop(`${seat} ${name}`);
  }

  stopAll(): void {
    for (const key of [...this.running.keys()]) this.stop(key);
  }

  private stop(key: string): void {
    const entry = this.running.get(key);
    this.running.delete(key);
    void entry?.engine.then(
      (engine) => engine.stop(),
      () => {},
    );
  }
}

/** A game under way in an engine run: its schedule entry, its players, the slot whose engines play it, its moves and clock. */
interface GameInPlay {
  readonly index: number;
  readonly scheduled: Schedule['games'][number];
  readonly players: readonly { readonly text: string; readonly config: ReturnType<typeof parseBotConfig> }[];
  readonly slot: EngineSlot;
  readonly played: MoveRecord[];
  readonly clock: GameClock;
}

/** A move played: the game goes on from `position`; or the game is over with `record` (a forfeit, a loss on time), or cancelled (undefined). */
type Step = { readonly position: unknown } | { readonly record: GameRecord | undefined };

/** A schedule with engines or bot modules among its bots, played as the file's head says. */
export class EngineScheduleRun implements Run {
  readonly finished: Promise<(GameRecord | undefined)[]>;
  private readonly byName: ReadonlyMap<string, EngineSpec>;
  private readonly known: readonly BotInfo[];
  private readonly started = performance.now();
  private readonly records: (GameRecord | undefined)[];
  /** As many as the pool has workers, each with engines of its own. */
  private readonly slots: EngineSlot[];
  /** Our bots' moves being searched, cancelled with the run. */
  private readonly moves = new Set<Job<unknown>>();
  private next = 0;
  private done = 0;
  private cancelled = false;

  constructor(
    private readonly pool: WorkerPool,
    private readonly game: AnyGame,
    private readonly schedule: Schedule,
    engines: readonly EngineSpec[],
    start: EngineStarter,
    private readonly time: TimeControl,
    private readonly onGame: (index: number, record: GameRecord, progress: RunProgress) => void = () => {},
    private readonly indices: readonly number[] = schedule.games.map((_, i) => i),
    private readonly onBatch: () => void = () => {},
    /** Each move as it is played: the game's moves so far (the ladder's games are watched live). */
    private readonly onMove: (index: number, moves: readonly MoveRecord[]) => void = () => {},
  ) {
    this.byName = new Map(engines.map((engine) => [engine.name, engine]));
    this.known = [...game.bots, ...engines.map(engineBotInfo)];
    this.records = Array(schedule.games.length).fill(undefined);
    const size = schedule.size !== undefined && game.sizes ? sizeLabel(game.sizes, schedule.size) : undefined;
    this.slots = Array.from({ length: pool.size }, () => new EngineSlot(game, this.byName, start, size));
    let failure: unknown;
    this.finished = Promise.all(
      this.slots.map((slot) =>
        this.work(slot).catch((error: unknown) => {
          failure ??= error;
          this.cancel();
        }),
      ),
    ).then(() => {
      for (const slot of this.slots) slot.stopAll();
      if (failure) throw failure;
      return this.records;
    });
  }

  cancel(): void {
    this.cancelled = true;
    for (const job of this.moves) job.cancel();
    for (const slot of this.slots) slot.stopAll();
  }

  /** One slot: its games one after another, while there are games left. */
  private async work(slot: EngineSlot): Promise<void> {
    while (!this.cancelled && this.next < this.indices.length) {
      const index = this.indices[this.next++];
      const record = await this.playGame(index, slot);
      if (!record) continue;
      this.records[index] = record;
      this.done++;
      this.onGame(index, record, { done: this.done, total: this.indices.length, elapsedMs: performance.now() - this.started });
      this.onBatch();
    }
  }

  private async playGame(index: number, slot: EngineSlot): Promise<GameRecord | undefined> {
    const { rules } = this.game;
    const scheduled = this.schedule.games[index];
    const players = scheduled.seats.map((text) => ({ text, config: parseBotConfig(this.known, text) }));
    const game: GameInPlay = { index, scheduled, players, slot, played: [], clock: new GameClock(this.time) };
    // Each engine of the game learns its seat and its parameters.
    for (const seat of [0, 1] as const) {
      const { config } = players[seat];
      if (!this.byName.has(config.id)) continue;
      try {
        (await slot.engine(config.id, seat)).newGame(seat, config.params);
      } catch (error) {
        if (error instanceof EngineFault) return this.lose(game, seat, config.id, error.reason, error.detail);
        throw error;
      }
    }
    let position = rules.parse(scheduled.start);
    for (let outcome = rules.outcome(position); !outcome; outcome = rules.outcome(position)) {
      if (this.cancelled) return undefined;
      const seat = rules.seatToMove(position);
      const step = this.byName.has(players[seat].config.id) ? await this.engineMove(game, position, seat) : await this.botMove(game, position, seat);
      if ('record' in step) return step.record;
      position = step.position;
    }
    const outcome = rules.outcome(position)!;
    return this.withLogs(game, {
      start: scheduled.start,
      seats: [scheduled.seats[0], scheduled.seats[1]],
      moves: game.played,
      winner: outcome.winner,
      margin: outcome.margin ?? 0,
    });
  }

  /** An engine's move, from the position as its seat sees it; a fault of the engine, or an illegal move, is its forfeit. */
  private async engineMove(game: GameInPlay, position: unknown, seat: 0 | 1): Promise<Step> {
    const { rules } = this.game;
    const { config } = game.players[seat];
    const view = rules.seatView?.(position, seat) ?? rules.format(position);
    let answer: Awaited<ReturnType<Engine['move']>>;
    const moveStarted = performance.now();
    try {
      const engine = await game.slot.engine(config.id, seat);
      answer = await engine.move(view, game.clock.moveTime(seat), deriveSeed(game.scheduled.seed, view));
    } catch (error) {
      if (this.cancelled) return { record: undefined };
      if (error instanceof EngineFault) return { record: await this.lose(game, seat, config.id, error.reason, error.detail) };
      throw error;
    }
    let next: unknown;
    try {
      next = rules.play(position, rules.parseMove(answer.move));
    } catch (error) {
      return { record: await this.lose(game, seat, config.id, 'illegal-move', `${answer.move} in ${view}: ${(error as Error).message}`) };
    }
    const ms = performance.now() - moveStarted;
    return this.played(game, seat, { move: answer.move, nodes: answer.info?.nodes ?? 0, ms, depth: answer.info?.depth ?? 0, loss: null }, next);
  }

  /** Our bot's move, searched on the pool as in any run. */
  private async botMove(game: GameInPlay, position: unknown, seat: 0 | 1): Promise<Step> {
    const { rules } = this.game;
    const notation = rules.format(position);
    const budget = { ms: game.clock.moveTime(seat).ms };
    const job = requestMove(this.pool, {
      game: rules.id,
      bot: game.players[seat].text,
      position: notation,
      line: { start: game.scheduled.start, moves: game.played.map((move) => move.move) },
      seed: deriveSeed(game.scheduled.seed, notation),
      budget,
    });
    this.moves.add(job);
    let answer: Awaited<typeof job.promise>;
    try {
      answer = await job.promise;
    } catch (error) {
      if (error instanceof CancelledError) return { record: undefined };
      throw error;
    } finally {
      this.moves.delete(job);
    }
    const { report } = answer;
    const move = { move: answer.move, nodes: report.nodes, ms: report.ms, depth: report.iterations.at(-1)?.depth ?? 0, loss: null };
    return this.played(game, seat, move, rules.play(position, rules.parseMove(answer.move)));
  }

  /** A move made: told to onMove, and its time spent (past the seat's time, the game is lost on time). */
  private async played(game: GameInPlay, seat: 0 | 1, move: MoveRecord, next: unknown): Promise<Step> {
    game.played.push(move);
    this.onMove(game.index, game.played);
    if (!game.clock.spend(seat, move.ms))
      return { record: await this.withLogs(game, lostOnTime(game.scheduled.start, game.scheduled.seats, game.played, seat, move.ms, game.clock)) };
    return { position: next };
  }

  /** The game lost by a seat's engine (its fault), which is stopped: the slot starts it afresh for the next game. */
  private async lose(game: GameInPlay, seat: 0 | 1, name: string, reason: ForfeitReason, detail: string): Promise<GameRecord> {
    const { start, seats } = game.scheduled;
    const record = await this.withLogs(game, {
      start,
      seats: [seats[0], seats[1]],
      moves: game.played,
      winner: (1 - seat) as 0 | 1,
      margin: 0,
      forfeit: { seat, reason, detail },
    });
    game.slot.discard(name, seat);
    return record;
  }

  /** The record with what the game's engines wrote during it. */
  private async withLogs(game: GameInPlay, record: GameRecord): Promise<GameRecord> {
    // Lines an engine wrote on its standard error just before its last move may still be in the pipe: one turn
    // of the event loop reads them.
    const ids = game.players.map(({ config }) => config.id);
    if (!ids.some((id) => this.byName.has(id))) return record;
    await new Promise((resolve) => setTimeout(resolve, 0));
    const logs = ([0, 1] as const).map((seat) => (this.byName.has(ids[seat]) ? game.slot.takeErrors(ids[seat], seat) : ''));
    return logs.some(Boolean) ? { ...record, logs: [logs[0], logs[1]] } : record;
  }
}
