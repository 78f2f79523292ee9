// A flood of anonymous exports of a long run (tens of megabytes) does not kill the server: each export is sent as it
// is read from the database, a batch of games at a time and only as fast as its client takes it, and only a few at
// once (per address and in all; the rest are told to wait). The server runs here with a heap far smaller than one
// such run built whole in memory (as every export once was), and readers that never read hold their answers open
// meanwhile: it stays up, and every export it sends is the whole run.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from 'node:http';
import { LOG_KEPT } from '../../src/arena/play-out';
import type { SavedRun } from '../../src/arena/saved-run';
import { openLabDatabase } from '../../src/lab/database';
import { type LocalPostgres, startLocalPostgres } from '../../src/lab/local-postgres';
import { LabRuns } from '../../src/lab/runs';
import { cliRun } from '../helpers/lab';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

let postgres: LocalPostgres;
let server: ServerProcess;
let run: SavedRun;
let runBytes = 0;

beforeAll(async () => {
  // 1,000 games, each with the longest logs a record keeps: a run of about 33 MB.
  const played = await cliRun(['tictactoe', 'tournament', '--bots', 'random,minimax:depth=1', '--games', '500', '--seed', '9']);
  const log = (seat: number) => `seat ${seat} thinks `.repeat(LOG_KEPT).slice(0, LOG_KEPT);
  run = { ...played, records: played.records.map((record) => record && { ...record, logs: [log(0), log(1)] as const }) };
  runBytes = JSON.stringify(run).length;
  postgres = await startLocalPostgres();
  const db = await openLabDatabase({ url: postgres.url });
  await new LabRuns(db).importRun(run, { owner: null, build: 'test-build' });
  await db.destroy();
  // A heap of 96 MB: building one such run whole (its records, then their JSON) would not fit in it.
  server = await startServerProcess({ DATABASE_URL: postgres.url, NODE_OPTIONS: '--max-old-space-size=96' });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
});

/** An export asked from a local address: its status once its head has come, and its body when asked for. */
function ask(address: string): Promise<{ status: number; body(): Promise<string>; drop(): void }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`api/lab/runs/${run.id}/export`, server.url);
    const request = get({ host: '127.0.0.1', port: url.port, path: url.pathname, localAddress: address, agent: false }, (response) => {
      response.pause();
      resolve({
        status: response.statusCode!,
        body: async () => {
          let text = '';
          response.setEncoding('utf8');
          for await (const chunk of response) text += chunk;
          return text;
        },
        drop: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

describe('exports of a long run', () => {
  it('survive a flood from two addresses, readers that never read among them, each sent whole or refused with a reason', async () => {
    expect(runBytes).toBeGreaterThan(30 << 20);
    // 48 requests that take their answer's head and never read its body, from one address...
    const stalls = await Promise.all(Array.from({ length: 48 }, () => ask('127.0.0.1')));
    // ...and 48 that read, from another, all at once.
    const reads = await Promise.all(
      Array.from({ length: 48 }, async () => {
        const answer = await ask('127.0.0.2');
        return { status: answer.status, text: await answer.body() };
      }),
    );
    expect(server.alive()).toBe(true);
    // A few at once from each address; the others are told why, and nothing else is answered.
    expect(stalls.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(stalls.filter((answer) => answer.status !== 200).every((answer) => answer.status === 429)).toBe(true);
    const sent = reads.filter((answer) => answer.status === 200);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(reads.every((answer) => [200, 429, 503].includes(answer.status))).toBe(true);
    for (const answer of reads.filter((each) => each.status !== 200)) expect(JSON.parse(answer.text).error).toMatch(/at once/);
    // Every export sent is the run, whole (read back as a document: the same text, key for key).
    const texts = new Set(sent.map((answer) => answer.text));
    expect(texts.size).toBe(1);
    expect(JSON.parse([...texts][0])).toEqual(run);

    // The readers that never read let go: their slots are free again, and the server sends the run once more.
    for (const stall of stalls) stall.drop();
    await expect
      .poll(
        async () => {
          const answer = await ask('127.0.0.1');
          return answer.status === 200 && JSON.parse(await answer.body()).id === run.id;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(server.alive()).toBe(true);
  }, 300_000);
});
