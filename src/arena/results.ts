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
  /** Games lost by forfeit (an engine that broke the protocol or its time). */
  readonly forfeits: number;
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
  // One pass over the games: [pair][seat of a] -> a's scores, and a's margin per pair.
  const scores = schedule.pairings.map((): [number[], number[]] => [[], []]);
  const margins = schedule.pairings.map(() => 0);
  schedule.games.forEach((scheduled, i) => {
    const record = records[i];
    if (!record) return;
    const seat = scheduled.seats[0] === schedule.pairings[scheduled.pair].a ? 0 : 1;
    const side = sideOf(record, seat);
    scores[scheduled.pair][seat].push(side.score);
    margins[scheduled.pair] += side.margin;
  });
  return schedule.pairings.map(({ a, b }, pair) => {
    const [first, second] = scores[pair];
    const games = first.length + second.length;
    return { a, b, ...tally([...first, ...second]), margin: games ? margins[pair] / games : 0, games, first: tally(first), second: tally(second) };
  });
}

export function botTotals(schedule: Schedule, records: readonly (GameRecord | undefined)[]): BotTotals[] {
  const totals = new Map(
    schedule.bots.map((bot) => [
      bot,
      {
        bot,
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        margin: 0,
        meanLoss: null as number | null,
        lossMoves: 0,
        loss: 0,
        moves: 0,
        nodes: 0,
        ms: 0,
        forfeits: 0,
      },
    ]),
  );
  schedule.games.forEach((scheduled, i) => {
    const record = records[i];
    if (!record) return;
    for (const seat of [0, 1] as const) {
      const total = totals.get(scheduled.seats[seat])!;
      const side = sideOf(record, seat);
      total.games++;
      if (side.score === 1) total.wins++;
      else if (side.score === 0.5) total.draws++;
      else total.losses++;
      total.margin += side.margin;
      if (record.forfeit?.seat === seat) total.forfeits++;
      for (let ply = seat; ply < record.moves.length; ply += 2) {
        const move = record.moves[ply];
        total.moves++;
        total.nodes += move.nodes;
        total.ms += move.ms;
        if (move.loss !== null) {
          total.loss += move.loss;
          total.lossMoves++;
        }
      }
    }
  });
  return [...totals.values()].map(({ loss, ...total }) => ({
    ...total,
    margin: total.games ? total.margin / total.games : 0,
    meanLoss: total.lossMoves ? loss / total.lossMoves : null,
  }));
}
