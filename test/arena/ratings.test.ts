import { describe, expect, it } from 'vitest';
import { eloRatings } from '../../src/arena/ratings';
import type { PairResult } from '../../src/arena/results';

const pair = (a: string, b: string, wins: number, draws: number, losses: number): PairResult => {
  const none = { wins: 0, draws: 0, losses: 0 };
  return { a, b, wins, draws, losses, margin: 0, games: wins + draws + losses, first: none, second: none };
};

describe('Elo ratings', () => {
  it('gives equal players equal ratings around 1500', () => {
    const [a, b] = eloRatings(['a', 'b'], [pair('a', 'b', 50, 0, 50)]);
    expect(a.rating).toBeCloseTo(1500, 6);
    expect(b.rating).toBeCloseTo(1500, 6);
    expect(a.hi - a.lo).toBeGreaterThan(0);
  });

  it('puts a 75% score about 191 Elo apart (the logistic curve), with the virtual draw pulling it in a little', () => {
    const [a, b] = eloRatings(['a', 'b'], [pair('a', 'b', 750, 0, 250)]);
    expect(a.rating - b.rating).toBeGreaterThan(185);
    expect(a.rating - b.rating).toBeLessThan(192);
  });

  it('orders a chain of players and narrows the interval with more games', () => {
    const few = eloRatings(['x', 'y', 'z'], [pair('x', 'y', 7, 0, 3), pair('y', 'z', 7, 0, 3), pair('x', 'z', 9, 0, 1)]);
    const many = eloRatings(['x', 'y', 'z'], [pair('x', 'y', 70, 0, 30), pair('y', 'z', 70, 0, 30), pair('x', 'z', 90, 0, 10)]);
    expect(many[0].rating).toBeGreaterThan(many[1].rating);
    expect(many[1].rating).toBeGreaterThan(many[2].rating);
    expect(many[0].hi - many[0].lo).toBeLessThan(few[0].hi - few[0].lo);
    expect(many.reduce((sum, r) => sum + r.rating, 0) / 3).toBeCloseTo(1500, 6);
  });

  it('keeps a player that won every game finite', () => {
    const [a] = eloRatings(['a', 'b'], [pair('a', 'b', 100, 0, 0)]);
    expect(Number.isFinite(a.rating)).toBe(true);
    expect(a.rating).toBeGreaterThan(1800);
  });
});
