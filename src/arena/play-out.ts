// One game between two bot configurations, played to its end inside a worker.

import { findBot, parseBotConfig } from '../contracts/bot-config';
import type { AnyGame, DataCache } from '../contracts/game';
import { moveLoss, powerOf } from '../contracts/powers';
import { deriveSeed } from '../contracts/rng';
import { GameClock, type TimeControl } from './time-control';

/** The search of one move, as the arena keeps it (the iterations are left out). */
export interface MoveRecord {
  readonly move: string;
  readonly nodes: number;
  readonly ms: number;
  readonly depth: number;
  /** Points the move loses against the best move under perfect play, where the game measures it. */
  readonly loss: number | null;
  /**
   * What the move gave away under perfect play, once its game is judged (runtime/judge.ts): 0 it kept the game's
   * value, 1 a mistake (a win to a draw, a draw to a loss), 2 a blunder (a win to a loss); null where the solver
   * could not settle a position around it within its budget. Absent: the game was not judged.
   */
  readonly drop?: 0 | 1 | 2 | null;
}

/** Why a bot lost a game without playing it out (an engine that broke the protocol or its time). */
export const FORFEIT_REASONS = ['time', 'crash', 'protocol', 'illegal-move', 'no-hello'] as const;
export type ForfeitReason = (typeof FORFEIT_REASONS)[number];

export interface Forfeit {
  readonly seat: 0 | 1;
  readonly reason: ForfeitReason;
  readonly detail: string;
}

/** How much of an engine's standard error (or a bot module's log) a game keeps: its last 16 KB. */
export const LOG_KEPT = 16 * 1024;

export interface GameRecord {
  /** The start position in the game's notation. */
  readonly start: string;
  /** The configurations of seat 0 (first to move) and seat 1. */
  readonly seats: readonly [string, string];
  readonly moves: readonly MoveRecord[];
  readonly winner: 0 | 1 | null;
  /** Seat 0's points minus seat 1's, for games with points; 0 otherwise. */
  readonly margin: number;
  /** The seat that lost by forfeit, when one did (the other is the winner). */
  readonly forfeit?: Forfeit;
  /**
   * What each seat's engine wrote on its standard error during the game (a bot module: its log), the last 16 KB
   * of each; '' for our bots. Present when an engine wrote anything.
   */
  readonly logs?: readonly [string, string];
}

/**
 * A move's seed comes from the game's seed and the position, as everywhere: the same seed replays the game. Each
 * move's search is given the time the control allows; a bot whose clock runs out loses on time.
 */
export async function playOut(
  game: AnyGame,
  seats: readonly [string, string],
  start: string,
  seed: number,
  time: TimeControl,
  core: () => Promise<unknown>,
  resource: (name: string) => Promise<ArrayBuffer | null>,
  cache: DataCache,
): Promise<GameRecord> {
  const { rules } = game;
  const players = seats.map((text) => {
    const config = parseBotConfig(game.bots, text);
    return { bot: findBot(game.bots, config.id), params: config.params };
  });
  let position = rules.parse(start);
  const moves: MoveRecord[] = [];
  const clock = new GameClock(time);
  // Cores, books and tables are made ready before the clocks run, as an engine is started before its first move.
  if (game.core !== undefined) await core();
  for (const { bot, params } of players) await bot.ready?.(position, { params, seed, budget: {}, core, resource, cache, progress: () => {} });
  const losing = powerOf(game, moveLoss);
  for (let outcome = rules.outcome(position); !outcome; outcome = rules.outcome(position)) {
    const seat = rules.seatToMove(position);
    const { bot, params } = players[seat];
    const budget = { ms: clock.moveTime(seat).ms };
    // The time a move took is measured here, from the call to the answer, whatever the bot says of itself.
    const started = performance.now();
    const decision = await bot.choose(position, { params, seed: deriveSeed(seed, rules.format(position)), budget, core, resource, cache, progress: () => {} });
    const ms = performance.now() - started;
    const { report } = decision;
    const loss = losing ? losing.loss(position, decision.move, await core()) : null;
    moves.push({ move: rules.formatMove(decision.move), nodes: report.nodes, ms, depth: report.iterations.at(-1)?.depth ?? 0, loss });
    if (!clock.spend(seat, ms)) return lostOnTime(start, seats, moves, seat, ms, clock);
    position = rules.play(position, decision.move);
  }
  const outcome = rules.outcome(position)!;
  return { start, seats: [seats[0], seats[1]], moves, winner: outcome.winner, margin: outcome.margin ?? 0 };
}

/** The record of a game a seat lost on time, with its last move (made too late) kept. */
export function lostOnTime(start: string, seats: readonly [string, string], moves: MoveRecord[], seat: 0 | 1, ms: number, clock: GameClock): GameRecord {
  const detail = `its move took ${Math.round(ms)} ms, ${Math.round(-clock.clock(seat))} ms past its clock`;
  return { start, seats: [seats[0], seats[1]], moves, winner: (1 - seat) as 0 | 1, margin: 0, forfeit: { seat, reason: 'time', detail } };
}
