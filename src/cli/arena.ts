// `playground <game> tournament` and `playground <game> sweep`: runs on the worker pool with a progress line
// on a terminal, then the figures as a table, or as one JSON document with --json; --out keeps the whole run.

import { writeFileSync } from 'node:fs';
import type { GameDefinition } from '../engine/game';
import type { WorkerPool } from '../engine/pool';
import type { GameRecord } from '../arena/play-out';
import type { Tally } from '../arena/results';
import { sweepReport, tournamentReport, type SweepReport, type TournamentReport } from '../arena/report';
import { runSchedule, type RunProgress } from '../arena/run';
import { savedRun, type SavedRun } from '../arena/saved-run';
import { parseGrid, sweep, tournament, type Schedule } from '../arena/schedule';

export interface ArenaOptions {
  readonly games: number;
  readonly seed: number;
  readonly size?: number;
  readonly json: boolean;
  readonly out?: string;
}

async function run(pool: WorkerPool, schedule: Schedule): Promise<{ records: (GameRecord | undefined)[]; elapsedMs: number; created: Date }> {
  const created = new Date();
  const started = performance.now();
  const interactive = process.stderr.isTTY;
  const records = await runSchedule(pool, schedule, {}, (_index, _record, progress) => {
    if (interactive) process.stderr.write(`\r${progressLine(progress)}   `);
  }).finished;
  if (interactive) process.stderr.write('\n');
  return { records, elapsedMs: performance.now() - started, created };
}

export function progressLine({ done, total, elapsedMs }: RunProgress): string {
  const rate = done / (elapsedMs / 1000);
  const left = rate > 0 ? Math.ceil((total - done) / rate) : 0;
  return `${done}/${total} games, ${rate.toFixed(1)} games/s, ${left} s left`;
}

function save(path: string | undefined, run: SavedRun): void {
  if (path) writeFileSync(path, `${JSON.stringify(run)}\n`);
}

export async function tournamentCommand(game: GameDefinition, bots: readonly string[], options: ArenaOptions, pool: WorkerPool): Promise<number> {
  const schedule = tournament(game, bots, options);
  const { records, elapsedMs, created } = await run(pool, schedule);
  const report = tournamentReport(schedule, records);
  save(options.out, savedRun('tournament', schedule, records, elapsedMs, created));
  console.log(options.json ? JSON.stringify(report) : tournamentTable(report, elapsedMs, pool.size));
  return 0;
}

export async function sweepCommand(game: GameDefinition, bot: string, gridText: string, vs: readonly string[], options: ArenaOptions, pool: WorkerPool): Promise<number> {
  const grid = parseGrid(gridText);
  const schedule = sweep(game, bot, grid, vs, options);
  const { records, elapsedMs, created } = await run(pool, schedule);
  const report = sweepReport(schedule, bot, grid, vs, records);
  save(options.out, savedRun('sweep', schedule, records, elapsedMs, created, { bot, grid, vs }));
  console.log(options.json ? JSON.stringify(report) : sweepTable(report, elapsedMs, pool.size));
  return 0;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (row: readonly string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const signed = (value: number) => (value > 0 ? `+${value.toFixed(2)}` : value.toFixed(2));

function tournamentTable(report: TournamentReport, elapsedMs: number, workers: number): string {
  const wdl = (t: Tally) => `${t.wins}/${t.draws}/${t.losses}`;
  const pairs = table(
    ['pair', 'wins', 'draws', 'losses', 'margin', 'a first', 'a second'],
    report.pairs.map((p, i) => [`${p.a} vs ${p.b}`, String(p.wins), String(p.draws), String(p.losses), signed(p.margin), wdl(report.seats[i].first), wdl(report.seats[i].second)]),
  );
  const ratings = [...report.ratings].sort((x, y) => y.rating - x.rating);
  const totals = new Map(report.totals.map((total) => [total.bot, total]));
  const bots = table(
    ['bot', 'elo', '95%', 'games', 'W/D/L', 'margin', 'loss/move', 'nodes', 'search s'],
    ratings.map((r) => {
      const t = totals.get(r.bot)!;
      return [r.bot, r.rating.toFixed(0), `${r.lo.toFixed(0)}..${r.hi.toFixed(0)}`, String(t.games), `${t.wins}/${t.draws}/${t.losses}`, signed(t.margin), t.meanLoss === null ? '' : t.meanLoss.toFixed(3), String(t.nodes), (t.ms / 1000).toFixed(2)];
    }),
  );
  const seconds = elapsedMs / 1000;
  return `${pairs}\n\n${bots}\n\n${report.played} games in ${seconds.toFixed(1)} s on ${workers} workers (${(report.played / seconds).toFixed(1)} games/s), seed ${report.seed}`;
}

function sweepTable(report: SweepReport, elapsedMs: number, workers: number): string {
  const axes = report.grid.map((axis) => axis.name);
  const rows = table(
    [...axes, 'wins', 'draws', 'losses', 'margin', 'loss/move'],
    report.points.map((p) => [...axes.map((name) => String(p.params[name])), String(p.wins), String(p.draws), String(p.losses), signed(p.margin), p.meanLoss === null ? '' : p.meanLoss.toFixed(3)]),
  );
  const best = report.points.reduce((a, b) => (b.margin > a.margin ? b : a));
  return `${report.bot} against ${report.vs.join(', ')}\n${rows}\n\nbest mean margin: ${best.bot} (${signed(best.margin)})\n${report.played} games in ${(elapsedMs / 1000).toFixed(1)} s on ${workers} workers`;
}
