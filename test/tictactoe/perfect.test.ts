// The perfect AI never loses: it answers every possible sequence of opponent moves, from both seats.

import { describe, expect, it } from 'vitest';
import { legalMoves, newGame, outcome, rules, type Position } from '../../src/games/tictactoe/rules';
import { api } from '../helpers/api';

/** Plays every line where `opponent` tries every move and the bot answers; returns the outcomes seen. */
async function everyLine(botSeat: 0 | 1, seed: number): Promise<{ games: number; wins: number; draws: number; losses: number }> {
  const tally = { games: 0, wins: 0, draws: 0, losses: 0 };
  const explore = async (position: Position): Promise<void> => {
    const end = outcome(position);
    if (end) {
      tally.games++;
      if (end.winner === null) tally.draws++;
      else if (end.winner === botSeat) tally.wins++;
      else tally.losses++;
      return;
    }
    if (rules.seatToMove(position) === botSeat) {
      const { move } = await api.botMove({ game: 'tictactoe', bot: 'perfect', position: rules.format(position), seed });
      await explore(rules.play(position, Number(move)));
    } else {
      for (const move of legalMoves(position)) await explore(rules.play(position, move));
    }
  };
  await explore(newGame());
  return tally;
}

describe('the perfect tic-tac-toe AI', () => {
  it.each([
    [0, 1],
    [0, 77],
    [1, 1],
    [1, 77],
  ] as const)('never loses playing seat %i (seed %i) against every sequence of opponent moves', async (seat, seed) => {
    const tally = await everyLine(seat, seed);
    expect(tally.losses).toBe(0);
    expect(tally.wins).toBeGreaterThan(0);
  });

  it('takes a win at once rather than a slower one', async () => {
    // X can win now on cell 2; other winning plans take longer.
    const { move } = await api.botMove({ game: 'tictactoe', bot: 'perfect', position: 'XX.OO....', seed: 5 });
    expect(move).toBe('2');
  });
});
