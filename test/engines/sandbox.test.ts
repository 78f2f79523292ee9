// The sandbox of submitted bot modules (src/engines/sandbox-bot.ts: QuickJS in WebAssembly, in a worker thread):
// a module plays there the very moves it plays unsandboxed (the example, and every game's My bots template); its
// global object holds the language's own objects and nothing of the host; and every hostile module (a loop, an
// allocation without end, a throw, imports, fetch, require, process, the Function constructor, timers, a promise
// that never settles, polluted helpers, a malformed answer) is that game's forfeit with its reason, the run going
// on to its next games with a fresh worker.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSavedRun } from '../../src/arena/saved-run';
import { loadBotModule } from '../../src/engines/bot-module';
import { type BotWorkerApi, botIdentity, type ChooseRequest } from '../../src/engines/bot-shape';
import { chooseMove } from '../../src/engines/choose';
import { createSandboxBotApi, SANDBOX_MEMORY_BYTES } from '../../src/engines/sandbox-bot';
import { games, arenaGames } from '../../src/games';
import { Rng } from '../../src/contracts/rng';
import { LANGUAGES, runnableCode } from '../../src/ui/my-bots/language';
import { botTemplate } from '../../src/ui/my-bots/template';
import { runCli } from '../helpers/cli';

const PRELUDE = readFileSync('build/sandbox-prelude.js', 'utf8');
const HOSTILE = 'test/engines/sandbox';

async function sandboxed(source: string, game: string): Promise<BotWorkerApi> {
  const api = createSandboxBotApi(PRELUDE);
  await api.load('bot.mjs', source, game);
  return api;
}

const request = (position: string, seed: number, params: Record<string, number> = {}): ChooseRequest => ({
  position,
  ms: 5000,
  limitMs: 5000,
  seed,
  seat: 0,
  params,
});

describe('a module in the sandbox', () => {
  it('plays the moves it plays unsandboxed, and says the same of itself', async () => {
    const path = resolve('examples/engines/plus-minus-lookahead.mjs');
    const source = readFileSync(path, 'utf8');
    const plain = await loadBotModule(pathToFileURL(path).href, source);
    const api = createSandboxBotApi(PRELUDE);
    expect(await api.load('bot.mjs', source, 'matrix')).toEqual(botIdentity(plain));
    const { rules } = games.matrix;
    for (let seed = 0; seed < 10; seed++) {
      const rng = new Rng(seed);
      let position = rules.start(seed, 5);
      for (let ply = rng.below(6); ply > 0 && !rules.outcome(position); ply--) position = rules.play(position, rng.pick(rules.legalMoves(position)));
      if (rules.outcome(position)) continue;
      const asked = request(rules.format(position), seed, { depth: 4 });
      const inside = await api.choose(asked);
      const outside = await chooseMove(rules, plain, asked);
      expect({ ...inside, ms: 0 }).toEqual({ ...outside, ms: 0 });
    }
  });

  it("plays every game's My bots template, in JavaScript and TypeScript, as it plays unsandboxed", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sandbox-templates-'));
    for (const game of arenaGames) {
      for (const { id: language } of LANGUAGES) {
        const code = runnableCode(botTemplate(game, language), language);
        const path = join(folder, `${game.rules.id}-${language}.mjs`);
        writeFileSync(path, code);
        const plain = await loadBotModule(pathToFileURL(path).href, code);
        const api = await sandboxed(code, game.rules.id);
        const { rules } = game;
        const start = rules.format(rules.start(3, game.sizes?.default));
        expect((await api.choose(request(start, 7))).move).toBe((await chooseMove(rules, plain, request(start, 7))).move);
      }
    }
  });

  it('has the rules of every game of the arena', async () => {
    for (const game of arenaGames) await expect(sandboxed('export default { name: "x", choose: () => null };', game.rules.id)).resolves.toBeDefined();
    await expect(sandboxed('export default { name: "x", choose: () => null };', 'chess')).rejects.toThrow('the sandbox has no rules of chess');
  });

  it("holds nothing of the host: its global object has the language's own objects alone", async () => {
    const api = await sandboxed(readFileSync(`${HOSTILE}/globals.mjs`, 'utf8'), 'connect4');
    const error = await api.choose(request('', 1)).catch((thrown: Error) => thrown);
    const names = /globals: (.*)$/.exec((error as Error).message)![1].split(',');
    // ECMAScript's global objects and Object.prototype's members (QuickJS's InternalError, and ES2025's Iterator and
    // Float16Array, newer than this Node): nothing else.
    const language = new Set([
      ...Object.getOwnPropertyNames(globalThis),
      ...Object.getOwnPropertyNames(Object.prototype),
      'InternalError',
      'Iterator',
      'Float16Array',
    ]);
    const foreign = names.filter((name) => !language.has(name));
    expect(foreign).toEqual([]);
    for (const host of [
      'process',
      'require',
      'module',
      'fetch',
      'setTimeout',
      'setInterval',
      'queueMicrotask',
      'Buffer',
      'WebAssembly',
      'console',
      'sandbox',
      'performance',
    ])
      expect(names).not.toContain(host);
  });

  it('interrupts a move past its time, and stops an allocation at its memory', async () => {
    const loop = await sandboxed(readFileSync(`${HOSTILE}/loop.mjs`, 'utf8'), 'connect4');
    const started = performance.now();
    await expect(loop.choose({ ...request('', 1), limitMs: 300 })).rejects.toMatchObject({ name: 'SandboxTimeLimit', message: 'its move ran past its time' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    const allocate = await sandboxed(readFileSync(`${HOSTILE}/allocate.mjs`, 'utf8'), 'connect4');
    await expect(allocate.choose(request('', 1))).rejects.toThrow(`its move ran out of memory (the sandbox's ${SANDBOX_MEMORY_BYTES >> 20} MB)`);
  });
});

describe('hostile modules in the sandbox, in a run', () => {
  it.each([
    // The host's clock and the sandbox's interrupt end the move at the same deadline: either says so first.
    ['loop', 'time', /^(no move within 800 ms|its move ran past its time)$/],
    ['allocate', 'crash', /^its move ran out of memory \(the sandbox's 64 MB\)$/],
    ['throws', 'crash', /^line 5: TypeError: this bot gives up$/],
    ['import-dynamic', 'crash', /could not load module 'node:fs'/],
    ['fetch', 'crash', /^line 5: ReferenceError: 'fetch' is not defined$/],
    ['require', 'crash', /^line 5: ReferenceError: 'require' is not defined$/],
    ['process', 'crash', /^line 5: ReferenceError: 'process' is not defined$/],
    ['function-constructor', 'crash', /^line 6: TypeError: cannot read property 'mainModule' of undefined$/],
    ['timers', 'crash', /^line 5: ReferenceError: 'setTimeout' is not defined$/],
    ['never', 'crash', /^its move never settles: it waits on a promise nothing in the sandbox can resolve$/],
    ['pollute', 'illegal-move', /^choose returned "99" \(not a move of this game\)/],
    ['malformed', 'illegal-move', /^choose returned \{"column":3\} \(not a move of this game\)/],
  ])(
    '%s: forfeits every game with its reason, and the run plays its other games',
    async (name, reason, detail) => {
      const out = join(mkdtempSync(join(tmpdir(), 'sandbox-run-')), 'run.json');
      const args = [
        'connect4',
        'tournament',
        '--engine',
        `bad=sandbox:${HOSTILE}/${name}.mjs`,
        '--bots',
        'bad,random,classic:depth=1',
        '--games',
        '1',
        '--ms',
        '300',
      ];
      const { status, stderr } = await runCli([...args, '--out', out]);
      expect(stderr).toBe('');
      expect(status).toBe(0);
      const run = parseSavedRun(readFileSync(out, 'utf8'));
      expect(run.records.length).toBe(6);
      for (const record of run.records) {
        const bad = record!.seats.indexOf('bad');
        if (bad < 0) expect(record!.forfeit).toBeUndefined();
        else {
          expect(record!.forfeit).toMatchObject({ seat: bad, reason });
          expect(record!.forfeit!.detail).toMatch(detail);
        }
      }
    },
    60_000,
  );

  it('refuses a module that imports at its top before any game, with the reason', async () => {
    const { status, stderr } = await runCli([
      'connect4',
      'tournament',
      '--engine',
      `bad=sandbox:${HOSTILE}/import-static.mjs`,
      '--bots',
      'bad,random',
      '--games',
      '1',
    ]);
    expect(status).toBe(2);
    expect(stderr).toContain("engine bad (sandbox:test/engines/sandbox/import-static.mjs): crash: ReferenceError: could not load module 'node:fs'");
  }, 30_000);
});
