// The time a game's bots have, as cutechess-cli sets it: a fixed time per move (`--ms`), a clock per side for the
// whole game (`--clock`) with an increment added after each move (`--increment`), or both (each move then has the
// smaller of its fixed time and what the clock can spare). Running out of clock, past a margin, loses the game.

/** Every field in milliseconds; a missing or zero field is no limit. */
export interface TimeControl {
  readonly moveMs?: number;
  readonly clockMs?: number;
  readonly incrementMs?: number;
}

/** How far past its time a bot may answer before it forfeits: the time a message takes to cross is not its fault. */
export const TIME_MARGIN_MS = 500;

/** A clock's share for one move: a twentieth of what is left and most of the increment, never more than is left. */
const CLOCK_SHARE = 20;

/** The time of one move: what the bot is told to spend, the hard limit it forfeits past, and its clock if it has one. */
export interface MoveTime {
  /** The time to spend on this move (0: no limit). */
  readonly ms: number;
  /** Past this (and the margin) the move is forfeited (0: no limit). */
  readonly limitMs: number;
  /** What is left on the bot's clock, and its increment, when the game has a clock. */
  readonly clockMs?: number;
  readonly incrementMs?: number;
}

/** The two seats' clocks of one game. */
export class GameClock {
  private readonly left: [number, number];

  constructor(private readonly control: TimeControl) {
    const clock = control.clockMs || Number.POSITIVE_INFINITY;
    this.left = [clock, clock];
  }

  /** The time of the next move of a seat. */
  moveTime(seat: 0 | 1): MoveTime {
    const { moveMs = 0, clockMs = 0, incrementMs = 0 } = this.control;
    if (!clockMs) return { ms: moveMs, limitMs: moveMs };
    // Whole milliseconds, at least 1: a limit of 0 would be none.
    const left = Math.max(1, Math.floor(this.left[seat]));
    const share = Math.max(1, Math.min(left, Math.floor(left / CLOCK_SHARE + 0.8 * incrementMs)));
    return { ms: moveMs ? Math.min(moveMs, share) : share, limitMs: moveMs ? Math.min(moveMs, left) : left, clockMs: left, incrementMs };
  }

  /**
   * Charges a move's time to its seat's clock; false when the clock is out (past the margin). A fixed time per
   * move is the engines' to keep (their host stops waiting past it); our bots' searches stop at it themselves.
   */
  spend(seat: 0 | 1, ms: number): boolean {
    const { clockMs = 0, incrementMs = 0 } = this.control;
    if (!clockMs) return true;
    // The margin is a tolerance, not time given: a clock that went below zero stays there.
    this.left[seat] -= ms;
    if (this.left[seat] < -TIME_MARGIN_MS) return false;
    this.left[seat] += incrementMs;
    return true;
  }

  /** What is left on a seat's clock (Infinity without a clock). */
  clock(seat: 0 | 1): number {
    return this.left[seat];
  }
}

/** The control in words, for tables and messages: `200 ms a move`, `60 s a game + 0.5 s a move`. */
export function describeTimeControl(control: TimeControl): string {
  const parts: string[] = [];
  if (control.clockMs) parts.push(`${control.clockMs / 1000} s a game${control.incrementMs ? ` + ${control.incrementMs / 1000} s a move` : ''}`);
  if (control.moveMs) parts.push(`${control.moveMs} ms a move`);
  return parts.join(', ') || 'no time limit';
}
