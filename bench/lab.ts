// The lab at scale and its cost to the runs.
//
// `playground bench lab`: a lab of LAB_BENCH_GAMES (default 1,000,000) stored games on each database (PGlite in a
// folder, and a PostgreSQL of its own started for the bench), made of real runs played here first (tournaments,
// a match) cloned under new ids, owners and dates; then the built server (dist-node/server.mjs, as `npm start`
// runs it) on that lab, timed from outside over HTTP: the run list (first page, each filter, a page deep in it)
// and a run's page (the run and its export, as the page loads them), the 50th and 95th percentile of each; and
// the bytes stored per game.
//
// `playground bench lab-recording`: two tournaments of short games played by the CLI unrecorded, recorded in a lab
// (--lab, the server in a process of its own with its embedded PGlite) and played by that server itself
// (submitted), five rounds in turn; games per second each way, its ratio to the unrecorded play of its round (and
// the median ratio), and the CPU time the lab's server spent a game.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchSchedule } from '../src/arena/match';
import type { GameRecord } from '../src/arena/play-out';
import { savedRun, type SavedRun } from '../src/arena/saved-run';
import { tournament } from '../src/arena/schedule';
import { freePort } from '../src/cluster/local-redis';
import { gameById } from '../src/games';
import { type LabLocation, openLabDatabase } from '../src/lab/database';
import { startLocalPostgres } from '../src/lab/local-postgres';
import { LabRuns } from '../src/lab/runs';
import { runSchedule } from '../src/runtime/run-schedule';
import type { WorkerPool } from '../src/runtime/pool';
import { type BenchSuite, packagePath, type TableRow } from './harness';
import { sql } from 'kysely';

/** Requests of each kind timed. */
const SAMPLES = 100;
const OWNERS = 50;

/** The server as `npm start` runs it, on the environment given; stopped by SIGTERM. */
async function serverProcess(env: Record<string, string>): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [packagePath('dist-node/server.mjs')], {
    env: { ...process.env, PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<void>((done) => child.on('exit', () => done()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      output += chunk;
      const match = /served at (http:\/\/\S+\/)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    void exit.then(() => reject(new Error(`the server exited: ${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exit;
    },
  };
}

/** Real runs to clone: two tournaments and a match, played on the pool. */
async function baseRuns(pool: WorkerPool): Promise<SavedRun[]> {
  const play = async (kind: SavedRun['kind'], schedule: ReturnType<typeof tournament>, sprt?: SavedRun['sprt']) => {
    const records = (await runSchedule(pool, schedule, {}).finished) as (GameRecord | undefined)[];
    return savedRun(kind, schedule, records, 0, new Date(), sprt ? { sprt } : {});
  };
  const matrix = gameById('matrix');
  const tictactoe = gameById('tictactoe');
  const sprt = { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 };
  return [
    await play('tournament', tournament(matrix, ['greedy', 'article', 'exact'], { games: 100, seed: 1 })),
    await play('tournament', tournament(tictactoe, ['random', 'minimax:depth=1', 'minimax:depth=2', 'minimax:depth=4', 'perfect'], { games: 10, seed: 1 })),
    await play('match', matchSchedule(matrix, ['exact', 'article:depth=3'], 100, { seed: 1 }), sprt),
  ];
}

/** Fills the lab with clones of the base runs until it holds `games` games; the ids of the runs made. */
async function fill(
  location: LabLocation,
  bases: readonly SavedRun[],
  games: number,
  log: (line: string) => void,
): Promise<{ ids: string[]; bytesPerGame: number }> {
  const db = await openLabDatabase(location);
  try {
    const runs = new LabRuns(db);
    const ids: string[] = [];
    const year = 365 * 86_400_000;
    const start = Date.now() - year;
    let stored = 0;
    for (let i = 0; stored < games; i++) {
      const base = bases[i % bases.length];
      const id = `bench-${i}`;
      const created = new Date(start + Math.floor((i * 7919) % year));
      await runs.importRun({ ...base, id, created: created.toISOString() }, { owner: `owner-${i % OWNERS}`, build: 'bench' });
      ids.push(id);
      stored += base.records.filter(Boolean).length;
      if (i % 500 === 0) log(`${stored.toLocaleString('en')} games stored`);
    }
    await sql`analyze`.execute(db);
    const { rows } = await sql<{
      bytes: string;
      games: string;
    }>`select pg_total_relation_size('games') + pg_total_relation_size('runs') as bytes, (select count(*) from games) as games`.execute(db);
    return { ids, bytesPerGame: Number(rows[0].bytes) / Number(rows[0].games) };
  } finally {
    await db.destroy();
  }
}

function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Times `request` SAMPLES times (each given its sample's number); its 50th and 95th percentile in ms. */
async function timed(request: (sample: number) => Promise<void>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const started = performance.now();
    await request(sample);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function get(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export const labSuite: BenchSuite = {
  name: 'lab',
  description: 'a lab of 1,000,000 stored games (LAB_BENCH_GAMES) on PGlite and PostgreSQL: run list and run page p50/p95, bytes a game',
  async run({ pool, log }) {
    const games = Number(process.env.LAB_BENCH_GAMES ?? 1_000_000);
    const bases = await baseRuns(pool());
    log(`base runs: ${bases.map((run) => `${run.kind} of ${run.records.filter(Boolean).length} games`).join(', ')}`);
    const rows: TableRow[] = [];
    const folder = mkdtempSync(join(tmpdir(), 'bench-lab-'));
    const postgres = await startLocalPostgres();
    try {
      const databases: [string, LabLocation, Record<string, string>][] = [
        ['PGlite', { folder: join(folder, 'lab') }, { DATA_DIR: folder }],
        ['PostgreSQL', { url: postgres.url }, { DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-lab-pg-')), DATABASE_URL: postgres.url }],
      ];
      for (const [name, location, env] of databases) {
        const filling = performance.now();
        const { ids, bytesPerGame } = await fill(location, bases, games, (line) => log(`${name}: ${line}`));
        log(`${name}: ${ids.length} runs filled in ${((performance.now() - filling) / 1000).toFixed(0)} s, ${bytesPerGame.toFixed(0)} bytes a game`);
        const server = await serverProcess(env);
        try {
          const api = `${server.url}api/lab/`;
          // A page deep in the list: its cursor, found by paging once.
          let deep = '';
          for (let page = 0; page < 20; page++) {
            const { next } = (await get(`${api}runs?limit=200${deep ? `&after=${encodeURIComponent(deep)}` : ''}`)) as { next?: string };
            if (!next) break;
            deep = next;
          }
          const requests: [string, (sample: number) => Promise<unknown>][] = [
            ['list, first page', () => get(`${api}runs?limit=50`)],
            ['list by game', (i) => get(`${api}runs?game=${['matrix', 'tictactoe'][i % 2]}`)],
            ['list by bot', (i) => get(`${api}runs?bot=${encodeURIComponent(['exact', 'perfect', 'minimax:depth=2'][i % 3])}`)],
            ['list by owner', (i) => get(`${api}runs?owner=owner-${i % OWNERS}`)],
            ['list by kind and state', () => get(`${api}runs?kind=match&state=finished`)],
            ['list, page 21 (4,000 runs in)', () => get(`${api}runs?limit=50&after=${encodeURIComponent(deep)}`)],
            // The run's page loads both at once.
            [
              'run page (run and export)',
              (i) => Promise.all([get(`${api}runs/${ids[(i * 7) % ids.length]}`), get(`${api}runs/${ids[(i * 7) % ids.length]}/export`)]),
            ],
          ];
          for (const [request, send] of requests) {
            await send(0);
            const { p50, p95 } = await timed(async (i) => void (await send(i)));
            rows.push({ database: name, request, runs: ids.length, games, 'p50 ms': p50, 'p95 ms': p95, 'bytes a game': Math.round(bytesPerGame) });
            log(`${name}: ${request}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
          }
        } finally {
          await server.stop();
        }
      }
    } finally {
      await postgres.stop();
      rmSync(folder, { recursive: true, force: true });
    }
    return rows;
  },
};

/**
 * The tournaments of the recording bench, each a few seconds long: the shortest games there are (tic-tac-toe's
 * weak levels, thousands a second, where storing a game costs about what playing it does), and the plus-minus
 * game's levels (a few milliseconds a game).
 */
const RECORDED = [
  { game: 'tictactoe', bots: ['random', 'minimax:depth=1', 'minimax:depth=2'], games: 5000, seed: 1 },
  { game: 'matrix', bots: ['greedy', 'article', 'exact'], games: 500, seed: 1 },
] as const;
/** Rounds of the three ways, each round in another order (the machine's load drifts). */
const ROUNDS = 5;

/** Runs the CLI: its saved run (--out), and the time from its start to its exit (the last game in the lab). */
function cli(args: readonly string[], env: Record<string, string> = {}): Promise<{ run: SavedRun; wallMs: number }> {
  const out = join(mkdtempSync(join(tmpdir(), 'bench-rec-')), 'run.json');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [packagePath('bin/playground.mjs'), ...args, '--out', out], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) =>
      code === 0
        ? resolve({ run: JSON.parse(readFileSync(out, 'utf8')), wallMs: performance.now() - started })
        : reject(new Error(`the CLI failed (${code}): ${stderr}`)),
    );
  });
}

/** CPU time (user and system, ms) a process has used so far, from Linux's /proc; NaN elsewhere. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
}

type Way = 'CLI, unrecorded' | 'CLI, recorded (--lab)' | "the lab's server (submitted)";
const WAYS: readonly Way[] = ['CLI, unrecorded', 'CLI, recorded (--lab)', "the lab's server (submitted)"];

export const labRecordingSuite: BenchSuite = {
  name: 'lab-recording',
  description:
    "a tic-tac-toe and a plus-minus tournament unrecorded, recorded with --lab, and played by the lab's server: games/s, the ratio, the lab's CPU a game",
  async run({ log }) {
    const folder = mkdtempSync(join(tmpdir(), 'bench-rec-lab-'));
    const server = await serverProcess({ DATA_DIR: folder, LAB_GAMES_A_DAY: '100000000' });
    const rows: TableRow[] = [];
    try {
      const api = `${server.url}api/lab/`;
      const signup = await fetch(`${api}signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench', password: 'bench password' }),
      });
      const cookie = signup.headers.get('set-cookie')!.split(';')[0];
      const { csrf } = (await signup.json()) as { csrf: string };
      const session = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
      const { token } = (await (await fetch(`${api}tokens`, { method: 'POST', headers: session, body: JSON.stringify({ label: 'bench' }) })).json()) as {
        token: string;
      };
      const played = (run: SavedRun) => run.records.filter(Boolean).length;
      for (const recordedSpec of RECORDED) {
        const { game, bots, games, seed } = recordedSpec;
        const args = [game, 'tournament', '--bots', bots.join(','), '--games', String(games), '--seed', String(seed)];
        const play = async (way: Way): Promise<{ run: SavedRun; wallMs: number }> => {
          if (way === 'CLI, unrecorded') return cli(args);
          if (way === 'CLI, recorded (--lab)') return cli([...args, '--lab', server.url], { LAB_TOKEN: token });
          // The server's own play: from its submission to its end in the lab (polled every 50 ms).
          const started = performance.now();
          const spec = { kind: 'tournament', ...recordedSpec };
          const submitted = (await (await fetch(`${api}submit`, { method: 'POST', headers: session, body: JSON.stringify({ spec }) })).json()) as {
            id: string;
          };
          while (['queued', 'running'].includes(((await get(`${api}runs/${submitted.id}`)) as { state: string }).state))
            await new Promise((resolve) => setTimeout(resolve, 50));
          return { run: (await get(`${api}runs/${submitted.id}/export`)) as SavedRun, wallMs: performance.now() - started };
        };
        const ratios: Record<Way, number[]> = { 'CLI, unrecorded': [], 'CLI, recorded (--lab)': [], "the lab's server (submitted)": [] };
        for (let round = 1; round <= ROUNDS; round++) {
          const order = WAYS.map((_, i) => WAYS[(i + round - 1) % WAYS.length]);
          const results = new Map<Way, { run: SavedRun; wallMs: number; labCpuMs: number }>();
          for (const way of order) {
            const before = cpuMs(server.pid);
            const result = await play(way);
            results.set(way, { ...result, labCpuMs: cpuMs(server.pid) - before });
          }
          const plain = results.get('CLI, unrecorded')!;
          const plainRate = played(plain.run) / (plain.run.elapsedMs / 1000);
          for (const way of WAYS) {
            const { run, wallMs, labCpuMs } = results.get(way)!;
            const playRate = played(run) / (run.elapsedMs / 1000);
            ratios[way].push(playRate / plainRate);
            rows.push({
              game,
              round,
              way,
              games: played(run),
              'play games/s': Math.round(playRate),
              'of unrecorded': Math.round((playRate / plainRate) * 1000) / 1000,
              'wall s': Math.round(wallMs) / 1000,
              "lab's CPU µs a game": way === 'CLI, unrecorded' ? 0 : Math.round((labCpuMs * 1000) / played(run)),
            });
            log(`${game}, round ${round}, ${way}: ${playRate.toFixed(0)} games/s playing, ${(playRate / plainRate).toFixed(3)} of unrecorded`);
          }
        }
        for (const way of WAYS.slice(1))
          rows.push({
            game,
            round: 'median',
            way,
            games: 0,
            'play games/s': 0,
            'of unrecorded': Math.round(median(ratios[way]) * 1000) / 1000,
            'wall s': 0,
            "lab's CPU µs a game": 0,
          });
      }
    } finally {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    }
    return rows;
  },
};
