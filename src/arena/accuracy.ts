// Accuracy against perfect play: the share of a bot's moves that keep the game's value (a won position stays won,
// a drawn one drawn), as lichess shows accuracy but exact, with the 95% interval of a share (Wilson's score
// interval: it stays inside 0-100% and means something at 0 or all of a few moves). The moves' judgements are
// in the records (MoveRecord.drop, written by runtime/judge.ts once a game is played).

import type { GameRecord } from './play-out';
import type { Schedule } from './schedule';

/** One bot's moves as judged: how many could be, how many kept the value, and the mistakes and blunders. */
export interface BotJudgement {
  readonly bot: string;
  /** Its games with judged moves. */
  readonly games: number;
  readonly judged: number;
  readonly kept: number;
  /** kept / judged, and its 95% interval (null when no move could be judged). */
  readonly accuracy: number | null;
  readonly lo: number | null;
  readonly hi: number | null;
  readonly mistakes: number;
  readonly blunders: number;
}

/** The 95% interval of `successes` out of `trials` (both 0 to 1); the whole range when there are no trials. */
export function shareInterval(successes: number, trials: number): { lo: number; hi: number } {
  if (trials === 0) return { lo: 0, hi: 1 };
  const z = 1.959964;
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/** Judged moves of one bot, or of a ladder version. */
export interface JudgedTally {
  judged: number;
  kept: number;
  mistakes: number;
  blunders: number;
}

/** Whether a game was judged (its moves carry their judgements; a game of no move has none to carry). */
export function isJudgedGame(record: GameRecord): boolean {
  return record.moves.every((move) => move.drop !== undefined);
}

/** Whether any game of a run was judged. */
export function isJudged(records: readonly (GameRecord | null | undefined)[]): boolean {
  return records.some((record) => record && record.moves.length > 0 && isJudgedGame(record));
}

/** Counts each judged move of a game to its mover's tally (seat 0 moves first, as the arena plays). */
export function countJudged(record: GameRecord, tallyOf: (seat: 0 | 1) => JudgedTally): void {
  record.moves.forEach(({ drop }, ply) => {
    if (drop === undefined || drop === null) return;
    const tally = tallyOf((ply % 2) as 0 | 1);
    tally.judged++;
    if (drop === 0) tally.kept++;
    else if (drop === 1) tally.mistakes++;
    else tally.blunders++;
  });
}

/** Each bot's judgement over the judged games of a run; undefined if none was. */
export function judgements(schedule: Schedule, records: readonly (GameRecord | null | undefined)[]): BotJudgement[] | undefined {
  if (!isJudged(records)) return undefined;
  const tallies = new Map(schedule.bots.map((bot) => [bot, { games: 0, judged: 0, kept: 0, mistakes: 0, blunders: 0 }]));
  schedule.games.forEach((scheduled, i) => {
    const record = records[i];
    if (!record || record.moves.length === 0 || !isJudgedGame(record)) return;
    for (const bot of new Set(scheduled.seats)) tallies.get(bot)!.games++;
    countJudged(record, (seat) => tallies.get(scheduled.seats[seat])!);
  });
  return [...tallies].map(([bot, tally]) => {
    const interval = tally.judged ? shareInterval(tally.kept, tally.judged) : null;
    return { bot, ...tally, accuracy: tally.judged ? tally.kept / tally.judged : null, lo: interval?.lo ?? null, hi: interval?.hi ?? null };
  });
}

/** A report's `judged` field: present when the run's games were judged. */
export function judgedField(schedule: Schedule, records: readonly (GameRecord | null | undefined)[]): { judged?: readonly BotJudgement[] } {
  const judged = judgements(schedule, records);
  return judged ? { judged } : {};
}
