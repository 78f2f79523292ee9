// The one registry of games (src/games/index.ts): every game folder is in it, and nothing else lists the games.
// A module outside a game's folder that imports one game's code is a second list of games (the sandbox of bot
// modules once kept its own, and a game added to the registry alone had a ladder whose modules all failed); so
// only the registry imports the games, beside the per-game tools named below with their reason.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Capability } from '../../src/contracts/powers';
import * as powers from '../../src/contracts/powers';
import { games } from '../../src/games';

const GAMES_DIR = 'src/games';
/** Files that may import one game's code: the per-game benches and scripts, and the Connect 4 search threads' helpers. */
const PER_GAME = [/^bench\//, /^scripts\//, /^workers\/thread-helper-(node|browser)\.ts$/];

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

const gameFolders = readdirSync(GAMES_DIR).filter((name) => statSync(join(GAMES_DIR, name)).isDirectory());

describe('the registry of games', () => {
  it('holds every game folder of src/games, each under its folder name', () => {
    expect(gameFolders.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(games).sort()).toEqual([...gameFolders].sort());
    for (const [id, game] of Object.entries(games)) expect(game.rules.id).toBe(id);
  });

  it("is the only list of the games: no module outside a game's folder imports that game, but the registry", () => {
    const folders = new RegExp(`(?:^|/)games/(${gameFolders.join('|')})(?:/|'|")`);
    const outside = ['src', 'workers', 'bench', 'scripts'].flatMap(files).filter((file) => {
      const path = file.replaceAll('\\', '/');
      if (path.startsWith(`${GAMES_DIR}/`) || PER_GAME.some((allowed) => allowed.test(path))) return false;
      const imports = readFileSync(file, 'utf8').match(/(?:from|import)\s*\(?\s*['"][^'"]+['"]/g) ?? [];
      return imports.some((line) => folders.test(line));
    });
    expect(outside).toEqual([]);
    // Checked to catch what it says: the sandbox's old list of rules.
    expect(folders.test("from '../games/cards/rules'")).toBe(true);
  });

  it("lists a game's powers by the contract's keys, each once", () => {
    const keys = new Set<Capability<unknown>>(Object.values(powers).filter((value) => value instanceof Capability));
    expect(keys.size).toBeGreaterThanOrEqual(8);
    for (const game of Object.values(games)) {
      const listed = (game.powers ?? []).map((power) => power.capability);
      expect(
        listed.filter((key) => !keys.has(key)),
        game.rules.id,
      ).toEqual([]);
      expect(new Set(listed).size, game.rules.id).toBe(listed.length);
    }
  });
});
