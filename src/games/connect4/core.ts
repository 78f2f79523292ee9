// The Connect 4 core's exports (assembly/connect4), its two builds (7x6, and any size), and how a rules position
// is set up in it.

import type { CoreExports } from '../../contracts/core';
import type { Position } from './rules';
import { type BoardSize, isStandard, symbolColumn } from './sizes';

/** The core's exports (assembly/connect4: what each does is written there). */
export type Connect4Core = CoreExports<typeof import('../../../build/connect4')>;

/** The build that plays a size: 7x6's own (its shape compiled in, the fastest), else the any-size build. */
export function coreBuild(size: BoardSize, threaded: boolean): string {
  return `connect4${isStandard(size) ? '' : '-sizes'}${threaded ? '-threads' : ''}`;
}

/** A worker's Connect 4 cores: the 7x6 build's instance, and the any-size build's, made when first needed. */
export interface Connect4Cores {
  /** The core for positions of this size, set to it (its table emptied when the size changes). */
  forSize(size: BoardSize): Promise<Connect4Core>;
}

export function connect4Cores(instantiate: (build: string) => Promise<unknown>): Connect4Cores {
  const instances = new Map<string, Promise<Connect4Core>>();
  return {
    async forSize(size) {
      const build = coreBuild(size, false);
      let instance = instances.get(build);
      if (!instance) {
        instance = instantiate(build) as Promise<Connect4Core>;
        instances.set(build, instance);
      }
      const core = await instance;
      useSize(core, size);
      return core;
    },
  };
}

/** The size each core instance is set to (the any-size build's starts at 7x6). */
const sizes = new WeakMap<Connect4Core, string>();

/** Sets a core to a size unless it has it, emptying its table (keys of two sizes may be the same bits). */
export function useSize(core: Connect4Core, size: BoardSize): void {
  const name = `${size.width}x${size.height}`;
  if ((sizes.get(core) ?? '7x6') === name) return;
  if (!core.setSize(size.width, size.height)) throw new Error(`this core does not play ${name}`);
  core.clearTable();
  core.clearEstimates();
  sizes.set(core, name);
}

/** Sets the core to the position (and its size). */
export function setPosition(core: Connect4Core, position: Position): void {
  useSize(core, position);
  core.reset();
  for (const symbol of position.moves) core.playColumn(symbolColumn(symbol));
}
