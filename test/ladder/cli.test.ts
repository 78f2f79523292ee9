// The ladder from the command line: `playground ladder submit FILE --game G --lab URL` takes a module to the
// ladder with the person's token, which then validates it and plays it; `ladder list` shows the leaderboard (our
// bots as fixed points, the module among them once it has played), `ladder show` its bot, `ladder retire` retires
// it for its owner alone; a module the sandbox will not take, or a missing token, is refused with the reason.

import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';
import { labServer } from '../helpers/lab';

const MODULE = 'examples/engines/connect4-negamax-module.mjs';

describe('the ladder from the CLI', () => {
  it('submits a module with a token, lists and shows it once it plays, and retires it for its owner alone', async () => {
    const lab = await labServer({ memory: true });
    try {
      const url = lab.server.url;
      const token = async (name: string) => {
        const session = await lab.signUp(name);
        return (await lab.call('POST', 'tokens', { body: { label: 'cli' }, ...session })).body.token as string;
      };
      const ada = { LAB_TOKEN: await token('ada') };
      const bob = { LAB_TOKEN: await token('bob') };
      const submitted = await runCli(['ladder', 'submit', MODULE, '--game', 'connect4', '--name', 'nega', '--lab', url, '--json'], '', ada);
      expect(submitted.stderr).toBe('');
      expect(submitted.status).toBe(0);
      const version = JSON.parse(submitted.stdout);
      expect(version).toMatchObject({ bot: 'nega', owner: 'ada', version: 1, state: 'validating' });
      // Once validated and rated, the module is on the leaderboard beside our bots.
      // A bound for a loaded machine: the validation and the first games take seconds on a quiet one.
      const deadline = Date.now() + 240_000;
      let listed: { id: string; games: number }[] = [];
      while (!listed.some((entry) => entry.id === version.id && entry.games > 0) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        listed = JSON.parse((await runCli(['ladder', 'list', '--game', 'connect4', '--lab', url, '--json'])).stdout);
      }
      expect(listed.find((entry) => entry.id === version.id)!.games).toBeGreaterThan(0);
      const table = (await runCli(['ladder', 'list', '--game', 'connect4', '--lab', url])).stdout;
      expect(table.split('\n')[0]).toMatch(/^#\s+bot\s+version\s+owner\s+Elo \(95%\)\s+skill μ ± 2σ\s+games\s+W\/D\/L$/);
      expect(table).toMatch(/\bnega\s+v1\s+ada\b/);
      expect(table).toMatch(/\bRandom\s+v1\s+-\s/);
      const shown = await runCli(['ladder', 'show', version.botId, '--lab', url]);
      expect(shown.stdout.split('\n')[0]).toBe('nega (connect4), by ada');
      expect(shown.stdout).toMatch(/\bnega\s+v1\s+ada\b.*\bactive\b/);
      // Another person's token cannot retire it; its owner's can.
      const refused = await runCli(['ladder', 'retire', version.id, '--lab', url], '', bob);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`version ${version.id} is not yours`);
      const retired = await runCli(['ladder', 'retire', version.id, '--lab', url], '', ada);
      expect(retired.stdout.trim()).toBe('nega version 1 is retired: it plays no more (its games and ratings stay)');
    } finally {
      await lab.server.close();
    }
  }, 300_000);

  it('refuses a module the sandbox will not take, and a submission without a token, with the reason', async () => {
    const lab = await labServer({ memory: true });
    try {
      const url = lab.server.url;
      const session = await lab.signUp('ada');
      const env = { LAB_TOKEN: (await lab.call('POST', 'tokens', { body: { label: 'cli' }, ...session })).body.token as string };
      const hostile = await runCli(['ladder', 'submit', 'test/engines/sandbox/import-static.mjs', '--game', 'connect4', '--lab', url], '', env);
      expect(hostile.status).toBe(1);
      expect(hostile.stderr).toContain("the module cannot be played: ReferenceError: could not load module 'node:fs'");
      const anonymous = await runCli(['ladder', 'submit', MODULE, '--game', 'connect4', '--lab', url]);
      expect(anonymous.status).toBe(1);
      expect(anonymous.stderr).toContain('sign in first (or send a token)');
      expect((await runCli(['ladder', 'submit', MODULE, '--lab', url], '', env)).stderr).toContain('ladder submit needs --game GAME');
    } finally {
      await lab.server.close();
    }
  }, 60_000);
});
