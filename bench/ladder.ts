// The ladder at scale: a ladder of LADDER_BENCH_ENTRIES (default 1,000) entries of one game.
//
// Matchmaking and fitting, measured on entries whose skills and results are those of a ladder that has played: the
// time a round's pair takes to draw (the matchmaker over every entry), and a whole-history fit over every pair
// played. Then play: the ladder's player, its entries the example Connect 4 module in the sandbox (each entry its
// own version, so each game starts sandboxes of its own) beside our bots, stored in PGlite, on this machine's pool
// (two workers here) and then through the cluster (a Redis of its own, two `playground worker` processes); its
// games per hour over LADDER_BENCH_SECONDS (default 60) each way. Times are medians of repeated draws (this
// machine's load varies); games are counted from the database.

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eloRatings } from '../src/arena/ratings';
import type { PairResult } from '../src/arena/results';
import { startLocalRedis, startProcess, stopProcess } from '../src/cluster/local-redis';
import { Rng } from '../src/contracts/rng';
import { ModuleEngine } from '../src/engines/module-engine';
import { spawnSandboxBotWorker } from '../src/engines/node-bot-worker';
import { games } from '../src/games';
import { openLabDatabase } from '../src/lab/database';
import { type LadderEntry, nextPair } from '../src/ladder/matchmaking';
import { ensureFixedPoints, LadderPlayer } from '../src/ladder/player';
import { NEW_SKILL, rated } from '../src/ladder/skill';
import { LadderStore } from '../src/ladder/store';
import { type BenchSuite, packagePath, type TableRow } from './harness';

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Entries of simulated strengths that have played `gamesEach` games each, by the matchmaker: their skills and their pairs' results. */
function simulatedLadder(entries: number, gamesEach: number, rng: Rng): { entries: LadderEntry[]; pairs: PairResult[] } {
  const truth = Array.from({ length: entries }, (_, i) => 1000 + (1000 * i) / entries);
  const byId = new Map<string, LadderEntry>(truth.map((_, i) => [`e${i}`, { id: `e${i}`, skill: NEW_SKILL, games: 0 }]));
  const results = new Map<string, { a: string; b: string; wins: number; draws: number; losses: number }>();
  for (let played = 0; played < (entries * gamesEach) / 2; played++) {
    const [a, b] = nextPair([...byId.values()], rng)!;
    const [x, y] = [Number(a.id.slice(1)), Number(b.id.slice(1))];
    const winner = rng.nextU32() / 2 ** 32 < 1 / (1 + 10 ** ((truth[y] - truth[x]) / 400)) ? 0 : 1;
    const skills = rated([a.skill, b.skill], winner);
    byId.set(a.id, { ...a, skill: skills[0], games: a.games + 1 });
    byId.set(b.id, { ...b, skill: skills[1], games: b.games + 1 });
    const key = x < y ? `${a.id} ${b.id}` : `${b.id} ${a.id}`;
    const pair = results.get(key) ?? { a: x < y ? a.id : b.id, b: x < y ? b.id : a.id, wins: 0, draws: 0, losses: 0 };
    if ((winner === 0) === (pair.a === a.id)) pair.wins++;
    else pair.losses++;
    results.set(key, pair);
  }
  const pairs = [...results.values()].map((pair) => {
    const tally = { wins: pair.wins, draws: pair.draws, losses: pair.losses };
    return { ...pair, games: pair.wins + pair.losses, margin: 0, first: tally, second: { wins: 0, draws: 0, losses: 0 } };
  });
  return { entries: [...byId.values()], pairs };
}

export const ladderSuite: BenchSuite = {
  name: 'ladder',
  description:
    "a ladder of 1,000 entries (LADDER_BENCH_ENTRIES): the matchmaker's time a round, the whole-history fit's, and games per hour played on this machine",
  async run({ pool, log }) {
    const size = Number(process.env.LADDER_BENCH_ENTRIES ?? 1000);
    const seconds = Number(process.env.LADDER_BENCH_SECONDS ?? 60);
    const rows: TableRow[] = [];
    const rng = new Rng(1);
    const { entries, pairs } = simulatedLadder(size, 20, rng);
    log(`a simulated ladder of ${size} entries, ${pairs.reduce((sum, pair) => sum + pair.games, 0)} games in ${pairs.length} pairs`);
    const draws: number[] = [];
    for (let round = 0; round < 200; round++) {
      const started = performance.now();
      nextPair(entries, rng);
      draws.push(performance.now() - started);
    }
    rows.push({ measure: "the matchmaker's draw of a round's pair (median of 200)", entries: size, value: median(draws), unit: 'ms' });
    const fits: number[] = [];
    for (let fit = 0; fit < 3; fit++) {
      const started = performance.now();
      eloRatings(
        entries.map((entry) => entry.id),
        pairs,
        'per bot',
      );
      fits.push(performance.now() - started);
    }
    rows.push({ measure: `the whole-history fit over ${pairs.length} pairs (median of 3)`, entries: size, value: median(fits), unit: 'ms' });
    log(`matchmaking ${median(draws).toFixed(2)} ms a round, a fit ${median(fits).toFixed(0)} ms`);

    // Play: the ladder's player, its entries the example module in the sandbox, on this machine's pool and then
    // through the cluster (a Redis started for the bench, two `playground worker` processes), a ladder of its own each.
    const code = readFileSync(packagePath('examples/engines/connect4-negamax-module.mjs'), 'utf8');
    const sandbox = packagePath('dist-node/bot-sandbox.mjs');
    const redis = await startLocalRedis();
    const workers: ChildProcess[] = [];
    try {
      for (const way of ["the server's pool", 'the cluster, two worker processes'] as const) {
        const onCluster = way !== "the server's pool";
        while (onCluster && workers.length < 2)
          workers.push(
            await startProcess(
              process.execPath,
              [packagePath('bin/playground.mjs'), 'worker', '--redis', redis.url, '--concurrency', '1', '--name', `ladder-bench-${workers.length + 1}`],
              /playing the tasks/,
            ),
          );
        const folder = mkdtempSync(join(tmpdir(), 'bench-ladder-'));
        const db = await openLabDatabase({ folder });
        const store = new LadderStore(db);
        try {
          await ensureFixedPoints(store, games.connect4);
          const added = performance.now();
          for (let i = 0; i < size; i++)
            await store.addVersion({
              game: 'connect4',
              name: `nega-${i}`,
              owner: `owner-${i % 50}`,
              kind: 'module',
              code,
              identity: { name: 'negamax', params: [] },
            });
          // Validated already: the bench measures the rated play.
          await db.updateTable('ladder_versions').set({ state: 'active' }).where('state', '=', 'validating').execute();
          log(`${way}: ${size} entries added in ${((performance.now() - added) / 1000).toFixed(1)} s`);
          const player = new LadderPlayer(store, {
            pool: () => pool(),
            startModule: (source, gameId) => ModuleEngine.start('bot.mjs', source, gameId, () => spawnSandboxBotWorker(sandbox)),
            restMs: 0,
            ...(onCluster ? { redis: redis.url } : {}),
            logFailure: (what, error) => log(`${what}: ${(error as Error).message}`),
          });
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          await player.close();
          const played = (await store.recentGames({ game: 'connect4' }, 1_000_000)).filter((one) => one.purpose === 'rated');
          const forfeits = played.filter((one) => one.forfeit).length;
          const entered = size + 7;
          rows.push({ measure: `${way}: rated games in ${seconds} s (sandboxed modules, our bots)`, entries: entered, value: played.length, unit: 'games' });
          rows.push({ measure: `${way}: games an hour at that pace`, entries: entered, value: Math.round((played.length * 3600) / seconds), unit: 'games' });
          rows.push({ measure: `${way}: of them forfeited`, entries: entered, value: forfeits, unit: 'games' });
          log(`${way}: ${played.length} rated games in ${seconds} s (${Math.round((played.length * 3600) / seconds)} an hour), ${forfeits} forfeited`);
        } finally {
          await db.destroy();
          rmSync(folder, { recursive: true, force: true });
        }
      }
    } finally {
      await Promise.all(workers.map((worker) => stopProcess(worker)));
      await redis.stop();
    }
    return rows;
  },
};
