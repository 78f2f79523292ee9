// The sandbox's cost: the example bot modules asked for their moves in seeded positions, as their authors run them
// (the host's JavaScript engine) and as the ladder runs submitted code (QuickJS in WebAssembly, sandbox-bot.ts),
// both in this thread so that only the engines differ. Nodes first (the modules report them with `info`: the same
// both ways, or the table says so), then time, moves per second, and the sandbox's slowdown.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Rng } from '../src/contracts/rng';
import { loadBotModule } from '../src/engines/bot-module';
import { chooseMove } from '../src/engines/choose';
import { createSandboxBotApi } from '../src/engines/sandbox-bot';
import { gameById } from '../src/games';
import { type BenchSuite, packagePath, type TableRow } from './harness';

const POSITIONS = 40;

/** Each example module, its game and its parameters. */
const EXAMPLES = [
  { file: 'examples/engines/connect4-negamax-module.mjs', game: 'connect4', size: undefined, params: { depth: 4 } },
  { file: 'examples/engines/plus-minus-lookahead.mjs', game: 'matrix', size: 6, params: { depth: 4 } },
] as const;

export const sandboxSuite: BenchSuite = {
  name: 'sandbox',
  description: `the example bot modules' moves in ${POSITIONS} seeded positions each, unsandboxed and in the sandbox of submitted code: nodes, moves/s, the slowdown`,
  async run({ log }) {
    const prelude = readFileSync(packagePath('build/sandbox-prelude.js'), 'utf8');
    const rows: TableRow[] = [];
    for (const { file, game: gameId, size, params } of EXAMPLES) {
      const path = packagePath(file);
      const source = readFileSync(path, 'utf8');
      const { rules } = gameById(gameId);
      // Positions a few random moves in, from seeded starts.
      const positions: string[] = [];
      for (let seed = 1; positions.length < POSITIONS; seed++) {
        const rng = new Rng(seed);
        let position = rules.start(seed, size);
        for (let ply = 2 + rng.below(8); ply > 0 && !rules.outcome(position); ply--) position = rules.play(position, rng.pick(rules.legalMoves(position)));
        if (!rules.outcome(position)) positions.push(rules.format(position));
      }
      const request = (position: string, seed: number) => ({ position, ms: 60_000, limitMs: 60_000, seed, seat: 0 as const, params });
      const plain = await loadBotModule(pathToFileURL(path).href, source);
      const sandbox = createSandboxBotApi(prelude);
      await sandbox.load(file, source, gameId);
      const ways = [
        { way: 'unsandboxed (V8)', choose: (position: string, seed: number) => chooseMove(rules, plain, request(position, seed)) },
        { way: 'sandbox (QuickJS)', choose: (position: string, seed: number) => sandbox.choose(request(position, seed)) },
      ];
      const figures: { nodes: number; moves: string[]; ms: number }[] = [];
      for (const { way, choose } of ways) {
        await choose(positions[0], 0); // warm-up
        const cpu = process.cpuUsage();
        const moves: string[] = [];
        let nodes = 0;
        for (const [i, position] of positions.entries()) {
          const answer = await choose(position, i);
          moves.push(answer.move);
          nodes += answer.info?.nodes ?? 0;
        }
        const used = process.cpuUsage(cpu);
        const ms = (used.user + used.system) / 1000;
        figures.push({ nodes, moves, ms });
        log(`${file}, ${way}: ${nodes} nodes, ${ms.toFixed(0)} ms of CPU`);
        rows.push({
          bot: file.replace('examples/engines/', ''),
          way,
          positions: positions.length,
          nodes,
          'CPU ms': Math.round(ms),
          'moves/s': Math.round((positions.length / ms) * 1000),
          'nodes/s': Math.round((nodes / ms) * 1000),
          slowdown: Math.round((ms / figures[0].ms) * 10) / 10,
          'same moves': figures[0].moves.join() === moves.join() && figures[0].nodes === nodes ? 'yes' : 'NO',
        });
      }
    }
    return rows;
  },
};
