// The matrix bots through the worker API: the exact bot plays perfectly, the others as the article's Bot.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { ArticleBot } from '../../src/games/matrix/article-bot';
import { format, generate, legalMoves, outcome, play, seatToMove, type Position } from '../../src/games/matrix/rules';
import { api } from '../helpers/api';
import { moverValue } from './oracle';

async function move(bot: string, position: Position): Promise<number> {
  return Number((await api.botMove({ game: 'matrix', bot, position: format(position), seed: 1 })).move);
}

describe('matrix bots', () => {
  it('exact: every move keeps the perfect-play value, in 40 games on 4x4 boards against a random player', async () => {
    const rng = new Rng(21);
    for (let game = 0; game < 40; game++) {
      let position = generate(game, 4);
      while (!outcome(position)) {
        if (seatToMove(position) === game % 2) {
          const k = await move('exact', position);
          const seat = seatToMove(position);
          const next = play(position, k);
          expect(next.points[seat] - position.points[seat] - moverValue(next)).toBe(moverValue(position));
          position = next;
        } else {
          position = play(position, rng.pick(legalMoves(position)));
        }
      }
    }
  });

  it("article and greedy: the moves of the article's Bot for the player to move", async () => {
    const rng = new Rng(22);
    for (let i = 0; i < 30; i++) {
      let position = generate(500 + i, 5);
      for (let m = rng.below(8); m > 0 && !outcome(position); m--) position = play(position, rng.pick(legalMoves(position)));
      if (outcome(position)) continue;
      const seat = seatToMove(position);
      const java = (depth: number) =>
        new ArticleBot(
          position.values,
          5,
          position.used.map((u) => !u),
          { depth, advantage: 4, jackpot: 12 },
        ).move(position.line, seat === 1, position.points[seat], position.points[1 - seat]);
      expect(await move('article:depth=4:advantage=4:jackpot=12', position)).toBe(java(4));
      expect(await move('greedy', position)).toBe(java(1));
    }
  });

  it('exact: searches to a depth within its budget on a board too big to solve', async () => {
    const answer = await api.botMove({ game: 'matrix', bot: 'exact:budget=1', position: format(generate(1, 9)), seed: 1 });
    const depths = answer.report.iterations.map((it) => it.depth);
    expect(depths[0]).toBe(1);
    expect(depths.length).toBeGreaterThan(3);
    expect(answer.report.nodes).toBeLessThanOrEqual(1_000_000);
    expect(legalMoves(generate(1, 9))).toContain(Number(answer.move));
  });

  it('analysis: the exact value of each free cell of the line', async () => {
    const position = play(generate(8, 4), 1);
    const analysis = await api.analyze('matrix', format(position));
    expect(analysis.exact).toBe(true);
    const seat = seatToMove(position);
    for (const [k, value] of analysis.values.entries()) {
      if (!legalMoves(position).includes(k)) {
        expect(value).toBeNull();
        continue;
      }
      const next = play(position, k);
      expect(value).toBe(next.points[seat] - position.points[seat] - moverValue(next));
    }
  });
});
