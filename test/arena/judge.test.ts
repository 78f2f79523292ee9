// A tournament judged against perfect play (`--judge`): every move of every game set against plain minimax over
// the rules (test/tictactoe/oracle.ts), counted by hand here: each bot's moves judged, kept, mistakes and blunders
// must be exactly the oracle's, and so must each move's judgement kept in the run's file.

import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/arena/play-out';
import { shareInterval } from '../../src/arena/accuracy';
import { rules } from '../../src/games/tictactoe/rules';
import { runCli } from '../helpers/cli';
import { perfectValue } from '../tictactoe/oracle';

describe('playground tournament --judge', () => {
  it("gives each bot's accuracy, mistakes and blunders as minimax over the rules counts them", async () => {
    const out = join(tmpdir(), `judge-${process.pid}.json`);
    const bots = ['minimax:depth=1', 'random', 'perfect'];
    const { status, stdout } = await runCli(['tictactoe', 'tournament', '--bots', bots.join(','), '--games', '4', '--judge', '--json', '--out', out]);
    expect(status).toBe(0);
    const { judged } = JSON.parse(stdout) as {
      judged: { bot: string; judged: number; kept: number; mistakes: number; blunders: number; lo: number; hi: number }[];
    };
    const records = JSON.parse(readFileSync(out, 'utf8')).records as GameRecord[];
    const expected = new Map(bots.map((bot) => [bot, { judged: 0, kept: 0, mistakes: 0, blunders: 0 }]));
    for (const record of records) {
      let position = rules.parse(record.start);
      for (const move of record.moves) {
        const tally = expected.get(record.seats[rules.seatToMove(position)])!;
        // The mover's result before, and after its move (the other's result, negated).
        const before = perfectValue(position);
        position = rules.play(position, rules.parseMove(move.move));
        const after = 0 - perfectValue(position);
        tally.judged++;
        // The run's file keeps each move's judgement, for the pages and the lab.
        expect(move.drop).toBe(before - after);
        if (after === before) tally.kept++;
        else if (before - after === 1) tally.mistakes++;
        else tally.blunders++;
      }
    }
    for (const bot of bots) {
      const got = judged.find((j) => j.bot === bot)!;
      expect({ judged: got.judged, kept: got.kept, mistakes: got.mistakes, blunders: got.blunders }, bot).toEqual(expected.get(bot));
      const interval = shareInterval(got.kept, got.judged);
      expect([got.lo, got.hi]).toEqual([interval.lo, interval.hi]);
    }
    // The oracle's perfect player keeps every value; random does not.
    expect(expected.get('perfect')!.kept).toBe(expected.get('perfect')!.judged);
    expect(expected.get('random')!.kept).toBeLessThan(expected.get('random')!.judged);
  });
});
