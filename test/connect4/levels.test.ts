// The page's Connect 4 levels: every level above Beginner opens in the centre, so that none throws away the first
// player's win on the empty board (Allis: only the centre column wins there), whatever its seed: the search levels
// from the book, the learned player from what it learned; Beginner's mistakes are its tolerance, and it does make
// them.

import { describe, expect, it } from 'vitest';
import { levels } from '../../src/games/connect4/bots';
import { api } from '../helpers/api';

const firstMove = async (bot: string, seed: number) => (await api.botMove({ game: 'connect4', bot, position: '', seed })).move;

describe('Connect 4 levels', () => {
  it('open in the centre above Beginner, the search levels from the book (marked as such), for every seed', async () => {
    for (const level of levels.slice(1)) {
      for (let seed = 1; seed <= 10; seed++) expect(await firstMove(level.config, seed), `${level.label}, seed ${seed}`).toBe('4');
      if (level.config.startsWith('neural')) continue;
      const answer = await api.botMove({ game: 'connect4', bot: level.config, position: '', seed: 1 });
      expect(answer.report.iterations.at(-1)?.stage, level.label).toBe('book');
    }
  });

  it('leave Beginner its mistakes: it opens elsewhere than the centre for some seeds', async () => {
    const openings = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) openings.add(await firstMove(levels[0].config, seed));
    expect(openings.size).toBeGreaterThan(1);
  });
});

describe('Connect 4 analysis from the book', () => {
  it("gives the empty board's seven scores at once from the book, as Pons' solver publishes them", async () => {
    const analysis = await api.analyze('connect4', '');
    // The first player: only the centre wins (+1), its neighbours draw, the rest lose.
    expect(analysis.values).toEqual([-2, -1, 0, 1, 0, -1, -2]);
    // Read from the book: no search.
    expect(analysis.nodes).toBe(0);
  });

  it('reports each column as it is settled, the book’s at once, and ends with the same scores', async () => {
    const settled: number[] = [];
    const analysis = await api.analyze('connect4', '44', {}, (iteration) => {
      if (iteration.stage === 'move') settled.push(Number(iteration.best));
    });
    expect(settled.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(analysis.nodes).toBe(0);
    const best = Math.max(...analysis.values.filter((v): v is number => v !== null));
    const answer = await api.botMove({ game: 'connect4', bot: 'perfect', position: '44', seed: 1 });
    expect(analysis.values[Number(answer.move) - 1]).toBe(best);
  });
});
