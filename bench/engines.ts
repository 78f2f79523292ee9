// The engine protocol's cost per move: the same seeded Connect 4 games of trivial players,
// four ways on 1 and 2 workers, each player against itself: our `random` bot whole games at a time in the worker (no host in the loop), our
// `random` a move at a time from the host (the loop engines go through), an engine process speaking the
// protocol (JSON lines over pipes), and a bot module in a worker thread. Moves first (exact: every player's
// choice is seeded or a hash of the position), then time, moves per second, and the microseconds a move costs
// beyond our bot's host loop, measured in the same run.

import { type Schedule, tournament } from '../src/arena/schedule';
import type { GameRecord } from '../src/arena/play-out';
import { startEngine } from '../src/engines/start-engine';
import { gameById } from '../src/games';
import { identifyEngine, EngineScheduleRun } from '../src/runtime/engine-games';
import { runSchedule } from '../src/runtime/run-schedule';
import { packagePath, type BenchSuite, type TableRow } from './harness';

const GAMES = 200;
const HOST_LOOP = 'ours, a move at a time';
const ENGINE_WAYS = ['engine process', 'bot module'];

export const enginesSuite: BenchSuite = {
  name: 'engines',
  description: `the protocol's cost per move: ${2 * GAMES} Connect 4 games of two trivial players (ours, an engine process, a bot module) on 1 and 2 workers`,
  async run({ pool, log }) {
    const game = gameById('connect4');
    const time = { moveMs: 0 };
    const process = await identifyEngine(startEngine, game, 'engine', `node ${packagePath('bench/engines/connect4-hash.mjs')}`);
    const module = await identifyEngine(startEngine, game, 'module', packagePath('bench/engines/hash-module.mjs'));
    /** Games of a player against itself (a tournament's starts and seeds, both seats one configuration). */
    const selfPlay = (player: string, games: number, seed: number): Schedule => {
      const schedule = tournament(game, ['random', 'classic'], { games, seed });
      return { ...schedule, bots: [player], pairings: [{ a: player, b: player }], games: schedule.games.map((g) => ({ ...g, seats: [player, player] })) };
    };
    const ways: { way: string; play: (workers: number, games: number, seed: number) => Promise<(GameRecord | undefined)[]> }[] = [
      { way: 'ours, whole games in the worker', play: (w, games, seed) => runSchedule(pool(w), selfPlay('random', games, seed), {}).finished },
      { way: HOST_LOOP, play: (w, games, seed) => new EngineScheduleRun(pool(w), game, selfPlay('random', games, seed), [], startEngine, time).finished },
      {
        way: 'engine process',
        play: (w, games, seed) => new EngineScheduleRun(pool(w), game, selfPlay('engine', games, seed), [process], startEngine, time).finished,
      },
      {
        way: 'bot module',
        play: (w, games, seed) => new EngineScheduleRun(pool(w), game, selfPlay('module', games, seed), [module], startEngine, time).finished,
      },
    ];
    const rows: TableRow[] = [];
    for (const workers of [1, 2]) {
      let hostLoopMsPerMove = 0;
      for (const { way, play } of ways) {
        // A warm-up (processes, workers, the JIT) on other starts, then the measured run.
        await play(workers, 10, 2);
        const started = performance.now();
        const records = await play(workers, GAMES, 1);
        const ms = performance.now() - started;
        const moves = records.reduce((sum, record) => sum + record!.moves.length, 0);
        const forfeits = records.filter((record) => record!.forfeit).length;
        if (way === HOST_LOOP) hostLoopMsPerMove = ms / moves;
        log(`${workers} worker(s), ${way}: ${((moves / ms) * 1000).toFixed(0)} moves/s`);
        rows.push({
          workers,
          way,
          games: records.length,
          moves,
          forfeits,
          seconds: ms / 1000,
          'moves/s': Math.round((moves / ms) * 1000),
          'µs a move': Math.round((ms / moves) * 1000),
          'µs beyond host loop': ENGINE_WAYS.includes(way) ? Math.round((ms / moves - hostLoopMsPerMove) * 1000) : '',
        });
      }
    }
    return rows;
  },
};
