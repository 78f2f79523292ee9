// The article bot against the decisions of the original Bot.java (docs/rules/plus-minus.md).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTICLE_DEFAULTS, ArticleBot } from '../../src/games/matrix/article-bot';

interface Vector {
  readonly size: number;
  readonly vertical: boolean;
  readonly active: number;
  readonly botPoints: number;
  readonly playerPoints: number;
  readonly allowed: boolean[];
  readonly values: number[];
  /** Moves at depths 1 to 5, then depth 3 without the jackpot. */
  readonly expected: number[];
  readonly noJackpot: number;
}

function readVectors(): Vector[] {
  return readFileSync('test/data/matrix/bot_vectors.txt', 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [head, moves, extra] = line.split('|').map((part) => part.trim().split(/\s+/));
      const [size, vertical, active, botPoints, playerPoints] = head.slice(0, 5).map(Number);
      const used = BigInt(`0x${head[5]}`);
      const values = head.slice(6).map(Number);
      expect(values.length).toBe(size * size);
      const allowed = values.map((_, cell) => ((used >> BigInt(cell)) & 1n) === 0n);
      return { size, vertical: vertical === 1, active, botPoints, playerPoints, allowed, values, expected: moves.map(Number), noJackpot: Number(extra[0]) };
    });
}

const vectors = readVectors();

describe('the article bot', () => {
  it('has 500 positions to match', () => expect(vectors.length).toBe(500));

  it('makes every one of the 2,500 decisions of Bot.java at depths 1 to 5', () => {
    let decisions = 0;
    for (const v of vectors) {
      for (let depth = 1; depth <= 5; depth++) {
        const allowed = v.allowed.slice();
        const bot = new ArticleBot(v.values, v.size, allowed, { ...ARTICLE_DEFAULTS, depth });
        expect(bot.move(v.active, v.vertical, v.botPoints, v.playerPoints), `depth ${depth}: ${JSON.stringify(v)}`).toBe(v.expected[depth - 1]);
        expect(allowed, 'the allowed-moves array is restored after the search').toEqual(v.allowed);
        decisions++;
      }
    }
    expect(decisions).toBe(2500);
  });

  it('matches Bot.java with the jackpot switched off at depth 3', () => {
    for (const v of vectors) {
      const bot = new ArticleBot(v.values, v.size, v.allowed.slice(), { depth: 3, advantage: 6, jackpot: 0 });
      expect(bot.move(v.active, v.vertical, v.botPoints, v.playerPoints)).toBe(v.noJackpot);
    }
  });

  it('takes the last of equal maxima at depth 1, and answers size when its line is empty', () => {
    const values = [5, 1, 5, 0];
    expect(new ArticleBot(values, 2, [true, true, true, true], ARTICLE_DEFAULTS).findMaxInRow(0, false)).toBe(0);
    expect(new ArticleBot([3, 3, 0, 0], 2, [true, true, true, true], ARTICLE_DEFAULTS).findMaxInRow(0, false)).toBe(1);
    expect(new ArticleBot(values, 2, [false, false, true, true], { ...ARTICLE_DEFAULTS, depth: 3 }).move(0, false, 0, 0)).toBe(2);
  });
});
