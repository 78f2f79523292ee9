// A run as it is kept: in IndexedDB by the page, in a file by the CLI (--out) or by the page's export. The same
// document either way, so a run from the CLI opens in the page and the other way round.

import type { GameRecord } from './play-out';
import { sweepReport, tournamentReport, type SweepReport, type TournamentReport } from './report';
import type { GridAxis, Schedule } from './schedule';

export interface SavedRun {
  readonly format: 'ai-playground-run';
  readonly version: 1;
  readonly id: string;
  readonly kind: 'tournament' | 'sweep';
  /** ISO time the run started. */
  readonly created: string;
  readonly schedule: Schedule;
  /** By schedule index; null for a game not played (the run was cancelled). */
  readonly records: readonly (GameRecord | null)[];
  /** For a sweep: the swept bot, its grid and the opponents. */
  readonly sweep?: { readonly bot: string; readonly grid: readonly GridAxis[]; readonly vs: readonly string[] };
  readonly elapsedMs: number;
}

export function newRunId(created: Date): string {
  return `${created.toISOString().replace(/[-:.TZ]/g, '').slice(0, 17)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export function savedRun(kind: SavedRun['kind'], schedule: Schedule, records: readonly (GameRecord | undefined)[], elapsedMs: number, created: Date, sweep?: SavedRun['sweep']): SavedRun {
  return {
    format: 'ai-playground-run',
    version: 1,
    id: newRunId(created),
    kind,
    created: created.toISOString(),
    schedule,
    records: records.map((record) => record ?? null),
    ...(sweep ? { sweep } : {}),
    elapsedMs: Math.round(elapsedMs),
  };
}

export function runReport(run: SavedRun): TournamentReport | SweepReport {
  const records = run.records.map((record) => record ?? undefined);
  return run.sweep ? sweepReport(run.schedule, run.sweep.bot, run.sweep.grid, run.sweep.vs, records) : tournamentReport(run.schedule, records);
}

/** Reads a run file; throws an Error saying what is wrong with it. */
export function parseSavedRun(text: string): SavedRun {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new Error('this file is not JSON');
  }
  const run = document as Partial<SavedRun> | null;
  if (!run || typeof run !== 'object' || run.format !== 'ai-playground-run') throw new Error('this file is not an AI Playground run');
  if (run.version !== 1) throw new Error(`run version ${String(run.version)} is not one this playground reads`);
  if (run.kind !== 'tournament' && run.kind !== 'sweep') throw new Error('the run has no kind (tournament or sweep)');
  const schedule = run.schedule;
  if (!schedule || !Array.isArray(schedule.games) || !Array.isArray(schedule.pairings) || !Array.isArray(schedule.bots)) throw new Error('the run has no schedule');
  if (!Array.isArray(run.records) || run.records.length !== schedule.games.length) throw new Error('the run\'s games do not match its schedule');
  if (run.kind === 'sweep' && !run.sweep) throw new Error('the sweep has no grid');
  for (const record of run.records) {
    if (record !== null && (typeof record !== 'object' || !Array.isArray(record.moves) || typeof record.margin !== 'number')) throw new Error('a game of the run is malformed');
  }
  return run as SavedRun;
}

/** One line per game played: its index, pairing, seats, start, winner, margin and the moves' search totals. */
export function runCsv(run: SavedRun): string {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const header = ['game', 'pair', 'first', 'second', 'start', 'winner', 'margin', 'moves', 'first_nodes', 'second_nodes', 'first_ms', 'second_ms'];
  const lines = run.records.flatMap((record, i) => {
    if (!record) return [];
    const scheduled = run.schedule.games[i];
    const sum = (seat: 0 | 1, key: 'nodes' | 'ms') => record.moves.reduce((total, move, ply) => total + (ply % 2 === seat ? move[key] : 0), 0);
    const winner = record.winner === null ? 'draw' : record.seats[record.winner];
    return [[i, scheduled.pair, record.seats[0], record.seats[1], record.start, winner, record.margin, record.moves.length, sum(0, 'nodes'), sum(1, 'nodes'), sum(0, 'ms').toFixed(3), sum(1, 'ms').toFixed(3)].map((cell) => quote(String(cell))).join(',')];
  });
  return [header.join(','), ...lines].join('\n') + '\n';
}
