// The host's side of a JavaScript bot module (docs/bot-modules.md): the module runs in a worker of its own (a
// Web Worker in a page, a worker thread in Node; submitted code in the sandbox inside such a worker), so that a
// bot that loops forever is ended by terminating its worker, and nothing it does reaches the host but its answers. Faults are the engine faults: `no-hello` (it
// does not load in time), `crash` (an error in its code, named by line, or its worker ended), `time`.

import { type Remote, transfer } from 'comlink';
import * as v from 'valibot';
import type { BotWorkerApi } from './bot-shape';
import { type ChooseAnswer, ChooseAnswerSchema, REPORTS_END } from './bot-shape';
import type { MoveTime } from '../arena/time-control';
import { type Engine, type EngineIdentity, type EngineMove, EngineFault, HELLO_MS, MOVE_LIMIT_MS, moveDeadline } from './engine';
import { LOG_KEPT } from '../arena/play-out';
import { type EngineInfo, EngineInfoSchema } from './protocol';

/** A worker running workers/bot-*.ts, and how to end it. */
export interface BotWorker {
  readonly api: Remote<BotWorkerApi>;
  terminate(): void;
  /** Called once if the worker ends by itself (an uncaught error, process.exit in Node). */
  onExit(listener: (why: string) => void): void;
}

/** How long the reports a move sent before its answer may still take to come after it. */
const REPORTS_GRACE_MS = 1000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class ModuleEngine implements Engine {
  private seat: 0 | 1 = 0;
  private params: Readonly<Record<string, number>> = {};
  private fault?: EngineFault;
  private exited?: (fault: EngineFault) => void;
  private log = '';

  private constructor(private readonly worker: BotWorker) {
    worker.onExit((why) => this.fail(new EngineFault('crash', `the bot's worker ended: ${why}`)));
  }

  /** Starts a worker and loads the module at `url` (its `source` names the line of a syntax error). */
  static async start(url: string, source: string, game: string, spawn: () => BotWorker): Promise<{ engine: ModuleEngine; identity: EngineIdentity }> {
    const engine = new ModuleEngine(spawn());
    try {
      const identity = await engine.within(HELLO_MS, 'no-hello', `it did not load within ${HELLO_MS} ms`, () => engine.worker.api.load(url, source, game));
      return { engine, identity };
    } catch (error) {
      engine.stop();
      throw error;
    }
  }

  newGame(seat: 0 | 1, params: Readonly<Record<string, number>>): void {
    this.seat = seat;
    this.params = params;
  }

  async move(position: string, time: MoveTime, seed: number, onInfo?: (info: EngineInfo) => void): Promise<EngineMove> {
    const limit = moveDeadline(time);
    // `limitMs`, the move's whole time, is for a sandbox: it interrupts the move there itself.
    const request = { position, ms: time.ms || time.limitMs || MOVE_LIMIT_MS, limitMs: limit, seed, seat: this.seat, params: this.params };
    const reports = onInfo && new MessageChannel();
    const ended = reports && this.listen(reports.port1, onInfo!);
    let answered: unknown;
    try {
      answered = await this.within(limit, 'time', `no move within ${limit} ms`, () =>
        this.worker.api.choose(request, reports && transfer(reports.port2, [reports.port2])),
      );
      // The reports still on their way come first (bounded: a worker that never ends them does not hold the game).
      if (ended) await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, REPORTS_GRACE_MS))]);
    } finally {
      reports?.port1.close();
    }
    // The module may have written to its worker's port itself: only an answer of the schema is one.
    const parsed = v.safeParse(ChooseAnswerSchema, answered);
    if (!parsed.success) {
      const fault = new EngineFault('protocol', `the bot's worker answered something that is no move's answer (${parsed.issues[0].message})`);
      this.fail(fault);
      throw fault;
    }
    const answer: ChooseAnswer = parsed.output;
    if (answer.log.length > 0) this.log = `${this.log}${answer.log.join('\n')}\n`.slice(-LOG_KEPT);
    if (answer.illegal) throw new EngineFault('illegal-move', answer.illegal);
    return { move: answer.move, ...(answer.info ? { info: answer.info } : {}) };
  }

  /**
   * Reads the move's `info` reports from a port through their schema (the module can write anything there): the
   * host exposes nothing of its own to the worker, no function to call, no object to set.
   */
  private listen(port: MessagePort, onInfo: (info: EngineInfo) => void): Promise<void> {
    return new Promise((ended) => {
      port.addEventListener('message', (event) => {
        const data = (event as MessageEvent).data;
        if (data === REPORTS_END) return ended();
        const info = v.safeParse(EngineInfoSchema, data);
        if (info.success) onInfo(info.output);
      });
      port.start();
    });
  }

  takeErrors(): string {
    const written = this.log;
    this.log = '';
    return written;
  }

  stop(): void {
    this.fail(new EngineFault('crash', 'the bot was stopped'));
  }

  /** Runs a call to the worker with a time limit; past it, or on an error of the bot's code, the engine is done. */
  private within<T>(ms: number, late: 'time' | 'no-hello', lateDetail: string, call: () => Promise<T>): Promise<T> {
    if (this.fault) return Promise.reject(this.fault);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new EngineFault(late, lateDetail)), ms);
      this.exited = (fault) => {
        clearTimeout(timer);
        reject(fault);
      };
      call().then(
        (value) => {
          clearTimeout(timer);
          this.exited = undefined;
          resolve(value);
        },
        // A sandbox that interrupted the move at its limit says so by the error's name.
        (error: unknown) => this.fail(new EngineFault((error as Error)?.name === 'SandboxTimeLimit' ? late : 'crash', message(error))),
      );
    });
  }

  private fail(fault: EngineFault): void {
    if (this.fault) return;
    this.fault = fault;
    this.worker.terminate();
    this.exited?.(fault);
    this.exited = undefined;
  }
}
