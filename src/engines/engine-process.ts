// The host's side of the engine protocol: an engine as a child process (a command run by the shell), its
// `hello`, its games and its moves, each move with its time. Whatever goes wrong on the engine's side is an
// EngineFault with its reason: `no-hello` (no answer to hello), `time` (no move within the time and its margin),
// `crash` (the process ended, or could not start), `protocol` (a line that is not one object of the protocol).
// Its standard error is kept, the last 16 KB, for the record of the game it was written in.
//
// The command runs in a process group of its own, and the group is what is killed: the shell that runs the command
// may have started the engine as its child (dash does), and a child left behind would keep its pipes, and so the
// host, alive. A process it started that left the group (setsid, a daemon) is found by a mark in its environment,
// which it inherited (Linux: /proc), and killed with it. An engine that ignores `quit` and its closed standard
// input is killed a second later, and none outlives the host.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { MoveTime } from '../arena/time-control';
import { type Engine, type EngineIdentity, type EngineMove, EngineFault, HELLO_MS, moveDeadline } from './engine';
import { LOG_KEPT } from '../arena/play-out';
import { LineSplitter } from '../io/lines';
import { parseEngineMessage, PROTOCOL_VERSION, type EngineInfo, type EngineMessage } from './protocol';

/** An engine line longer than this is a protocol fault. */
const MAX_LINE_BYTES = 64 * 1024;
/** How long an engine told to quit has before it is killed. */
const QUIT_GRACE_MS = 1000;

/** The variable that marks an engine's processes (each engine its own value), in their environment. */
const MARK = 'AI_PLAYGROUND_ENGINE';

/** The engines still running (their process group and mark), killed when the host exits (whatever the way out). */
const running = new Map<number, string>();
process.once('exit', () => {
  for (const [group, mark] of running) killEngine(group, mark);
});

/** Kills an engine's process group, and every process that carries its mark (those that left the group). */
function killEngine(group: number, mark: string): void {
  const kill = (pid: number) => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  };
  kill(-group);
  for (const pid of markedProcesses(`${MARK}=${mark}`)) kill(pid);
}

/** The processes whose environment holds `entry` (none where /proc is not there to say). */
function markedProcesses(entry: string): number[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(entry) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

type Waiter = { resolve: (message: EngineMessage) => void; reject: (fault: EngineFault) => void; onInfo?: (info: EngineInfo) => void };

export class EngineProcess implements Engine {
  private readonly child: ChildProcess;
  private waiter?: Waiter;
  private fault?: EngineFault;
  private stderr = '';
  /** This engine's mark on its processes. */
  private readonly mark = randomUUID();

  private constructor(command: string) {
    this.child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], detached: true, env: { ...process.env, [MARK]: this.mark } });
    const group = this.child.pid;
    if (group !== undefined) {
      running.set(group, this.mark);
      // The shell has ended: whatever it started goes with it.
      this.child.once('exit', () => {
        killEngine(group, this.mark);
        running.delete(group);
      });
    }
    const splitter = new LineSplitter(MAX_LINE_BYTES);
    this.child.stdout!.on('data', (chunk: Buffer) => {
      for (const line of splitter.push(chunk)) this.receive(line);
      // A line past the bound is junk already, whether or not it ever ends.
      if (splitter.overflowing > 0) this.fail(new EngineFault('protocol', `it wrote a line of over ${MAX_LINE_BYTES} bytes`));
    });
    this.child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-LOG_KEPT);
    });
    this.child.stdin!.on('error', () => {}); // a write to an engine that has gone: its exit says so
    this.child.on('error', (error) => this.fail(new EngineFault('crash', `the engine could not start: ${error.message}`)));
    // Once its pipes are closed too, so that the last line it wrote (often why it ended) is read and said.
    this.child.on('close', (code, signal) => {
      const last = this.stderr.trimEnd().split('\n').at(-1)?.slice(0, 300);
      this.fail(new EngineFault('crash', `the engine exited (${signal ?? `code ${code}`})${last ? `: ${last}` : ''}`));
    });
  }

  /** Starts the engine and greets it; rejects with a fault when it does not answer as an engine. */
  static async start(command: string, game: string, size?: string): Promise<{ engine: EngineProcess; identity: EngineIdentity }> {
    const engine = new EngineProcess(command);
    try {
      const hello = { type: 'hello', protocol: PROTOCOL_VERSION, game, ...(size === undefined ? {} : { size }) } as const;
      const answer = await engine.ask(hello, HELLO_MS, 'no-hello');
      if (!('name' in answer)) throw new EngineFault('no-hello', `it answered hello with ${JSON.stringify(answer)}`);
      return { engine, identity: { name: answer.name, author: answer.author, params: answer.params ?? [] } };
    } catch (error) {
      engine.stop();
      throw error;
    }
  }

  newGame(seat: 0 | 1, params: Readonly<Record<string, number>>): void {
    this.send({ type: 'newgame', seat, params });
  }

  async move(position: string, time: MoveTime, seed: number, onInfo?: (info: EngineInfo) => void): Promise<EngineMove> {
    const clock = time.clockMs === undefined ? {} : { clock: time.clockMs, increment: time.incrementMs ?? 0 };
    const answer = await this.ask({ type: 'move', position, ms: time.ms, ...clock, seed }, moveDeadline(time), 'time', onInfo);
    if (!('move' in answer)) throw new EngineFault('protocol', `it answered a move with ${JSON.stringify(answer)}`);
    return answer;
  }

  takeErrors(): string {
    const written = this.stderr;
    this.stderr = '';
    return written;
  }

  stop(): void {
    this.fault ??= new EngineFault('crash', 'the engine was stopped');
    this.send({ type: 'quit' });
    this.child.stdin?.end();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const timer = setTimeout(() => this.kill(), QUIT_GRACE_MS);
    this.child.once('exit', () => clearTimeout(timer));
  }

  /** Kills the engine's whole process group (the shell and what it started), and what left it. */
  private kill(): void {
    if (this.child.pid !== undefined) killEngine(this.child.pid, this.mark);
  }

  private send(message: object): void {
    if (this.child.stdin?.writable) this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private ask(message: object, ms: number, late: 'time' | 'no-hello', onInfo?: (info: EngineInfo) => void): Promise<EngineMessage> {
    if (this.fault) return Promise.reject(this.fault);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        const fault = new EngineFault(late, late === 'time' ? `no move within ${ms} ms` : `no answer to hello within ${ms} ms`);
        this.fail(fault);
        reject(fault);
      }, ms);
      const settle =
        <T>(then: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          this.waiter = undefined;
          then(value);
        };
      this.waiter = { resolve: settle(resolve), reject: settle(reject), onInfo };
      this.send(message);
    });
  }

  private receive(line: { text: string } | { tooLong: number }): void {
    if ('text' in line && line.text.trim() === '') return;
    const message = 'text' in line ? parseEngineMessage(line.text) : null;
    if (!message) {
      const shown = 'text' in line ? JSON.stringify(line.text.slice(0, 200)) : `a line of ${line.tooLong} bytes`;
      return this.fail(new EngineFault('protocol', `it wrote ${shown}, not one JSON object of the protocol`));
    }
    const waiter = this.waiter;
    if (!waiter) {
      // Nothing asked: an info line after a move is let be, but a move nobody asked for would be taken for the
      // answer to the next question.
      if ('move' in message) this.fail(new EngineFault('protocol', `it answered a move it was not asked for: ${JSON.stringify(message).slice(0, 200)}`));
      return;
    }
    if ('info' in message && !('move' in message)) return waiter.onInfo?.(message.info);
    waiter.resolve(message);
  }

  /** The engine can no longer be trusted: what waits is rejected, and it is stopped. */
  private fail(fault: EngineFault): void {
    if (this.fault) return;
    this.fault = fault;
    this.waiter?.reject(fault);
    this.kill();
  }
}
