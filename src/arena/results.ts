// What a run's finished games add up to: per pairing W/D/L and mean margin, per configuration its totals.

import type { GameRecord } from './play-out';
import type { Schedule } from './schedule';

export interface Tally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface PairResult extends Tally {
  readonly a: string;
  readonly b: string;
  /** a's mean points minus b's per game (0 for games without points). */
  readonly margin: number;
  readonly games: number;
  /** a's results when a moves first, and when a moves second. */
  readonly first: Tally;
  readonly second: Tally;
}

export interface BotTotals {
  readonly bot: string;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Mean points minus the opponent's per game. */
  readonly margin: number;
  /** Mean points lost per move against the best move under perfect play, over the moves where it was measured. */
  readonly meanLoss: number | null;
  readonly lossMoves: number;
  readonly moves: number;
  readonly nodes: number;
  readonly ms: number;
}

/** A finished game from one seat's side: its result (1, 0.5, 0) and margin. */
function sideOf(record: GameRecord, seat: 0 | 1) {
  const score = record.winner === null ? 0.5 : record.winner === seat ? 1 : 0;
  return { score, margin: seat === 0 ? record.margin : -record.margin };
}

function tally(scores: readonly number[]): Tally {
  return { wins: scores.filter((s) => s === 1).length, draws: scores.filter((s) => s === 0.5).length, losses: scores.filter((s) => s === 0).length };
}

export function pairResults(schedule: Schedule, records: readonly (GameRecord | undefined)[]): PairResult[] {
  return schedule.pairings.map(({ a, b }, pair) => {
    const bySeat: [number[], number[]] = [[], []];
    let margin = 0;
    schedule.games.forEach((scheduled, i) => {
      const record = records[i];
      if (scheduled.pair !== pair || !record) return;
      const seat = scheduled.seats[0] === a ? 0 : 1;
      const side = sideOf(record, seat);
      bySeat[seat].push(side.score);
      margin += side.margin;
    });
    const games = bySeat[0].length + bySeat[1].length;
    return { a, b, ...tally([...bySeat[0], ...bySeat[1]]), margin: games ? margin / games : 0, games, first: tally(bySeat[0]), second: tally(bySeat[1]) };
  });
}

export function botTotals(schedule: Schedule, records: readonly (GameRecord | undefined)[]): BotTotals[] {
  return schedule.bots.map((bot) => {
    const totals = { bot, games: 0, wins: 0, draws: 0, losses: 0, margin: 0, meanLoss: null as number | null, lossMoves: 0, moves: 0, nodes: 0, ms: 0 };
    let loss = 0;
    schedule.games.forEach((scheduled, i) => {
      const record = records[i];
      if (!record) return;
      for (const seat of [0, 1] as const) {
        if (scheduled.seats[seat] !== bot) continue;
        const side = sideOf(record, seat);
        totals.games++;
        if (side.score === 1) totals.wins++;
        else if (side.score === 0.5) totals.draws++;
        else totals.losses++;
        totals.margin += side.margin;
        record.moves.forEach((move, ply) => {
          if (ply % 2 !== seat) return;
          totals.moves++;
          totals.nodes += move.nodes;
          totals.ms += move.ms;
          if (move.loss !== null) {
            loss += move.loss;
            totals.lossMoves++;
          }
        });
      }
    });
    return { ...totals, margin: totals.games ? totals.margin / totals.games : 0, meanLoss: totals.lossMoves ? loss / totals.lossMoves : null };
  });
}
