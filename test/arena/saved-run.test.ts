// Saved runs: the document the page keeps and the CLI writes, read back, as figures and as CSV.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tournamentReport } from '../../src/arena/report';
import { runCsv } from '../../src/arena/run-csv';
import { parseSavedRun, runReport, savedRun } from '../../src/arena/saved-run';
import { tournament } from '../../src/arena/schedule';
import { matrix } from '../../src/games/matrix';
import { api } from '../helpers/api';
import { runCli } from '../helpers/cli';

describe('saved runs', () => {
  it('keep every game and give back the same figures, also when cancelled part way', async () => {
    const schedule = tournament(matrix, ['greedy', 'exact'], { games: 3, seed: 2, size: 4 });
    const records = await Promise.all(schedule.games.map((game, i) => (i === 4 ? undefined : api.playGames('matrix', [game]).then(([record]) => record))));
    const run = parseSavedRun(JSON.stringify(savedRun('tournament', schedule, records, 1234.5, new Date('2026-11-29T12:00:00Z'))));
    expect(run.records[4]).toBeNull();
    expect(run.created).toBe('2026-11-29T12:00:00.000Z');
    expect(runReport(run)).toEqual(tournamentReport(schedule, records));
    const csv = runCsv(run).trim().split('\n');
    expect(csv[0]).toBe('game,pair,first,second,start,winner,margin,moves,first_nodes,second_nodes,first_ms,second_ms,forfeit');
    expect(csv.length).toBe(1 + 5);
    const [game, pair, first, second, start] = csv[1].split(',');
    expect([game, pair, first, second, start]).toEqual(['0', '0', 'greedy', 'exact', schedule.games[0].start]);
  });

  it.each([
    ['not json', 'this file is not JSON'],
    ['{"format":"something else"}', 'not an AI Playground run'],
    ['{"format":"ai-playground-run","version":2}', 'run version 2 is not one this playground reads'],
    ['{"format":"ai-playground-run","version":1,"kind":"tournament"}', 'the run has no schedule'],
    [
      '{"format":"ai-playground-run","version":1,"kind":"tournament","schedule":{"games":[{}],"pairings":[],"bots":[]},"records":[]}',
      'the run is malformed: id:',
    ],
  ])('refuse a bad file: %s', (text, message) => {
    expect(() => parseSavedRun(text)).toThrow(message);
  });

  it('are what the CLI writes with --out', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'run-')), 'run.json');
    const { status, stdout } = await runCli(['matrix', 'tournament', '--bots', 'greedy,article', '--games', '5', '--seed', '3', '--json', '--out', file]);
    expect(status).toBe(0);
    const run = parseSavedRun(readFileSync(file, 'utf8'));
    expect(run.records.every(Boolean)).toBe(true);
    const { pairs, ratings } = runReport(run) as ReturnType<typeof tournamentReport>;
    expect({ pairs, ratings }).toEqual((({ pairs, ratings }) => ({ pairs, ratings }))(JSON.parse(stdout)));
  });

  it('carried on with --resume, have the games their file says were forfeited played again', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'run-'));
    const file = join(folder, 'run.json');
    const args = ['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '3', '--seed', '3', '--json'];
    const whole = await runCli([...args, '--out', file]);
    expect(whole.status).toBe(0);
    // The file edited to say the perfect player forfeited every game it played first.
    const run = parseSavedRun(readFileSync(file, 'utf8'));
    const forged = run.records.map((record) =>
      record && record.seats[0] === 'perfect'
        ? { ...record, moves: [], winner: 1, margin: 0, forfeit: { seat: 0, reason: 'crash', detail: 'it never did' } }
        : record,
    );
    writeFileSync(file, JSON.stringify({ ...run, records: forged, finished: false }));
    const resumed = await runCli(['tictactoe', 'tournament', '--resume', file, '--json']);
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toBe('3 games the file says were forfeited are played again\n');
    expect(JSON.parse(resumed.stdout).pairs).toEqual(JSON.parse(whole.stdout).pairs);
  });
});
