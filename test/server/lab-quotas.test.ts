// Quotas kept when requests come at once, and where they are spent: on both databases, 40 ladder submissions sent
// together under a limit of 5 entries have exactly 5 taken; 12 runs submitted together under a limit of 3 at once
// have exactly 3 queued; imports count their games and bytes against the day's, are listed when they came in (not
// when their file says) and marked imported, and take no games from outside afterwards, as a run the server plays
// takes none.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SavedRun } from '../../src/arena/saved-run';
import { cliRun, labLocations, labServer } from '../helpers/lab';

const NEGAMAX = readFileSync('examples/engines/connect4-negamax-module.mjs', 'utf8');
const SHORT = { kind: 'tournament', game: 'tictactoe', seed: 3, games: 2, bots: ['random', 'perfect'] };

describe.each(labLocations())('quotas on %s', (_name, location) => {
  it('takes exactly as many ladder entries and runs at once as allowed when all are sent together', async () => {
    const lab = await labServer(await location(), {
      runsAtOnce: 3,
      player: { playing: 0, workers: 1, workerFile: 'dist-node/worker.mjs' },
      ladder: { sandboxWorkerFile: 'dist-node/bot-sandbox.mjs', moveMs: 2000, restMs: 100, versionsADay: 100, entriesPerGame: 5 },
    });
    try {
      const ada = await lab.signUp('ada');
      const entries = await Promise.all(
        Array.from({ length: 40 }, (_, i) => lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: `nega${i}`, code: NEGAMAX }, ...ada })),
      );
      expect(entries.filter((answer) => answer.status === 201)).toHaveLength(5);
      for (const answer of entries.filter((each) => each.status !== 201))
        expect(answer).toMatchObject({ status: 429, body: { error: 'you have 5 entries on the Connect 4 ladder, the most: retire one first' } });
      expect((await lab.call('GET', 'ladder/mine?game=connect4', ada)).body.versions).toHaveLength(5);

      const runs = await Promise.all(Array.from({ length: 12 }, () => lab.call('POST', 'submit', { body: { spec: SHORT }, ...ada })));
      expect(runs.filter((answer) => answer.status === 201)).toHaveLength(3);
      for (const answer of runs.filter((each) => each.status !== 201)) expect(answer.status).toBe(429);
      expect((await lab.call('GET', 'runs?owner=ada')).body.runs).toHaveLength(3);
    } finally {
      await lab.server.close();
    }
  }, 240_000);

  it('counts imports against the games and bytes of a day, lists them when they came in, and adds no game to them or to a run the server plays', async () => {
    const played = await cliRun(['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '3', '--seed', '4']);
    const lab = await labServer(await location(), { gamesADay: 20, importBytesADay: 4 * JSON.stringify(played).length });
    try {
      const ada = await lab.signUp('ada');
      const importAs = (id: string, created = played.created) => lab.call('POST', 'runs', { body: { ...played, id, created } satisfies SavedRun, ...ada });
      // From the year 9999, it says: listed now, marked imported, and its export the file it was.
      const before = Date.now();
      const first = await importAs('far-future', '9999-12-31T00:00:00.000Z');
      expect(first.status).toBe(201);
      expect(first.body.imported).toBe(true);
      expect(Date.parse(first.body.created)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(first.body.created)).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await lab.call('GET', 'runs/far-future/export')).body.created).toBe('9999-12-31T00:00:00.000Z');
      // 6 games each: the third import would make 18 of 20, the fourth 24.
      expect((await importAs('second')).status).toBe(201);
      expect((await importAs('third')).status).toBe(201);
      expect(await importAs('fourth')).toMatchObject({
        status: 429,
        body: { error: "this run's 6 games would pass the 20 you may keep a day (18 today)" },
      });
      // An imported run is kept as it came: no game is added to it.
      const game = { index: 0, record: played.records[0] };
      expect(await lab.call('POST', 'runs/second/games', { body: { games: [game] }, ...ada })).toMatchObject({
        status: 400,
        body: { error: 'these games cannot be recorded: an imported run is kept as it came: its games are not added to' },
      });
      // A run the server plays takes its games from nobody else, its owner included.
      const submitted = await lab.call('POST', 'submit', { body: { spec: SHORT }, ...ada });
      expect(submitted.status).toBe(201);
      expect(await lab.call('POST', `runs/${submitted.body.id}/games`, { body: { games: [game] }, ...ada })).toMatchObject({
        status: 400,
        body: { error: 'these games cannot be recorded: the server plays this run: its games are its own, none are taken from outside' },
      });
    } finally {
      await lab.server.close();
    }
  }, 240_000);

  it('keeps the bytes a day imported', async () => {
    const played = await cliRun(['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '3', '--seed', '4']);
    const size = JSON.stringify(played).length;
    const lab = await labServer(await location(), { importBytesADay: Math.floor(2.5 * size) });
    try {
      const ada = await lab.signUp('ada');
      const importAs = (id: string) => lab.call('POST', 'runs', { body: { ...played, id }, ...ada });
      expect((await importAs('one')).status).toBe(201);
      expect((await importAs('two')).status).toBe(201);
      const third = await importAs('three');
      expect(third.status).toBe(429);
      expect(third.body.error).toBe(
        `you may import ${Math.ceil(Math.floor(2.5 * size) / 1024)} KB a day: ${Math.ceil((3 * size) / 1024)} KB with this file (carry on tomorrow, UTC)`,
      );
    } finally {
      await lab.server.close();
    }
  }, 240_000);
});
