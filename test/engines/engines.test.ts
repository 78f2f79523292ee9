// Engines (docs/engine-protocol.md): our bots answer as engines; an engine plays in the arena with our bots, its
// parameters and its time; and every fault (no hello, a hang, a crash, junk, an illegal move) is the engine's
// forfeit, recorded with its reason, while the run goes on to its end.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSavedRun } from '../../src/arena/saved-run';
import { api } from '../helpers/api';
import { runCli } from '../helpers/cli';

const engine = (mode = 'random') => `node test/engines/connect4-random.mjs ${mode}`;
/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
const answers = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('our bots as engines', () => {
  it('the perfect bot answers hello, then a best move for Pons test positions', async () => {
    const positions = readFileSync('test/data/connect4/Test_L3_R1', 'utf8').trim().split('\n').slice(0, 30);
    const input = [
      { type: 'hello', protocol: 1, game: 'connect4', extra: 'ignored' },
      { type: 'newgame', seat: 0 },
      ...positions.map((line) => ({ type: 'move', position: line.split(' ')[0], ms: 5000 })),
      { type: 'quit' },
    ];
    const { status, stdout } = await runCli(['connect4', 'engine', '--bot', 'perfect'], input.map((message) => JSON.stringify(message)).join('\n'));
    expect(status).toBe(0);
    const [hello, ...moves] = answers(stdout);
    expect(hello).toMatchObject({ name: 'perfect', params: [{ name: 'seconds', min: 1, max: 3600, default: 10 }] });
    expect(moves).toHaveLength(positions.length);
    for (const [i, answer] of moves.entries()) {
      const [line, score] = positions[i].split(' ');
      // The column played keeps the position's score (Pons' set gives it).
      const analysis = await api.analyze('connect4', line);
      expect(analysis.values[Number(answer.move) - 1], line).toBe(Number(score));
    }
  });

  it('answers a line that is not a host message with an error, and goes on', async () => {
    const { stdout } = await runCli(['tictactoe', 'engine', '--bot', 'perfect'], 'junk\n{"type":"move","position":"XX.OO...."}\n');
    const [bad, move] = answers(stdout);
    expect(bad.error).toMatch(/not a host message/);
    expect(move.move).toBe('2');
  });
});

describe('engines in the arena', () => {
  it('play with our bots, with their parameters, the same games for the same seed', async () => {
    const args = ['connect4', 'tournament', '--engine', `r=${engine()}`, '--bots', 'r,r:spice=7,classic:depth=1', '--games', '4', '--seed', '3', '--json'];
    const file = join(mkdtempSync(join(tmpdir(), 'engines-')), 'run.json');
    const first = await runCli([...args, '--out', file]);
    expect(first.status).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report.played).toBe(24);
    expect(report.totals.map((total: { forfeits: number }) => total.forfeits)).toEqual([0, 0, 0]);
    const again = JSON.parse((await runCli(args)).stdout);
    expect(again.pairs).toEqual(report.pairs);
    // Each game keeps what each seat's engine wrote during it: the engine writes every position it is asked in,
    // which are those of the game's moves where that seat was to move (Connect 4's notation: the columns so far).
    for (const record of parseSavedRun(readFileSync(file, 'utf8')).records) {
      const asked = (seat: number) =>
        record!.moves.flatMap((_, ply) =>
          (record!.start.length + ply) % 2 === seat
            ? [
                `asked ${record!.start}${record!.moves
                  .slice(0, ply)
                  .map((m) => m.move)
                  .join('')}\n`,
              ]
            : [],
        );
      expect(record!.logs).toEqual(record!.seats.map((config, seat) => (config.startsWith('r') ? asked(seat).join('') : '')));
    }
  });

  it('are shown only what their seat sees: in a Red Ten short deal, not the other hand', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'engines-'));
    const sent = join(folder, 'sent.jsonl');
    const honest = `tee -a ${sent} | node bin/playground.mjs cards engine --bot honest:samples=4`;
    const file = join(folder, 'run.json');
    const args = ['cards', 'tournament', '--engine', `h=${honest}`, '--bots', 'h,random', '--games', '1', '--size', '10', '--json', '--out', file];
    const { status, stdout } = await runCli(args);
    expect(status).toBe(0);
    expect(JSON.parse(stdout).totals[0]).toMatchObject({ bot: 'h', forfeits: 0 });
    const run = parseSavedRun(readFileSync(file, 'utf8'));
    const moves = answers(readFileSync(sent, 'utf8')).filter((message) => message.type === 'move');
    // The players alternate, pass being a move: the engine was asked for every other move of each game.
    const asked = run.records.map((record) => record!.moves.filter((_, ply) => ply % 2 === record!.seats.indexOf('h')).length);
    expect(moves.length).toBe(asked[0] + asked[1]);
    for (const message of moves) {
      const fields = String(message.position)
        .split('|')
        .map((field) => field.trim());
      const seat = fields[2] === 'A' ? 0 : 1;
      expect(fields[1 - seat]).toMatch(/^\?\d+$/);
      expect(fields[4]).toMatch(/^\? /);
    }
  }, 60_000);

  it('refuse a parameter the engine does not declare, and an engine that does not answer hello', async () => {
    const param = await runCli(['connect4', 'tournament', '--engine', `r=${engine()}`, '--bots', 'r:depth=3,classic', '--games', '1']);
    expect(param.status).toBe(2);
    expect(param.stderr).toContain('bot r has no parameter "depth" (its parameters: spice)');
    const silent = await runCli(['connect4', 'tournament', '--engine', `s=${engine('silent')}`, '--bots', 's,classic', '--games', '1']);
    expect(silent.status).toBe(2);
    expect(silent.stderr).toContain('no answer to hello');
  }, 30_000);

  it.each([
    ['crash', 'crash', 'the engine exited'],
    ['junk', 'protocol', 'I am thinking'],
    ['illegal', 'illegal-move', '9 in'],
    ['hang', 'time', 'no move within 550 ms'],
    ['huge', 'protocol', '1e999'],
    ['long', 'protocol', 'a line of over 65536 bytes'],
    ['twice', 'protocol', 'it answered a move it was not asked for'],
  ])(
    "count a %s as the engine's forfeit, with its reason, in the run and its file",
    async (mode, reason, detail) => {
      const file = join(mkdtempSync(join(tmpdir(), 'engines-')), 'run.json');
      const { status, stdout } = await runCli([
        'connect4',
        'tournament',
        '--engine',
        `bad=${engine(mode)}`,
        '--bots',
        'bad,classic:depth=1',
        '--games',
        '2',
        '--ms',
        '50',
        '--json',
        '--out',
        file,
      ]);
      expect(status).toBe(0);
      const report = JSON.parse(stdout);
      expect(report.played).toBe(4);
      expect(report.totals.find((total: { bot: string }) => total.bot === 'bad')).toMatchObject({ forfeits: 4, losses: 4 });
      const run = parseSavedRun(readFileSync(file, 'utf8'));
      for (const record of run.records) {
        expect(record!.forfeit).toMatchObject({ reason, seat: record!.seats[0] === 'bad' ? 0 : 1 });
        expect(record!.forfeit!.detail).toContain(detail);
        if (mode === 'crash') expect(record!.logs![record!.forfeit!.seat]).toBe('out of memory, about to crash\n');
      }
    },
    30_000,
  );

  it('end when their work is done, with an engine that ignores quit and its closed input, and leave no process behind', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'engines-'));
    const pidFile = join(folder, 'pid');
    // Run by the shell, which starts it as its child: killing the shell alone would leave it, and the command, running.
    const { status, stdout } = await runCli([
      'connect4',
      'tournament',
      '--engine',
      `a=${engine()}`,
      '--engine',
      `b=${engine(`stubborn ${pidFile}`)}`,
      '--bots',
      'a,b',
      '--games',
      '1',
      '--ms',
      '300',
      '--workers',
      '1',
      '--json',
    ]);
    expect(status).toBe(0);
    expect(JSON.parse(stdout).totals.find((total: { bot: string }) => total.bot === 'b')).toMatchObject({ forfeits: 2 });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => isRunning(pid), { timeout: 5000 }).toBe(false);
  }, 60_000);

  it('leave no process behind that left their process group (setsid), once the run is over', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'engines-'));
    const pidFile = join(folder, 'pid');
    // The engine starts a process of a session of its own, then plays.
    const escaping = `setsid sh -c 'echo $$ > ${pidFile}; exec sleep 300' & exec ${engine()}`;
    const { status } = await runCli([
      'connect4',
      'tournament',
      '--engine',
      `a=${escaping}`,
      '--bots',
      'a,classic:depth=1',
      '--games',
      '1',
      '--workers',
      '1',
      '--json',
    ]);
    expect(status).toBe(0);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => isRunning(pid), { timeout: 5000 }).toBe(false);
  }, 60_000);

  it('play on a clock: told what is left and the increment; out of it, they lose on time', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'engines-'));
    const sent = join(folder, 'sent.jsonl');
    const slow = `tee -a ${sent} | ${engine('slow')}`;
    const run = async (extra: string[]) => {
      const file = join(folder, `run${extra.join('')}.json`);
      const args = ['connect4', 'tournament', '--engine', `slow=${slow}`, '--bots', 'slow,random', '--games', '1', '--clock', '500', ...extra];
      expect((await runCli([...args, '--out', file])).status).toBe(0);
      return parseSavedRun(readFileSync(file, 'utf8'));
    };
    // 600 ms a move on a 500 ms clock: -100 after the first move; the second cannot come within the 500 ms margin.
    const out = await run([]);
    expect(out.time).toEqual({ moveMs: 0, clockMs: 500, incrementMs: 0 });
    for (const record of out.records) {
      expect(record!.forfeit).toMatchObject({ reason: 'time', seat: record!.seats.indexOf('slow'), detail: 'no move within 501 ms' });
      expect(record!.moves.filter((_, ply) => ply % 2 === record!.seats.indexOf('slow'))).toHaveLength(1);
    }
    const first = answers(readFileSync(sent, 'utf8')).find((message) => message.type === 'move');
    expect(first).toMatchObject({ ms: 25, clock: 500, increment: 0 });
    // With 700 ms added after each move the clock never runs out.
    const kept = await run(['--increment', '700']);
    expect(kept.records.every((record) => !record!.forfeit)).toBe(true);
  }, 120_000);

  it('finish a run of 1,000 games against an engine that fails every way, every game accounted for', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'engines-'));
    const file = join(folder, 'run.json');
    const args = [
      'connect4',
      'tournament',
      '--engine',
      `mixed=${engine(`mixed ${join(folder, 'starts')}`)}`,
      '--bots',
      'mixed,random',
      '--games',
      '500',
      '--ms',
      '20',
      '--json',
      '--out',
      file,
    ];
    const { status, stdout } = await runCli(args);
    expect(status).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.played).toBe(1000);
    const mixed = report.totals.find((total: { bot: string }) => total.bot === 'mixed');
    expect(mixed.wins + mixed.draws + mixed.losses).toBe(1000);
    const reasons = new Set(parseSavedRun(readFileSync(file, 'utf8')).records.map((record) => record!.forfeit?.reason));
    expect([...reasons].sort()).toEqual(['crash', 'illegal-move', 'no-hello', 'protocol', 'time', undefined].sort());
  }, 300_000);
});
