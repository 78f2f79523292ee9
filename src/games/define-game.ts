// How a game is written: defineGame takes its definition, keeps its types (position, move, core, solve options),
// and fills in what a game built on its rules alone does not give: the generic bots every two-player game has
// (random, Monte Carlo tree search: they need only the rules), levels of them, a terminal game, a page (the
// generic one: the position in its notation and its legal moves as buttons).
// A game's own bot of the same id comes first.

import type { Bot, GameDefinition, SolveOptions } from '../contracts/game';
import { isSolitaire } from '../contracts/powers';
import { mctsBot } from '../bots/mcts';
import { randomBot } from '../bots/random';
import { genericTerminal } from './generic-terminal';

/** A game's definition: all but its rules may be left out where the generic ones will do. */
export type GameSpec<P, M, Core, O extends object> = Omit<GameDefinition<P, M, Core, O>, 'bots' | 'levels' | 'terminal' | 'pages'> &
  Partial<Pick<GameDefinition<P, M, Core, O>, 'bots' | 'levels' | 'terminal' | 'pages'>>;

export function defineGame<P, M, Core = unknown, O extends object = SolveOptions>(spec: GameSpec<P, M, Core, O>): GameDefinition<P, M, Core, O> {
  const { rules } = spec;
  const own = spec.bots ?? [];
  // A puzzle for one has no opponent to search against.
  const generic: Bot<P, M, Core>[] = isSolitaire(spec) ? [] : [randomBot(rules), mctsBot(rules)];
  const bots = [...own, ...generic.filter((bot) => !own.some((mine) => mine.id === bot.id))];
  return {
    ...spec,
    bots,
    levels: spec.levels ?? [
      { label: 'Random', config: 'random' },
      { label: 'Monte Carlo', config: 'mcts' },
    ],
    terminal: spec.terminal ?? genericTerminal(rules),
    pages: spec.pages ?? [{ route: rules.id, title: rules.title, blurb: `${rules.title}, against bots that need only its rules.`, generic: true }],
  };
}
