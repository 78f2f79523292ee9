// Every game of the playground, by id.

import type { AnyGame } from '../contracts/game';
import { cards } from './cards';
import { connect4 } from './connect4';
import { matrix } from './matrix';
import { puzzle15 } from './puzzle15';
import { tictactoe } from './tictactoe';

export const games: Readonly<Record<string, AnyGame>> = {
  tictactoe,
  matrix,
  connect4,
  cards,
  puzzle15,
};

/** The game of an id; undefined for anything else (`constructor` and `__proto__` included). */
export function findGame(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

export function gameById(id: string): AnyGame {
  const game = findGame(id);
  if (!game) throw new Error(`unknown game "${id}": the games are ${Object.keys(games).join(', ')}`);
  return game;
}
