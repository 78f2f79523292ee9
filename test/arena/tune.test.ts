// `playground <game> tune`: SPSA over a bot's parameters through the CLI, the same run on one worker and on two,
// a trajectory per parameter within its range ending at the tuned values, a verification match of the tuned
// against the start, and bad settings refused with a reason.

import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';

const tune = ['matrix', 'tune', '--bot', 'article:depth=2', '--params', 'depth=1..6,jackpot=0..30', '--vs', 'greedy,exact', '--games', '200', '--json'];

describe('tune', () => {
  it('tunes within the ranges, the same on 1 and 2 workers, and verifies the tuned against the start', async () => {
    const one = await runCli([...tune, '--workers', '1']);
    expect(one.stderr).toBe('');
    const report = JSON.parse(one.stdout);
    expect(JSON.parse((await runCli([...tune, '--workers', '2'])).stdout)).toEqual(report);
    expect(report).toMatchObject({ bot: 'article:depth=2', vs: ['greedy', 'exact'], steps: 50, games: 200, start: { depth: 2, jackpot: 9 } });
    for (const [name, [min, max]] of [
      ['depth', [1, 6]],
      ['jackpot', [0, 30]],
    ] as const) {
      const path: number[] = report.trajectory[name];
      expect(path).toHaveLength(50);
      expect(path.every((value) => value >= min && value <= max)).toBe(true);
      expect(report.final[name]).toBe(Math.round(path.at(-1)!));
    }
    if ('skipped' in report.verification) expect(report.tuned).toBe('article:depth=2');
    else {
      expect(report.verification.bots).toEqual([report.tuned, 'article:depth=2']);
      expect(report.verification.pentanomial.reduce((a: number, b: number) => a + b, 0)).toBe(report.verification.pairs);
    }
  }, 120_000);

  it("tunes an engine's declared parameters", async () => {
    const args = ['connect4', 'tune', '--engine', 'r=node test/engines/connect4-random.mjs', '--bot', 'r', '--params', 'spice=0..9', '--vs', 'random'];
    const { stdout, stderr } = await runCli([...args, '--games', '16', '--verify-games', '4', '--json']);
    expect(stderr).toBe('');
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ bot: 'r', steps: 4, start: { spice: 3 } });
    expect(report.final.spice).toBeGreaterThanOrEqual(0);
    expect(report.final.spice).toBeLessThanOrEqual(9);
    expect(report.trajectory.spice).toHaveLength(4);
  }, 60_000);

  it.each([
    [['--bot', 'article', '--params', 'depth=1..9', '--vs', 'exact'], '--params: depth=1..9 must be a range within 1..8'],
    [['--bot', 'article', '--params', 'speed=1..3', '--vs', 'exact'], 'bot article has no parameter "speed"'],
    [['--bot', 'article', '--params', 'depth=1..3'], 'tune needs --vs'],
    [['--bot', 'greedy', '--params', 'depth', '--vs', 'exact'], '--params: "depth" is not NAME=MIN..MAX'],
    [['--bot', 'article', '--params', 'depth=1..4', '--vs', 'exact', '--openings', 'src/games/tictactoe/data/openings.txt'], 'opening 1 ("'],
  ])('refuses %j with a reason', async (args, message) => {
    const { status, stderr } = await runCli(['matrix', 'tune', ...args]);
    expect(status).toBe(2);
    expect(stderr).toContain(message);
  });
});
