// A search worker's game cores: each game's core instantiated once and kept (its tables live between searches),
// and new instances with a memory of their own for a build that needs far more than it leaves (a scratch core).

import { instantiateCore } from '../src/contracts/core';
import type { AnyGame } from '../src/contracts/game';

/** A core's WebAssembly module by its build's name (`connect4-6x5`), as the platform fetches it. */
export type ModuleLoader = (core: string) => Promise<WebAssembly.Module>;

export class GameCores {
  private readonly kept = new Map<string, Promise<unknown>>();

  constructor(private readonly loadModule: ModuleLoader) {}

  /** A new instance of the game's core (its builds, for a game that has several), its memory its own. */
  fresh(game: AnyGame): Promise<unknown> {
    const name = game.core;
    if (name === undefined) return Promise.reject(new Error(`${game.rules.title} has no core: its bots and solver need none`));
    const instantiate = (build: string) => this.loadModule(build).then((module) => instantiateCore(module));
    return game.makeCore ? Promise.resolve(game.makeCore(instantiate)) : instantiate(name);
  }

  /** The game's core, instantiated once per worker. */
  of(game: AnyGame): Promise<unknown> {
    if (game.core === undefined) return this.fresh(game);
    let instance = this.kept.get(game.core);
    if (!instance) {
      instance = this.fresh(game);
      this.kept.set(game.core, instance);
    }
    return instance;
  }
}
