// `playground <game> tournament`, `sweep` and `match`: runs on the worker pool with a progress line on a
// terminal, then the figures as a table, or as one JSON document with --json; --out keeps the whole run, written
// as it goes, and --resume carries on a run that was interrupted. A match stops once its SPRT decides.

import { parseBotConfig } from '../contracts/bot-config';
import type { AnyGame, BotInfo } from '../contracts/game';
import { describeTimeControl, type TimeControl } from '../arena/time-control';
import type { WorkerPool } from '../runtime/pool';
import type { GameRecord } from '../arena/play-out';
import type { Tally } from '../arena/results';
import { sweepReport, tournamentReport, type SweepReport, type TournamentReport } from '../arena/report';
import type { EngineSpec } from '../runtime/engine-games';
import { type PlaySettings, playSchedule } from '../runtime/play-games';
import { ClusterSubmission } from '../cluster/submit';
import { startEngine } from '../engines/start-engine';
import type { Run, RunProgress } from '../runtime/run-schedule';
import { newRunId, savedRun, type SavedRun } from '../arena/saved-run';
import { checkSavedTune, tuneIdentity } from '../arena/saved-tune';
import { parseGrid, sweep, tournament, type Schedule, type ScheduleSettings } from '../arena/schedule';
import { MatchTally, matchReport, matchSchedule, type MatchReport } from '../arena/match';
import { repeatsNote } from '../arena/repeats';
import type { SprtSettings } from '../arena/sprt';
import { type TuneReport, type TuneSettings, tune } from '../runtime/tune';
import { asUsage, UsageError } from './args';
import { LabRecorder, type LabClient } from './lab-client';
import { RunFile } from './run-file';
import { intervalText } from '../arena/interval';
import { Judge } from '../runtime/judge';
import type { BotJudgement } from '../arena/accuracy';

export interface ArenaOptions {
  readonly json: boolean;
  readonly out?: string;
  /** The engines the configurations may name (their games are played on this thread, engines as child processes). */
  readonly engines: readonly EngineSpec[];
  /** The time of every bot: per move (`--ms`), or a clock (`--clock`, `--increment`). */
  readonly time: TimeControl;
  /** `--redis URL`: the games are played by the cluster's workers (`playground worker`). */
  readonly redis?: string;
  /** `--lab URL`: the run is kept in that lab as it plays (a tuning, when it ends). */
  readonly lab?: LabClient;
  /** `--judge`: a tournament's games judged against perfect play once played (runtime/judge.ts). */
  readonly judge?: boolean;
}

/**
 * How a command's games are played: here, or on the cluster under the run's id (a task's id is the run's and its
 * index). `onRemoteCancel` is told when `playground runs --cancel` stops the run.
 */
function playSettings(options: ArenaOptions, runId: string, onRemoteCancel: () => void = () => {}, resumed = false): PlaySettings {
  let schedules = 0;
  const redis = options.redis;
  if (redis) process.stderr.write(`run ${runId}: its games are queued on ${redis} (playground runs --redis ${redis} --cancel ${runId} stops it)\n`);
  return {
    engines: options.engines,
    startEngine,
    time: options.time,
    ...(redis
      ? {
          remote: (schedule, onGame, indices, onBatch) =>
            new ClusterSubmission(
              {
                redis,
                owner: runId,
                runId: `${runId}-${schedules}`,
                engines: options.engines.map((engine) => engine.name),
                resumed: resumed && schedules === 0,
                fresh: schedules++ === 0,
                onRemoteCancel,
                log: (line) => process.stderr.write(`${line}\n`),
              },
              schedule,
              options.time,
              onGame,
              indices,
              onBatch,
            ),
        }
      : {}),
  };
}

/** What a command plays: a schedule, and for a run carried on (`--resume`) the run so far. */
interface Plan {
  readonly game: AnyGame;
  readonly kind: SavedRun['kind'];
  readonly schedule: Schedule;
  readonly sweep?: SavedRun['sweep'];
  readonly sprt?: SavedRun['sprt'];
  readonly previous?: SavedRun;
}

export function progressLine({ done, total, elapsedMs }: RunProgress): string {
  const rate = done / (elapsedMs / 1000);
  const left = rate > 0 ? Math.ceil((total - done) / rate) : 0;
  return `${done}/${total} games, ${rate.toFixed(1)} games/s, ${left} s left`;
}

export function tournamentCommand(
  game: AnyGame,
  bots: readonly string[],
  settings: ScheduleSettings,
  options: ArenaOptions,
  pool: WorkerPool,
): Promise<number> {
  return play({ game, kind: 'tournament', schedule: asUsage(() => tournament(game, bots, settings)) }, options, pool);
}

export function sweepCommand(
  game: AnyGame,
  bot: string,
  gridText: string,
  vs: readonly string[],
  settings: ScheduleSettings,
  options: ArenaOptions,
  pool: WorkerPool,
): Promise<number> {
  const grid = asUsage(() => parseGrid(gridText), '--grid');
  return play({ game, kind: 'sweep', schedule: asUsage(() => sweep(game, bot, grid, vs, settings)), sweep: { bot, grid, vs } }, options, pool);
}

export function matchCommand(
  game: AnyGame,
  bots: readonly [string, string],
  maxGames: number,
  settings: Omit<ScheduleSettings, 'games'>,
  sprt: SprtSettings,
  options: ArenaOptions,
  pool: WorkerPool,
): Promise<number> {
  return play({ game, kind: 'match', schedule: asUsage(() => matchSchedule(game, bots, maxGames, settings)), sprt }, options, pool);
}

/**
 * `tune`: SPSA with a progress line, then the report as text or JSON. --out keeps the report as it stands after
 * every step (checked writable before the first); Ctrl-C (or SIGTERM) ends the tuning at once, the step under way
 * dropped and the values so far the result (no verification), exit status 130; a second exits at once.
 */
export async function tuneCommand(
  game: AnyGame,
  known: readonly BotInfo[],
  settings: TuneSettings,
  options: ArenaOptions,
  pool: WorkerPool,
  /** A tuning carried on keeps its id and the time it started. */
  resumed?: { readonly id: string; readonly created: string },
): Promise<number> {
  const file = options.out === undefined ? undefined : new RunFile(options.out);
  const interactive = process.stderr.isTTY;
  const started = performance.now();
  // The id its games are queued under on a cluster is new on every command: task ids must not meet the
  // results of another command's steps.
  const id = newRunId(new Date());
  let stopped = false;
  const play = playSettings(options, id, () => {
    stopped = true;
    process.stderr.write(`\nrun ${id} was cancelled on the cluster: the values so far are the result\n`);
  });
  const aborted = new AbortController();
  const stopListening = onInterrupt(() => {
    if (stopped) process.exit(130);
    stopped = true;
    aborted.abort();
    process.stderr.write(`\ninterrupted: the values so far are the result (the step under way is dropped); interrupt again to quit at once\n`);
  });
  try {
    // The file is the report so far, with what --resume needs: the settings, the steps' results, the time; and
    // what names it, so that the page's saved runs take it too (saved-tune.ts).
    const identity = tuneIdentity(resumed?.id ?? id, resumed?.created ?? new Date().toISOString(), game.rules.id);
    const kept = { ...identity, ...(options.time.moveMs || options.time.clockMs ? { time: options.time } : {}) };
    const { results = [], ...tuneSettings } = settings;
    // A path that cannot be written is found out before any game is played.
    try {
      file?.write({
        ...kept,
        bot: settings.bot,
        vs: settings.vs,
        seed: settings.seed,
        steps: results.length,
        trajectory: {},
        verification: { skipped: 'the tuning has not started' },
        settings: tuneSettings,
        results,
      });
    } catch (error) {
      throw new UsageError(`--out: ${(error as Error).message}`);
    }
    const report = await tune(
      game,
      known,
      settings,
      play,
      pool,
      (step, steps, _trajectory, soFar) => {
        if (interactive) process.stderr.write(`\rstep ${step}/${steps}, ${((performance.now() - started) / 1000).toFixed(0)} s   `);
        file?.writeSoon(() => ({ ...kept, ...soFar }));
      },
      () => stopped,
      aborted.signal,
    );
    if (interactive) process.stderr.write('\n');
    file?.write({ ...kept, ...report });
    if (options.lab) {
      await options.lab.importRun(checkSavedTune({ ...kept, ...report }));
      process.stderr.write(`the tuning is kept in the lab: ${options.lab.runPage(kept.id)}\n`);
    }
    console.log(options.json ? JSON.stringify(report) : tuneTable(report, performance.now() - started, pool.size));
    return stopped ? 130 : 0;
  } finally {
    stopListening();
  }
}

/** Carries on a saved run: its games not played yet, with its own settings; the results are an uninterrupted run's. */
export function resumeCommand(game: AnyGame, run: SavedRun, options: ArenaOptions, known: readonly BotInfo[], pool: WorkerPool): Promise<number> {
  if (run.schedule.game !== game.rules.id) throw new UsageError(`the run to resume is of ${run.schedule.game}, not ${game.rules.id}`);
  // A run file comes from outside: its bots (the game's, or engines given again with --engine) and starts must
  // be the game's before any game is played.
  asUsage(() => {
    for (const bot of run.schedule.bots) parseBotConfig(known, bot);
    for (const start of new Set(run.schedule.games.map((scheduled) => scheduled.start))) game.rules.parse(start);
  }, '--resume');
  // Its games replay by the rules (checked when it was read), but a forfeit is only its word: played again here.
  const forfeits = run.records.filter((record) => record?.forfeit).length;
  if (forfeits > 0) process.stderr.write(`${forfeits} games the file says were forfeited are played again\n`);
  const previous = { ...run, records: run.records.map((record) => (record?.forfeit ? null : record)) };
  return play({ game, kind: run.kind, schedule: run.schedule, sweep: run.sweep, sprt: run.sprt, previous }, { ...options, time: run.time ?? {} }, pool);
}

/**
 * Plays the plan's games not yet played, keeping the run in --out after each batch. Ctrl-C (or SIGTERM) stops
 * it: the finished games are kept, marked unfinished, and the figures of what was played are printed (exit
 * status 130); a second Ctrl-C exits at once.
 */
/** Recorded in the lab (--lab) as it plays: refused there (no token, a run of that id), nothing is played. */
async function startRecorder(options: ArenaOptions, saved: SavedRun, cancelled: () => void): Promise<LabRecorder | undefined> {
  if (!options.lab) return undefined;
  const recorder = await LabRecorder.start(options.lab, saved, () => {
    process.stderr.write(`\nrun ${saved.id} was cancelled in the lab: the finished games are kept\n`);
    cancelled();
  });
  process.stderr.write(`run ${saved.id} is kept in the lab as it plays: ${options.lab.runPage(saved.id)}\n`);
  return recorder;
}

async function play(plan: Plan, options: ArenaOptions, pool: WorkerPool): Promise<number> {
  const { kind, schedule, sweep: sweepSettings, sprt, previous } = plan;
  const created = previous ? new Date(previous.created) : new Date();
  const id = previous?.id ?? newRunId(created);
  const records: (GameRecord | undefined)[] = previous ? previous.records.map((record) => record ?? undefined) : Array(schedule.games.length).fill(undefined);
  const todo = records.flatMap((record, i) => (record ? [] : [i]));
  const started = performance.now();
  const elapsed = () => (previous?.elapsedMs ?? 0) + performance.now() - started;
  const snapshot = (finished: boolean) => savedRun(kind, schedule, records, elapsed(), created, { sweep: sweepSettings, sprt }, finished, id, options.time);
  // A match is over once its SPRT decides (the games still being played then do not count).
  const tally = sprt && new MatchTally(schedule, sprt);
  const decided = () => tally?.advance(records) ?? false;
  const file = options.out === undefined ? undefined : new RunFile(options.out);
  let interrupted = false;
  let run: Run | undefined;
  // Listening before the run's file is first written: once the file is there, Ctrl-C keeps what is played.
  const stopListening = onInterrupt(() => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write(
      `\ninterrupted: the finished games are kept${options.out ? ` in ${options.out} (carry on with --resume ${options.out})` : ''}; interrupt again to quit at once\n`,
    );
    run?.cancel();
  });
  // A path that cannot be written is found out before any game is played.
  try {
    file?.write(snapshot(false));
  } catch (error) {
    stopListening();
    throw new UsageError(`--out: ${(error as Error).message}`);
  }
  let recorder: LabRecorder | undefined;
  try {
    recorder = await startRecorder(options, snapshot(false), () => {
      interrupted = true;
      run?.cancel();
    });
  } catch (error) {
    stopListening();
    throw new UsageError(`--lab: ${(error as Error).message}`);
  }
  const interactive = process.stderr.isTTY;
  const onGame = (index: number, record: GameRecord, progress: RunProgress) => {
    records[index] = record;
    if (interactive) process.stderr.write(`\r${progressLine(progress)}   `);
    if (decided()) run?.cancel();
  };
  const onBatch = () => {
    file?.writeSoon(() => snapshot(false));
    recorder?.sendSoon(records);
  };
  run = playSchedule(
    pool,
    plan.game,
    schedule,
    playSettings(
      options,
      id,
      () => {
        interrupted = true;
        process.stderr.write(`\nrun ${id} was cancelled on the cluster: the finished games are kept\n`);
      },
      previous !== undefined,
    ),
    onGame,
    todo,
    onBatch,
  );
  if (interrupted) run.cancel();
  try {
    await run.finished;
  } catch (error) {
    file?.write(snapshot(false));
    await recorder?.end(records, false, elapsed()).catch(() => {});
    throw error;
  } finally {
    // Once interrupted, a second interrupt still exits at once while what was played is written and printed.
    if (!interrupted) stopListening();
    if (interactive) process.stderr.write('\n');
  }
  const finished = records.every(Boolean) || decided();
  if (options.judge) {
    if (!options.json) process.stderr.write('judging the games against perfect play…\n');
    records.splice(0, records.length, ...(await new Judge(pool, plan.game, schedule.size).records(records)));
  }
  file?.write(snapshot(finished));
  const elapsedMs = performance.now() - started;
  await recorder?.end(records, finished, elapsed());
  console.log(reportText(plan, records, options, elapsedMs, pool.size));
  return interrupted ? 130 : 0;
}

/** Ctrl-C and SIGTERM go to `interrupt` until the returned function is called. */
function onInterrupt(interrupt: () => void): () => void {
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  return () => {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  };
}

/** A run's report as the command prints it: JSON with --json, else its tables. */
function reportText(plan: Plan, records: readonly (GameRecord | undefined)[], options: ArenaOptions, elapsedMs: number, workers: number): string {
  const { schedule, sprt, sweep } = plan;
  if (sprt) {
    const report = matchReport(schedule, records, sprt);
    return options.json ? JSON.stringify(report) : withJudged(matchTable(report, elapsedMs, workers), report.judged);
  }
  if (sweep) {
    const report = sweepReport(schedule, sweep.bot, sweep.grid, sweep.vs, records);
    return options.json ? JSON.stringify(report) : sweepTable(report, elapsedMs, workers);
  }
  const report = tournamentReport(schedule, records);
  return options.json ? JSON.stringify(report) : withJudged(tournamentTable(report, elapsedMs, workers, options.time), report.judged);
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (row: readonly string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const signed = (value: number) => (value > 0 ? `+${value.toFixed(2)}` : value.toFixed(2));

/** A report's table, then each bot's moves judged against perfect play when they were. */
function withJudged(text: string, judged: readonly BotJudgement[] | undefined): string {
  return judged ? `${text}\n\n${judgedTable(judged)}` : text;
}

function judgedTable(judged: readonly BotJudgement[]): string {
  const percent = (share: number | null) => (share === null ? '–' : `${(100 * share).toFixed(1)}%`);
  return table(
    ['bot', 'accuracy', '95%', 'moves judged', 'kept', 'mistakes', 'blunders', 'blunders/game'],
    judged.map((j) => [
      j.bot,
      percent(j.accuracy),
      j.lo === null ? '–' : `${percent(j.lo)}-${percent(j.hi)}`,
      String(j.judged),
      String(j.kept),
      String(j.mistakes),
      String(j.blunders),
      j.games ? (j.blunders / j.games).toFixed(2) : '–',
    ]),
  );
}

function tournamentTable(report: TournamentReport, elapsedMs: number, workers: number, time: TimeControl): string {
  const wdl = (t: Tally) => `${t.wins}/${t.draws}/${t.losses}`;
  const pairs = table(
    ['pair', 'wins', 'draws', 'losses', 'margin', 'a first', 'a second'],
    report.pairs.map((p, i) => [
      `${p.a} vs ${p.b}`,
      String(p.wins),
      String(p.draws),
      String(p.losses),
      signed(p.margin),
      wdl(report.seats[i].first),
      wdl(report.seats[i].second),
    ]),
  );
  const ratings = [...report.ratings].sort((x, y) => y.rating - x.rating);
  const totals = new Map(report.totals.map((total) => [total.bot, total]));
  const bots = table(
    ['bot', 'elo', '95%', 'games', 'W/D/L', 'forfeits', 'margin', 'loss/move', 'nodes', 'search s'],
    ratings.map((r) => {
      const t = totals.get(r.bot)!;
      return [
        r.bot,
        r.rating.toFixed(0),
        intervalText(r.lo, r.hi),
        String(t.games),
        `${t.wins}/${t.draws}/${t.losses}`,
        String(t.forfeits),
        signed(t.margin),
        t.meanLoss === null ? '' : t.meanLoss.toFixed(3),
        String(t.nodes),
        (t.ms / 1000).toFixed(2),
      ];
    }),
  );
  const seconds = elapsedMs / 1000;
  const repeats = repeatsNote(report.played, report.distinct_games);
  return `${pairs}\n\n${bots}\n\n${report.played} games (${(report.draw_rate * 100).toFixed(1)}% drawn) in ${seconds.toFixed(1)} s on ${workers} workers (${(report.played / seconds).toFixed(1)} games/s), seed ${report.seed}, ${describeTimeControl(time)}${pairingLine(report)}${repeats ? `\nnote: ${repeats}` : ''}`;
}

/** The line saying what a pair is, for a game whose starts are deals. */
function pairingLine(report: { pairing?: string }): string {
  return report.pairing ? `\npairs: ${report.pairing}` : '';
}

function matchTable(report: MatchReport, elapsedMs: number, workers: number): string {
  const [a, b] = report.bots;
  const [wins, draws, losses] = report.wdl;
  const interval = intervalText(report.elo_lo, report.elo_hi, 1);
  return [
    `${a} vs ${b}: ${report.result}`,
    report.stop,
    `LLR ${report.llr.toFixed(3)} (bounds ${report.lower.toFixed(3)}, ${report.upper.toFixed(3)}; elo0 ${report.elo0}, elo1 ${report.elo1}, alpha ${report.alpha}, beta ${report.beta})`,
    `Elo ${report.elo.toFixed(1)} (logistic, fishtest's SPRT estimate; 95%: ${interval}), LOS ${(report.los * 100).toFixed(1)}%`,
    `nElo ${report.nelo.toFixed(1)} (normalized; 95%: ${intervalText(report.nelo_lo, report.nelo_hi, 1)})`,
    `${report.games} games, ${report.pairs} pairs, pentanomial ${report.pentanomial.join(' ')}, ${a} won ${wins}, drew ${draws}, lost ${losses}`,
    ...(report.pairing ? [`pairs: ${report.pairing}`] : []),
    ...(report.note ? [`note: ${report.note}`] : []),
    ...[repeatsNote(report.games, report.distinct_games)].filter(Boolean).map((repeats) => `note: ${repeats}`),
    `${(elapsedMs / 1000).toFixed(1)} s on ${workers} workers, seed ${report.seed}`,
  ].join('\n');
}

function tuneTable(report: TuneReport, elapsedMs: number, workers: number): string {
  const names = Object.keys(report.final);
  const rows = table(
    ['parameter', 'start', 'tuned', 'θ at the end', 'a', 'c', 'A', 'α', 'γ', 'r_end', 'c_end'],
    names.map((name) => {
      const k = report.spsa[name];
      return [
        name,
        String(report.start[name]),
        String(report.final[name]),
        report.trajectory[name].at(-1)!.toFixed(2),
        k.a.toFixed(3),
        k.c.toFixed(3),
        String(k.A),
        String(k.alpha),
        String(k.gamma),
        String(k.r_end),
        String(k.c_end),
      ];
    }),
  );
  const verification =
    'skipped' in report.verification
      ? report.verification.skipped
      : `verification: ${matchTable(report.verification, 0, workers).split('\n').slice(0, -1).join('\n')}`;
  return `${report.bot} against ${report.vs.join(', ')}: ${report.steps} steps, ${report.games} games\n${rows}\ntuned: ${report.tuned}\n${verification}\n${(elapsedMs / 1000).toFixed(1)} s on ${workers} workers, seed ${report.seed}`;
}

function sweepTable(report: SweepReport, elapsedMs: number, workers: number): string {
  const axes = report.grid.map((axis) => axis.name);
  const rows = table(
    [...axes, 'wins', 'draws', 'losses', 'margin', 'loss/move'],
    report.points.map((p) => [
      ...axes.map((name) => String(p.params[name])),
      String(p.wins),
      String(p.draws),
      String(p.losses),
      signed(p.margin),
      p.meanLoss === null ? '' : p.meanLoss.toFixed(3),
    ]),
  );
  const best = report.points.reduce((a, b) => (b.margin > a.margin ? b : a));
  const repeats = repeatsNote(report.played, report.distinct_games);
  return `${report.bot} against ${report.vs.join(', ')}\n${rows}\n\nbest mean margin: ${best.bot} (${signed(best.margin)})\n${report.played} games in ${(elapsedMs / 1000).toFixed(1)} s on ${workers} workers${pairingLine(report)}${repeats ? `\nnote: ${repeats}` : ''}`;
}
