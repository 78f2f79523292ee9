// A worker that fakes its results (any process that reaches Redis can take tasks: here a plain BullMQ worker) has
// none of them counted: a game of no moves with a winner of its choosing, a game played past its end, a forfeit
// our bots cannot have. The run stops with the reason, and no game of the fake worker is kept.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Job, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSavedRun } from '../../src/arena/saved-run';
import type { ScheduledGame } from '../../src/arena/schedule';
import { type GameTask, QUEUE_NAME, redisConnection } from '../../src/cluster/tasks';
import { runCli } from '../helpers/cli';
import { type RedisProcess, startRedis } from '../helpers/redis';

let redis: RedisProcess;

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);

afterAll(async () => {
  await redis?.stop();
});

/** A fake worker answering every game of every task with `fake(game)`, for as long as `run` takes. */
async function withFakeWorker<T>(fake: (game: ScheduledGame) => unknown, run: () => Promise<T>): Promise<T> {
  const worker = new Worker<GameTask>(QUEUE_NAME, async (job: Job<GameTask>) => job.data.games.map(fake), { connection: redisConnection(redis.url) });
  worker.on('error', () => {});
  try {
    return await run();
  } finally {
    await worker.close(true);
  }
}

const tournament = (out: string) => ['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '4', '--seed', '2', '--redis', redis.url, '--out', out];

describe('a worker that fakes its results', () => {
  it.each([
    [
      'a game of no moves, won by the first seat',
      (game: ScheduledGame) => ({ start: game.start, seats: game.seats, moves: [], winner: 0, margin: 0 }),
      /the game is not over/,
    ],
    [
      'a forfeit of the perfect player by a crash',
      (game: ScheduledGame) => ({
        start: game.start,
        seats: game.seats,
        moves: [],
        winner: game.seats[0] === 'perfect' ? 1 : 0,
        margin: 0,
        forfeit: { seat: game.seats[0] === 'perfect' ? 0 : 1, reason: 'crash', detail: 'it fell over' },
      }),
      /perfect is one of our bots, which cannot forfeit by crash/,
    ],
    [
      'a loss on time in a run without a clock',
      (game: ScheduledGame) => ({
        start: game.start,
        seats: game.seats,
        moves: [],
        winner: game.seats[0] === 'perfect' ? 1 : 0,
        margin: 0,
        forfeit: { seat: game.seats[0] === 'perfect' ? 0 : 1, reason: 'time', detail: 'slow' },
      }),
      /lost on time in a run without a time control/,
    ],
    [
      'games of other bots',
      (game: ScheduledGame) => ({ start: game.start, seats: ['random', 'random'], moves: [], winner: 0, margin: 0 }),
      /played by other bots/,
    ],
    ['a record that is none', () => 'I won', /malformed/],
  ])(
    'has no game counted for %s: the run stops and says why',
    async (_what, fake, reason) => {
      const out = join(mkdtempSync(join(tmpdir(), 'spoof-')), 'run.json');
      const played = await withFakeWorker(fake, () => runCli(tournament(out)));
      expect(played.status).toBe(1);
      expect(played.stderr).toMatch(/a worker's results were refused/);
      expect(played.stderr).toMatch(reason);
      expect(parseSavedRun(readFileSync(out, 'utf8')).records.every((record) => record === null)).toBe(true);
    },
    60_000,
  );
});
