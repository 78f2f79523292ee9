// The page's Connect 4 levels: every level above Beginner opens from the book, so that none throws away the first
// player's win on the empty board (Allis: only the centre column wins there), whatever its seed; Beginner's
// mistakes are its tolerance, and it does make them.

import { describe, expect, it } from 'vitest';
import { levels } from '../../src/games/connect4/bots';
import { api } from '../helpers/api';

const firstMove = async (bot: string, seed: number) => (await api.botMove({ game: 'connect4', bot, position: '', seed })).move;

describe('Connect 4 levels', () => {
  it('open in the centre above Beginner, from the book (marked as such), for every seed', async () => {
    for (const level of levels.slice(1)) {
      for (let seed = 1; seed <= 10; seed++) expect(await firstMove(level.config, seed), `${level.label}, seed ${seed}`).toBe('4');
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
