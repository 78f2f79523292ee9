// An engine: a bot of someone else's that the arena plays through a narrow door, a process speaking the engine
// protocol (docs/engine-protocol.md) or a JavaScript bot module in a worker (docs/bot-modules.md). Whatever goes
// wrong on the other side of the door is an EngineFault, which the arena scores as the engine's forfeit.

import type { ForfeitReason } from '../arena/play-out';
import { type MoveTime, TIME_MARGIN_MS } from '../arena/time-control';
import type { EngineInfo } from './protocol';

export class EngineFault extends Error {
  constructor(
    readonly reason: ForfeitReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'EngineFault';
  }
}

/** What an engine says of itself in answer to hello. */
export interface EngineIdentity {
  readonly name: string;
  readonly author?: string;
  readonly params: readonly { name: string; label?: string; min: number; max: number; default: number }[];
}

/** How long an engine has to answer hello; a move without a time limit has MOVE_LIMIT_MS (and the margin of time-control.ts). */
export const HELLO_MS = 5000;
export const MOVE_LIMIT_MS = 30_000;

export interface EngineMove {
  readonly move: string;
  readonly info?: EngineInfo;
}

export interface Engine {
  /** A new game: the engine's seat (0 moves first) and the values of its declared parameters. */
  newGame(seat: 0 | 1, params: Readonly<Record<string, number>>): void;
  /**
   * The engine's move for a position (the seat's view of it), within the move's limit (none: MOVE_LIMIT_MS) and
   * the margin; `seed` is for engines that take one (a bot module's `random`); live figures go to onInfo. A
   * fault rejects.
   */
  move(position: string, time: MoveTime, seed: number, onInfo?: (info: EngineInfo) => void): Promise<EngineMove>;
  /** What the engine wrote on its standard error (a bot module: its log) since the last call, its last 16 KB. */
  takeErrors(): string;
  /** Asks the engine to quit, and makes sure it does. */
  stop(): void;
}

/** How long the host waits for a move before it is the engine's fault. */
export function moveDeadline(time: MoveTime): number {
  return (time.limitMs || MOVE_LIMIT_MS) + TIME_MARGIN_MS;
}
