// The lab's runs in both its databases, PGlite (embedded) and PostgreSQL (Debian's, started here in a temporary
// folder): saved runs and tunings written by the CLI import unchanged and export as the same documents; a match's
// listed figures are those the CLI printed; games sent twice are stored once; the list filters, pages without
// losing or repeating a run, and takes hostile filter text as plain values; PGlite's files outlive the process.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSavedRun, type SavedRun } from '../../src/arena/saved-run';
import { parseSavedTune } from '../../src/arena/saved-tune';
import { sql } from 'kysely';
import { type LabDatabase, openLabDatabase } from '../../src/lab/database';
import { startLocalPostgres } from '../../src/lab/local-postgres';
import { LabRuns, RunTaken } from '../../src/lab/runs';
import { runCli } from '../helpers/cli';
import { exported, labDatabases } from '../helpers/lab';

const folder = mkdtempSync(join(tmpdir(), 'lab-runs-'));
const files = {
  tournament: join(folder, 'tournament.json'),
  match: join(folder, 'match.json'),
  tune: join(folder, 'tune.json'),
};
const printed: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  const runs = {
    tournament: ['tictactoe', 'tournament', '--bots', 'random,minimax:depth=1,perfect', '--games', '4', '--seed', '5'],
    match: ['matrix', 'match', '--bots', 'exact,article', '--sprt', 'elo0=0,elo1=50'],
    tune: ['matrix', 'tune', '--bot', 'article', '--params', 'depth=1..5', '--vs', 'exact', '--games', '16', '--verify-games', '20'],
  } as const;
  for (const [name, args] of Object.entries(runs)) {
    const { status, stdout, stderr } = await runCli([...args, '--json', '--out', files[name as keyof typeof files]]);
    if (status !== 0) throw new Error(stderr);
    printed[name] = JSON.parse(stdout);
  }
}, 180_000);

const databases = labDatabases();

describe.each(databases)('the lab on %s', (_name, open) => {
  const build = 'test-build';
  /** A test on a fresh lab, closed after it. */
  const withLab = async (test: (lab: LabRuns, db: LabDatabase) => Promise<void>) => {
    const db = await open();
    try {
      await test(new LabRuns(db), db);
    } finally {
      await db.destroy();
    }
  };

  it(
    'imports saved runs and tunings unchanged, and exports them as the same documents',
    () =>
      withLab(async (lab) => {
        for (const path of [files.tournament, files.match]) {
          const run = parseSavedRun(readFileSync(path, 'utf8'));
          const listed = await lab.importRun(run, { owner: 'ada', build });
          expect(listed).toMatchObject({ id: run.id, kind: run.kind, game: run.schedule.game, owner: 'ada', build, state: 'finished', finished: true });
          expect(await exported(lab, run.id)).toEqual(JSON.parse(readFileSync(path, 'utf8')));
        }
        const tuning = parseSavedTune(readFileSync(files.tune, 'utf8'));
        await lab.importRun(tuning, { owner: null, build });
        expect(await exported(lab, tuning.id)).toEqual(tuning);
        expect((await lab.run(tuning.id))?.kind).toBe('tuning');
        await expect(lab.importRun(tuning, { owner: null, build })).rejects.toThrow(`the lab already has a run ${tuning.id}`);
        // Two imports of one id at once: one is kept, the other told so.
        const twice = { ...parseSavedRun(readFileSync(files.tournament, 'utf8')), id: 'twice' };
        const outcomes = await Promise.allSettled([lab.importRun(twice, { owner: 'ada', build }), lab.importRun(twice, { owner: 'bob', build })]);
        expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: new RunTaken('twice') });
        expect(await exported(lab, 'nothing-here')).toBeUndefined();
      }),
    60_000,
  );

  it(
    "lists a match with the figures the CLI printed, and a tournament's games played",
    () =>
      withLab(async (lab) => {
        const match = await lab.importRun(parseSavedRun(readFileSync(files.match, 'utf8')), { owner: 'ada', build });
        const cli = printed.match as Record<string, number | string>;
        expect(match.summary.match).toEqual({
          result: cli.result,
          llr: cli.llr,
          lower: cli.lower,
          upper: cli.upper,
          elo: cli.elo,
          elo_lo: cli.elo_lo,
          elo_hi: cli.elo_hi,
        });
        const tournament = await lab.importRun(parseSavedRun(readFileSync(files.tournament, 'utf8')), { owner: 'bob', build });
        // Three bots, three pairings of 4 starts in both seats; the leader as the CLI rated it.
        const cliTournament = printed.tournament as {
          ratings: { bot: string; rating: number; lo: number; hi: number }[];
          totals: { bot: string; wins: number; draws: number; losses: number }[];
        };
        const best = cliTournament.ratings.reduce((a, b) => (b.rating > a.rating ? b : a));
        const totals = cliTournament.totals.find((total) => total.bot === best.bot)!;
        expect(tournament.summary).toEqual({ played: 24, scheduled: 24, leader: { ...best, wdl: [totals.wins, totals.draws, totals.losses] } });
      }),
    60_000,
  );

  it(
    'stores a game sent twice once, and keeps the games of a run that was interrupted',
    () =>
      withLab(async (lab) => {
        const whole = parseSavedRun(readFileSync(files.tournament, 'utf8'));
        const half: SavedRun = { ...whole, records: whole.records.map((record, i) => (i % 2 ? null : record)), finished: false };
        expect(await lab.importRun(half, { owner: 'ada', build })).toMatchObject({
          state: 'cancelled',
          finished: false,
          summary: { played: 12, scheduled: 24 },
        });
        const rest = whole.records.flatMap((record, index) => (index % 2 ? [{ index, record: record! }] : []));
        expect(await lab.addGames(whole.id, rest)).toBe(12);
        expect(
          await lab.addGames(
            whole.id,
            whole.records.map((record, index) => ({ index, record: record! })),
          ),
        ).toBe(0);
        // Games recorded from outside are checked against the schedule and the rules, each batch as a whole.
        const recording = { ...whole, id: `${whole.id}-r`, records: whole.records.map(() => null), finished: false };
        expect(await lab.importRun(recording, { owner: 'ada', build }, true)).toMatchObject({ state: 'running', summary: { played: 0 } });
        const [first, second] = whole.records as NonNullable<SavedRun['records'][number]>[];
        await expect(
          lab.recordGames(recording.id, [{ index: 0, record: { ...first, start: second.start === first.start ? 'X........' : second.start } }]),
        ).rejects.toThrow(/^game 0 was played from another start than its schedule's$/);
        await expect(lab.recordGames(recording.id, [{ index: 0, record: { ...first, moves: [first.moves[0], first.moves[0]] } }])).rejects.toThrow(
          /^game 0's record does not replay by the rules/,
        );
        await expect(lab.recordGames(recording.id, [{ index: 99, record: first }])).rejects.toThrow("game 99 is not one of the run's 24");
        await expect(lab.recordGames(recording.id, [{ index: 1, record: { ...first, winner: 7 } }])).rejects.toThrow(/^game 1 is malformed: winner/);
        expect(
          await lab.recordGames(recording.id, [
            { index: 0, record: first },
            { index: 1, record: second },
          ]),
        ).toEqual({ stored: 2, state: 'running' });
        expect((await lab.run(recording.id))?.summary).toMatchObject({ played: 2, scheduled: 24 });
        expect(await lab.cancel(recording.id)).toBe(true);
        expect(await lab.recordGames(recording.id, [{ index: 2, record: whole.records[2] }])).toEqual({ stored: 0, state: 'cancelled' });
        // A game log with a NUL (an engine may write anything) is kept as it was.
        const logged = { ...whole.records[0]!, logs: ['a\u0000b', ''] as const };
        const other = { ...whole, id: `${whole.id}-b`, records: [logged, ...whole.records.slice(1)] };
        await lab.importRun(other, { owner: 'ada', build });
        expect((await exported(lab, other.id)) as SavedRun).toEqual(other);
        expect(((await exported(lab, whole.id)) as SavedRun).records).toEqual(whole.records);
      }),
    60_000,
  );

  it(
    'filters and pages the list, newest first, hostile filter text taken as plain values',
    () =>
      withLab(async (lab, db) => {
        const base = parseSavedRun(readFileSync(files.tournament, 'utf8'));
        const match = parseSavedRun(readFileSync(files.match, 'utf8'));
        const ids: string[] = [];
        // 25 runs a minute apart (some at the same minute, to page through ties), owners alternating: listed by
        // when they came in, which is set here.
        for (let i = 0; i < 25; i++) {
          const created = new Date(Date.UTC(2026, 11, 1, 10, Math.floor(i / 2)));
          const run = i % 5 === 4 ? { ...match, id: `match-${i}` } : { ...base, id: `run-${String(i).padStart(2, '0')}` };
          await lab.importRun(run, { owner: i % 2 ? 'bob' : 'ada', build });
          await sql`update runs set created = ${created} where id = ${run.id}`.execute(db);
          ids.push(run.id);
        }
        const newestFirst = [...ids].sort((a, b) => {
          const [ca, cb] = [ids.indexOf(a), ids.indexOf(b)].map((i) => Math.floor(i / 2));
          return cb - ca || (b < a ? -1 : 1);
        });
        const seen: string[] = [];
        let page = await lab.list({}, 7);
        while (page.length > 0) {
          seen.push(...page.map((run) => run.id));
          const last = page.at(-1)!;
          page = await lab.list({}, 7, { created: last.created, id: last.id });
        }
        expect(seen).toEqual(newestFirst);
        expect((await lab.list({ owner: 'bob' }, 100)).map((run) => run.id)).toEqual(newestFirst.filter((id) => ids.indexOf(id) % 2 === 1));
        expect((await lab.list({ kind: 'match' }, 100)).map((run) => run.id)).toEqual(newestFirst.filter((id) => id.startsWith('match')));
        expect((await lab.list({ game: 'matrix' }, 100)).length).toBe(5);
        expect((await lab.list({ bot: 'perfect' }, 100)).length).toBe(20);
        expect((await lab.list({ bot: 'article' }, 100)).length).toBe(5);
        expect((await lab.list({ state: 'finished', game: 'tictactoe', owner: 'ada' }, 100)).length).toBe(10);
        for (const hostile of ["' or '1'='1", "x'); drop table runs; --", 'perfect"}', '%', '\\']) {
          expect(await lab.list({ game: hostile }, 100)).toEqual([]);
          expect(await lab.list({ bot: hostile }, 100)).toEqual([]);
          expect(await lab.list({ owner: hostile }, 100)).toEqual([]);
        }
        expect((await lab.list({}, 1000)).length).toBe(25);
        expect(await lab.delete('run-00')).toBe(true);
        expect(await lab.delete('run-00')).toBe(false);
        expect(await exported(lab, 'run-00')).toBeUndefined();
      }),
    120_000,
  );
});

describe('the lab embedded (PGlite in a folder)', () => {
  it('keeps its runs when it is opened again', async () => {
    const data = mkdtempSync(join(tmpdir(), 'lab-data-'));
    const run = parseSavedRun(readFileSync(files.tournament, 'utf8'));
    const first = await openLabDatabase({ folder: data });
    await new LabRuns(first).importRun(run, { owner: 'ada', build: 'b' });
    await first.destroy();
    const again = await openLabDatabase({ folder: data });
    try {
      expect(await exported(new LabRuns(again), run.id)).toEqual(run);
    } finally {
      await again.destroy();
    }
  }, 60_000);
});

describe('the lab on a PostgreSQL server', () => {
  it('fails a query whose connection the server ends, without ending this process, and answers the next', async () => {
    const postgres = await startLocalPostgres();
    const db = await openLabDatabase({ url: postgres.url });
    try {
      // Its failure is taken as soon as it comes: a rejection nobody listens to yet counts as unhandled.
      const slow = sql`select pg_sleep(30)`.execute(db).then(
        () => undefined,
        (error: Error) => error,
      );
      const admin = await openLabDatabase({ url: postgres.url });
      const sleeper = sql`from pg_stat_activity where query = 'select pg_sleep(30)'`;
      await expect.poll(async () => (await sql<{ n: number }>`select count(*)::int as n ${sleeper}`.execute(admin)).rows[0].n).toBe(1);
      await sql`select pg_terminate_backend(pid) ${sleeper}`.execute(admin);
      await admin.destroy();
      expect((await slow)?.message).toMatch(/terminat/);
      // An error event of the dropped connection, unheard, would end this process (the test run reports it).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
      await postgres.stop();
    }
  }, 60_000);
});
