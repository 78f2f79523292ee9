// The lab from the command line: `--lab URL` keeps a run in the lab as it plays (the same run as its --out file,
// game for game), a tuning when it ends; `playground lab list|show|export|import` read and fill it; `lab cancel`
// stops a run being played elsewhere with the games it finished; no token, a bad address or a lab that does not
// answer is refused before a game is played.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/cluster/local-redis';
import { startServer } from '../../src/server/server';
import { runCli } from '../helpers/cli';

const folder = mkdtempSync(join(tmpdir(), 'lab-cli-'));
let server: Awaited<ReturnType<typeof startServer>>;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startServer({ root: 'dist', port: 0, host: '127.0.0.1', lab: { location: { memory: true }, build: 'test-build' } });
  const signup = await fetch(new URL('api/lab/signup', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'ada', password: 'long enough' }),
  });
  const { csrf } = await signup.json();
  const cookie = signup.headers.get('set-cookie')!.split(';')[0];
  const token = await fetch(new URL('api/lab/tokens', server.url), {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ label: 'tests' }),
  });
  env = { LAB_TOKEN: (await token.json()).token };
}, 60_000);

afterAll(() => server?.close());

describe('the lab from the CLI', () => {
  it('keeps a run as it plays, the same as its --out file, and lists, shows and exports it', async () => {
    const out = join(folder, 'tournament.json');
    const played = await runCli(['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '3', '--lab', server.url, '--out', out], '', env);
    expect(played.status).toBe(0);
    const run = JSON.parse(readFileSync(out, 'utf8'));
    // It says where the run is kept: its page in the lab.
    expect(played.stderr).toBe(`run ${run.id} is kept in the lab as it plays: ${new URL(`#/lab?run=${run.id}`, server.url).href}\n`);
    const shown = JSON.parse((await runCli(['lab', 'show', run.id, '--lab', server.url, '--json'])).stdout);
    expect(shown).toMatchObject({ id: run.id, owner: 'ada', state: 'finished', finished: true, summary: { played: 6, scheduled: 6 } });
    const exported = join(folder, 'exported.json');
    expect((await runCli(['lab', 'export', run.id, '--lab', server.url, '--out', exported])).status).toBe(0);
    expect({ ...JSON.parse(readFileSync(exported, 'utf8')), elapsedMs: 0 }).toEqual({ ...run, elapsedMs: 0 });
    const listed = await runCli(['lab', 'list', '--game', 'tictactoe', '--lab', server.url]);
    expect(listed.stdout).toMatch(new RegExp(`^${run.id} .* tictactoe +tournament +finished +6/6 +ada`, 'm'));
    expect((await runCli(['lab', 'list', '--game', 'connect4', '--lab', server.url])).stdout.trim()).toBe('no runs');
  }, 120_000);

  it('imports a run file, and keeps a tuning when it ends', async () => {
    const out = join(folder, 'match.json');
    expect((await runCli(['matrix', 'match', '--bots', 'exact,article', '--sprt', 'elo0=0,elo1=50', '--out', out])).status).toBe(0);
    const imported = await runCli(['lab', 'import', out, '--lab', server.url], '', env);
    expect(imported.stdout).toMatch(/^run [\w-]+ is in the lab \(finished, \d+\/10000 games\)/);
    const tuned = await runCli(
      ['matrix', 'tune', '--bot', 'article', '--params', 'depth=1..5', '--vs', 'exact', '--games', '8', '--lab', server.url, '--json'],
      '',
      env,
    );
    expect(tuned.status).toBe(0);
    const tunings = JSON.parse((await runCli(['lab', 'list', '--kind', 'tuning', '--lab', server.url, '--json'])).stdout);
    expect(tunings).toHaveLength(1);
    const kept = JSON.parse((await runCli(['lab', 'export', tunings[0].id, '--lab', server.url])).stdout);
    expect(kept.results).toEqual(JSON.parse(tuned.stdout).results);
    // The same file again is refused: the lab has that run.
    const again = await runCli(['lab', 'import', out, '--lab', server.url], '', env);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('the lab already has a run');
  }, 120_000);

  it('stops a run cancelled in the lab, with the games it finished', async () => {
    // A gated engine plays 6 games, then waits at its gate: the run goes on for ever unless stopped.
    const gate = mkdtempSync(join(folder, 'gate-'));
    const out = join(folder, 'gated.json');
    const child = spawn(
      process.execPath,
      [
        'bin/playground.mjs',
        'connect4',
        'tournament',
        '--engine',
        `g=node test/engines/connect4-random.mjs gated ${gate} 6`,
        '--bots',
        'g,random',
        '--games',
        '20',
        '--workers',
        '1',
        '--lab',
        server.url,
        '--out',
        out,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exit = new Promise<number | null>((done) => child.on('close', done));
    const lab = async () => JSON.parse((await runCli(['lab', 'list', '--lab', server.url, '--state', 'running', '--json'])).stdout);
    await expect.poll(async () => (await lab())[0]?.summary.played, { timeout: 60_000, interval: 500 }).toBe(6);
    const [running] = await lab();
    const stranger = await runCli(['lab', 'cancel', running.id, '--lab', server.url]);
    expect(stranger).toMatchObject({ status: 1, stderr: 'playground: sign in first (or send a token)\n' });
    const cancel = await runCli(['lab', 'cancel', running.id, '--lab', server.url], '', env);
    expect(cancel.stdout).toContain(`run ${running.id} is cancelled`);
    expect(await exit).toBe(130);
    expect(stderr).toContain(`run ${running.id} was cancelled in the lab: the finished games are kept`);
    const shown = JSON.parse((await runCli(['lab', 'show', running.id, '--lab', server.url, '--json'])).stdout);
    expect(shown).toMatchObject({ state: 'cancelled', finished: false, summary: { played: 6 } });
    expect(JSON.parse(readFileSync(out, 'utf8')).records.filter(Boolean)).toHaveLength(6);
    writeFileSync(join(gate, 'open'), '');
  }, 120_000);

  it('refuses to play without a token, to a bad address or to a lab that does not answer', async () => {
    const args = ['tictactoe', 'tournament', '--bots', 'random,perfect', '--games', '1'];
    const noToken = await runCli([...args, '--lab', server.url]);
    expect(noToken).toMatchObject({ status: 2, stdout: '' });
    expect(noToken.stderr).toContain('--lab: sign in first (or send a token)');
    const bad = await runCli([...args, '--lab', 'ftp://x'], '', env);
    expect(bad.stderr).toContain('--lab: --lab is the lab\'s address (http://HOST:PORT), got "ftp://x"');
    const nobody = await runCli([...args, '--lab', `http://127.0.0.1:${await freePort()}`], '', env);
    expect(nobody.status).toBe(2);
    expect(nobody.stderr).toMatch(/--lab: the lab at http:\/\/127\.0\.0\.1:\d+ does not answer/);
    expect(existsSync(join(folder, 'none.json'))).toBe(false);
    expect((await runCli(['lab', 'list'])).stderr).toContain('lab needs --lab URL');
  }, 60_000);
});
