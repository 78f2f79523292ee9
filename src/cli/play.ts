// `playground <game> play`: a game in the terminal, people against a bot or against each other.

import type { Writable } from 'node:stream';
import type { AnyGame } from '../contracts/game';
import type { WorkerPool } from '../runtime/pool';
import type { Line } from '../io/lines';
import { requestMove } from '../runtime/requests';
import { deriveSeed } from '../contracts/rng';

export interface PlaySetup {
  /** For each seat, true when a person plays it. */
  readonly humans: readonly [boolean, boolean];
  /** The bot configuration of the seats a person does not play. */
  readonly bot: string;
  readonly seed: number;
  /** The board size, for games that have sizes. */
  readonly size?: number;
  /** A start made by one of the game's generators, instead of the seed's. */
  readonly start?: unknown;
}

/** Plays one game to its end; resolves to the exit status (1 when the input ends first). */
export async function playGame(game: AnyGame, setup: PlaySetup, lines: AsyncIterator<Line>, pool: WorkerPool, output: Writable): Promise<number> {
  const { rules, terminal } = game;
  const say = (text: string) => void output.write(`${text}\n`);
  let position = setup.start ?? rules.start(setup.seed, setup.size);
  while (!rules.outcome(position)) {
    say(terminal.draw(position));
    const seat = rules.seatToMove(position);
    if (setup.humans[seat]) {
      say(terminal.prompt(position));
      for (;;) {
        const line = await lines.next();
        if (line.done) {
          say('The input ended before the game did.');
          return 1;
        }
        if ('tooLong' in line.value) {
          say(`That line has ${line.value.tooLong} bytes: a move is a few characters.`);
          continue;
        }
        const read = terminal.readMove(position, line.value.text);
        if ('move' in read) {
          position = rules.play(position, read.move);
          break;
        }
        say(read.error);
      }
    } else {
      const notation = rules.format(position);
      const { move, report } = await requestMove(pool, { game: rules.id, bot: setup.bot, position: notation, seed: deriveSeed(setup.seed, notation) }).promise;
      const last = report.iterations.at(-1);
      say(`${rules.seats[seat]} (${setup.bot}) plays ${move}${last ? `  [depth ${last.depth}, ${report.nodes} nodes]` : ''}`);
      position = rules.play(position, rules.parseMove(move));
    }
  }
  say(terminal.draw(position));
  say('');
  say(terminal.verdict(position));
  return 0;
}
