// The Connect 4 core's exports (assembly/connect4), its builds (one per board size), and how a rules position is
// set up in it.

import type { CoreExports } from '../../contracts/core';
import type { Position } from './rules';
import { type BoardSize, formatSize, isStandard, symbolColumn } from './sizes';

/** The core's exports (assembly/connect4: what each does is written there). */
export type Connect4Core = CoreExports<typeof import('../../../build/connect4')>;

/** The build that plays a size: each size has its own, its shape compiled in (assembly/connect4/board.ts). */
export function coreBuild(size: BoardSize, threaded: boolean): string {
  return `connect4${isStandard(size) ? '' : `-${formatSize(size)}`}${threaded ? '-threads' : ''}`;
}

/** A worker's Connect 4 cores: an instance of each size's build, made when first needed. */
export interface Connect4Cores {
  /** The core for positions of this size. */
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

/** Checks that the core plays this size (each build plays one). */
export function useSize(core: Connect4Core, size: BoardSize): void {
  if (!core.setSize(size.width, size.height)) throw new Error(`this core does not play ${formatSize(size)}`);
}

/** Sets the core to the position (and its size). */
export function setPosition(core: Connect4Core, position: Position): void {
  useSize(core, position);
  core.reset();
  for (const symbol of position.moves) core.playColumn(symbolColumn(symbol));
}
