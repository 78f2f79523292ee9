// The runs the lab's server plays itself (src/lab/runner.ts), on both databases: a run submitted as the arena page
// sends it plays the games the CLI plays for the same settings (its figures the CLI's), in its turn behind the
// runs before it; its owner cancels it (queued or playing) and nobody else; a run is rerun with the same games;
// the quotas (runs at once, games a day) stop what is past them with the reason; hostile submissions are refused
// with theirs; and a PostgreSQL that goes down mid-run loses no game and stores none twice. A finished run's games
// are judged against perfect play as the CLI's --judge judges them.

import { beforeAll, describe, expect, it } from 'vitest';
import { parseSavedRun, type SavedRun } from '../../src/arena/saved-run';
import { startLocalPostgres } from '../../src/lab/local-postgres';
import { runCli } from '../helpers/cli';
import { cliRun, type LabCall, labLocations, labServer, untimed } from '../helpers/lab';

/** A tournament long enough to be caught playing (1,200 games of the plus-minus game), and a match. */
const TOURNAMENT = { kind: 'tournament', game: 'matrix', seed: 5, games: 200, bots: ['greedy', 'article', 'exact'] };
const MATCH = {
  kind: 'match',
  game: 'matrix',
  seed: 1,
  bots: ['exact', 'article:depth=3'],
  maxGames: 2000,
  sprt: { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 },
};
const SHORT = { kind: 'tournament', game: 'tictactoe', seed: 3, games: 2, bots: ['random', 'perfect'] };

/** The CLI's runs of the same settings, played here, as the oracle. */
let cliTournament: SavedRun;
let cliMatch: { result: string; games: number; llr: number; pentanomial: number[] };

beforeAll(async () => {
  cliTournament = await cliRun(['matrix', 'tournament', '--bots', TOURNAMENT.bots.join(','), '--games', '200', '--seed', '5', '--judge']);
  const match = await runCli(['matrix', 'match', '--bots', MATCH.bots.join(','), '--sprt', 'elo0=0,elo1=50', '--max-games', '2000', '--seed', '1', '--json']);
  if (match.status !== 0) throw new Error(match.stderr);
  cliMatch = JSON.parse(match.stdout);
}, 120_000);

type Lab = Awaited<ReturnType<typeof labServer>>;

/** Waits until the run's state is one of `states`; its listing then. */
async function until(lab: Lab, id: string, states: readonly string[], timeout = 60_000) {
  await expect
    .poll(async () => (await lab.call('GET', `runs/${id}`)).body.state, { timeout, interval: 100 })
    .toSatisfy((state: string) => states.includes(state));
  return (await lab.call('GET', `runs/${id}`)).body;
}

async function submit(lab: Lab, spec: unknown, who: LabCall) {
  const answer = await lab.call('POST', 'submit', { body: { spec, time: {} }, ...who });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string; state: string };
}

describe.each(labLocations())('runs the server plays, on %s', (_name, location) => {
  it("plays a submitted tournament and match in their turn, with the CLI's games and figures", async () => {
    const lab = await labServer(await location(), { player: { playing: 1, workers: 2, workerFile: 'dist-node/worker.mjs' } });
    try {
      const ada = await lab.signUp('ada');
      const tournament = await submit(lab, TOURNAMENT, ada);
      const match = await submit(lab, MATCH, ada);
      expect([tournament.state, match.state]).toEqual(['queued', 'queued']);
      // One run at a time: the match waits while the tournament plays.
      await expect
        .poll(async () => [(await lab.call('GET', `runs/${tournament.id}`)).body.state, (await lab.call('GET', `runs/${match.id}`)).body.state], {
          timeout: 30_000,
          interval: 50,
        })
        .toEqual(['running', 'queued']);
      const played = await until(lab, tournament.id, ['finished']);
      expect(played.summary).toMatchObject({ played: 1200, scheduled: 1200 });
      const exported = (await lab.call('GET', `runs/${tournament.id}/export`)).body as SavedRun;
      expect(untimed(exported.records)).toEqual(untimed(cliTournament.records));
      expect(exported.finished).toBe(true);
      // Judged against perfect play once played, as `tournament --judge` judges them (5x5 boards: quick to solve).
      const drops = (run: SavedRun) => run.records.map((record) => record?.moves.map((move) => move.drop));
      expect(drops(exported)).toEqual(drops(cliTournament));
      expect(
        drops(exported)
          .flat(2)
          .filter((drop) => drop === undefined),
      ).toEqual([]);
      const decided = await until(lab, match.id, ['finished']);
      expect(decided.summary.match).toMatchObject({ result: cliMatch.result, llr: cliMatch.llr });
      const matchRun = (await lab.call('GET', `runs/${match.id}/export`)).body as SavedRun;
      expect(matchRun.records.filter(Boolean).length).toBeGreaterThanOrEqual(cliMatch.games);
    } finally {
      await lab.server.close();
    }
  }, 180_000);

  it('lets the owner alone cancel a run, queued or playing; a run is rerun with the same games', async () => {
    const lab = await labServer(await location(), { player: { playing: 1, workers: 2, workerFile: 'dist-node/worker.mjs' } });
    try {
      const [ada, bob] = [await lab.signUp('ada'), await lab.signUp('bob')];
      const long = await submit(lab, TOURNAMENT, ada);
      const waiting = await submit(lab, SHORT, ada);
      expect(await lab.call('POST', `runs/${waiting.id}/cancel`, bob)).toMatchObject({ status: 403, body: { error: `run ${waiting.id} is not yours` } });
      expect((await lab.call('POST', `runs/${waiting.id}/cancel`, ada)).body).toMatchObject({ state: 'cancelled' });
      await expect.poll(async () => (await lab.call('GET', `runs/${long.id}`)).body.summary.played, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
      expect((await lab.call('POST', `runs/${long.id}/cancel`, ada)).status).toBe(200);
      const stopped = await until(lab, long.id, ['cancelled']);
      // Stopped where it was: its games are kept, and no more come.
      const kept = (await lab.call('GET', `runs/${long.id}/export`)).body as SavedRun;
      const count = kept.records.filter(Boolean).length;
      expect(count).toBeLessThan(1200);
      expect(stopped.finished).toBe(false);
      for (const [index, record] of kept.records.entries()) if (record) expect(untimed(record)).toEqual(untimed(cliTournament.records[index]));
      const never = await until(lab, waiting.id, ['cancelled']);
      expect(never.summary.played).toBe(0);
      // A rerun: a new run of bob's with the same schedule, played to the end with the same games.
      const rerun = await lab.call('POST', `runs/${waiting.id}/rerun`, bob);
      expect(rerun).toMatchObject({ status: 201, body: { owner: 'bob', state: 'queued', kind: 'tournament', game: 'tictactoe' } });
      expect(rerun.body.id).not.toBe(waiting.id);
      await until(lab, rerun.body.id, ['finished']);
      const short = await cliRun(['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '2', '--seed', '3']);
      expect(untimed((await lab.call('GET', `runs/${rerun.body.id}/export`)).body.records)).toEqual(untimed(short.records));
      expect((await lab.call('GET', `runs/${long.id}/export`)).body.records.filter(Boolean).length).toBe(count);
    } finally {
      await lab.server.close();
    }
  }, 180_000);
});

describe('runs the server plays: slots shared between accounts', () => {
  it("plays another account's short run while one account's two long runs hold both slots, and the long runs end as the CLI's", async () => {
    const lab = await labServer({ memory: true }, { player: { playing: 2, workers: 2, workerFile: 'dist-node/worker.mjs' } });
    try {
      const [ada, bob] = [await lab.signUp('ada'), await lab.signUp('bob')];
      // 6,000 games each: minutes of play for the two runs.
      const LONG = { ...TOURNAMENT, games: 1000 };
      const long = [await submit(lab, LONG, ada), await submit(lab, LONG, ada)];
      for (const run of long) await until(lab, run.id, ['running']);
      const short = await submit(lab, SHORT, bob);
      // Bob's 4 games are played while Ada's 12,000 still are: one of her runs gave its slot back.
      await until(lab, short.id, ['finished'], 120_000);
      const states = await Promise.all(long.map(async (run) => (await lab.call('GET', `runs/${run.id}`)).body.state));
      expect(states.every((state) => state === 'running')).toBe(true);
      // Given back and carried on, each ends with the games of an uninterrupted run.
      const cli = await cliRun(['matrix', 'tournament', '--bots', LONG.bots.join(','), '--games', String(LONG.games), '--seed', String(LONG.seed)]);
      for (const run of long) {
        await until(lab, run.id, ['finished'], 300_000);
        expect(untimed((await lab.call('GET', `runs/${run.id}/export`)).body.records)).toEqual(untimed(cli.records));
      }
    } finally {
      await lab.server.close();
    }
  }, 400_000);
});

describe('runs the server plays: quotas and hostile submissions', () => {
  it('stops a run past the games of a day, and refuses more runs than allowed at once', async () => {
    const lab = await labServer({ memory: true }, { gamesADay: 10, runsAtOnce: 1 });
    try {
      const ada = await lab.signUp('ada');
      const run = await submit(lab, { ...SHORT, games: 10 }, ada);
      expect(await lab.call('POST', 'submit', { body: { spec: SHORT }, ...ada })).toMatchObject({
        status: 429,
        body: { error: 'you have 1 runs playing or queued, the most at once: wait for one to end, or cancel one' },
      });
      const stopped = await until(lab, run.id, ['cancelled']);
      expect(stopped.reason).toBe('ada has played 10 games today, the most a day');
      expect(stopped.summary.played).toBeGreaterThanOrEqual(10);
      expect(stopped.summary.played).toBeLessThan(40);
      expect(await lab.call('POST', 'submit', { body: { spec: SHORT }, ...ada })).toMatchObject({
        status: 429,
        body: { error: 'you have played 10 games today, the most a day: carry on tomorrow (UTC)' },
      });
    } finally {
      await lab.server.close();
    }
  }, 60_000);

  it('refuses a submission that is not signed in, lacks its CSRF token, or is malformed, too large or unknown, with the reason', async () => {
    const lab = await labServer({ memory: true }, { maxGames: 1000 });
    try {
      const ada = await lab.signUp('ada');
      expect(await lab.call('POST', 'submit', { body: { spec: SHORT } })).toMatchObject({ status: 401 });
      expect(await lab.call('POST', 'submit', { body: { spec: SHORT }, cookie: ada.cookie })).toMatchObject({ status: 403 });
      const refusals: [unknown, string][] = [
        ['{"spec":', 'the request is not JSON'],
        [{ spec: { ...SHORT, kind: 'league' } }, 'this run cannot be played: a run is a tournament, a sweep or a match'],
        [{ spec: { ...SHORT, bots: ['random', 'oracle'] } }, 'this run cannot be played: '],
        [{ spec: { ...SHORT, seed: -1 } }, 'this run cannot be played: the seed is at least 0'],
        [{ spec: SHORT, time: { moveMs: 10 ** 9 } }, 'this run cannot be played: a time is at most an hour'],
        [{ spec: { ...SHORT, games: 1000 } }, 'the server plays at most 1,000 games a run: this one has 2,000 (fewer starts or bots)'],
        [{ spec: { ...SHORT, bots: ["perfect'); drop table runs; --", 'random'] } }, 'this run cannot be played: '],
      ];
      for (const [body, error] of refusals) {
        const answer = await lab.call('POST', 'submit', { body, ...ada });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error).toContain(error);
      }
      expect(await lab.call('POST', 'submit', { body: 'x'.repeat(1 << 20), ...ada })).toMatchObject({ status: 413 });
      expect((await lab.call('GET', 'runs')).body.runs).toEqual([]);
      // A run recorded from the CLI with an engine the server does not have cannot be rerun here.
      const engineRun = { ...parseSavedRun(JSON.stringify(cliTournament)), id: 'with-engine' };
      const bots = ['mine', ...engineRun.schedule.bots.slice(1)];
      const renamed = JSON.parse(JSON.stringify(engineRun).replaceAll('"greedy"', '"mine"'));
      expect(renamed.schedule.bots).toEqual(bots);
      expect((await lab.call('POST', 'runs', { body: renamed, ...ada })).status).toBe(201);
      const rerun = await lab.call('POST', 'runs/with-engine/rerun', ada);
      expect(rerun.status).toBe(400);
      expect(rerun.body.error).toMatch(/^the server cannot play this run again: /);
      expect(await lab.call('POST', 'runs/nothing/rerun', ada)).toMatchObject({ status: 404 });
    } finally {
      await lab.server.close();
    }
  }, 60_000);
});

describe('runs the server plays when its PostgreSQL goes down', () => {
  it('waits while the database is down and carries on, no game lost or stored twice', async () => {
    const postgres = await startLocalPostgres();
    const lab = await labServer({ url: postgres.url });
    try {
      const ada = await lab.signUp('ada');
      const run = await submit(lab, TOURNAMENT, ada);
      await expect.poll(async () => (await lab.call('GET', `runs/${run.id}`)).body.summary.played, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
      await postgres.crash();
      expect((await lab.call('GET', `runs/${run.id}`)).status).toBe(503);
      expect((await fetch(lab.server.url)).status).toBe(200);
      await postgres.restart();
      const finished = await until(lab, run.id, ['finished'], 120_000);
      expect(finished.summary.played).toBe(1200);
      const exported = (await lab.call('GET', `runs/${run.id}/export`)).body as SavedRun;
      expect(untimed(exported.records)).toEqual(untimed(cliTournament.records));
    } finally {
      await lab.server.close();
      await postgres.stop();
    }
  }, 180_000);
});
