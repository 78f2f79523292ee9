// Issue 15, items 13, 14 and 16: files read from outside. Saved runs are checked by their schema and refused
// with the first reason (a number for `created`, null moves, a pair index out of range, missing seats, a game
// named `__proto__`, too many bots), quickly; CSV cells that a spreadsheet would run as formulas are escaped;
// a pattern database cache with wrong bytes is rebuilt, never trusted, in the folder AI_PLAYGROUND_CACHE
// names; a closed worker pool refuses new work at once.

import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCsv } from '../../src/arena/run-csv';
import { parseSavedRun, savedRun, type SavedRun } from '../../src/arena/saved-run';
import { tournament } from '../../src/arena/schedule';
import { checkedCache } from '../../workers/checked-cache';
import type { DataCache } from '../../src/contracts/game';
import { cacheFolder, fileCache } from '../../workers/node-cache';
import { createNodePool } from '../../src/runtime/node-pool';
import { matrix } from '../../src/games/matrix';
import { api } from '../helpers/api';
import { runCli } from '../helpers/cli';

async function aRun(): Promise<SavedRun> {
  const schedule = tournament(matrix, ['greedy', 'exact'], { games: 2, seed: 3, size: 4 });
  const records = await api.playGames('matrix', schedule.games);
  return savedRun('tournament', schedule, records, 10, new Date('2026-11-30T10:00:00Z'));
}

/** A run as a file holds it: JSON, anything at all in any field once someone has edited it. */
// biome-ignore lint/suspicious/noExplicitAny: the tests write whatever a hostile file could hold.
type RunDocument = any;

/** The run with one change made to its JSON form. */
function changed(run: SavedRun, change: (document: RunDocument) => void): string {
  const document = JSON.parse(JSON.stringify(run));
  change(document);
  return JSON.stringify(document);
}

describe('saved runs from outside', () => {
  it.each([
    ['a number for created', (d: RunDocument) => (d.created = 1764496800000), 'created'],
    ['a null move', (d: RunDocument) => (d.records[0].moves[0] = null), 'records.0.moves.0'],
    ['a pair index out of range', (d: RunDocument) => (d.schedule.games[1].pair = 7), 'game 1 names pairing 7'],
    ['a negative pair index', (d: RunDocument) => (d.schedule.games[1].pair = -1), 'schedule.games.1.pair'],
    ['missing seats', (d: RunDocument) => delete d.records[2].seats, 'records.2.seats'],
    ['seats of other bots', (d: RunDocument) => (d.records[2].seats = ['greedy', 'greedy']), 'game 2 was played by other bots'],
    ['the game __proto__', (d: RunDocument) => (d.schedule.game = '__proto__'), 'schedule.game'],
    ['a game without an arena', (d: RunDocument) => (d.schedule.game = 'puzzle15'), 'schedule.game'],
    ['a winner that is no seat', (d: RunDocument) => (d.records[0].winner = 2), 'records.0.winner'],
    ['more records than games', (d: RunDocument) => d.records.push(null), 'games do not match its schedule'],
    // Fabricated records: each played again by the rules.
    [
      'a winner the rules do not give',
      (d: RunDocument) => (d.records[0].winner = d.records[0].winner === 0 ? 1 : 0),
      "game 0's record does not replay by the rules: the rules end it",
    ],
    ['a margin of 1e300', (d: RunDocument) => (d.records[1].margin = 1e300), "game 1's record does not replay by the rules"],
    ['an illegal move', (d: RunDocument) => (d.records[0].moves[1].move = '99'), "game 0's record does not replay by the rules: move 2 (99)"],
    ['a game cut short', (d: RunDocument) => d.records[0].moves.pop(), "game 0's record does not replay by the rules: the game is not over"],
    ['moves after the end', (d: RunDocument) => d.records[0].moves.push(d.records[0].moves[0]), "game 0's record does not replay by the rules: move"],
    [
      'another start',
      (d: RunDocument) => (d.records[0].start = d.records[2].start === d.records[0].start ? '4 0 1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7' : d.records[2].start),
      'game 0 was played from another start',
    ],
    [
      'a forfeit won by the forfeiter',
      (d: RunDocument) => (d.records[0].forfeit = { seat: d.records[0].winner ?? 0, reason: 'crash', detail: 'x' }),
      "game 0's record does not replay by the rules",
    ],
  ])('are refused with the first reason: %s', async (_name, change, reason) => {
    const run = await aRun();
    expect(() => parseSavedRun(changed(run, change))).toThrow(reason);
  });

  it('refuse 400 bots at once, and bound what they read', async () => {
    const run = await aRun();
    const bots = Array.from({ length: 400 }, (_, i) => `exact:budget=${i + 1}`);
    const text = changed(run, (d) => (d.schedule.bots = bots));
    expect(() => parseSavedRun(text)).toThrow('a tournament has at most 64 bots');
    expect(() => parseSavedRun(' '.repeat((256 << 20) + 1))).toThrow('over 256 MB');
  });

  it('go to CSV with cells that would be formulas escaped', async () => {
    const run = await aRun();
    const hostile = parseSavedRun(
      changed(run, (d) => {
        d.schedule.bots = ['=HYPERLINK("http://evil")', '@SUM(A1)'];
        d.schedule.pairings = [{ a: d.schedule.bots[0], b: d.schedule.bots[1] }];
        for (const game of d.schedule.games) game.seats = game.seats.map((seat: string) => (seat === 'greedy' ? d.schedule.bots[0] : d.schedule.bots[1]));
        for (const record of d.records) record.seats = record.seats.map((seat: string) => (seat === 'greedy' ? d.schedule.bots[0] : d.schedule.bots[1]));
      }),
    );
    const lines = runCsv(hostile).trim().split('\n').slice(1);
    for (const line of lines) {
      expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(line).toContain("'@SUM(A1)");
      expect(line.split(',').some((cell) => /^[=+@]/.test(cell))).toBe(false);
    }
    // A negative margin is a number, not text: it stays as it is.
    expect(runCsv(run)).toMatch(/,-?\d+,\d+,/);
  });
});

describe('the data cache', () => {
  const memory = (): DataCache & { files: Map<string, Uint8Array> } => {
    const files = new Map<string, Uint8Array>();
    return { files, read: async (name) => files.get(name) ?? null, write: async (name, bytes) => void files.set(name, bytes) };
  };

  it('reads back what it wrote, and nothing that changed, grew or shrank', async () => {
    const store = memory();
    const cache = checkedCache(store);
    const bytes = Uint8Array.from({ length: 1001 }, (_, i) => (i * 31) & 255);
    await cache.write('table', bytes);
    expect(await cache.read('table')).toEqual(bytes);
    const stored = store.files.get('table')!;
    for (const spoil of [(b: Uint8Array) => (b[500] ^= 1), (b: Uint8Array) => (b[16 + 1000] ^= 0x80), (b: Uint8Array) => (b[3] ^= 1)]) {
      const copy = stored.slice();
      spoil(copy);
      store.files.set('table', copy);
      expect(await cache.read('table')).toBeNull();
    }
    store.files.set('table', stored.subarray(0, stored.length - 1));
    expect(await cache.read('table')).toBeNull();
    store.files.set('table', new Uint8Array(stored.length + 4));
    expect(await cache.read('table')).toBeNull();
    expect(await cache.read('missing')).toBeNull();
  });

  it('gives the CLI a pattern database it rebuilds when the cached one has wrong bytes, in $AI_PLAYGROUND_CACHE', async () => {
    // The database as the worker keeps it (built now if no test has built it yet).
    const name = 'puzzle15-pdb-6-6-3-v1.bin';
    const original = join(cacheFolder('.'), name);
    if (!existsSync(original)) await api.solve('puzzle15', '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15', { heuristic: 'pdb' });
    const folder = mkdtempSync(join(tmpdir(), 'cache-'));
    copyFileSync(original, join(folder, name));
    const spoiled = readFileSync(join(folder, name));
    // The right size, wrong bytes: every entry of the first group a 0 (an estimate of 0 everywhere).
    spoiled.fill(0, 16, 16 + (1 << 24));
    writeFileSync(join(folder, name), spoiled);
    const board = readFileSync('src/games/puzzle15/data/korf100.txt', 'utf8')
      .split('\n')
      .find((line) => /^\d/.test(line))!
      .trim()
      .split(/\s+/);
    const { status, stdout } = await runCli(['puzzle15', 'solve', '--heuristic', 'pdb'], `${board.slice(0, 16).join(' ')}\n`, { AI_PLAYGROUND_CACHE: folder });
    expect(status).toBe(0);
    expect(JSON.parse(stdout).length).toBe(Number(board[16]));
    expect(readFileSync(join(folder, name)).equals(readFileSync(original))).toBe(true);
  }, 120_000);
});

describe('a pattern database whose checksum was made to match wrong bytes', () => {
  it('is found out by its estimates (past the diameter) instead of a search for ever, and built again', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cache-'));
    // Every entry 200 moves, the checksum computed over them: the cache takes it for a good table.
    const name = 'puzzle15-pdb-6-6-3-v1.bin';
    await checkedCache(fileCache(folder)).write(name, new Uint8Array(2 * 16 ** 6 + 16 ** 3).fill(200));
    const board = '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n';
    const broken = await runCli(['puzzle15', 'solve', '--heuristic', 'pdb'], board, { AI_PLAYGROUND_CACHE: folder });
    expect(broken.status).toBe(1);
    expect(JSON.parse(broken.stdout).error).toBe(
      "the pdb estimates pass the puzzle's diameter (80 moves): its pattern database is wrong, and is built again at the next solve",
    );
    const again = await runCli(['puzzle15', 'solve', '--heuristic', 'pdb'], board, { AI_PLAYGROUND_CACHE: folder });
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ length: 1, moves: 'R' });
  }, 120_000);
});

describe('a cache that cannot be written', () => {
  it('costs a build next time, never the solve: the CLI solves with a database its cache folder refuses', async () => {
    // A cache folder under a file: every write fails, as on a full disk or past a browser's quota.
    const { status, stdout, stderr } = await runCli(['puzzle15', 'solve', '--heuristic', 'pdb'], '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n', {
      AI_PLAYGROUND_CACHE: '/dev/null/cache',
    });
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ length: 1, moves: 'R' });
  }, 120_000);
});

describe('the worker pool', () => {
  it('refuses a job at once once closed', async () => {
    const pool = createNodePool(1, 'dist-node/worker.mjs');
    pool.close();
    // Refused before any turn of the event loop (no worker is waited for), however loaded the machine.
    const job = pool.run((worker) => worker.solve('tictactoe', '.........')).promise;
    const first = await Promise.race([
      job.then(
        () => 'solved',
        (error: Error) => error.message,
      ),
      new Promise((done) => setImmediate(() => done('still waiting'))),
    ]);
    expect(first).toBe('the worker pool is closed');
  });
});
