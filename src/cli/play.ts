// `playground <game> play`: a game in the terminal, people against a bot (ours, an engine or a bot module) or
// against each other. An engine's fault is its forfeit, as in the arena.

import type { Writable } from 'node:stream';
import { parseBotConfig } from '../contracts/bot-config';
import { type AnyGame, sizeLabel } from '../contracts/game';
import { GameClock, type TimeControl } from '../arena/time-control';
import { deriveSeed } from '../contracts/rng';
import { type Engine, EngineFault } from '../engines/engine';
import type { EngineInfo } from '../engines/protocol';
import { startEngine } from '../engines/start-engine';
import type { Line } from '../io/lines';
import { type EngineSpec, engineBotInfo } from '../runtime/engine-games';
import type { WorkerPool } from '../runtime/pool';
import { requestMove } from '../runtime/requests';

export interface PlaySetup {
  /** For each seat, true when a person plays it. */
  readonly humans: readonly [boolean, boolean];
  /** The bot configuration of the seats a person does not play. */
  readonly bot: string;
  /** The engine the bot configuration names, when it names one. */
  readonly engine?: EngineSpec;
  /** The bot's time: per move, or a clock (a person's time is not counted). */
  readonly time: TimeControl;
  readonly seed: number;
  /** The board size, for games that have sizes. */
  readonly size?: number;
  /** A start made by one of the game's generators, instead of the seed's. */
  readonly start?: unknown;
}

/** Plays one game to its end; resolves to the exit status (1 when the input ends first). */
export async function playGame(game: AnyGame, setup: PlaySetup, lines: AsyncIterator<Line>, pool: WorkerPool, output: Writable): Promise<number> {
  const say = (text: string) => void output.write(`${text}\n`);
  let engine: Engine | undefined;
  const botSeat = setup.humans[0] ? 1 : 0;
  try {
    if (setup.engine) {
      const size = setup.size !== undefined && game.sizes ? sizeLabel(game.sizes, setup.size) : undefined;
      engine = (await startEngine(setup.engine.command, game.rules.id, size)).engine;
      engine.newGame(botSeat, parseBotConfig([engineBotInfo(setup.engine)], setup.bot).params);
    }
    return await playTurns(game, setup, lines, pool, engine, say);
  } catch (error) {
    if (!(error instanceof EngineFault)) throw error;
    say(`${setup.bot} forfeits (${error.reason}): ${error.detail}`);
    say(`${game.rules.seats[1 - botSeat]} wins by forfeit.`);
    return 0;
  } finally {
    engine?.stop();
  }
}

/** An engine's search figures as `play` prints them: `depth 6, 12034 nodes, score 2, pv 4 4 3`. */
function describeInfo({ depth, nodes, score, pv }: EngineInfo): string {
  const parts = [depth !== undefined && `depth ${depth}`, nodes !== undefined && `${nodes} nodes`, score !== undefined && `score ${score}`];
  return [...parts, pv?.length && `pv ${pv.join(' ')}`].filter(Boolean).join(', ');
}

async function playTurns(
  game: AnyGame,
  setup: PlaySetup,
  lines: AsyncIterator<Line>,
  pool: WorkerPool,
  engine: Engine | undefined,
  say: (text: string) => void,
) {
  const { rules, terminal } = game;
  let position = setup.start ?? rules.start(setup.seed, setup.size);
  // The game so far, sent with each of our bots' moves (a card bot reads the other hand from the plays).
  const played = { start: rules.format(position), moves: [] as string[] };
  const clock = new GameClock(setup.time);
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
          played.moves.push(rules.formatMove(read.move));
          break;
        }
        say(read.error);
      }
    } else if (engine) {
      const view = rules.seatView?.(position, seat) ?? rules.format(position);
      const started = performance.now();
      const { move, info } = await engine.move(view, clock.moveTime(seat), deriveSeed(setup.seed, view), (live) => say(`  info: ${describeInfo(live)}`));
      if (!clock.spend(seat, performance.now() - started)) throw new EngineFault('time', `it ran out of its clock`);
      say(`${rules.seats[seat]} (${setup.bot}) plays ${move}${info ? `  [${describeInfo(info)}]` : ''}`);
      try {
        position = rules.play(position, rules.parseMove(move));
      } catch (error) {
        throw new EngineFault('illegal-move', `${move} in ${view}: ${(error as Error).message}`);
      }
      played.moves.push(move);
    } else {
      const notation = rules.format(position);
      const budget = { ms: clock.moveTime(seat).ms };
      const { move, report } = await requestMove(pool, {
        game: rules.id,
        bot: setup.bot,
        position: notation,
        line: { start: played.start, moves: [...played.moves] },
        seed: deriveSeed(setup.seed, notation),
        budget,
      }).promise;
      const last = report.iterations.at(-1);
      say(`${rules.seats[seat]} (${setup.bot}) plays ${move}${last ? `  [depth ${last.depth}, ${report.nodes} nodes]` : ''}`);
      if (!clock.spend(seat, report.ms)) {
        say(`${setup.bot} ran out of its clock: ${rules.seats[1 - seat]} wins on time.`);
        return 0;
      }
      position = rules.play(position, rules.parseMove(move));
      played.moves.push(move);
    }
  }
  say(terminal.draw(position));
  say('');
  say(terminal.verdict(position));
  return 0;
}
