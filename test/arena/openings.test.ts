// Opening suites: a schedule takes its starts from a suite (shuffled with the seed, used in turn), the CLI reads
// one with --openings and refuses a bad one by its line, and the suites we ship are what their headers say,
// checked against independent answer keys (plain searches over the rules): a sample by default, every position
// with FULL_DATA_CHECKS=1.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSavedRun } from '../../src/arena/saved-run';
import { parseRunSpec, planRun } from '../../src/arena/run-spec';
import { tournament } from '../../src/arena/schedule';
import { gameById } from '../../src/games';
import { parse as parseCards } from '../../src/games/cards/rules';
import { parse as parseConnect4, rules as connect4Rules } from '../../src/games/connect4/rules';
import { parseSize, sizeNumber } from '../../src/games/connect4/sizes';
import { parse as parseMatrix } from '../../src/games/matrix/rules';
import { parse as parseTictactoe, rules as tictactoeRules } from '../../src/games/tictactoe/rules';
import { runCli } from '../helpers/cli';
import { perfectMargin } from '../matrix/oracle';
import { perfectValue } from '../tictactoe/oracle';
import { moverWins } from '../cards/oracle';

const suite = (game: string, file = 'openings.txt') =>
  readFileSync(`src/games/${game}/data/${file}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
const full = process.env.FULL_DATA_CHECKS === '1';
const sample = (lines: string[], size: number) => (full ? lines : lines.filter((_, i) => i % Math.ceil(lines.length / size) === 0));

describe('opening suites', () => {
  it('give a schedule its starts: the suite shuffled with the seed, in turn', () => {
    const openings = suite('tictactoe');
    const schedule = tournament(gameById('tictactoe'), ['random', 'perfect'], { games: openings.length + 3, seed: 4, openings });
    expect(new Set(schedule.starts.slice(0, openings.length))).toEqual(new Set(openings));
    expect(schedule.starts.slice(openings.length)).toEqual(schedule.starts.slice(0, 3));
    expect(tournament(gameById('tictactoe'), ['random', 'perfect'], { games: 5, seed: 4, openings }).starts).toEqual(schedule.starts.slice(0, 5));
    expect(tournament(gameById('tictactoe'), ['random', 'perfect'], { games: 5, seed: 5, openings }).starts).not.toEqual(schedule.starts.slice(0, 5));
    expect(() => tournament(gameById('tictactoe'), ['random', 'perfect'], { games: 2, seed: 1, openings: ['X........', 'XXX.OO...'] })).toThrow(
      'opening 2 ("XXX.OO...") is a finished game',
    );
    expect(() => tournament(gameById('tictactoe'), ['random', 'perfect'], { games: 2, seed: 1, openings: ['X'] })).toThrow(/^opening 1 \("X"\): /);
  });

  it("are a run spec's starts when it asks for the game's suite (the arena page)", () => {
    const spec = { kind: 'tournament', game: 'connect4', seed: 3, games: 6, bots: ['classic', 'perfect'], openings: true } as const;
    const starts = planRun(parseRunSpec(spec)).starts;
    expect(starts).toHaveLength(6);
    for (const start of starts) expect(suite('connect4')).toContain(start);
    // Without it, every start of Connect 4 is the empty board.
    expect(new Set(planRun(parseRunSpec({ ...spec, openings: undefined })).starts)).toEqual(new Set(['']));
    expect(gameById('connect4').openings?.[0].positions).toEqual(suite('connect4'));
  });

  it("are the suite of the run's size where a game has several (Connect 4: 7x6, 8x7, 9x6, 10x5)", () => {
    const spec = { kind: 'tournament', game: 'connect4', seed: 3, games: 6, bots: ['classic', 'perfect'], openings: true } as const;
    for (const size of ['8x7', '9x6', '10x5']) {
      const starts = planRun(parseRunSpec({ ...spec, size: sizeNumber(parseSize(size)) })).starts;
      expect(starts).toHaveLength(6);
      for (const start of starts) expect(suite('connect4', `openings-${size}.txt`)).toContain(start);
    }
    expect(() => planRun(parseRunSpec({ ...spec, size: sizeNumber(parseSize('6x5')) }))).toThrow(
      "Connect 4's opening suites are of sizes 7x6, 8x7, 9x6, 10x5, not 6x5: play one of them, or seeded starts",
    );
  });

  it("are refused for a size the game's suite is not of (plus-minus: 5 x 5 boards)", () => {
    const spec = { kind: 'tournament', game: 'matrix', seed: 3, games: 4, bots: ['greedy', 'exact'], openings: true } as const;
    expect(() => planRun(parseRunSpec({ ...spec, size: 7 }))).toThrow("Plus-minus's opening suite is of size 5, not 7: play size 5, or seeded starts");
    for (const start of planRun(parseRunSpec({ ...spec, size: 5 })).starts) expect(suite('matrix')).toContain(start);
    // Seeded starts of size 7 are 7 x 7 boards (the notation: the size, the start row, the 49 cells).
    for (const start of planRun(parseRunSpec({ ...spec, size: 7, openings: undefined })).starts) expect(start.split(' ')).toHaveLength(51);
  });

  it('are read by --openings, and a bad file is refused with its reason', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'openings-'));
    const out = join(folder, 'run.json');
    const args = ['tictactoe', 'tournament', '--bots', 'perfect,random', '--games', '24', '--openings', 'src/games/tictactoe/data/openings.txt'];
    const { status, stderr } = await runCli([...args, '--out', out]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(new Set(parseSavedRun(readFileSync(out, 'utf8')).schedule.starts)).toEqual(new Set(suite('tictactoe')));
    writeFileSync(join(folder, 'bad.txt'), '# two openings\nX........\nXXO\n');
    const bad = await runCli(['tictactoe', 'match', '--bots', 'perfect,random', '--openings', join(folder, 'bad.txt')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('opening 2 ("XXO")');
    const missing = await runCli([...args.slice(0, -1), join(folder, 'none.txt')]);
    expect(missing.stderr).toContain('--openings: ');
  }, 60_000);

  it('tictactoe: every position two moves in that perfect play draws, and no other', () => {
    const start = tictactoeRules.start(1);
    const drawn = tictactoeRules.legalMoves(start).flatMap((first) => {
      const after = tictactoeRules.play(start, first);
      return tictactoeRules.legalMoves(after).flatMap((second) => {
        const position = tictactoeRules.play(after, second);
        return perfectValue(position) === 0 ? [tictactoeRules.format(position)] : [];
      });
    });
    expect(new Set(suite('tictactoe').map((line) => tictactoeRules.format(parseTictactoe(line))))).toEqual(new Set(drawn));
  });

  it('matrix: 5x5 boards whose perfect-play margin is -1, 0 or 1', () => {
    const lines = suite('matrix');
    expect(lines.length).toBe(100);
    for (const line of sample(lines, 4)) {
      const board = parseMatrix(line);
      expect(board.size).toBe(gameById('matrix').openings?.[0].size);
      expect(Math.abs(perfectMargin(board))).toBeLessThanOrEqual(1);
    }
  }, 600_000);

  it('connect4: positions eight moves in, scored -1, 0 or 1 by the solver (itself checked against Pons sets)', async () => {
    const lines = suite('connect4');
    expect(lines.length).toBe(100);
    for (const line of lines) {
      expect(line).toMatch(/^[1-7]{8}$/);
      expect(connect4Rules.outcome(parseConnect4(line))).toBeNull();
    }
    const checked = sample(lines, 3);
    const { stdout } = await runCli(['connect4', 'solve'], `${checked.join('\n')}\n`);
    for (const answer of stdout.trim().split('\n')) expect(Math.abs(JSON.parse(answer).score)).toBeLessThanOrEqual(1);
  }, 600_000);

  for (const size of ['8x7', '9x6', '10x5'])
    it(`connect4 ${size}: positions six moves in that the solver does not decide within 2 M nodes, or scores -1, 0 or 1`, async () => {
      const lines = suite('connect4', `openings-${size}.txt`);
      expect(lines.length).toBe(100);
      expect(new Set(lines).size).toBe(100);
      for (const line of lines) {
        expect(line).toMatch(new RegExp(`^${size}:[1-9a]{6}$`));
        expect(connect4Rules.outcome(parseConnect4(line))).toBeNull();
      }
      const checked = sample(lines, 2);
      const { stdout } = await runCli(['connect4', 'solve', '--max-nodes', '2000000'], `${checked.join('\n')}\n`);
      for (const answer of stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)))
        expect(answer.error === 'budget' || Math.abs(answer.score) <= 1, JSON.stringify(answer)).toBe(true);
    }, 600_000);

  it('cards: 8-card deals that whichever hand leads wins, by a plain search over the rules', () => {
    const lines = suite('cards');
    expect(lines.length).toBe(400);
    for (const line of sample(lines, 5)) {
      const position = parseCards(line);
      expect(position.hands.map((hand) => hand.length)).toEqual([8, 8]);
      expect(gameById('cards').openings?.[0].size).toBe(8);
      expect(position.toMove).toBe(0);
      expect(moverWins(position)).toBe(true);
      expect(moverWins({ ...position, hands: [position.hands[1], position.hands[0]] })).toBe(true);
    }
  }, 600_000);
});
