// Every game of the playground, by id.

import type { GameDefinition } from '../engine/game';
import { matrix } from './matrix';
import { tictactoe } from './tictactoe';

export const games: Readonly<Record<string, GameDefinition>> = {
  tictactoe,
  matrix,
};

export function gameById(id: string): GameDefinition {
  const game = games[id];
  if (!game) throw new Error(`unknown game "${id}": the games are ${Object.keys(games).join(', ')}`);
  return game;
}
