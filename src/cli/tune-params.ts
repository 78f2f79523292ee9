// `playground <game> tune`'s parameters: `NAME=MIN..MAX,…`, each one the bot declares, within its range.

import type { BotInfo } from '../contracts/game';
import type { SpsaParam } from '../arena/spsa';
import { UsageError } from './args';

/** `NAME=MIN..MAX,…`: the parameters to tune, each one the bot declares, within its declared range. */
export function parseTuneParams(bot: BotInfo, text: string | undefined): SpsaParam[] {
  if (!text) throw new UsageError('tune needs --params NAME=MIN..MAX,...');
  const params = text.split(',').map((part) => {
    const match = /^\s*([A-Za-z]\w*)=(-?\d+)\.\.(-?\d+)\s*$/.exec(part);
    if (!match) throw new UsageError(`--params: "${part}" is not NAME=MIN..MAX`);
    const [name, min, max] = [match[1], Number(match[2]), Number(match[3])];
    const spec = bot.params.find((candidate) => candidate.name === name);
    if (!spec) throw new UsageError(`bot ${bot.id} has no parameter "${name}" (its parameters: ${bot.params.map((p) => p.name).join(', ') || 'none'})`);
    if (!(min < max) || min < spec.min || max > spec.max)
      throw new UsageError(`--params: ${name}=${min}..${max} must be a range within ${spec.min}..${spec.max}`);
    return { name, min, max };
  });
  if (new Set(params.map((param) => param.name)).size !== params.length) throw new UsageError('--params names a parameter twice');
  return params;
}
