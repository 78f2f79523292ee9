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

export function runEngineSchedule(
  pool: WorkerPool,
  game: AnyGame,
  schedule: Schedule,
  engines: readonly EngineSpec[],
  start: EngineStarter,
  time: TimeControl,
  onGame: (index: number, record: GameRecord, progress: RunProgress) => void = () => {},
  indices: readonly number[] = schedule.games.map((_, i) => i),
  onBatch: () => void = () => {},
  /** Each move as it is played: the game's moves so far (the ladder's games are watched live). */
  onMove: (index: number, moves: readonly MoveRecord[]) => void = () => {},
): Run {
  const byName = new Map(engines.map((engine) => [engine.name, engine]));
  const known = [...game.bots, ...engines.map(engineBotInfo)];
  const started = performance.now();
  const records: (GameRecord | undefined)[] = Array(schedule.games.length).fill(undefined);
  const size = schedule.size !== undefined && game.sizes ? sizeLabel(game.sizes, schedule.size) : undefined;
  const slots = Array.from({ length: pool.size }, () => new EngineSlot(game, byName, start, size));
  const moves = new Set<Job<unknown>>();
  let next = 0;
  let done = 0;
  let cancelled = false;

  async function playGame(index: number, slot: EngineSlot): Promise<GameRecord | undefined> {
    const { rules } = game;
    const scheduled = schedule.games[index];
    const players = scheduled.seats.map((text) => ({ text, config: parseBotConfig(known, text) }));
    let position = rules.parse(scheduled.start);
    const played: MoveRecord[] = [];
    const clock = new GameClock(time);
    /** The record with what the game's engines wrote during it. */
    const withLogs = async (record: GameRecord): Promise<GameRecord> => {
      // Lines an engine wrote on its standard error just before its last move may still be in the pipe: one turn
      // of the event loop reads them.
      const ids = players.map(({ config }) => config.id);
      if (!ids.some((id) => byName.has(id))) return record;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const logs = ([0, 1] as const).map((seat) => (byName.has(ids[seat]) ? slot.takeErrors(ids[seat], seat) : ''));
      return logs.some(Boolean) ? { ...record, logs: [logs[0], logs[1]] } : record;
    };
    const lose = async (seat: 0 | 1, name: string, reason: ForfeitReason, detail: string): Promise<GameRecord> => {
      const record = await withLogs({
        start: scheduled.start,
        seats: [scheduled.seats[0], scheduled.seats[1]],
        moves: played,
        winner: (1 - seat) as 0 | 1,
        margin: 0,
        forfeit: { seat, reason, detail },
      });
      slot.discard(name, seat);
      return record;
    };
    // Each engine of the game learns its seat and its parameters.
    for (const seat of [0, 1] as const) {
      const { config } = players[seat];
      if (!byName.has(config.id)) continue;
      try {
        (await slot.engine(config.id, seat)).newGame(seat, config.params);
      } catch (error) {
        if (error instanceof EngineFault) return lose(seat, config.id, error.reason, error.detail);
        throw error;
      }
    }
    for (let outcome = rules.outcome(position); !outcome; outcome = rules.outcome(position)) {
      if (cancelled) return undefined;
      const seat = rules.seatToMove(position);
      const { text, config } = players[seat];
      const notation = rules.format(position);
      if (byName.has(config.id)) {
        const view = rules.seatView?.(position, seat) ?? notation;
        let engine: Engine;
        try {
          engine = await slot.engine(config.id, seat);
        } catch (error) {
          if (error instanceof EngineFault) return lose(seat, config.id, error.reason, error.detail);
          throw error;
        }
        let answer: Awaited<ReturnType<Engine['move']>>;
        const moveStarted = performance.now();
        try {
          answer = await engine.move(view, clock.moveTime(seat), deriveSeed(scheduled.seed, view));
        } catch (error) {
          if (cancelled) return undefined;
          if (error instanceof EngineFault) return lose(seat, config.id, error.reason, error.detail);
          throw error;
        }
        let next: unknown;
        try {
          next = rules.play(position, rules.parseMove(answer.move));
        } catch (error) {
          return lose(seat, config.id, 'illegal-move', `${answer.move} in ${view}: ${(error as Error).message}`);
        }
        const ms = performance.now() - moveStarted;
        played.push({ move: answer.move, nodes: answer.info?.nodes ?? 0, ms, depth: answer.info?.depth ?? 0, loss: null });
        onMove(index, played);
        if (!clock.spend(seat, ms)) return withLogs(lostOnTime(scheduled.start, scheduled.seats, played, seat, ms, clock));
        position = next;
      } else {
        const budget = { ms: clock.moveTime(seat).ms };
        const job = requestMove(pool, { game: rules.id, bot: text, position: notation, seed: deriveSeed(scheduled.seed, notation), budget });
        moves.add(job);
        let answer: Awaited<typeof job.promise>;
        try {
          answer = await job.promise;
        } catch (error) {
          if (error instanceof CancelledError) return undefined;
          throw error;
        } finally {
          moves.delete(job);
        }
        played.push({ move: answer.move, nodes: answer.report.nodes, ms: answer.report.ms, depth: answer.report.iterations.at(-1)?.depth ?? 0, loss: null });
        onMove(index, played);
        if (!clock.spend(seat, answer.report.ms)) return withLogs(lostOnTime(scheduled.start, scheduled.seats, played, seat, answer.report.ms, clock));
        position = rules.play(position, rules.parseMove(answer.move));
      }
    }
    const outcome = rules.outcome(position)!;
    return withLogs({
      start: scheduled.start,
      seats: [scheduled.seats[0], scheduled.seats[1]],
      moves: played,
      winner: outcome.winner,
      margin: outcome.margin ?? 0,
    });
  }

  /** One slot: its games one after another, while there are games left. */
  async function work(slot: EngineSlot): Promise<void> {
    while (!cancelled && next < indices.length) {
      const index = indices[next++];
      const record = await playGame(index, slot);
      if (!record) continue;
      records[index] = record;
      done++;
      onGame(index, record, { done, total: indices.length, elapsedMs: performance.now() - started });
      onBatch();
    }
  }

  let failure: unknown;
  const cancel = () => {
    cancelled = true;
    for (const job of moves) job.cancel();
    for (const slot of slots) slot.stopAll();
  };
  const finished = Promise.all(
    slots.map((slot) =>
      work(slot).catch((error: unknown) => {
        failure ??= error;
        cancel();
      }),
    ),
  ).then(() => {
    for (const slot of slots) slot.stopAll();
    if (failure) throw failure;
    return records;
  });
  return { finished, cancel };
}
