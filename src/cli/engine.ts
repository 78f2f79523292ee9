// `playground <game> engine [--bot CONFIG]`: one of our bots speaking the engine protocol on standard input and
// output (docs/engine-protocol.md), so that other tools and other people's arenas can play against it. Each
// move is searched on the worker pool within the time the host gives (its `ms`); `newgame` sets the bot's
// parameters for the game; a line that is not a host message is answered with `{"error":…}` and the engine
// goes on.

import type { Writable } from 'node:stream';
import { findBot, parseBotConfig } from '../contracts/bot-config';
import type { AnyGame } from '../contracts/game';
import { deriveSeed } from '../contracts/rng';
import { parseHostMessage, PROTOCOL_VERSION, type HostMessage } from '../engines/protocol';
import type { Line } from '../io/lines';
import type { WorkerPool } from '../runtime/pool';
import { requestMove } from '../runtime/requests';

export async function runEngine(game: AnyGame, bot: string, lines: AsyncIterable<Line>, pool: WorkerPool, output: Writable): Promise<number> {
  const say = (message: object) => void output.write(`${JSON.stringify(message)}\n`);
  const config = parseBotConfig(game.bots, bot);
  const spec = findBot(game.bots, config.id);
  let params: Record<string, number> = { ...config.params };
  /** The size hello named, for a game whose positions may leave theirs out (Connect 4's moves). */
  let size: number | undefined;
  for await (const line of lines) {
    if ('tooLong' in line) {
      say({ error: `a line is at most 1 MB, this one has ${line.tooLong} bytes` });
      continue;
    }
    if (line.text.trim() === '') continue;
    let message: HostMessage;
    try {
      message = parseHostMessage(line.text);
    } catch (error) {
      say({ error: (error as Error).message });
      continue;
    }
    switch (message.type) {
      case 'hello':
        if (message.game !== game.rules.id) say({ error: `this engine plays ${game.rules.id}, not ${message.game}` });
        try {
          size = message.size !== undefined && game.sizes?.named ? game.sizes.named.parse(message.size) : undefined;
        } catch (error) {
          say({ error: (error as Error).message });
        }
        say({ name: bot, author: 'AI Playground', protocol: PROTOCOL_VERSION, params: spec.params });
        break;
      case 'newgame':
        params = { ...config.params, ...message.params };
        break;
      case 'move': {
        const configText = [config.id, ...Object.entries(params).map(([name, value]) => `${name}=${value}`)].join(':');
        try {
          const position = size === undefined ? message.position : game.rules.format(game.rules.parse(message.position, size));
          const answer = await requestMove(pool, {
            game: game.rules.id,
            bot: configText,
            position,
            seed: deriveSeed(1, position),
            budget: message.ms ? { ms: message.ms } : {},
          }).promise;
          const last = answer.report.iterations.at(-1);
          say({ move: answer.move, info: { depth: last?.depth ?? 0, nodes: answer.report.nodes, score: last?.score ?? 0 } });
        } catch (error) {
          say({ error: (error as Error).message });
        }
        break;
      }
      case 'quit':
        return 0;
    }
  }
  return 0;
}
