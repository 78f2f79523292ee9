// The Connect 4 core of each board size (each size has a build of its own), instantiated once per test file.

import { instantiateCore } from '../../src/contracts/core';
import { type Connect4Core, coreBuild } from '../../src/games/connect4/core';
import type { BoardSize } from '../../src/games/connect4/sizes';
import { readCoreModule } from '../../workers/node-cores';

const instances = new Map<string, Promise<Connect4Core>>();

export function coreForSize<Core extends Connect4Core = Connect4Core>(size: BoardSize): Promise<Core> {
  const build = coreBuild(size, false);
  let instance = instances.get(build);
  if (!instance) {
    instance = readCoreModule('build', build).then((module) => instantiateCore<Connect4Core>(module));
    instances.set(build, instance);
  }
  return instance as Promise<Core>;
}
