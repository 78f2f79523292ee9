// `playground cards solve` and `play` as commands, and the Red Ten bots: the strong bot keeps a proven win,
// the honest bot and the article bot with looks=0 cannot tell the other hand from the cards out of play,
// the same seed replays the same game.

import { describe, expect, it } from 'vitest';
import { formatCards } from '../../src/games/cards/cards';
import { parseMove } from '../../src/games/cards/combos';
import { deal, format, legalMoves, outcome, parse, play, type Position } from '../../src/games/cards/rules';
import { moverWins } from './oracle';
import { api } from '../helpers/api';
import { runCli } from '../helpers/cli';

describe('playground cards solve', () => {
  it('answers each line as docs/cli.md says, with an error for each kind of bad line', async () => {
    const input = [
      '# A leads 3h; B can answer 4 or BJ, but the red ten wins the lead back',
      '3h 5d 10h | 4s 4c BJ | A',
      '3h 4h 5h | 6s | B',
      '3h 5x | 4s | A',
      '3h 4s | 4s 5d | A',
      '3h | 4s | C',
      '',
      '3h 4h 5h 6h 7h 9s 9c Jd Qd | 4s 4c 8d 8s Kh Ah 2c 2d RJ | A',
    ].join('\n');
    const { status, stdout } = await runCli(['cards', 'solve'], input);
    expect(status).toBe(1);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers[0]).toMatchObject({ winner: 'A', move: '3' });
    expect(answers[1]).toMatchObject({ winner: 'B', move: '6' });
    expect(answers[2].error).toMatch(/unknown card "5x"/);
    expect(answers[3].error).toMatch(/4s is in A's hand and in B's hand/);
    expect(answers[4].error).toMatch(/the leader must be A or B/);
    expect(answers[5]).toMatchObject({ winner: 'B', move: null });
    for (const answer of [answers[0], answers[1], answers[5]]) {
      expect(typeof answer.nodes).toBe('number');
      expect(typeof answer.ms).toBe('number');
    }
  });

  it('gives a winning move that still wins after any reply, on 30 seeded 8-card deals (tried by a plain search of the rules)', async () => {
    const lines = Array.from({ length: 30 }, (_, seed) => format(deal(seed, 8)));
    const { stdout } = await runCli(['cards', 'solve'], lines.join('\n'));
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    for (const [i, answer] of answers.entries()) {
      const position = parse(lines[i]);
      const leader = position.toMove;
      expect(answer.winner === (leader === 0 ? 'A' : 'B'), lines[i]).toBe(moverWins(position));
      if (!moverWins(position)) {
        expect(answer.move).toBeNull();
        continue;
      }
      const after = play(position, parseMove(answer.move));
      if (outcome(after)) continue;
      // Every reply of the other hand leaves the leader, to move, a win.
      for (const reply of legalMoves(after)) {
        const next = play(after, reply);
        expect(outcome(next)?.winner, `${lines[i]}: ${answer.move}, then ${JSON.stringify(reply)}`).not.toBe(1 - leader);
        if (!outcome(next)) expect(moverWins(next), `${lines[i]}: ${answer.move}, then ${JSON.stringify(reply)}`).toBe(true);
      }
    }
  });
});

describe('playground cards play', () => {
  it('refuses each kind of bad input with its own message', async () => {
    const input = ['', 'pass', 'Zz', '6h', '3h 3h', '3h 4h', '3h', '4s'].join('\n');
    const { stdout } = await runCli(['cards', 'play', '--seed', '1', '--two-players'], input);
    const hand = formatCards(deal(1).hands[0]);
    expect(stdout).toContain(`A's hand (27): ${hand}`);
    expect(stdout).toContain('Empty line: type the cards to play');
    expect(stdout).toContain('You lead this trick: a leader cannot pass.');
    expect(stdout).toContain('unknown card "Zz"');
    expect(stdout).toContain('You do not hold 6h.');
    expect(stdout).toContain('3h is named twice.');
    expect(stdout).toContain('3 4 is not a combination');
    // A leads 3h at last: B is asked to beat it.
    expect(stdout).toContain('To beat: 3');
  });
});

/** The same position with the other hand and the cards out of play swapped, card for card (same sizes). */
function swapHidden(position: Position): Position {
  const seat = position.toMove;
  const hidden = [...position.hands[1 - seat], ...position.out];
  const other = hidden.slice(hidden.length - position.hands[1 - seat].length).sort((a, b) => a - b);
  const out = hidden.slice(0, hidden.length - position.hands[1 - seat].length).sort((a, b) => a - b);
  const hands: [readonly number[], readonly number[]] = [[], []];
  hands[seat] = position.hands[seat];
  hands[1 - seat] = other;
  return { ...position, hands, out };
}

describe('red ten bots', () => {
  it('the honest bot and the article bot with looks=0 play the same whatever the other hand is; the strong bot looks', async () => {
    let strongDiffers = 0;
    for (let seed = 0; seed < 8; seed++) {
      const position = deal(seed, 12);
      const swapped = swapHidden(position);
      expect(swapped.hands[1]).not.toEqual(position.hands[1]);
      for (const bot of ['honest:samples=8', 'article:looks=0:depth=3']) {
        const a = await api.botMove({ game: 'cards', bot, position: format(position), seed: 3 });
        const b = await api.botMove({ game: 'cards', bot, position: format(swapped), seed: 3 });
        expect(b.move, `${bot} on deal ${seed}`).toBe(a.move);
      }
      const a = await api.botMove({ game: 'cards', bot: 'strong', position: format(position), seed: 3 });
      const b = await api.botMove({ game: 'cards', bot: 'strong', position: format(swapped), seed: 3 });
      if (a.move !== b.move) strongDiffers++;
    }
    expect(strongDiffers).toBeGreaterThan(0);
  });

  it('the strong bot wins every position the solver says the mover wins, against the article bot', async () => {
    let proven = 0;
    for (let seed = 0; seed < 12; seed++) {
      const start = deal(seed, 9);
      const { stdout } = await runCli(['cards', 'solve'], format(start));
      if (JSON.parse(stdout).winner !== 'A') continue;
      proven++;
      const [record] = await api.playGames('cards', [{ start: format(start), seats: ['strong', 'article'], seed }]);
      expect(record.winner).toBe(0);
    }
    expect(proven).toBeGreaterThan(2);
  });

  it('replays the same game from the same seed', async () => {
    const start = format(deal(77, 27));
    const game = { start, seats: ['honest:samples=4', 'article:depth=2'] as const, seed: 5 };
    const [first] = await api.playGames('cards', [game]);
    const [second] = await api.playGames('cards', [game]);
    expect(second.moves.map((m) => m.move)).toEqual(first.moves.map((m) => m.move));
    expect(first.moves.length).toBeGreaterThan(10);
  });
});
