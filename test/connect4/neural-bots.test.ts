// The learned player's search in its strongest setting: with `prove`, the solver's proof first where it finishes
// (late positions of Pons' sets, whose scores our solver and Pons' agree on), the network's search elsewhere.

import { describe, expect, it } from 'vitest';
import { keepsValue } from '../../src/games/connect4/labelled';
import { api } from '../helpers/api';
import { ponsSample } from './pons-sample';

/** Pons' sample's end-game positions (29 stones and more). */
const late = ponsSample().filter((item) => item.position.moves.length >= 29);

describe("the learned player's strongest setting", () => {
  it('plays the proven move where the solver finishes within its share of the move', async () => {
    expect(late.length).toBeGreaterThanOrEqual(20);
    for (const item of late.slice(0, 20)) {
      const answer = await api.botMove({
        game: 'connect4',
        bot: 'neural-search:prove=50',
        position: item.position.moves,
        seed: 1,
        budget: { nodes: 20_000_000 },
      });
      expect(answer.report.proven, item.position.moves).toBe(true);
      expect(keepsValue(item, Number(answer.move) - 1), item.position.moves).toBe(true);
    }
  });
});
