// Every game of the playground, by id.

import type { AnyGame } from '../contracts/game';
import { isSolitaire } from '../contracts/powers';
import { cards } from './cards';
import { connect4 } from './connect4';
import { matrix } from './matrix';
import { puzzle15 } from './puzzle15';
import { tictactoe } from './tictactoe';

/** A registry of games: the games by id, and the look-ups by id. */
export function gameRegistry(all: Readonly<Record<string, AnyGame>>) {
  /** The game of an id; undefined for anything else (`constructor` and `__proto__` included). */
  const findGame = (id: string): AnyGame | undefined => (Object.hasOwn(all, id) ? all[id] : undefined);
  const gameById = (id: string): AnyGame => {
    const game = findGame(id);
    if (!game) throw new Error(`unknown game "${id}": the games are ${Object.keys(all).join(', ')}`);
    return game;
  };
  /** The games for two: those with an arena, a ladder, bot modules. */
  const arenaGames = Object.values(all).filter((game) => !isSolitaire(game));
  return { games: all, findGame, gameById, arenaGames };
}

export const { games, findGame, gameById, arenaGames } = gameRegistry({
  tictactoe,
  matrix,
  connect4,
  cards,
  puzzle15,
});
