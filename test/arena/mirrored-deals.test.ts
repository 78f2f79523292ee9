// Red Ten's pairs are mirrored deals: the two games of a start hold the same cards, the hands swapped between the
// bots (each bot holds each hand once), the reports say so, and a match's pentanomial is the one fishtest counts
// from the games: per pair, the new bot's points in its two games (a win 1, a draw 1/2), in halves from 0 to 4.

import { describe, expect, it } from 'vitest';
import { matchReport, matchSchedule } from '../../src/arena/match';
import { tournamentReport } from '../../src/arena/report';
import { tournament } from '../../src/arena/schedule';
import { gameById } from '../../src/games';
import { parse } from '../../src/games/cards/rules';
import { api } from '../helpers/api';

const cards = gameById('cards');
const SPRT = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };

describe('mirrored deals', () => {
  it('give each bot of a pair each hand of the deal once', () => {
    const schedule = tournament(cards, ['honest', 'article', 'random'], { games: 10, seed: 4, size: 8 });
    for (let pair = 0; pair < schedule.games.length / 2; pair++) {
      const [first, second] = [schedule.games[2 * pair], schedule.games[2 * pair + 1]];
      expect(second.start).toBe(first.start);
      const deal = parse(first.start);
      // Seat s holds hands[s]: the hand each bot holds in one game is the one the other holds in the next.
      const held = (game: typeof first, bot: string) => deal.hands[game.seats.indexOf(bot)];
      for (const bot of first.seats) expect(held(second, bot)).toEqual(held(first, first.seats[1 - first.seats.indexOf(bot)]));
      expect(deal.hands[0]).not.toEqual(deal.hands[1]);
    }
    expect(tournamentReport(schedule, []).pairing).toMatch(/a deal and its mirror/);
    expect(tournamentReport(tournament(gameById('connect4'), ['random', 'mcts'], { games: 2, seed: 1 }), []).pairing).toBeUndefined();
  });

  it('count in a match as fishtest counts the pentanomial', async () => {
    const bots = ['honest:samples=8', 'article:depth=2'] as const;
    const schedule = matchSchedule(cards, bots, 40, { seed: 7, size: 8 });
    const records = await api.playGames('cards', schedule.games);
    const report = matchReport(schedule, records, SPRT);
    // fishtest: the pair's points of the new bot, wherever it sat, in halves.
    const counts = [0, 0, 0, 0, 0];
    for (let pair = 0; pair < report.pairs; pair++) {
      let halves = 0;
      for (const record of [records[2 * pair], records[2 * pair + 1]]) {
        const seatOfNew = record.seats.indexOf(bots[0]);
        halves += record.winner === null ? 1 : record.winner === seatOfNew ? 2 : 0;
      }
      counts[halves]++;
    }
    expect(report.pentanomial).toEqual(counts);
    expect(report.pairs).toBeGreaterThan(3);
    expect(report.pairing).toMatch(/the hands swapped/);
  }, 120_000);
});
