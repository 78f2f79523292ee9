// A game with nothing but its rules: "last stone", three rows of three stones, a move takes one to three stones
// from one row, and who takes the last stone wins. defineGame gives it the generic bots (random, Monte Carlo
// tree search), levels and a terminal game; the arena plays it. Nim's theory is the key: the first player wins
// (the rows' Grundy values 3 ^ 3 ^ 3 are not 0), and Monte Carlo search finds the winning moves that a random
// player misses.

import { describe, expect, it } from 'vitest';
import { playOut } from '../../src/arena/play-out';
import { tournamentReport } from '../../src/arena/report';
import { tournament } from '../../src/arena/schedule';
import { lastStone, rules } from '../fixtures/laststone';
import { runCli } from '../helpers/cli';

const noCore = () => Promise.reject(new Error('no core'));
const noResource = async () => null;
const noCache = { read: async () => null, write: async () => {} };

describe('a game of rules alone', () => {
  it('gets the generic bots, levels, a terminal game and the generic page', () => {
    expect(lastStone.bots.map((bot) => bot.id)).toEqual(['random', 'mcts']);
    expect(lastStone.levels.map((level) => level.config)).toEqual(['random', 'mcts']);
    expect(lastStone.pages).toEqual([expect.objectContaining({ route: 'laststone', generic: true })]);
    const start = rules.start(0);
    expect(lastStone.terminal.readMove(start, '2:3')).toEqual({ move: { row: 2, count: 3 } });
    expect(lastStone.terminal.readMove(start, '0:4')).toMatchObject({ error: expect.stringContaining('row:count') });
    expect(lastStone.terminal.readMove(rules.parse('1 0 0 0'), '0:2')).toMatchObject({ error: expect.stringContaining('not a legal move') });
  });

  it('plays in the arena, where Monte Carlo search beats random play, the same games for the same seed', async () => {
    const schedule = tournament(lastStone, ['mcts:playouts=3', 'random'], { games: 20, seed: 4 });
    const play = () => Promise.all(schedule.games.map((game) => playOut(lastStone, game.seats, game.start, game.seed, {}, noCore, noResource, noCache)));
    const records = await play();
    const report = tournamentReport(schedule, records);
    // As the first player it wins them all (a won position it keeps won); second, when random play slips.
    expect(report.seats[0].first.wins).toBe(20);
    expect(report.pairs[0].wins).toBeGreaterThanOrEqual(30);
    expect((await play()).map((record) => record.moves.map((move) => move.move))).toEqual(records.map((record) => record.moves.map((move) => move.move)));
  });

  it('Monte Carlo search reports its playouts with the best move so far', async () => {
    const iterations: unknown[] = [];
    const decision = await lastStone.bots[1].choose(rules.start(0), {
      params: { playouts: 50, exploration: 141 },
      seed: 7,
      budget: {},
      core: noCore,
      resource: noResource,
      cache: noCache,
      progress: (iteration) => iterations.push(iteration),
    });
    expect(iterations.length).toBe(10);
    expect(decision.report.iterations.at(-1)).toMatchObject({ depth: 5000, best: decision.move });
    // The winning first moves leave rows whose Grundy values (their counts) XOR to 0: take 3 from a row.
    expect(decision.move.count).toBe(3);
  });
});

describe('the generic bots in the games that have their own', () => {
  it('Monte Carlo search draws every tic-tac-toe game against the perfect bot and wins every one against random play', async () => {
    const { status, stdout } = await runCli(['tictactoe', 'tournament', '--bots', 'mcts,random,perfect', '--games', '10', '--seed', '3', '--json']);
    expect(status).toBe(0);
    const pairs = (JSON.parse(stdout) as { pairs: { a: string; b: string; wins: number; draws: number; losses: number }[] }).pairs;
    expect(pairs.find((pair) => pair.b === 'random')).toMatchObject({ a: 'mcts', wins: 20 });
    expect(pairs.find((pair) => pair.a === 'mcts' && pair.b === 'perfect')).toMatchObject({ losses: 0 });
  });
});
