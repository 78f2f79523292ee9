// Bots under a clock, run as a person runs them: every game of a tournament is played to its end (no bot throws
// when its search cannot finish), and a bot given a time answers within it. The bound on a move's time is the
// arena's margin for engines (500 ms) over the time given, so that a loaded machine passes; before bots kept their
// time, `honest` took 3 s a move at 30 ms, `inference` weighed its draws for up to 750 ms at 200 ms, and `perfect`
// ended the command.

import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/arena/play-out';
import { TIME_MARGIN_MS } from '../../src/arena/time-control';
import { runCli } from '../helpers/cli';

interface Totals {
  readonly bot: string;
  readonly games: number;
  readonly forfeits: number;
}

async function tournament(args: readonly string[]): Promise<{ played: number; scheduled: number; totals: Totals[]; records: GameRecord[] }> {
  const out = join(tmpdir(), `time-keeping-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const { status, stdout, stderr } = await runCli([...args, '--json', '--out', out]);
  expect(stderr).not.toMatch(/error|budget/i);
  expect(status).toBe(0);
  const summary = JSON.parse(stdout);
  return { ...summary, records: JSON.parse(readFileSync(out, 'utf8')).records };
}

describe('bots under a clock', () => {
  it('perfect plays every game of a 7x6 tournament at 50 ms a move', async () => {
    const run = await tournament(['connect4', 'tournament', '--bots', 'perfect,classic:depth=8', '--games', '2', '--ms', '50']);
    expect(run.played).toBe(4);
    expect(run.scheduled).toBe(4);
    expect(run.totals.map((total) => total.forfeits)).toEqual([0, 0]);
    for (const record of run.records) expect(record.winner === null || record.moves.length >= 7).toBe(true);
  });

  it('perfect plays every game of an 8x7 tournament at 1 s a move, within its time', async () => {
    const run = await tournament(['connect4', 'tournament', '--size', '8x7', '--bots', 'perfect,classic:depth=8:book=8', '--games', '1', '--ms', '1000']);
    expect(run.played).toBe(2);
    for (const record of run.records) {
      expect(record.forfeit).toBeUndefined();
      for (const move of record.moves) expect(move.ms).toBeLessThan(1000 + TIME_MARGIN_MS);
    }
  });

  it("the learned player's two searches keep their time on 8x7 at 100 ms a move, with no cap but the clock (PUCT after the proof)", async () => {
    const bots = ['neural-search:simulations=1000000:prove=50', 'neural-alphabeta:depth=64'];
    const run = await tournament(['connect4', 'tournament', '--size', '8x7', '--bots', bots.join(','), '--games', '1', '--ms', '100']);
    expect(run.played).toBe(2);
    for (const record of run.records) {
      expect(record.forfeit).toBeUndefined();
      for (const move of record.moves) expect(move.ms).toBeLessThan(100 + TIME_MARGIN_MS);
    }
  });

  it('honest and inference keep their time at 100 ms a move, on a full deal and a short one', async () => {
    for (const size of ['27', '17']) {
      const run = await tournament(['cards', 'tournament', '--bots', 'honest,inference', '--games', '1', '--ms', '100', '--size', size]);
      expect(run.played).toBe(2);
      expect(run.totals.map((total) => total.forfeits)).toEqual([0, 0]);
      for (const record of run.records) for (const move of record.moves) expect(move.ms, `${size} cards`).toBeLessThan(100 + TIME_MARGIN_MS);
      expect(run.records.reduce((moves, record) => moves + record.moves.length, 0)).toBeGreaterThan(20);
    }
  });

  it('the matrix game and Red Ten article bots at their deepest stop at 30 ms a move', async () => {
    for (const [game, bots, size] of [
      ['matrix', 'article:depth=8,exact', '10'],
      ['cards', 'article:depth=8,strong', undefined],
    ] as const) {
      const run = await tournament([game, 'tournament', '--bots', bots, '--games', '1', '--ms', '30', ...(size ? ['--size', size] : [])]);
      expect(run.played).toBe(2);
      for (const record of run.records) for (const move of record.moves) expect(move.ms, `${game} ${bots}`).toBeLessThan(30 + TIME_MARGIN_MS);
    }
  });
});
