// Every game of the playground, by id.

import type { GameDefinition } from '../engine/game';
import { cards } from './cards';
import { connect4 } from './connect4';
import { matrix } from './matrix';
import { puzzle15 } from './puzzle15';
import { tictactoe } from './tictactoe';

export const games: Readonly<Record<string, GameDefinition>> = {
  tictactoe,
  matrix,
  connect4,
  puzzle15,
  cards,
};

export function gameById(id: string): GameDefinition {
  const game = games[id];
  if (!game) throw new Error(`unknown game "${id}": the games are ${Object.keys(games).join(', ')}`);
  return game;
}
