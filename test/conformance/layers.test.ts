// The layers of docs/architecture.md, checked on the code: every relative import of every source file (static,
// dynamic, re-exports, Vite's import.meta.glob) goes to its own layer or one below. The list is read from the
// document itself, so the map and the check cannot drift apart; a file in no layer fails too.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'workers', 'bench', 'scripts', 'assembly'];

/** The layers, top first: each a list of path patterns (`src/games/<game>/ui/` stands for every game's ui/). */
function layers(): RegExp[][] {
  const doc = readFileSync('docs/architecture.md', 'utf8');
  const block = /## Layers[\s\S]*?```\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('docs/architecture.md has no code block under "## Layers"');
  return block[1]
    .split('\n')
    .map((line) => /^((?:[\w.<>/-]+\/,\s*)*[\w.<>/-]+\/)(?:\s|$)/.exec(line)?.[1])
    .filter((paths): paths is string => paths !== undefined)
    .map((paths) => paths.split(/,\s*/).map((path) => new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/<[a-z]+>/g, '[^/]+')}`)));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative imports of a source file (its text), as paths from the project's root. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const pattern =
    /(?:^|[^\w.])(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s*['"](\.[^'"]+)['"]|import\.meta\.glob\(\s*['"](\.[^'"]+)['"]/gm;
  return (
    [...text.matchAll(pattern)]
      // A worker's code imported as its URL (Vite's ?worker&url) is a worker started by its URL, not an import.
      .filter((match) => !match.slice(1).find(Boolean)!.endsWith('?worker&url'))
      .map((match) => {
        const target = normalize(join(dirname(file), match.slice(1).find(Boolean)!));
        // A folder imported is its index.
        return existsSync(target) && statSync(target).isDirectory() ? join(target, 'index.ts') : target;
      })
  );
}

describe('the layers of docs/architecture.md', () => {
  const map = layers();
  /** The layer of a path: the one whose pattern matches it longest (src/games/x/ui/ is the app's, not the games'). */
  const layerOf = (path: string): number => {
    let best = -1;
    let length = -1;
    for (const [index, patterns] of map.entries()) {
      for (const pattern of patterns) {
        const match = pattern.exec(path.replaceAll('\\', '/'));
        if (match && match[0].length > length) [best, length] = [index, match[0].length];
      }
    }
    return best;
  };

  /** The imports of a file against the layers. */
  const upward = (file: string, text?: string): string[] =>
    importsOf(file, text)
      .filter((target) => layerOf(target) < layerOf(file))
      .map((target) => `${relative('.', file)} imports ${target}`);

  it('lists the layers, the app above the games and the cores at the bottom', () => {
    expect(map.length).toBeGreaterThan(8);
    expect(layerOf('src/ui/app-shell.ts')).toBeLessThan(layerOf('src/games/connect4/rules.ts'));
    expect(layerOf('src/games/connect4/ui/connect4-page.ts')).toBe(layerOf('src/ui/app-shell.ts'));
    expect(layerOf('assembly/connect4/index.ts')).toBe(map.length - 1);
  });

  it('has every source file in a layer, and every import going down or within its layer', () => {
    const files = ROOTS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const outside = files.filter((file) => layerOf(file) < 0);
    expect(outside, 'files in no layer of docs/architecture.md').toEqual([]);
    expect(
      files.flatMap((file) => upward(file)),
      'imports against the layers',
    ).toEqual([]);
  });

  it('catches imports against the layers, in every form', () => {
    // Made-up files: a game's rules reaching the app, the CLI carrying the benchmarks, a core reaching the rules.
    expect(upward('src/games/tictactoe/rules.ts', "import { GamePage } from '../../ui/game-page';")).toHaveLength(1);
    expect(upward('src/games/tictactoe/rules.ts', "export { x } from '../../runtime/pool';\nconst m = await import('../../cli/args');")).toHaveLength(2);
    expect(upward('src/cli/main.ts', "import {\n  suites,\n} from '../../bench';")).toEqual(['src/cli/main.ts imports bench/index.ts']);
    expect(upward('src/contracts/game.ts', "const pages = import.meta.glob('../games/*/ui/*-page.ts');")).toHaveLength(1);
    expect(upward('src/ui/app-shell.ts', "import './pages';\nimport { games } from '../games';")).toEqual([]);
  });
});
